//! Whether an assertion uses anything the target method did: its result, the object it was called
//! on, or a value made from either. An LLM's test can call the target on one object and assert on
//! the coupled method's result for another (`followUp.reverse()` on an empty list, then
//! `assertEquals(-1, source.binarySearchFromTo(4, 0, 2))`, Mahout's `IntArrayList`, unseen-38):
//! that assertion checks the coupled method alone, so its failure says nothing of a relation
//! between the two, and nothing of the target.
//!
//! Data is followed through locals, over the statements before the assertion in any order (a
//! value may count as reached that only later is: the answer errs towards "uses it"). A test that
//! calls a method of its own (a helper) is not judged.

use super::inputs::{enclosing_method, on_line};
use crate::java_model::descendants;
use std::collections::BTreeSet;
use tree_sitter::Node;

/// For the assertion starting on the 1-based `line`: `Some(true)` when it uses what a call of
/// `target` did, `Some(false)` when it does not, None when that cannot be told (no assertion
/// there, a method of the test class called: a helper, no parse).
pub fn uses_target(code: &str, line: usize, target: &str) -> Option<bool> {
    let tree = crate::java_model::parser().parse(code, None)?;
    let statement = on_line(tree.root_node(), line, "expression_statement").into_iter().next()?;
    let body = enclosing_method(statement)?.child_by_field_name("body")?;
    let mut calls = Vec::new();
    descendants(body, &["method_invocation"], &mut calls);
    let mut methods = Vec::new();
    descendants(tree.root_node(), &["method_declaration"], &mut methods);
    let helpers: BTreeSet<&str> =
        methods.iter().filter_map(|m| m.child_by_field_name("name")).map(|n| text(n, code)).collect();
    if calls.iter().any(|c| c.child_by_field_name("object").is_none() && helpers.contains(name(*c, code))) {
        return None;
    }
    if calls.iter().any(|c| {
        c.end_byte() <= statement.end_byte() && c.start_byte() >= statement.start_byte() && name(*c, code) == target
    }) {
        return Some(true);
    }
    let before = |n: &Node| n.end_byte() <= statement.start_byte();
    let reached = reached(body, code, target, &before);
    Some(identifiers(statement, code).iter().any(|i| reached.contains(i)))
}

/// The locals that hold what a call of `target` before the assertion did, to a fixpoint.
fn reached(body: Node, code: &str, target: &str, before: &dyn Fn(&Node) -> bool) -> BTreeSet<String> {
    // (what is written, what it is made from): `v = e`, `T v = e`, and `r.m(args)` changing r.
    let mut flows: Vec<(String, BTreeSet<String>)> = Vec::new();
    let mut reached = BTreeSet::new();
    let mut calls = Vec::new();
    descendants(body, &["method_invocation"], &mut calls);
    for call in calls.iter().filter(|c| before(c)) {
        let receiver = call.child_by_field_name("object").filter(|o| o.kind() == "identifier");
        let receiver = receiver.map(|o| text(o, code).to_string());
        if name(*call, code) == target {
            reached.extend(receiver.clone());
            reached.extend(written_by(*call, code));
        } else if let (Some(r), Some(args)) = (receiver, call.child_by_field_name("arguments")) {
            flows.push((r, identifiers(args, code)));
        }
    }
    for kind in ["variable_declarator", "assignment_expression"] {
        let mut found = Vec::new();
        descendants(body, &[kind], &mut found);
        for node in found.into_iter().filter(|n| before(n)) {
            let (left, right) = match kind {
                "variable_declarator" => (node.child_by_field_name("name"), node.child_by_field_name("value")),
                _ => (node.child_by_field_name("left"), node.child_by_field_name("right")),
            };
            if let (Some(l), Some(r)) = (left.filter(|l| l.kind() == "identifier"), right) {
                flows.push((text(l, code).to_string(), identifiers(r, code)));
            }
        }
    }
    loop {
        let more: Vec<String> = flows
            .iter()
            .filter(|(to, from)| !reached.contains(to) && from.iter().any(|f| reached.contains(f)))
            .map(|(to, _)| to.clone())
            .collect();
        if more.is_empty() {
            return reached;
        }
        reached.extend(more);
    }
}

