//! A static repair for an output the reply declared `Object`: a small model unsure of what a
//! method returns writes `Object sourceOutput = toJSONString(sourceInput);` and then passes it on
//! where the other method takes a `String` (javac: `no suitable method found for
//! parse(java.lang.Object)`, `argument mismatch; java.lang.Object cannot be converted to
//! java.lang.String`; json-simple's `JSONValue`, unseen-23, after a refinement round that changed
//! nothing). What the called method returns is a fact of the project: the local takes that type.
//! `coerce` retypes a local where javac names the call's type at the declaration; here javac names
//! only the declared `Object`, at a later use, so the type is read from the project's class.

use super::javac::Edit;
use crate::java_model::{ClassModel, MethodModel};
use crate::protocol::CompileDiagnostic;
use tree_sitter::Node;

/// The code with each `Object` local javac reports passed where another type goes retyped to
/// what the project method initialising it returns; None when no such local has one known type.
/// `under_test` is the receiver of a call written without one.
pub fn object_outputs<'c>(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    under_test: &'c ClassModel,
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Option<String> {
    super::javac::edit_at_errors(code, diagnostics, |root, d| {
        if !d.message.contains("java.lang.Object cannot be converted to ") {
            return Vec::new();
        }
        let used = super::inputs::on_line(root, d.line, "identifier");
        let locals = used.iter().filter_map(|name| object_local(*name, code));
        locals
            .filter_map(|(declared, call)| {
                let returned = returned_type(call, code, under_test, class_named)?;
                Some((declared.start_byte(), declared.end_byte(), returned))
            })
            .collect::<Vec<Edit>>()
    })
}

/// For an identifier naming a local of its method declared `Object` and initialised by a call:
/// the declared type's node and the call.
fn object_local<'t>(name: Node<'t>, code: &str) -> Option<(Node<'t>, Node<'t>)> {
    let (declared, declarator) = local_declaration(name, code)?;
    let value = declarator.child_by_field_name("value").filter(|v| v.kind() == "method_invocation")?;
    let is_object = matches!(code.get(declared.byte_range()), Some("Object" | "java.lang.Object"));
    // The identifier is a use of the local, not the name it declares.
    (is_object && !declarator.byte_range().contains(&name.start_byte())).then_some((declared, value))
}

/// The declared type and the declarator of the local an identifier names, in its method.
fn local_declaration<'t>(name: Node<'t>, code: &str) -> Option<(Node<'t>, Node<'t>)> {
    let text = code.get(name.byte_range())?;
    let body = super::inputs::enclosing_method(name)?.child_by_field_name("body")?;
    let mut declarations = Vec::new();
    super::inputs::collect(body, "local_variable_declaration", &mut declarations);
    declarations.into_iter().find_map(|declaration| {
        let declarator = declaration.child_by_field_name("declarator")?;
        let named = declarator.child_by_field_name("name").and_then(|n| code.get(n.byte_range())) == Some(text);
        named.then_some((declaration.child_by_field_name("type")?, declarator))
    })
}

/// The one type the project methods a call may mean return: those of its receiver's class named
/// as called and taking as many arguments. None where they differ, return `void`, `Object` or a
/// type variable, or the receiver's class is not the project's.
fn returned_type<'c>(
    call: Node,
    code: &str,
    under_test: &'c ClassModel,
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Option<String> {
    let name = code.get(call.child_by_field_name("name")?.byte_range())?;
    let arity = call.child_by_field_name("arguments").map_or(0, |a| a.named_child_count());
    let class = match call.child_by_field_name("object") {
        None => under_test,
        Some(receiver) => receiver_class(receiver, code, class_named)?,
    };
    let called = |m: &&MethodModel| !m.is_constructor && m.name == name && m.params.len() == arity;
    let mut types = class.methods.iter().filter(called).filter_map(|m| m.return_type.as_deref());
    let first = types.next()?;
    let known = !matches!(first, "void" | "Object" | "java.lang.Object") && !names_a_type_variable(first);
    (known && types.all(|t| t == first)).then(|| first.to_string())
}

/// The project class a receiver names: a class written by name (`JSONValue.`), or the declared
/// type of a local (`codec.`).
fn receiver_class<'c>(
    receiver: Node,
    code: &str,
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Option<&'c ClassModel> {
    let text = code.get(receiver.byte_range())?;
    if receiver.kind() == "identifier" && text.starts_with(char::is_lowercase) {
        let (declared, _) = local_declaration(receiver, code)?;
        let declared = code.get(declared.byte_range())?;
        return class_named(declared.split('<').next()?.trim());
    }
    matches!(receiver.kind(), "identifier" | "field_access").then(|| class_named(text)).flatten()
}

