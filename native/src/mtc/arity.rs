//! A static repair for a constructor given numbers it has no arity for: `new MutablePeriod(1, 2,
//! .., 12)` where the class's constructors of numbers take 4 or 8 (javac: `no suitable
//! constructor found for MutablePeriod(int,...)`, or `int cannot be converted to PeriodType`
//! where an overload of that arity takes something else; a 1.5B model wrote both for joda-time's
//! `MutablePeriod`). The literals are cut to the longest such constructor they fill, or, when
//! there are fewer literals than any takes, padded with `0`. Only literal arguments: a computed
//! value may mean a different parameter, a literal is an arbitrary input either way. Whether the
//! relation holds with these inputs is for the trial to say.

use crate::java_model::{ClassModel, MethodModel};
use crate::protocol::CompileDiagnostic;
use tree_sitter::Node;

const NUMBERS: &[&str] = &["int", "long", "short", "byte", "double", "float"];

/// tree-sitter-java's kinds of number literal.
const NUMBER_LITERALS: &[&str] = &[
    "decimal_integer_literal",
    "hex_integer_literal",
    "octal_integer_literal",
    "binary_integer_literal",
    "decimal_floating_point_literal",
    "hex_floating_point_literal",
];

/// The code with each such constructor call given an arity the class has; None when an error
/// line holds none.
pub fn constructor_arity<'c>(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Option<String> {
    super::javac::edit_at_errors(code, diagnostics, |root, d| {
        let creations = super::inputs::on_line(root, d.line, "object_creation_expression");
        creations
            .into_iter()
            .filter_map(|creation| {
                let arguments = creation.child_by_field_name("arguments")?;
                let type_name = creation.child_by_field_name("type").and_then(|t| code.get(t.byte_range()))?;
                let class = class_named(type_name.split('<').next()?.trim())?;
                let literals = numeric_literals(arguments, code)?;
                let arity = fitting_arity(class, literals.len())?;
                let mut fitted: Vec<&str> = literals.into_iter().take(arity).collect();
                fitted.resize(arity, "0");
                Some((arguments.start_byte(), arguments.end_byte(), format!("({})", fitted.join(", "))))
            })
            .collect()
    })
}

/// The arguments' texts when every one is a number literal, with a sign or without.
fn numeric_literals<'a>(arguments: Node, code: &'a str) -> Option<Vec<&'a str>> {
    let mut cursor = arguments.walk();
    let all: Vec<Node> = arguments.named_children(&mut cursor).collect();
    let is_number = |n: Node| NUMBER_LITERALS.contains(&n.kind());
    let signed = |n: Node| {
        let sign = n.child_by_field_name("operator").and_then(|o| code.get(o.byte_range()));
        matches!(sign, Some("-" | "+")) && n.child_by_field_name("operand").is_some_and(is_number)
    };
    let literal = |n: Node| is_number(n) || (n.kind() == "unary_expression" && signed(n));
    all.iter().all(|n| literal(*n)).then(|| all.iter().filter_map(|n| code.get(n.byte_range())).collect())
}

/// The arity to give `given` number literals: none when a constructor of numbers takes that many
/// already; else the longest such constructor they fill, else the shortest.
fn fitting_arity(class: &ClassModel, given: usize) -> Option<usize> {
    let of_numbers: Vec<&MethodModel> = class
        .methods
        .iter()
        .filter(|m| m.is_constructor && !m.is_private() && !m.params.is_empty())
        .filter(|m| m.params.iter().all(|p| NUMBERS.contains(&p.type_name.as_str())))
        .collect();
    if of_numbers.iter().any(|m| m.params.len() == given) {
        return None;
    }
    let arities = of_numbers.iter().map(|m| m.params.len());
    arities.clone().filter(|&n| n < given).max().or_else(|| arities.filter(|&n| n > given).min())
}

#[cfg(test)]
mod tests {
    use super::constructor_arity;
    use crate::java_model::{parse_str, ClassModel};
    use crate::mtc::javac::error_at as error;

    fn period() -> ClassModel {
        let src = "package org.joda.time;\npublic class MutablePeriod {\n    public MutablePeriod() {}\n    public MutablePeriod(long duration) {}\n    public MutablePeriod(int hours, int minutes, int seconds, int millis) {}\n    public MutablePeriod(int years, int months, int weeks, int days, int hours, int minutes, int seconds, int millis) {}\n    public MutablePeriod(int years, int months, int weeks, int days, int hours, int minutes, int seconds, int millis, PeriodType type) {}\n}\n";
        parse_str(std::path::Path::new("MutablePeriod.java"), src).classes.remove(0)
    }

    fn repaired(code: &str, line: usize) -> Option<String> {
        let class = period();
        let message = "incompatible types: int cannot be converted to org.joda.time.PeriodType";
        constructor_arity(code, &[error(line, message)], &|name| (name == class.name).then_some(&class))
    }

    fn creating(arguments: &str) -> String {
        format!(
            "class T {{\n    void mr1() {{\n        MutablePeriod p = new MutablePeriod({arguments});\n    }}\n}}\n"
        )
    }

    #[test]
    fn real_replies_literals_are_cut_to_the_longest_constructor_they_fill() {
        // Qwen2.5-Coder-1.5B's replies for joda-time's MutablePeriod#setDays: 9 and 12 ints.
        let nine = repaired(&creating("1, 2, 3, 4, 5, 6, 7, 8, 9"), 3).unwrap();
        assert!(nine.contains("new MutablePeriod(1, 2, 3, 4, 5, 6, 7, 8);"), "{nine}");
        let twelve = repaired(&creating("1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12"), 3).unwrap();
        assert!(twelve.contains("new MutablePeriod(1, 2, 3, 4, 5, 6, 7, 8);"), "{twelve}");
    }

    #[test]
    fn too_few_literals_are_padded_with_zero_and_signs_count_as_literals() {
        let two = repaired(&creating("-1, 2"), 3).unwrap();
        assert!(two.contains("new MutablePeriod(-1);"), "cut to the (long), the longest they fill: {two}");
        let class =
            parse_str(std::path::Path::new("P.java"), "class MutablePeriod { MutablePeriod(int a, int b, int c) {} }")
                .classes
                .remove(0);
        let fixed =
            constructor_arity(&creating("7"), &[error(3, "no suitable constructor")], &|_| Some(&class)).unwrap();
        assert!(fixed.contains("new MutablePeriod(7, 0, 0);"), "{fixed}");
    }

    #[test]
    fn no_repair_for_computed_arguments_a_fitting_arity_or_another_line() {
        assert!(repaired(&creating("1, 2, 3, x"), 3).is_none(), "a computed argument");
        assert!(repaired(&creating("1, 2, 3, 4"), 3).is_none(), "a constructor takes four numbers");
        assert!(repaired(&creating("\"1\", 2, 3, 4, 5"), 3).is_none(), "a string");
        assert!(repaired(&creating("1, 2, 3, 4, 5, 6, 7, 8, 9"), 2).is_none(), "no error on that line");
    }
}
