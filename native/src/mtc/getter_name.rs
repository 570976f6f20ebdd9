//! Static repair for a getter called by its property's name, or a property read called as a
//! getter: `handle.value()` where jheaps' `AddressableHeap.Handle` declares `V getValue()` (javac:
//! `cannot find symbol`, `symbol: method value()`, `location: variable handle of type
//! org.jheaps.AddressableHeap.Handle<..>`; a 1.5B model wrote it for `FibonacciHeap#deleteMin`),
//! and the other way round, `list.getSize()` where the class declares `size()`.
//!
//! The call is renamed to the one visible method of the receiver's project class (or a project
//! supertype) that takes as many arguments and whose name is the missing one with `get`/`is` put
//! before it or taken off, or differs from it only in case. Two such methods: no repair, as the
//! reply's intent is not known.

use crate::java_model::{property_of, ClassModel};
use crate::protocol::CompileDiagnostic;

/// How far up a class's project supertypes the twin is looked for.
const SUPERTYPE_DEPTH: usize = 4;

/// The code with each such call renamed; None when javac reports none that has one twin.
pub fn getter_name_calls<'c>(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Option<String> {
    super::javac::edit_at_errors(code, diagnostics, |root, d| {
        let Some(missing) = super::javac::missing_symbol(&d.message).filter(|m| m.kind == "method") else {
            return Vec::new();
        };
        let Some(owner) = missing.location.and_then(receiver_type) else { return Vec::new() };
        let Some(class) = class_named(owner) else { return Vec::new() };
        let calls = super::inputs::on_line(root, d.line, "method_invocation").into_iter();
        let named = calls.filter_map(|call| {
            let name = call.child_by_field_name("name")?;
            (code.get(name.byte_range()) == Some(missing.name)).then_some((call, name))
        });
        named
            .filter_map(|(call, name)| {
                let arity = call.child_by_field_name("arguments").map_or(0, |a| a.named_child_count());
                let twin = twin_of(class, missing.name, arity, class_named)?;
                Some((name.start_byte(), name.end_byte(), twin))
            })
            .collect()
    })
}

/// The project type javac looked in, without type arguments: `class q.C`, `interface q.C<..>`,
/// `variable v of type q.C<..>`.
fn receiver_type(location: &str) -> Option<&str> {
    let typed = match location.split_once(" of type ") {
        Some((_, ty)) => ty,
        None => location.strip_prefix("class ").or_else(|| location.strip_prefix("interface "))?,
    };
    let bare = typed.split('<').next()?.trim();
    (!bare.is_empty()).then_some(bare)
}

/// The one method of the class or its project supertypes that the missing name stands for.
fn twin_of<'c>(
    class: &'c ClassModel,
    missing: &str,
    arity: usize,
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Option<String> {
    let mut twins: Vec<&str> = Vec::new();
    let mut level = vec![class];
    for _ in 0..SUPERTYPE_DEPTH {
        for c in &level {
            let visible = c.methods.iter().filter(|m| !m.is_constructor && !m.is_private() && m.params.len() == arity);
            for m in visible.filter(|m| is_twin(&m.name, missing)) {
                if !twins.contains(&m.name.as_str()) {
                    twins.push(&m.name);
                }
            }
        }
        level = level.iter().flat_map(|c| c.declared_supertypes()).filter_map(|s| class_named(&s)).collect();
    }
    match twins.as_slice() {
        [one] => Some(one.to_string()),
        _ => None,
    }
}

/// `value`/`getValue`, `empty`/`isEmpty`, `getID`/`getId`: the same property named two ways.
fn is_twin(declared: &str, missing: &str) -> bool {
    declared != missing && (declared.eq_ignore_ascii_case(missing) || property_of(declared) == property_of(missing))
}

#[cfg(test)]
mod tests {
    use super::getter_name_calls;
    use crate::java_model::{parse_str, ClassModel};
    use crate::protocol::{CompileDiagnostic, DiagnosticKind};

    /// jheaps 0.14's `AddressableHeap` and its nested `Handle`, their methods as declared.
    fn heap() -> Vec<ClassModel> {
        let src = "package org.jheaps;\npublic interface AddressableHeap<K, V> {\n    interface Handle<K, V> {\n        K getKey();\n        V getValue();\n        void setValue(V value);\n        void decreaseKey(K newKey);\n        void delete();\n    }\n    Handle<K, V> insert(K key, V value);\n    Handle<K, V> findMin();\n    boolean isEmpty();\n    long size();\n}\n";
        parse_str(std::path::Path::new("AddressableHeap.java"), src).classes
    }

    fn missing(line: usize, method: &str, location: &str) -> CompileDiagnostic {
        let message = format!("cannot find symbol\n  symbol:   method {method}\n  location: {location}");
        CompileDiagnostic { kind: DiagnosticKind::Error, line, column: 30, message }
    }

    fn repaired(code: &str, diagnostic: CompileDiagnostic) -> Option<String> {
        let classes = heap();
        getter_name_calls(code, &[diagnostic], &|q| classes.iter().find(|c| c.qualified_name == q || c.name == q))
    }

    #[test]
    fn a_real_reply_s_property_call_becomes_its_getter() {
        // Qwen2.5-Coder-1.5B's reply for jheaps' FibonacciHeap#deleteMin ~ insert(K, V).
        let code = "class T {\n    void mr1(FibonacciHeap<Integer, Integer> heap) {\n        AddressableHeap.Handle<Integer, Integer> handle = heap.deleteMin();\n        int followUp = handle.value();\n    }\n}\n";
        let location = "variable handle of type org.jheaps.AddressableHeap.Handle<java.lang.Integer,java.lang.Integer>";
        let fixed = repaired(code, missing(4, "value()", location)).unwrap();
        assert!(fixed.contains("int followUp = handle.getValue();"), "{fixed}");
    }

    #[test]
    fn a_getter_written_for_a_property_method_and_case_slips_are_renamed() {
        let code = "class T {\n    void mr1(AddressableHeap<String, String> h) {\n        long n = h.getSize();\n        boolean e = h.empty();\n    }\n}\n";
        let location = "variable h of type org.jheaps.AddressableHeap<java.lang.String,java.lang.String>";
        let fixed = repaired(code, missing(3, "getSize()", location)).unwrap();
        assert!(fixed.contains("long n = h.size();"), "{fixed}");
        let fixed = repaired(code, missing(4, "empty()", location)).unwrap();
        assert!(fixed.contains("boolean e = h.isEmpty();"), "{fixed}");
        let cased = "class T {\n    void mr1(AddressableHeap.Handle<String, String> h) {\n        Object k = h.getkey();\n    }\n}\n";
        let fixed =
            repaired(cased, missing(3, "getkey()", "interface org.jheaps.AddressableHeap.Handle<K,V>")).unwrap();
        assert!(fixed.contains("Object k = h.getKey();"), "{fixed}");
    }

    #[test]
    fn no_rename_without_one_twin_of_that_arity_in_a_project_class() {
        let at = |call: &str| {
            format!("class T {{\n    void mr1(AddressableHeap.Handle<String, String> h) {{\n        h.{call};\n    }}\n}}\n")
        };
        let location = "variable h of type org.jheaps.AddressableHeap.Handle<java.lang.String,java.lang.String>";
        assert!(repaired(&at("value(\"a\")"), missing(3, "value(java.lang.String)", location)).is_none(), "arity");
        assert!(repaired(&at("key2()"), missing(3, "key2()", location)).is_none(), "no twin");
        assert!(repaired(&at("value()"), missing(3, "value()", "variable h of type java.util.Map<K,V>")).is_none());
    }
}
