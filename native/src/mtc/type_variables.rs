//! A static repair for the class under test's type variable written in the test as a type: a
//! small model copies `offer(E)` from the prompt and declares `E sourceInput = "test";` (javac:
//! `cannot find symbol .. symbol: class E`; JCTools' `SpscArrayQueue<E>`, unseen-35, in every
//! reply and again after a refinement round). A test names concrete types: each such `E` becomes
//! the type argument the test itself gives the class (`SpscArrayQueue<Integer> q` makes it
//! `Integer`), else, for a local initialised by a literal, the literal's boxed type, else the
//! variable's bound as the built-in generator resolves it (`String` for an unbounded one).

use crate::builtin::TypeScope;
use crate::java_model::types::class_type_parameters;
use crate::java_model::ClassModel;
use crate::protocol::CompileDiagnostic;
use tree_sitter::Node;

/// The code with each use of a type variable of `class` javac could not resolve written as a
/// concrete type; None when no error names one.
pub fn type_variables(code: &str, diagnostics: &[CompileDiagnostic], class: &ClassModel) -> Option<String> {
    let variables = class_type_parameters(class);
    let unresolved: Vec<&str> = diagnostics
        .iter()
        .filter_map(|d| super::javac::missing_symbol(&d.message))
        .filter(|m| m.kind == "class" && variables.iter().any(|v| v == m.name))
        .map(|m| m.name)
        .collect();
    if unresolved.is_empty() {
        return None;
    }
    let tree = crate::java_model::parser().parse(code, None)?;
    let mut uses = Vec::new();
    crate::java_model::descendants(tree.root_node(), &["type_identifier"], &mut uses);
    let resolved = TypeScope::of_class(class);
    let edits = uses
        .into_iter()
        .filter_map(|node| {
            let name = code.get(node.byte_range())?;
            if !unresolved.contains(&name) {
                return None;
            }
            let position = variables.iter().position(|v| v == name)?;
            let concrete = argument_given(tree.root_node(), code, &class.name, position, variables.len())
                .or_else(|| boxed_literal_type(node, code))
                .unwrap_or_else(|| resolved.resolve(name));
            Some((node.start_byte(), node.end_byte(), concrete))
        })
        .collect();
    super::javac::apply_edits(code, edits)
}

/// The type argument at `position` the test writes for class `name` (`SpscArrayQueue<Integer>`),
/// when it writes one list of `arity` arguments that are all concrete.
fn argument_given(root: Node, code: &str, name: &str, position: usize, arity: usize) -> Option<String> {
    let mut generics = Vec::new();
    crate::java_model::descendants(root, &["generic_type"], &mut generics);
    generics.into_iter().find_map(|g| {
        let base = g.named_child(0).and_then(|b| code.get(b.byte_range()))?;
        let arguments = g.named_child(1).filter(|a| a.kind() == "type_arguments")?;
        let arguments: Vec<&str> =
            arguments.named_children(&mut arguments.walk()).filter_map(|a| code.get(a.byte_range())).collect();
        let concrete = arguments.iter().all(|a| a.chars().next().is_some_and(char::is_uppercase) && a.len() > 1);
        (base == name && arguments.len() == arity && concrete).then(|| arguments[position].to_string())
    })
}

/// The boxed type of the literal initialising the local whose declared type is `type_node`.
fn boxed_literal_type(type_node: Node, code: &str) -> Option<String> {
    use crate::java_model::types::{boxed, literal_type};
    let declaration = type_node.parent().filter(|p| p.kind() == "local_variable_declaration")?;
    let value = declaration.child_by_field_name("declarator")?.child_by_field_name("value")?;
    match literal_type(value.kind(), code.get(value.byte_range())?)? {
        "String" => Some("String".to_string()),
        "null" => None,
        primitive => boxed(primitive).map(str::to_string),
    }
}

#[cfg(test)]
mod tests {
    use super::type_variables;
    use crate::mtc::javac::error_at;

    fn queue() -> crate::java_model::ClassModel {
        let source = "package org.jctools.queues;\npublic class SpscArrayQueue<E> extends Base<E> {\n    \
                      public SpscArrayQueue(int capacity) {}\n    public boolean offer(E e) { return true; }\n    \
                      public E poll() { return null; }\n}\n";
        crate::java_model::parse_str(std::path::Path::new("SpscArrayQueue.java"), source).classes.remove(0)
    }

    const REPLY: &str = "class T {\n    void mr1() {\n        E sourceInput = \"test\";\n        \
                         boolean sourceOutput = q.offer(sourceInput);\n        E followUpInput = q.poll();\n    }\n}\n";

    #[test]
    fn a_type_variable_written_as_a_type_becomes_a_concrete_one() {
        // JCTools' SpscArrayQueue (unseen-35), the model's reply as it came.
        let d = [error_at(3, "cannot find symbol\n  symbol:   class E\n  location: class T")];
        let fixed = type_variables(REPLY, &d, &queue()).expect("E is the class's type variable");
        assert!(fixed.contains("String sourceInput = \"test\";"), "the literal's type: {fixed}");
        assert!(fixed.contains("String followUpInput = q.poll();"), "the unbounded variable's default: {fixed}");
        let typed =
            REPLY.replace("class T {\n", "class T {\n    SpscArrayQueue<Integer> q = new SpscArrayQueue<>(8);\n");
        let d = [error_at(4, "cannot find symbol\n  symbol:   class E\n  location: class T")];
        let fixed = type_variables(&typed, &d, &queue()).expect("E again");
        assert!(fixed.contains("Integer sourceInput") && fixed.contains("Integer followUpInput"), "{fixed}");
    }

    #[test]
    fn other_missing_classes_are_left_alone() {
        let d = [error_at(3, "cannot find symbol\n  symbol:   class K\n  location: class T")];
        assert!(type_variables(&REPLY.replace('E', "K"), &d, &queue()).is_none(), "not the class's variable");
        let d = [error_at(3, "cannot find symbol\n  symbol:   variable E\n  location: class T")];
        assert!(type_variables(REPLY, &d, &queue()).is_none(), "a variable, not a type");
    }
}
