//! The numbers an MTC method passes to a method under test, as far as the code states them: a
//! literal, or a local initialised by one (`int x = 3; align(x, x)`). What triage holds against a
//! precondition the method documents.

use super::inputs::{collect, find_method};
use tree_sitter::Node;

/// For each call of `callee` with `arity` arguments in test method `method`, the number passed as
/// argument `index`; None for an argument computed some other way.
pub fn numeric_arguments(code: &str, method: &str, callee: &str, arity: usize, index: usize) -> Vec<Option<f64>> {
    let Some(tree) = crate::java_model::parser().parse(code, None) else { return Vec::new() };
    let Some(body) = find_method(tree.root_node(), code, method).and_then(|m| m.child_by_field_name("body")) else {
        return Vec::new();
    };
    let text = |n: Node| code.get(n.byte_range()).unwrap_or("");
    let mut calls = Vec::new();
    invocations(body, &mut calls);
    calls
        .into_iter()
        .filter(|c| c.child_by_field_name("name").map(text) == Some(callee))
        .filter_map(|c| c.child_by_field_name("arguments"))
        .filter(|a| a.named_child_count() == arity)
        .map(|a| a.named_child(u32::try_from(index).ok()?).and_then(|arg| value(arg, body, code, true)))
        .collect()
}

/// Every method invocation under `node`, those inside another's arguments too
/// (`assertEquals(align(x, x), ..)`), not inside lambdas or nested classes.
fn invocations<'t>(node: Node<'t>, out: &mut Vec<Node<'t>>) {
    let mut cursor = node.walk();
    let children: Vec<Node<'t>> = node.named_children(&mut cursor).collect();
    for child in children.into_iter().filter(|c| !matches!(c.kind(), "lambda_expression" | "class_body")) {
        if child.kind() == "method_invocation" {
            out.push(child);
        }
        invocations(child, out);
    }
}

/// The number an expression is: a numeric literal, negated or in parentheses, or (once) a local
/// of the method body initialised by one.
fn value(node: Node, body: Node, code: &str, follow_locals: bool) -> Option<f64> {
    let text = code.get(node.byte_range())?;
    match node.kind() {
        "decimal_integer_literal" | "hex_integer_literal" | "decimal_floating_point_literal" => number(text),
        "parenthesized_expression" => value(node.named_child(0)?, body, code, follow_locals),
        "unary_expression" if text.trim_start().starts_with('-') => {
            Some(-value(node.child_by_field_name("operand")?, body, code, follow_locals)?)
        }
        "identifier" if follow_locals => {
            let mut declarators = Vec::new();
            collect(body, "variable_declarator", &mut declarators);
            let named = |d: &Node| d.child_by_field_name("name").and_then(|n| code.get(n.byte_range())) == Some(text);
            // A local assigned twice is no longer known from its declaration.
            let [declarator] = declarators.into_iter().filter(named).collect::<Vec<_>>()[..] else { return None };
            value(declarator.child_by_field_name("value")?, body, code, false)
        }
        _ => None,
    }
}

/// `3`, `0x10`, `1_000L`, `2.5d`.
fn number(literal: &str) -> Option<f64> {
    let digits: String = literal.chars().filter(|c| *c != '_').collect();
    if let Some(hex) = digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        return i64::from_str_radix(hex.trim_end_matches(['L', 'l']), 16).ok().map(|n| n as f64);
    }
    digits.trim_end_matches(['L', 'l', 'd', 'D', 'f', 'F']).parse().ok()
}

#[cfg(test)]
mod tests {
    use super::numeric_arguments;

    #[test]
    fn literals_and_locals_initialised_by_one_are_known_other_arguments_are_not() {
        let code = "class T {\n    void mr1() {\n        int x = 3;\n        int y = x * 2;\n        int a = assertEquals(BitUtil.align(x, x), 1);\n        int b = BitUtil.align(-(0x10), y);\n        int c = BitUtil.align(1_000L, 2);\n        int d = other(7, 8);\n    }\n}\n";
        assert_eq!(numeric_arguments(code, "mr1", "align", 2, 0), vec![Some(3.0), Some(-16.0), Some(1000.0)]);
        assert_eq!(numeric_arguments(code, "mr1", "align", 2, 1), vec![Some(3.0), None, Some(2.0)]);
        assert!(numeric_arguments(code, "mr1", "align", 3, 0).is_empty(), "no call of that arity");
        assert!(numeric_arguments(code, "mr2", "align", 2, 0).is_empty(), "no such method");
    }
}
