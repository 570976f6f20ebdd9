//! One relation per test method. A small model often asserts two relations in one test method
//! (java-ipv6: `assertEquals(a, a.add(n).subtract(n))`, then `assertEquals(a, a.subtract(-n))`,
//! which is wrong). The first assertion that fails hides the ones after it, and the method is
//! judged as one wrong relation that takes the valid one down with it. A test method that failed on
//! the class under test and asserts at two or more of its top-level statements is written once per
//! assertion: every other statement kept, the other assertions left out. Each copy is then kept,
//! filtered or triaged on its own. Checks that state no relation (`assertNotNull`, `assertThrows`,
//! ...) stay in every copy, as do assertions nested in a loop or a branch.

use super::shape::is_assertion;
use std::collections::BTreeSet;
use std::ops::Range;
use tree_sitter::Node;

/// Assertions about one value or one call, not a relation: context that every copy keeps.
const CHECKS: [&str; 7] = [
    "assertNotNull",
    "assertNull",
    "assertThrows",
    "assertDoesNotThrow",
    "assertTimeout",
    "assertTimeoutPreemptively",
    "assertInstanceOf",
];

/// A test method written once per assertion: its name and the names of its copies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    pub method: String,
    pub copies: Vec<String>,
}

/// `code` with each test method named in `failed` that asserts at two or more top-level statements
/// written once per assertion. The method itself keeps its first assertion. The copy for the k-th
/// (k from 2) is named `name_of(method, k)` and placed after it. None when no method splits; a
/// method whose copies' names are taken stays as it is.
pub fn split_assertions(
    code: &str,
    failed: &[&str],
    name_of: &dyn Fn(&str, usize) -> String,
) -> Option<(String, Vec<Split>)> {
    let tree = crate::java_model::parser().parse(code, None)?;
    let methods = super::split_input::methods(tree.root_node(), code);
    let declared: BTreeSet<&str> = methods.iter().map(|(n, _)| n.as_str()).collect();
    let mut edits: Vec<((usize, usize), String)> = Vec::new();
    let mut splits: Vec<Split> = Vec::new();
    for (name, method) in methods.iter().filter(|(n, _)| failed.contains(&n.as_str())) {
        let assertions = relation_assertions(*method, code, &declared);
        let copies: Vec<String> = (2..=assertions.len()).map(|k| name_of(name, k)).collect();
        let taken = |n: &String| declared.contains(n.as_str()) || splits.iter().any(|s| s.copies.contains(n));
        if copies.is_empty() || copies.iter().any(taken) {
            continue;
        }
        let Some(name_node) = method.child_by_field_name("name") else { continue };
        let range = method.byte_range();
        let at = |r: Range<usize>| (r.start - range.start, r.end - range.start);
        let relative: Vec<(usize, usize)> = assertions.into_iter().map(at).collect();
        let text = &code[range.clone()];
        let indent = code[..range.start].rsplit('\n').next().filter(|i| i.trim().is_empty()).unwrap_or("");
        let mut written = variant(text, &relative, 0, None);
        for (k, copy) in copies.iter().enumerate() {
            let renamed = (at(name_node.byte_range()), copy.as_str());
            written.push_str(&format!("\n\n{indent}{}", variant(text, &relative, k + 1, Some(renamed))));
        }
        edits.push(((range.start, range.end), written));
        splits.push(Split { method: name.clone(), copies });
    }
    if edits.is_empty() {
        return None;
    }
    edits.sort_by_key(|(r, _)| r.0);
    Some((super::catalogue::edited(code, &edits), splits))
}

/// The method's text with every assertion in `assertions` but the `keep`-th left out, renamed
/// when `rename` says so (its range comes before the body, so before every assertion).
fn variant(text: &str, assertions: &[(usize, usize)], keep: usize, rename: Option<((usize, usize), &str)>) -> String {
    let mut edits: Vec<((usize, usize), String)> = rename.map(|(r, n)| (r, n.to_string())).into_iter().collect();
    edits.extend(assertions.iter().enumerate().filter(|(k, _)| *k != keep).map(|(_, &r)| (r, String::new())));
    super::catalogue::edited(text, &edits)
}

/// The top-level statements of a method's body that assert a relation, each with the whole of its
/// line(s) where it stands alone on them (a trailing `//` comment goes with it).
fn relation_assertions(method: Node, code: &str, declared: &BTreeSet<&str>) -> Vec<Range<usize>> {
    let Some(body) = method.child_by_field_name("body") else { return Vec::new() };
    let mut cursor = body.walk();
    let statements: Vec<Node> = body.named_children(&mut cursor).collect();
    statements
        .into_iter()
        .filter(|s| s.kind() == "expression_statement")
        .filter(|s| code.get(s.byte_range()).is_some_and(|t| is_assertion(t, declared) && !is_check(t)))
        .map(|s| whole_lines(code, s.byte_range()))
        .collect()
}

