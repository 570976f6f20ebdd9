//! A persistent class's changes answer the changed instance and leave their receiver as it was
//! (Dexx's `HashSet.add(x)` and `TreeMap.put(k, v)`, unseen-28). A template calls a change as a
//! statement, as a mutable class is changed, and so does a model used to `java.util`; on a
//! persistent class that relates the unchanged receiver, and `contains(x)` after `add(x)` fails
//! on correct code. Such a statement keeps the answer in its receiver: `subject = subject.add(x);`.
//! Every template's bodies pass through here (those that go into the LLM's prompt as examples
//! included), and every class a model writes.

use crate::java_model::types::erase_simple;
use crate::java_model::ClassModel;
use tree_sitter::Node;

/// The wrapper a body is parsed in; its offsets are taken off again.
const PREFIX: &str = "class T { void m() {\n";

/// `body`, statements of a test method, with each statement that calls a change of the
/// persistent class under test on a local of its type made to keep the answer; as it was for any
/// other class.
pub fn keep_answers(class: &ClassModel, body: &str) -> String {
    if !super::objects::is_persistent(class) {
        return body.to_string();
    }
    kept(class, body, &format!("{PREFIX}{body}\n}} }}"), PREFIX.len())
}

/// `keep_answers` over a whole test class a model wrote.
pub fn keep_answers_in_class(class: &ClassModel, code: &str) -> String {
    if !super::objects::is_persistent(class) {
        return code.to_string();
    }
    kept(class, code, code, 0)
}

/// `code` with the edits found in `source`, which holds it from byte `offset` on.
fn kept(class: &ClassModel, code: &str, source: &str, offset: usize) -> String {
    let mut parser = crate::java_model::parser();
    let Some(tree) = parser.parse(source, None) else { return code.to_string() };
    let mut locals = Vec::new();
    let mut inserts = Vec::new();
    // Each local with the block it is declared in: a statement calls on it only inside that block.
    walk(tree.root_node(), &mut |node| {
        if let Some(name) = own_local(class, node, source) {
            let scope = node.parent().map_or(node.byte_range(), |block| block.byte_range());
            locals.push((name, scope));
        } else if let Some((at, receiver)) = discarded_change(class, node, source) {
            if locals.iter().any(|(name, scope)| *name == receiver && scope.contains(&at)) {
                inserts.push((at - offset, format!("{receiver} = ")));
            }
        }
    });
    let mut out = code.to_string();
    for (at, text) in inserts.into_iter().rev() {
        out.insert_str(at, &text);
    }
    out
}

fn walk<'t>(node: Node<'t>, visit: &mut dyn FnMut(Node<'t>)) {
    visit(node);
    let mut cursor = node.walk();
    let children: Vec<Node> = node.named_children(&mut cursor).collect();
    for child in children {
        walk(child, visit);
    }
}

/// The name a declaration gives a local of the class's own type that it may assign again.
fn own_local(class: &ClassModel, node: Node, source: &str) -> Option<String> {
    if node.kind() != "local_variable_declaration" || source[node.byte_range()].starts_with("final ") {
        return None;
    }
    let written = &source[node.child_by_field_name("type")?.byte_range()];
    if erase_simple(written) != class.name {
        return None;
    }
    let declarator = node.child_by_field_name("declarator")?;
    Some(source[declarator.child_by_field_name("name")?.byte_range()].to_string())
}

/// Where a statement `local.change(..);` (or a chain of changes, `local.add(a).add(b);`) starts
/// and the local it calls on, when every method of the class of each call's name and arity is an
/// instance method answering the class's own type.
fn discarded_change(class: &ClassModel, node: Node, source: &str) -> Option<(usize, String)> {
    let mut call = node.named_child(0).filter(|_| node.kind() == "expression_statement")?;
    loop {
        if call.kind() != "method_invocation" || !answers_own_type(class, call, source)? {
            return None;
        }
        let object = call.child_by_field_name("object")?;
        if object.kind() == "identifier" {
            return Some((node.start_byte(), source[object.byte_range()].to_string()));
        }
        call = object;
    }
}

/// Whether every method of the class a call may reach, by its name and arity, is an instance
/// method answering the class's own type.
fn answers_own_type(class: &ClassModel, call: Node, source: &str) -> Option<bool> {
    let name = &source[call.child_by_field_name("name")?.byte_range()];
    let arity = call.child_by_field_name("arguments")?.named_child_count();
    let answers_own = |m: &&crate::java_model::MethodModel| {
        !m.is_static() && m.return_type.as_deref().is_some_and(|r| erase_simple(r) == class.name)
    };
    let named: Vec<_> = class.methods.iter().filter(|m| m.name == name && m.accepts_arity(arity)).collect();
    Some(!named.is_empty() && named.iter().all(answers_own))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::java_model::{parse_str, Project};

    fn project(set: &str) -> Project {
        let mut project = Project::new(&[]);
        project.files = vec![parse_str(std::path::Path::new("Set.java"), set)];
        project
    }

    fn kept_in(set: &str, body: &str) -> String {
        let project = project(set);
        let class = project.classes().next().expect("the fixture's class");
        keep_answers(class, body)
    }

    const BODY: &str =
        "Set subject = Set.empty();\nString x = \"a\";\nsubject.add(x);\nassertTrue(subject.contains(x));";

    #[test]
    fn a_persistent_change_keeps_its_answer_in_its_receiver() {
        let persistent = "package d;\npublic class Set {\n    private final int[] items = {};\n    public Set add(String x) { return new Set(); }\n    public boolean contains(String x) { return false; }\n}\n";
        let expected = "Set subject = Set.empty();\nString x = \"a\";\nsubject = subject.add(x);\nassertTrue(subject.contains(x));";
        assert_eq!(kept_in(persistent, BODY), expected);
        let twice = BODY.replace("subject.add(x);", "subject.add(x);\nsubject.add(x);");
        assert_eq!(kept_in(persistent, &twice).matches("subject = subject.add(x);").count(), 2);
        let fixed = BODY.replace("Set subject", "final Set subject");
        assert_eq!(kept_in(persistent, &fixed), fixed, "a final local is left as written");
        let chained = BODY.replace("subject.add(x);", "subject.add(x).add(\"b\");");
        assert!(kept_in(persistent, &chained).contains("subject = subject.add(x).add(\"b\");"), "a chain of changes");
        let project = project(persistent);
        let class = project.classes().next().expect("the fixture's class");
        let test = format!("class SetTest {{\n    void m() {{\n{BODY}\n    }}\n}}\n");
        assert!(keep_answers_in_class(class, &test).contains("subject = subject.add(x);"), "a model's class");
        let elsewhere = "class SetTest {\n    void m() {\n        Set subject = Set.empty();\n    }\n    void n(Other subject) {\n        subject.add(\"a\");\n    }\n}\n";
        assert_eq!(keep_answers_in_class(class, elsewhere), elsewhere, "a local of another method");
    }

    #[test]
    fn a_class_changed_in_place_is_changed_as_written() {
        let fluent = "package d;\npublic class Set {\n    private int[] items;\n    public Set add(String x) { return this; }\n    public boolean contains(String x) { return false; }\n}\n";
        assert_eq!(kept_in(fluent, BODY), BODY, "a change that answers its receiver");
        let mixed = "package d;\npublic class Set {\n    private int[] items;\n    public Set add(String x) { return new Set(); }\n    public void clear() { items = null; }\n    public boolean contains(String x) { return false; }\n}\n";
        assert_eq!(kept_in(mixed, BODY), BODY, "a class with a void method that writes a field");
    }
}
