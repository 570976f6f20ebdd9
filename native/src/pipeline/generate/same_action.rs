//! A round trip through methods named for the same action: an LLM's relation that `g(f(x))`
//! (or a longer chain down to `x`) gives back `x` where `f` and `g` both escape
//! (`escapeJsonMinimal(escapeJson(text)) equals text`), both encode, both format. It holds where
//! neither changes anything (a text with nothing to escape) and fails where both do, the pattern
//! of a bug that fails for some inputs only; but the names say neither undoes the other, so the
//! relation is what is wrong (unbescape's three false suspects). Names that say one undoes the
//! other (`escape`/`unescape`, `rotateLeft`/`rotateRight`) are no such pair. One method twice is
//! such a pair too, given the same arguments both times (json-simple's `escape(escape(s,
//! buffer))` back to `s`, unseen-23's false suspect), unless its action undoes itself
//! (`reverse(reverse(x))`) or the second call is given other arguments (`rotate(rotate(x, 3),
//! -3)`).

use crate::coupling::{name_tokens, named_inverses};
use tree_sitter::Node;

/// Why the asserted relation (`mtc::asserted_relation`) is a round trip of one action, if it is.
pub fn same_action_round_trip(asserted: &str) -> Option<String> {
    let (left, right) = asserted.split_once(" equals ")?;
    let chain = round_trip(left, right).or_else(|| round_trip(right, left))?;
    let [outer, inner, ..] = chain.as_slice() else { return None };
    let action = action_of(&outer.name)?;
    if chain.iter().any(|call| action_of(&call.name).as_ref() != Some(&action)) {
        return None;
    }
    let names_differ = chain.windows(2).any(|w| w[0].name != w[1].name);
    let undone = chain.windows(2).any(|w| named_inverses(&w[0].name, &w[1].name));
    // One method twice undoes itself when it is an involution (`reverse(reverse(s))`) or is given
    // other arguments the second time (`rotate(rotate(x, 3), -3)`); given the same ones, or one
    // overload after another (`escape(escape(s, buffer))`), it is one action done twice.
    let one_action_twice =
        !names_differ && chain.iter().all(|c| c.rest == outer.rest) && !SELF_INVERSE.contains(&action.as_str());
    (names_differ && !undone || one_action_twice).then(|| {
        let (outer, inner) = (&outer.name, &inner.name);
        let what = if outer == inner { "undoes itself".to_string() } else { format!("undoes `{inner}`") };
        format!(
            "it asserts that `{outer}` {what}, but both are named for the same action (`{action}`): \
             neither undoes the other, and the relation holds only where neither changes anything"
        )
    })
}

/// The action a method's name says: its first word, or, for a conversion to a case style
/// (`camelCase`, `kebabCase`, `toUpperCase`), the case. A style conversion loses the case and
/// separators of its input, so none undoes another (underscore-java's
/// `camelCase(kebabCase(camelCase(x))) = x`, a false suspect on `"Hello, World!"`, unseen-45).
fn action_of(name: &str) -> Option<String> {
    let words = name_tokens(name);
    match words.as_slice() {
        [_, .., last] if last == "case" => Some("case".to_string()),
        [first, ..] => Some(first.clone()),
        [] => None,
    }
}

/// Actions that done twice give back what they were given.
const SELF_INVERSE: &[&str] = &[
    "reverse",
    "negate",
    "flip",
    "invert",
    "inverse",
    "transpose",
    "toggle",
    "swap",
    "conjugate",
    "conj",
    "complement",
    "not",
    "opposite",
    "mirror",
    "xor",
    "reciprocal",
    "reflect",
];

/// One call of a round trip: the method's name and its arguments after the first, as written.
struct Call {
    name: String,
    rest: Vec<String>,
}

/// `g(f(x, ..), ..)` compared with `x`, or a longer chain down to `x` (`h(g(f(x)))`): the calls,
/// the outermost first, read with tree-sitter from the composed side as the expression a method
/// returns; None for fewer than two calls.
fn round_trip(composed: &str, x: &str) -> Option<Vec<Call>> {
    let declaration = format!("Object f() {{ return {composed}; }}");
    crate::java_model::sole_statement("X", &declaration, |statement, text| {
        let mut node = statement.named_child(0).filter(|_| !statement.has_error())?;
        let same = |a: &str, b: &str| a.split_whitespace().eq(b.split_whitespace());
        let mut chain = Vec::new();
        while let Some((call, argument)) = invocation(node, text) {
            chain.push(call);
            if same(text.get(argument.byte_range())?, x) {
                return (chain.len() >= 2).then_some(chain);
            }
            node = argument;
        }
        None
    })
}

/// A method call `name(first, ..)` (a receiver before the name allowed) -> its call and `first`.
fn invocation<'t>(node: Node<'t>, text: &'t str) -> Option<(Call, Node<'t>)> {
    (node.kind() == "method_invocation").then_some(())?;
    let name = text.get(node.child_by_field_name("name")?.byte_range())?.to_string();
    let arguments = node.child_by_field_name("arguments")?;
    let mut cursor = arguments.walk();
    let all: Vec<Node> = arguments.named_children(&mut cursor).collect();
    let rest = all.iter().skip(1).filter_map(|a| text.get(a.byte_range()).map(str::to_string)).collect();
    Some((Call { name, rest }, *all.first()?))
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
    fn case_styles_composed_are_no_round_trip() {
        // Qwen2.5-Coder-1.5B's relation for underscore-java's `U#camelCase` ~ `kebabCase`
        // (unseen-45), a suspected bug on `"Hello, World!"` before.
        let why = check("camelCase(kebabCase(camelCase(sourceInput))) equals sourceInput").expect("both set case");
        assert!(why.contains("`camelCase` undoes `kebabCase`") && why.contains("(`case`)"), "{why}");
        assert!(check("snakeCase(camelCase(s)) equals s").is_some());
        assert!(check("camelCase(decode(encode(x))) equals x").is_none(), "not every call sets case");
        assert!(check("decode(encode(compress(x))) equals x").is_none(), "a chain of other actions");
    }

    #[test]
    fn an_inverse_by_name_or_one_method_twice_is_left_alone() {
        assert!(check("unescapeJson(escapeJson(text)) equals text").is_none(), "escape/unescape");
        assert!(check("rotateRight(rotateLeft(x, 3), 3) equals x").is_none(), "left/right");
        assert!(check("reverse(reverse(s)) equals s").is_none(), "an involution's claim");
        assert!(check("rotate(rotate(x, 3), -3) equals x").is_none(), "given other arguments the second time");
        assert!(check("escapeJson(escapeJson(text)) equals escapeJson(text)").is_none(), "not back to x");
        assert!(check("escapeJson(text) equals text").is_none(), "no composition");
        assert!(check("decode(encode(x)) equals x").is_none(), "two actions");
        assert!(check("escapeJson(text equals text").is_none(), "not Java");
    }

    #[test]
    fn one_action_done_twice_is_no_round_trip() {
        let why = check("escape(escape(source)) equals source").expect("escape twice");
        assert!(why.contains("`escape` undoes itself"), "{why}");
        assert!(check("encode(encode(x, UTF_8), UTF_8) equals x").is_some(), "the same arguments again");
    }

    #[test]
    fn arguments_are_read_as_java_not_by_counting_brackets() {
        // A comparison in the first argument: `<` and `>` open nothing.
        assert!(check("escapeA(escapeB(a < b ? x : y, 1 > 0), true) equals a < b ? x : y").is_some());
        assert!(check("escapeA(escapeB(\"(\" + text), 2) equals \"(\" + text").is_some(), "a bracket in a string");
    }
}
