//! What counts as an assertion in a test method, for every room that tells a test's inputs from
//! its checks: a call named `assert*` (JUnit's and Hamcrest's `assertEquals`, `assertThat`) or
//! `fail`, and the calls chained onto one (AssertJ's `assertThat(x).isEqualTo(y)`).

use tree_sitter::Node;

/// Whether `node` is an assertion call. `base` is where `code` starts in the parsed text (0 when
/// `code` is all of it).
pub(super) fn is_assertion_call(node: Node, code: &str, base: usize) -> bool {
    let mut call = Some(node);
    while let Some(c) = call.filter(|c| c.kind() == "method_invocation") {
        let name = c.child_by_field_name("name").and_then(|n| {
            let range = n.start_byte().checked_sub(base)?..n.end_byte().checked_sub(base)?;
            code.get(range)
        });
        if name.is_some_and(|n| n.starts_with("assert") || n == "fail") {
            return true;
        }
        call = c.child_by_field_name("object");
    }
    false
}

/// The two values an equality assertion's `arguments` compare: JUnit 5's `(expected, actual[,
/// message])`, JUnit 4's `([message,] expected, actual)`. Without the setting (`junit` None) a
/// first argument of three is JUnit 4's message when it is a text literal.
pub(super) fn compared_arguments<'t>(arguments: Node<'t>, junit: Option<super::JUnit>) -> Option<(Node<'t>, Node<'t>)> {
    let all: Vec<Node> = arguments.named_children(&mut arguments.walk()).collect();
    let message_first = all.len() == 3
        && match junit {
            Some(junit) => junit == super::JUnit::Four,
            None => all[0].kind() == "string_literal",
        };
    match all.len() {
        3 if message_first => Some((all[1], all[2])),
        2 | 3 => Some((all[0], all[1])),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_call_of(statement: &str) -> bool {
        let code = format!("class T {{ void t() {{ {statement} }} }}");
        let tree = crate::java_model::parser().parse(&code, None).expect("parsed");
        let class_body = tree.root_node().named_child(0).and_then(|c| c.child_by_field_name("body"));
        let body = class_body.and_then(|b| b.named_child(0)).and_then(|m| m.child_by_field_name("body"));
        let mut calls = Vec::new();
        super::super::inputs::collect(body.expect("a method body"), "method_invocation", &mut calls);
        calls.first().is_some_and(|c| is_assertion_call(*c, &code, 0))
    }

    #[test]
    fn junit_assertj_and_fail_calls_assert() {
        assert!(first_call_of("assertEquals(1, f(x));"));
        assert!(first_call_of("Assertions.assertTrue(ok);"));
        assert!(first_call_of("assertThat(f(x)).isEqualTo(\"abc\");"));
        assert!(first_call_of("fail(\"unreachable\");"));
    }

    #[test]
    fn other_calls_do_not() {
        assert!(!first_call_of("list.add(f(x));"));
        assert!(!first_call_of("failures.add(x);"));
        assert!(!first_call_of("builder.append(\"a\").append(\"b\");"));
    }
}