fn is_check(statement: &str) -> bool {
    let callee = statement.trim_start().split('(').next().unwrap_or("");
    let callee = callee.rsplit('.').next().unwrap_or(callee).trim();
    CHECKS.contains(&callee)
}

fn whole_lines(code: &str, r: Range<usize>) -> Range<usize> {
    let line_start = code[..r.start].rfind('\n').map_or(0, |i| i + 1);
    let start = if code[line_start..r.start].trim().is_empty() { line_start } else { r.start };
    let line_end = code[r.end..].find('\n').map_or(code.len(), |i| r.end + i + 1);
    let rest = code[r.end..line_end].trim();
    let end = if rest.is_empty() || rest.starts_with("//") { line_end } else { r.end };
    start..end
}

#[cfg(test)]
mod tests {
    use super::*;

    const IPV6: &str = r#"package com.googlecode.ipv6;

import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.*;

public class IPv6Address_add_MTC1Test {

    @Test
    void mr1() throws Exception {
        // MR: add(n) is undone by subtract(n)
        IPv6Address a = IPv6Address.fromString("1234:5678:abcd:0000:9876:3210:ffff:ffff");
        int n = 1;
        assertNotNull(a);
        assertEquals(a, a.add(n).subtract(n));
        assertEquals(a, a.subtract(-n)); // and back
    }

    @Test
    void mr2() throws Exception {
        IPv6Address a = IPv6Address.fromString("::1");
        assertEquals(a, a.add(0));
        assertEquals(a.add(1), a.add(1));
    }
}
"#;

    fn suffixed(name: &str, k: usize) -> String {
        format!("{name}_assert{k}")
    }

    #[test]
    fn a_failed_method_with_two_relations_is_written_once_per_relation() {
        let (code, splits) = split_assertions(IPV6, &["mr1"], &suffixed).expect("mr1 splits");
        assert_eq!(splits, vec![Split { method: "mr1".into(), copies: vec!["mr1_assert2".into()] }]);
        let expected = r#"    @Test
    void mr1() throws Exception {
        // MR: add(n) is undone by subtract(n)
        IPv6Address a = IPv6Address.fromString("1234:5678:abcd:0000:9876:3210:ffff:ffff");
        int n = 1;
        assertNotNull(a);
        assertEquals(a, a.add(n).subtract(n));
    }

    @Test
    void mr1_assert2() throws Exception {
        // MR: add(n) is undone by subtract(n)
        IPv6Address a = IPv6Address.fromString("1234:5678:abcd:0000:9876:3210:ffff:ffff");
        int n = 1;
        assertNotNull(a);
        assertEquals(a, a.subtract(-n)); // and back
    }

    @Test
    void mr2() throws Exception {"#;
        assert!(code.contains(expected), "{code}");
        // mr2 did not fail: it stays whole
        assert!(code.contains("assertEquals(a, a.add(0));\n        assertEquals(a.add(1), a.add(1));"));
    }

    #[test]
    fn a_method_with_one_relation_beside_checks_does_not_split() {
        let one = IPV6.replace("        assertEquals(a, a.subtract(-n)); // and back\n", "");
        let one = one.replace("void mr1()", "void mr3()");
        assert_eq!(split_assertions(&one, &["mr3"], &suffixed), None);
        // nor does a method that did not fail, nor one whose copy's name is taken
        assert_eq!(split_assertions(IPV6, &[], &suffixed), None);
        let taken = IPV6.replace("void mr2()", "void mr1_assert2()");
        assert_eq!(split_assertions(&taken, &["mr1"], &suffixed), None);
    }

    #[test]
    fn nested_assertions_and_helpers_named_like_assertions_stay_in_every_copy() {
        let code = r#"class T {
    @Test
    void mr1() {
        for (int i = 0; i < 3; i++) {
            assertTrue(f(i) > 0);
        }
        assertEqualsBoth(1, 2);
        Assertions.assertEquals(f(1), g(1));
        assertThat(f(2)).isEqualTo(g(2));
    }

    void assertEqualsBoth(int a, int b) {}
}
"#;
        let (out, splits) = split_assertions(code, &["mr1"], &suffixed).expect("splits");
        assert_eq!(splits[0].copies, vec!["mr1_assert2".to_string()]);
        let copy = &out[out.find("void mr1_assert2").unwrap()..];
        assert!(copy.contains("assertTrue(f(i) > 0);") && copy.contains("assertEqualsBoth(1, 2);"), "{out}");
        assert!(copy.contains("assertThat(f(2))") && !copy.contains("Assertions.assertEquals"), "{out}");
        let first = &out[..out.find("void mr1_assert2").unwrap()];
        assert!(first.contains("Assertions.assertEquals(f(1), g(1));") && !first.contains("assertThat"), "{out}");
    }
}
