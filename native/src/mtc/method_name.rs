//! Static repairs for a method called by a name its receiver's project class does not declare.
//!
//! A getter called by its property's name, or a property read called as a getter:
//! `handle.value()` where jheaps' `AddressableHeap.Handle` declares `V getValue()` (javac:
//! `cannot find symbol`, `symbol: method value()`, `location: variable handle of type
//! org.jheaps.AddressableHeap.Handle<..>`; a 1.5B model wrote it for `FibonacciHeap#deleteMin`),
//! and the other way round, `list.getSize()` where the class declares `size()`. The call is renamed
//! to the one visible method of the receiver's project class (or a project supertype) that takes as
//! many arguments and whose name is the missing one with `get`/`is` put before it or taken off, or
//! differs from it only in case. Two such methods: no repair, as the reply's intent is not known.
//!
//! A name made up from memory: ZXing's `bits.getBit(i)` where `BitArray` declares `get(int)`. The
//! call is renamed to the visible method that takes arguments of the types javac names and whose
//! name is nearest the missing one (strsim's normalized Damerau-Levenshtein, at least
//! [`NEAREST_SIMILARITY`]), when no other comes within [`NEAREST_MARGIN`] of it.

use crate::java_model::types::{accepts, erase_simple};
use crate::java_model::{property_of, ClassModel, MethodModel};
use crate::protocol::CompileDiagnostic;

/// How far up a class's project supertypes the twin is looked for.
const SUPERTYPE_DEPTH: usize = 4;

/// The least similarity of a made-up name to the one it is renamed to: `getBit` -> `get` is 0.5.
const NEAREST_SIMILARITY: f64 = 0.5;
/// The most letters a made-up name may differ by from one that says more than it does.
const MOST_SLIPPED_LETTERS: usize = 2;
/// How much nearer than every other the chosen name must be (`get` 0.5, `getNextSet` 0.4).
const NEAREST_MARGIN: f64 = 0.1;

/// The code with each getter-name slip renamed; None when javac reports none that has one twin.
pub fn getter_name_calls<'c>(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Option<String> {
    renamed_calls(code, diagnostics, class_named, &|class, missing, arguments| {
        twin_of(class, missing, arguments.len(), class_named)
    })
}

/// The code with each made-up method name renamed to the nearest one that takes such arguments;
/// None when javac reports none that has one clearly nearest.
pub fn nearest_name_calls<'c>(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Option<String> {
    renamed_calls(code, diagnostics, class_named, &|class, missing, arguments| {
        nearest_of(class, missing, arguments, class_named)
    })
}

/// The name a missing method stands for, given the receiver's class, the missing name and the
/// argument types javac names.
type Rename<'c, 'f> = &'f dyn Fn(&'c ClassModel, &str, &[&str]) -> Option<String>;

/// The walk both repairs share: each call javac reports missing on a project class, renamed to
/// what `rename` answers.
fn renamed_calls<'c>(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
    rename: Rename<'c, '_>,
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
                let arguments = missing.arguments.clone().filter(|a| a.len() == arity)?;
                let renamed = rename(class, missing.name, &arguments)?;
                Some((name.start_byte(), name.end_byte(), renamed))
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

/// The visible methods of the class and its project supertypes that take `arity` arguments.
fn visible_of_arity<'c>(
    class: &'c ClassModel,
    arity: usize,
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Vec<&'c MethodModel> {
    let mut out: Vec<&MethodModel> = Vec::new();
    let mut level = vec![class];
    for _ in 0..SUPERTYPE_DEPTH {
        for c in &level {
            out.extend(c.methods.iter().filter(|m| !m.is_constructor && !m.is_private() && m.params.len() == arity));
        }
        level = level.iter().flat_map(|c| c.declared_supertypes()).filter_map(|s| class_named(&s)).collect();
    }
    out
}

/// The one method of the class or its project supertypes that the missing name stands for.
fn twin_of<'c>(
    class: &'c ClassModel,
    missing: &str,
    arity: usize,
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Option<String> {
    let mut twins: Vec<&str> = Vec::new();
    for m in visible_of_arity(class, arity, class_named).into_iter().filter(|m| is_twin(&m.name, missing)) {
        if !twins.contains(&m.name.as_str()) {
            twins.push(&m.name);
        }
    }
    match twins.as_slice() {
        [one] => Some(one.to_string()),
        _ => None,
    }
}

/// The name nearest the missing one among the methods that take the arguments javac names, when
/// it is near enough and no other is nearly as near.
fn nearest_of<'c>(
    class: &'c ClassModel,
    missing: &str,
    arguments: &[&str],
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Option<String> {
    let takes = |m: &MethodModel| {
        m.params.iter().zip(arguments).all(|(p, a)| {
            let arg = if *a == "<nulltype>" { "null".to_string() } else { erase_simple(a) };
            accepts(&erase_simple(&p.type_name), &arg)
        })
    };
    let missing_lower = missing.to_lowercase();
    // A slip of a letter or two (`appendBits`), or a word the reply added (`getBit`); never a name
    // that says more than the reply wrote: `defaultKey()` is not `rotateDefaultKey()`.
    let says_no_more = |name: &str| {
        strsim::damerau_levenshtein(&missing_lower, &name.to_lowercase()) <= MOST_SLIPPED_LETTERS
            || words_within(name, missing)
    };
    let mut names: Vec<&str> = Vec::new();
    for m in visible_of_arity(class, arguments.len(), class_named).into_iter().filter(|m| takes(m)) {
        if m.name != missing && says_no_more(&m.name) && !names.contains(&m.name.as_str()) {
            names.push(&m.name);
        }
    }
    clearly_nearest(missing, &names).map(str::to_string)
}

