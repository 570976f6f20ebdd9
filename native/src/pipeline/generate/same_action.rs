//! A round trip through two methods named for the same action: an LLM's relation that `g(f(x))`
//! gives back `x` where `f` and `g` both escape (`escapeJsonMinimal(escapeJson(text)) equals
//! text`), both encode, both format. It holds where neither changes anything (a text with nothing
//! to escape) and fails where both do, the pattern of a bug that fails for some inputs only; but
//! the names say neither undoes the other, so the relation is what is wrong (unbescape's three
//! false suspects). Names that say one undoes the other (`escape`/`unescape`,
//! `rotateLeft`/`rotateRight`) are no such pair, nor one method twice (`reverse(reverse(x))`).

use crate::coupling::{name_tokens, named_inverses};
use tree_sitter::Node;

/// Why the asserted relation (`mtc::asserted_relation`) is a round trip of one action, if it is.
pub fn same_action_round_trip(asserted: &str) -> Option<String> {
    let (left, right) = asserted.split_once(" equals ")?;
    let (outer, inner) = round_trip(left, right).or_else(|| round_trip(right, left))?;
    let (o, i) = (name_tokens(&outer), name_tokens(&inner));
    let action = o.first().filter(|a| i.first() == Some(*a))?;
    (outer != inner && !named_inverses(&outer, &inner)).then(|| {
        format!(
            "it asserts that `{outer}` undoes `{inner}`, but both are named for the same action (`{action}`): \
             neither undoes the other, and the relation holds only where neither changes anything"
        )
    })
}

/// `g(f(x, ..), ..)` compared with `x`: the names `g` and `f`, read with tree-sitter from the
/// composed side as the expression a method returns.
fn round_trip(composed: &str, x: &str) -> Option<(String, String)> {
    let declaration = format!("Object f() {{ return {composed}; }}");
    crate::java_model::sole_statement("X", &declaration, |statement, text| {
        let returned = statement.named_child(0).filter(|_| !statement.has_error())?;
        let (outer, outer_argument) = invocation(returned, text)?;
        let (inner, inner_argument) = invocation(outer_argument, text)?;
        let same = |a: &str, b: &str| a.split_whitespace().eq(b.split_whitespace());
        same(text.get(inner_argument.byte_range())?, x).then(|| (outer.to_string(), inner.to_string()))
    })
}

/// A method call `name(first, ..)` (a receiver before the name allowed) -> `(name, first)`.
fn invocation<'t>(node: Node<'t>, text: &'t str) -> Option<(&'t str, Node<'t>)> {
    (node.kind() == "method_invocation").then_some(())?;
    let name = text.get(node.child_by_field_name("name")?.byte_range())?;
    Some((name, node.child_by_field_name("arguments")?.named_child(0)?))
}

#[cfg(test)]
mod tests {
    use super::same_action_round_trip as check;

    #[test]
    fn two_escapers_composed_are_no_round_trip() {
        let why = check("escapeJsonMinimal(escapeJson(text)) equals text").expect("both escape");
        assert!(why.contains("`escapeJsonMinimal` undoes `escapeJson`") && why.contains("(`escape`)"), "{why}");
        assert!(check("text equals HtmlEscape.escapeHtml4Xml(HtmlEscape.escapeHtml5(text))").is_some());
        assert!(check("encodeHex(encodeBase64(data, true), false) equals data").is_some());
    }

    /// The model's reply for unbescape's `escapeJson` ~ `escapeJsonMinimal` (unseen-15), one method.
    const REPLY: &str = r#"package org.unbescape.json;

import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.*;

public class JsonEscape_escapeJson_MTC2Test {

    @Test
    void mr1_input3() throws Exception {
        // MR: <the relation between escapeJson(String) and escapeJsonMinimal(String), in one line>
        // (i) source input
        // (ii) source output: call escapeJson(String) on the source input
        // (iii) follow-up input, derived from the source input and/or output
        // (iv) follow-up output: call escapeJsonMinimal(String) on the follow-up input
        // (v) assert the output relation
        String text = "Hello, World! 
";
        String sourceOutput = JsonEscape.escapeJson(text);
        String followUpOutput = JsonEscape.escapeJsonMinimal(sourceOutput);
        assertEquals(text, followUpOutput);
    }
}"#;

    #[test]
    fn a_recorded_reply_composing_two_escapers() {
        let asserted = crate::mtc::asserted_relation(REPLY, "mr1_input3").expect("its assertion");
        assert_eq!(asserted, "escapeJsonMinimal(escapeJson(text)) equals text");
        assert!(check(&asserted).is_some());
        assert!(crate::mtc::asserted_relation(REPLY, "mr2").is_none(), "no such method");
    }

    #[test]
    fn an_inverse_by_name_or_one_method_twice_is_left_alone() {
        assert!(check("unescapeJson(escapeJson(text)) equals text").is_none(), "escape/unescape");
        assert!(check("rotateRight(rotateLeft(x, 3), 3) equals x").is_none(), "left/right");
        assert!(check("reverse(reverse(s)) equals s").is_none(), "an involution's claim");
        assert!(check("escapeJson(escapeJson(text)) equals escapeJson(text)").is_none(), "not back to x");
        assert!(check("escapeJson(text) equals text").is_none(), "no composition");
        assert!(check("decode(encode(x)) equals x").is_none(), "two actions");
        assert!(check("escapeJson(text equals text").is_none(), "not Java");
    }

    #[test]
    fn arguments_are_read_as_java_not_by_counting_brackets() {
        // A comparison in the first argument: `<` and `>` open nothing.
        assert!(check("escapeA(escapeB(a < b ? x : y, 1 > 0), true) equals a < b ? x : y").is_some());
        assert!(check("escapeA(escapeB(\"(\" + text), 2) equals \"(\" + text").is_some(), "a bracket in a string");
    }
}
