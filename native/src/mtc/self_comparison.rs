//! An assertion that compares one read of the class under test with itself relates nothing:
//! `String followUpInput = c.getParsedCommand(); String followUpOutput = c.getParsedCommand();
//! assertEquals(followUpInput, followUpOutput)` holds for every input of every deterministic
//! class, and kills only the mutants that throw (JCommander's `addCommand`, unseen-46: kept as an
//! MTC before). A read is a call of a query: a method of the class under test that writes no field,
//! calls on its fields only what reads them and on the object only queries, so a second call sees
//! the state the first did.
//! Only where nothing runs between the two reads is the comparison sure to be with itself: with
//! `list.add(x); list.remove(x)` between two `list.size()`, it is a relation.

use std::collections::{BTreeSet, HashMap};
use tree_sitter::Node;

use crate::java_model::{ClassModel, MethodModel, Receiver};

/// JUnit's equality assertions, whose first two values (after a leading message) are compared.
const EQUALITY_ASSERTIONS: [&str; 4] = ["assertEquals", "assertSame", "assertArrayEquals", "assertIterableEquals"];

/// The names of the methods of `cut` (the class and its project superclasses) every declaration
/// of which is a query: it has a body, writes no field, calls on a field only what reads it
/// (`READING`: a field's `add` changes the object as much as a write does), and calls on the
/// object only queries (Namespace's `getInt` returns `get(dest)`, argparse4j, unseen-46).
pub fn queries<'c>(cut: &[&'c ClassModel]) -> BTreeSet<&'c str> {
    let methods: Vec<&MethodModel> = cut.iter().flat_map(|c| c.methods.iter()).filter(|m| !m.is_constructor).collect();
    let mut queries: BTreeSet<&str> = methods.iter().map(|m| m.name.as_str()).collect();
    // The largest set closed under "calls on the object only members of the set": drop a name
    // until none is dropped (each round drops one at least, or ends).
    loop {
        let before = queries.len();
        let kept: BTreeSet<&str> = (queries.iter().copied())
            .filter(|name| methods.iter().filter(|m| m.name == *name).all(|m| is_query(m, &queries)))
            .collect();
        queries = kept;
        if queries.len() == before {
            return queries;
        }
    }
}

/// What a method may call on a field and still only read it: the JDK's reading methods.
const READING: &[&str] = &[
    "get",
    "getOrDefault",
    "contains",
    "containsKey",
    "containsValue",
    "containsAll",
    "size",
    "isEmpty",
    "length",
    "charAt",
    "indexOf",
    "lastIndexOf",
    "substring",
    "startsWith",
    "endsWith",
    "equals",
    "hashCode",
    "toString",
    "compareTo",
    "peek",
    "first",
    "last",
    "matcher",
    "matches",
    "toArray",
    "clone",
];

/// Whether `name` is one of `cut`'s queries ([`queries`]).
pub fn is_query_method(cut: &[&ClassModel], name: &str) -> bool {
    queries(cut).contains(name)
}

fn is_query(m: &MethodModel, queries: &BTreeSet<&str>) -> bool {
    let reads = |i: &crate::java_model::Invocation| match &i.receiver {
        Receiver::Implicit | Receiver::This | Receiver::Super | Receiver::OwnClass => queries.contains(i.name.as_str()),
        Receiver::Variable { is_field: true, .. } => READING.contains(&i.name.as_str()),
        // `this.items.add(x)` or `items().add(x)` may change the object too.
        Receiver::Expression => READING.contains(&i.name.as_str()),
        Receiver::Type { .. } | Receiver::Variable { .. } | Receiver::New { .. } => true,
    };
    m.has_body && m.field_writes.is_empty() && m.invocations.iter().all(reads)
}

/// What the comparison needs to know of the test method read so far.
pub struct Reads<'a, 't> {
    pub code: &'a str,
    /// Local -> its declaration statement, for the locals not assigned since.
    pub declarations: &'a HashMap<String, Node<'t>>,
    /// Whether a call is one of the class under test's queries.
    pub is_query_call: &'a dyn Fn(Node) -> bool,
}

/// Whether `statement` is an equality assertion of one read with itself: the same expression on
/// both sides (a local standing for its value), made of locals and queries only, and nothing
/// between the two reads (adjacent declarations, or a declaration just before the assertion).
pub fn compares_a_read_with_itself(statement: Node, reads: &Reads) -> bool {
    let Some((expected, actual)) = compared(statement, reads.code) else { return false };
    if expected.kind() == "identifier" && text(expected, reads.code) == text(actual, reads.code) {
        return true; // `assertEquals(x, x)`, whatever x holds
    }
    let (first, first_at) = resolve(expected, reads);
    let (second, second_at) = resolve(actual, reads);
    if squeeze(text(first, reads.code)) != squeeze(text(second, reads.code)) || !is_read(first, reads) {
        return false;
    }
    match (first_at, second_at) {
        (Some(a), Some(b)) => next_statement(a) == Some(b) || next_statement(b) == Some(a),
        (Some(a), None) | (None, Some(a)) => next_statement(a) == Some(statement),
        (None, None) => true,
    }
}

/// The two values an equality assertion compares: JUnit 5's `(expected, actual[, message])`,
/// JUnit 4's `([message,] expected, actual)`.
fn compared<'t>(statement: Node<'t>, code: &str) -> Option<(Node<'t>, Node<'t>)> {
    let call = statement.named_child(0).filter(|c| c.kind() == "method_invocation")?;
    let name = text(call.child_by_field_name("name")?, code);
    if !EQUALITY_ASSERTIONS.contains(&name) {
        return None;
    }
    super::assertion::compared_arguments(call.child_by_field_name("arguments")?, None)
}

/// A local stands for the value it was declared with, with the declaration statement.
fn resolve<'t>(value: Node<'t>, reads: &Reads<'_, 't>) -> (Node<'t>, Option<Node<'t>>) {
    if value.kind() != "identifier" {
        return (value, None);
    }
    let Some(declaration) = reads.declarations.get(text(value, reads.code)) else { return (value, None) };
    let mut cursor = declaration.walk();
    let declarator = declaration.named_children(&mut cursor).find(|d| d.kind() == "variable_declarator");
    match declarator.and_then(|d| d.child_by_field_name("value")) {
        Some(initial) => (initial, Some(*declaration)),
        None => (value, None),
    }
}

/// An expression of names, field accesses and calls of queries only: a fresh object (`new T()`
/// twice) or any other call may differ from one evaluation to the next.
fn is_read(expression: Node, reads: &Reads) -> bool {
    let mut stack = vec![expression];
    while let Some(n) = stack.pop() {
        let fine = match n.kind() {
            "identifier" | "field_access" | "this" | "argument_list" => true,
            "method_invocation" => (reads.is_query_call)(n),
            kind => kind.ends_with("literal") || matches!(kind, "true" | "false"),
        };
        if !fine {
            return false;
        }
        if n.kind().ends_with("literal") {
            continue; // a text's fragments and escapes are no expressions
        }
        let mut cursor = n.walk();
        stack.extend(n.named_children(&mut cursor));
    }
    true
}

/// The statement after `statement` in its block, comments skipped.
fn next_statement(statement: Node) -> Option<Node> {
    let mut next = statement.next_named_sibling();
    while let Some(n) = next.filter(|n| n.kind().ends_with("comment")) {
        next = n.next_named_sibling();
    }
    next
}

fn squeeze(text: &str) -> String {
    text.split_whitespace().collect()
}

fn text<'a>(node: Node, code: &'a str) -> &'a str {
    code.get(node.byte_range()).unwrap_or("")
}