/// The one of `names` nearest `missing` (strsim's normalized Damerau-Levenshtein, case aside), when
/// it is at least [`NEAREST_SIMILARITY`] near and no other comes within [`NEAREST_MARGIN`] of it.
pub(super) fn clearly_nearest<'n>(missing: &str, names: &[&'n str]) -> Option<&'n str> {
    let missing_lower = missing.to_lowercase();
    let similarity = |name: &str| strsim::normalized_damerau_levenshtein(&missing_lower, &name.to_lowercase());
    let mut scored: Vec<(f64, &str)> = names.iter().map(|name| (similarity(name), *name)).collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    match scored.as_slice() {
        [(best, name), rest @ ..]
            if *best >= NEAREST_SIMILARITY
                && rest.first().is_none_or(|(next, _)| best - next > NEAREST_MARGIN - 1e-9) =>
        {
            Some(name)
        }
        _ => None,
    }
}

/// Whether the camel-case words of `name` all appear, in order, among those of `written`:
/// `get` within `getBit`, `contains` within `containsElement`.
fn words_within(name: &str, written: &str) -> bool {
    let words = |s: &str| {
        let mut out: Vec<String> = Vec::new();
        for c in s.chars() {
            match out.last_mut() {
                Some(word) if !c.is_uppercase() => word.push(c),
                _ => out.push(c.to_lowercase().collect()),
            }
        }
        out
    };
    let mut written = words(written).into_iter();
    words(name).iter().all(|w| written.any(|x| x == *w))
}

/// `value`/`getValue`, `empty`/`isEmpty`, `getID`/`getId`: the same property named two ways.
fn is_twin(declared: &str, missing: &str) -> bool {
    declared != missing && (declared.eq_ignore_ascii_case(missing) || property_of(declared) == property_of(missing))
}

#[cfg(test)]
mod tests {
    use super::{getter_name_calls, nearest_name_calls};
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

    /// ZXing 3.5.3's `BitArray`, the methods that take one argument.
    fn bit_array() -> Vec<ClassModel> {
        let src = "package com.google.zxing.common;\npublic final class BitArray {\n    public boolean get(int i) { return false; }\n    public void set(int i) {}\n    public void flip(int i) {}\n    public int getNextSet(int from) { return 0; }\n    public void appendBit(boolean bit) {}\n    public int getSize() { return 0; }\n}\n";
        parse_str(std::path::Path::new("BitArray.java"), src).classes
    }

    const BITS: &str = "variable bits of type com.google.zxing.common.BitArray";

    /// A test method that makes `call` on a `BitArray bits`.
    fn on_bits(call: &str) -> String {
        format!("class T {{\n    void mr1(BitArray bits) {{\n        Object b = bits.{call};\n    }}\n}}\n")
    }

    fn nearest(code: &str, diagnostic: CompileDiagnostic) -> Option<String> {
        let classes = bit_array();
        nearest_name_calls(code, &[diagnostic], &|q| classes.iter().find(|c| c.qualified_name == q || c.name == q))
    }

    #[test]
    fn a_made_up_name_becomes_the_nearest_that_takes_the_arguments() {
        // Qwen2.5-Coder-1.5B's reply for ZXing's BitArray#appendBits: `getBit(i)` for `get(i)`.
        let (at, location) = (on_bits, BITS);
        let fixed = nearest(&at("getBit(3)"), missing(3, "getBit(int)", location)).unwrap();
        assert!(fixed.contains("Object b = bits.get(3);"), "{fixed}");
        // Only a method taking a boolean: `appendBit`, not the nearer-looking ones taking an int.
        let fixed = nearest(&at("appendBits(true)"), missing(3, "appendBits(boolean)", location)).unwrap();
        assert!(fixed.contains("bits.appendBit(true);"), "{fixed}");
    }

    #[test]
    fn no_rename_to_a_far_name_or_between_two_near_ones() {
        let (at, location) = (on_bits, BITS);
        assert!(nearest(&at("reverse(3)"), missing(3, "reverse(int)", location)).is_none(), "far from all");
        assert!(nearest(&at("appendBits(5)"), missing(3, "appendBits(int)", location)).is_none(), "types");
        // A name that says more than the reply wrote, however near: `getNextSet` for `nextSet`.
        assert!(nearest(&at("nextSet(3)"), missing(3, "nextSet(int)", location)).is_none(), "more words");
        // `fet(i)` is as near `get` as `set`: the reply's intent is not known.
        assert!(nearest(&at("fet(3)"), missing(3, "fet(int)", location)).is_none(), "a tie");
        assert!(
            nearest(&at("getBit(3)"), missing(3, "getBit(int)", "variable bits of type java.util.BitSet")).is_none()
        );
    }
}
