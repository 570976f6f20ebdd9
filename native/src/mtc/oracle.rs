//! Whether an MTC's assertion compares an output with a value the test wrote itself
//! (`assertEquals("value2", followUpOutput)`) rather than with another output: an oracle the LLM
//! worked out by hand, which is what a metamorphic relation exists to avoid. A 1.5B model's
//! amplified inputs keep the first input's expected text while their inputs change (Gson's
//! `JsonObject#remove`, tests/bench/llm unseen-7).

use tree_sitter::Node;

/// The literal the assertion starting on the 1-based `line` compares with, when one of its two
/// compared arguments is a string, character or number literal and the other is not; `0`, `1`,
/// `-1`, booleans and `null` do not count (a sign, an identity, a size: relations state them).
pub fn asserted_literal(code: &str, line: usize) -> Option<String> {
    let tree = crate::java_model::parser().parse(code, None)?;
    let calls = super::inputs::on_line(tree.root_node(), line, "method_invocation");
    let assertion = calls.into_iter().find(|c| {
        let name = c.child_by_field_name("name").and_then(|n| code.get(n.byte_range())).unwrap_or("");
        matches!(name, "assertEquals" | "assertNotEquals" | "assertSame" | "assertThat")
    })?;
    let arguments = assertion.child_by_field_name("arguments")?;
    let (first, second) = (arguments.named_child(0)?, arguments.named_child(1)?);
    match (hand_written(first, code), hand_written(second, code)) {
        (Some(literal), None) | (None, Some(literal)) => Some(literal),
        _ => None,
    }
}

/// A literal that states an output's value.
fn hand_written(node: Node, code: &str) -> Option<String> {
    let text = code.get(node.byte_range())?.trim();
    let literal = match node.kind() {
        "string_literal" | "character_literal" => true,
        "decimal_integer_literal" | "decimal_floating_point_literal" | "hex_integer_literal" => {
            !matches!(text, "0" | "1" | "0L" | "1L" | "0.0" | "1.0")
        }
        "unary_expression" => node.named_child(0).is_some_and(|n| hand_written(n, code).is_some()),
        _ => false,
    };
    literal.then(|| text.to_string())
}

#[cfg(test)]
mod tests {
    use super::asserted_literal;

    #[test]
    fn an_output_compared_with_a_written_value_not_with_another_output() {
        let code = "class T {\n    void mr1() {\n        assertEquals(\"value2\", followUpOutput);\n        assertEquals(sourceOutput, followUpOutput);\n        assertEquals(0, a.compareTo(b));\n        assertEquals(followUp, 42L, \"message\");\n        assertEquals(-7, x);\n        assertTrue(a.contains(\"x\"));\n        assertEquals(\"a\", \"b\");\n    }\n}\n";
        assert_eq!(asserted_literal(code, 3).as_deref(), Some("\"value2\""));
        assert_eq!(asserted_literal(code, 4), None, "two outputs");
        assert_eq!(asserted_literal(code, 5), None, "a sign");
        assert_eq!(asserted_literal(code, 6).as_deref(), Some("42L"));
        assert_eq!(asserted_literal(code, 7).as_deref(), Some("-7"));
        assert_eq!(asserted_literal(code, 8), None, "no compared value");
        assert_eq!(asserted_literal(code, 9), None, "nothing of the class compared");
    }
}
