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
    uses_target_at(statement, code, target, true)
}

/// [`uses_target`] for an assertion statement. An assertion inside a helper, a method the class
/// calls (the value comparison `mtc::identity` adds, JAMA's `Matrix`, unseen-46), is not judged:
/// its values come from the caller.
fn uses_target_at(statement: Node, code: &str, target: &str, changes_receiver: bool) -> Option<bool> {
    let method = enclosing_method(statement)?;
    let tree_root = std::iter::successors(Some(statement), |n| n.parent()).last()?;
    let mut all_calls = Vec::new();
    descendants(tree_root, &["method_invocation"], &mut all_calls);
    let own_name = method.child_by_field_name("name").map(|n| text(n, code));
    let called = |c: &Node| c.child_by_field_name("object").is_none() && Some(name(*c, code)) == own_name;
    if all_calls.iter().any(called) {
        return None;
    }
    let body = method.child_by_field_name("body")?;
    let mut calls = Vec::new();
    descendants(body, &["method_invocation"], &mut calls);
    let mut methods = Vec::new();
    descendants(tree_root, &["method_declaration"], &mut methods);
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
    let reached = reached(body, code, target, changes_receiver, &before);
    Some(identifiers(statement, code).iter().any(|i| reached.contains(i)))
}

/// Whether test method `method` of `code` asserts anything a call of `target` did: `Some(false)`
/// when it has assertions and each uses nothing of it, None when some cannot be told or the method
/// is not there. argparse4j's `removePrefix` ~ `match` (unseen-46): split into one method per
/// assertion, `assertTrue(prefixPattern.match("argparse4j"))` stood alone, a check of `match` on a
/// fixed text that was kept as an MTC. A target that is a query (`changes_receiver` false) leaves
/// its receiver as it was: what is later read from the receiver is not what the target did.
pub fn asserts_on_target(code: &str, method: &str, target: &str, changes_receiver: bool) -> Option<bool> {
    let tree = crate::java_model::parser().parse(code, None)?;
    let found = super::inputs::find_method(tree.root_node(), code, method)?;
    let mut statements = Vec::new();
    descendants(found.child_by_field_name("body")?, &["expression_statement"], &mut statements);
    let declared = BTreeSet::new();
    let assertions = statements.into_iter().filter(|s| super::shape::is_assertion(text(*s, code), &declared));
    let mut any = false;
    for assertion in assertions {
        any = true;
        if uses_target_at(assertion, code, target, changes_receiver)? {
            return Some(true);
        }
    }
    any.then_some(false)
}

/// The locals that hold what a call of `target` before the assertion did, to a fixpoint.
fn reached(
    body: Node,
    code: &str,
    target: &str,
    changes_receiver: bool,
    before: &dyn Fn(&Node) -> bool,
) -> BTreeSet<String> {
    // (what is written, what it is made from): `v = e`, `T v = e`, and `r.m(args)` changing r.
    let mut flows: Vec<(String, BTreeSet<String>)> = Vec::new();
    let mut reached = BTreeSet::new();
    let mut calls = Vec::new();
    descendants(body, &["method_invocation"], &mut calls);
    for call in calls.iter().filter(|c| before(c)) {
        let receiver = call.child_by_field_name("object").filter(|o| o.kind() == "identifier");
        let receiver = receiver.map(|o| text(o, code).to_string());
        if name(*call, code) == target {
            reached.extend(receiver.clone().filter(|_| changes_receiver));
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
    fn a_method_asserting_only_what_the_target_never_touched_asserts_nothing_on_it() {
        use super::asserts_on_target;
        // argparse4j's `removePrefix` ~ `match`, split one assertion per method (unseen-46).
        let split = "class T {
    @Test
    void mr1_assert2() {
        PrefixPattern p = new PrefixPattern(\"a\");
        String sourceInput = \"argparse4j\";
        String followUpInput = \"argparse4j\";
        boolean sourceOutput = p.removePrefix(sourceInput).equals(sourceInput);
        boolean followUpOutput = p.match(followUpInput);
        assertTrue(followUpOutput, \"match should return true\");
    }
    @Test
    void mr1() {
        String out = p.removePrefix(\"-x\");
        assertTrue(p.match(\"-\" + out));
    }
    @Test
    void helped() {
        Matrix m = a.inverse();
        assertEqualMatrixValues(m, b);
    }
    private static void assertEqualMatrixValues(Object e, Object a) {
        assertEquals(e.toString(), a.toString());
    }
    @Test
    void none() {
        p.removePrefix(\"x\");
    }
}
";
        assert_eq!(asserts_on_target(split, "mr1_assert2", "removePrefix", false), Some(false));
        assert_eq!(asserts_on_target(split, "mr1_assert2", "removePrefix", true), Some(true), "p may have changed");
        assert_eq!(asserts_on_target(split, "mr1", "removePrefix", false), Some(true));
        assert_eq!(asserts_on_target(split, "helped", "inverse", true), None, "a helper's assertion");
        assert_eq!(asserts_on_target(split, "assertEqualMatrixValues", "inverse", true), None, "the helper itself");
        assert_eq!(asserts_on_target(split, "none", "removePrefix", true), None, "no assertion");
        assert_eq!(asserts_on_target(split, "missing", "removePrefix", true), None);
    }

    #[test]
    fn a_helper_or_a_line_without_an_assertion_is_not_judged() {
        assert_eq!(uses_target(TEST, 24, "reverse"), None, "check(x) may assert on x");
        assert_eq!(uses_target(TEST, 1, "reverse"), None);
    }
}