/// The local a call's result goes into: `T v = call` or `v = call`, the call anywhere in the
/// value, or `r.m(.., call, ..)` given it.
fn written_by(call: Node, code: &str) -> Option<String> {
    let mut node = call;
    while let Some(parent) = node.parent() {
        match parent.kind() {
            "argument_list" => {
                let receiver = parent.parent().and_then(|c| c.child_by_field_name("object"));
                if let Some(r) = receiver.filter(|r| r.kind() == "identifier") {
                    return Some(text(r, code).to_string());
                }
                node = parent;
            }
            "variable_declarator" => return parent.child_by_field_name("name").map(|n| text(n, code).to_string()),
            "assignment_expression" => {
                let left = parent.child_by_field_name("left").filter(|l| l.kind() == "identifier");
                return left.map(|l| text(l, code).to_string());
            }
            "expression_statement" | "block" | "method_declaration" => return None,
            _ => node = parent,
        }
    }
    None
}

fn identifiers(node: Node, code: &str) -> BTreeSet<String> {
    let mut found = Vec::new();
    descendants(node, &["identifier"], &mut found);
    if node.kind() == "identifier" {
        found.push(node);
    }
    found.into_iter().map(|i| text(i, code).to_string()).collect()
}

fn name<'c>(call: Node, code: &'c str) -> &'c str {
    call.child_by_field_name("name").map(|n| text(n, code)).unwrap_or("")
}

fn text<'c>(node: Node, code: &'c str) -> &'c str {
    code.get(node.byte_range()).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::uses_target;

    const TEST: &str = "class T {
    void mr2() {
        IntArrayList source = new IntArrayList();
        source.add(3);
        IntArrayList followUp = new IntArrayList();
        followUp.reverse();
        int result = source.binarySearchFromTo(4, 0, source.size() - 1);
        assertEquals(-1, result);
        IntArrayList copy = followUp.copy();
        assertEquals(copy.size(), source.size());
        List<Integer> seen = new ArrayList<>();
        seen.add(result);
        int out = Codec.encode(source.size());
        assertEquals(out, seen.get(0));
        assertEquals(followUp, source);
        assertTrue(Codec.encode(3) > 0);
        StringBuilder sb = new StringBuilder();
        sb.append(encode(4));
        assertEquals(sb.toString(), \"x\");
    }
    void helped() {
        x.reverse();
        check(x);
    }
    void check(IntArrayList x) {}
}
";

    #[test]
    fn an_assertion_on_what_the_target_never_touched_does_not_use_it() {
        assert_eq!(uses_target(TEST, 8, "reverse"), Some(false), "result comes from source alone");
        assert_eq!(uses_target(TEST, 14, "reverse"), Some(false), "seen holds result, out source's size");
    }

    #[test]
    fn the_target_s_receiver_result_or_call_in_the_assertion_uses_it() {
        assert_eq!(uses_target(TEST, 10, "reverse"), Some(true), "copy is made from followUp after reverse()");
        assert_eq!(uses_target(TEST, 15, "reverse"), Some(true), "followUp itself");
        assert_eq!(uses_target(TEST, 14, "encode"), Some(true), "out holds encode's result");
        assert_eq!(uses_target(TEST, 16, "encode"), Some(true), "called in the assertion");
        assert_eq!(uses_target(TEST, 19, "encode"), Some(true), "sb was given encode's result");
        assert_eq!(uses_target(TEST, 19, "reverse"), Some(false));
    }

    #[test]
    fn a_helper_or_a_line_without_an_assertion_is_not_judged() {
        assert_eq!(uses_target(TEST, 24, "reverse"), None, "check(x) may assert on x");
        assert_eq!(uses_target(TEST, 1, "reverse"), None);
    }
}