/// Whether a written type names a type variable: a name of one or two capitals (`T`, `E`, `K2`),
/// which no class is given.
fn names_a_type_variable(type_name: &str) -> bool {
    let words = type_name.split(|c: char| !(c.is_alphanumeric() || c == '_'));
    words.filter(|w| !w.is_empty()).any(|w| {
        w.len() <= 2 && w.starts_with(|c: char| c.is_ascii_uppercase()) && !w.chars().any(|c| c.is_lowercase())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mtc::javac::error_at;

    const PROJECT: &str = "package org.json.simple;\npublic class JSONValue {\n    \
        public static String toJSONString(Object value) { return null; }\n    \
        public static Object parse(String s) { return null; }\n    \
        public static <T> T first(java.util.List<T> list) { return null; }\n}\n";

    fn classes() -> Vec<ClassModel> {
        crate::java_model::parse_str(std::path::Path::new("JSONValue.java"), PROJECT).classes
    }

    /// Qwen2.5-Coder-1.5B's refinement for json-simple's `toJSONString(Object)` ~ `parse(String)`
    /// (unseen-23), its calls qualified as the receiver repair does, one method of three.
    const REPLY: &str = "package org.json.simple;\n\nimport org.junit.jupiter.api.Test;\nimport static \
        org.junit.jupiter.api.Assertions.*;\n\npublic class JSONValue_toJSONString_MTC2Test {\n\n    @Test\n    \
        void mr1() throws Exception {\n        String sourceInput = \"Hello, World!\";\n        \
        Object sourceOutput = JSONValue.toJSONString(sourceInput);\n        \
        Object followUpInput = JSONValue.parse(sourceOutput);\n        \
        Object followUpOutput = JSONValue.toJSONString(followUpInput);\n        \
        assertEquals(sourceInput, followUpOutput);\n    }\n}\n";

    const MISMATCH: &str = "no suitable method found for parse(java.lang.Object)\n    method \
        org.json.simple.JSONValue.parse(java.lang.String) is not applicable\n      (argument mismatch; \
        java.lang.Object cannot be converted to java.lang.String)";

    fn repaired(code: &str, diagnostics: &[CompileDiagnostic]) -> Option<String> {
        let classes = classes();
        object_outputs(code, diagnostics, &classes[0], &|name| classes.iter().find(|c| c.name == name))
    }

    #[test]
    fn an_object_output_passed_on_takes_the_type_its_call_returns() {
        let fixed = repaired(REPLY, &[error_at(12, MISMATCH)]).expect("retyped");
        assert!(fixed.contains("String sourceOutput = JSONValue.toJSONString(sourceInput);"), "{fixed}");
        assert!(
            fixed.contains("Object followUpInput = JSONValue.parse(sourceOutput);"),
            "parse returns Object: {fixed}"
        );
        let unqualified = REPLY.replace("JSONValue.", "");
        let fixed = repaired(&unqualified, &[error_at(12, MISMATCH)]).expect("the class under test's own call");
        assert!(fixed.contains("String sourceOutput = toJSONString(sourceInput);"), "{fixed}");
        let on_a_local = REPLY.replace(
            "Object sourceOutput = JSONValue.toJSONString(sourceInput);",
            "JSONValue json = new JSONValue(); Object sourceOutput = json.toJSONString(sourceInput);",
        );
        let fixed = repaired(&on_a_local, &[error_at(12, MISMATCH)]).expect("the local's declared class");
        assert!(fixed.contains("String sourceOutput = json.toJSONString(sourceInput);"), "{fixed}");
    }

    #[test]
    fn no_retyping_without_one_known_returned_type() {
        let other = "incompatible types: java.lang.String cannot be converted to byte[]";
        assert_eq!(repaired(REPLY, &[error_at(12, other)]), None, "another mix-up: coerce's");
        let object_returned =
            REPLY.replace("Object sourceOutput = JSONValue.toJSONString", "Object sourceOutput = JSONValue.parse");
        assert_eq!(repaired(&object_returned, &[error_at(12, MISMATCH)]), None, "parse returns Object");
        let type_variable = REPLY.replace(
            "Object sourceOutput = JSONValue.toJSONString(sourceInput)",
            "Object sourceOutput = JSONValue.first(java.util.List.of(sourceInput))",
        );
        assert_eq!(repaired(&type_variable, &[error_at(12, MISMATCH)]), None, "T is no type to write");
        let unknown = REPLY.replace("JSONValue.toJSONString(sourceInput)", "Other.toJSONString(sourceInput)");
        assert_eq!(repaired(&unknown, &[error_at(12, MISMATCH)]), None, "not a project class");
    }
}
