//! Major's mutation operators on method bodies. Each operator finds sites (an expression or a
//! statement) and the alternatives that replace them; only alternatives that are type-correct as
//! far as [`TypeEnv`] can tell are produced, and a site is skipped when unsure.

use super::types::{is_integral, is_numeric, TypeEnv};
use crate::java_model::types::erase_simple;
use serde::Serialize;
use tree_sitter::Node;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Operator {
    /// Arithmetic operator replacement: `+ - * / %`.
    AOR,
    /// Logical (bitwise) operator replacement: `& | ^`.
    LOR,
    /// Shift operator replacement: `<< >> >>>`.
    SOR,
    /// Conditional operator replacement: `&&`/`||` swapped, replaced by an operand, `true`, `false`.
    COR,
    /// Relational operator replacement: each by the others, `true`, `false`.
    ROR,
    /// Unary operator replacement: `- ~ +`.
    ORU,
    /// Literal value replacement.
    LVR,
    /// Expression value replacement by the type's default.
    EVR,
    /// Statement deletion.
    STD,
}

impl Operator {
    pub const ALL: [Operator; 9] = [
        Operator::AOR,
        Operator::LOR,
        Operator::SOR,
        Operator::COR,
        Operator::ROR,
        Operator::ORU,
        Operator::LVR,
        Operator::EVR,
        Operator::STD,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Operator::AOR => "AOR",
            Operator::LOR => "LOR",
            Operator::SOR => "SOR",
            Operator::COR => "COR",
            Operator::ROR => "ROR",
            Operator::ORU => "ORU",
            Operator::LVR => "LVR",
            Operator::EVR => "EVR",
            Operator::STD => "STD",
        }
    }
}

/// One place a mutant changes, with what replaces it. `text` is a whole replacement for the
/// site's source range; for a statement deletion it is empty.
#[derive(Debug, Clone)]
pub struct Site {
    pub start: usize,
    pub end: usize,
    pub line: usize,
    pub operator: Operator,
    pub statement: bool,
    pub from: String,
    /// The site's source on one line, for `mutants.log`.
    pub original: String,
    pub alternatives: Vec<Alternative>,
}

#[derive(Debug, Clone)]
pub struct Alternative {
    pub to: String,
    pub text: String,
}

pub struct SiteFinder<'a> {
    pub env: TypeEnv<'a>,
    pub sites: Vec<Site>,
}

const AOR: [&str; 5] = ["+", "-", "*", "/", "%"];
const LOR: [&str; 3] = ["&", "|", "^"];
const SOR: [&str; 3] = ["<<", ">>", ">>>"];
const ROR: [&str; 6] = ["<", "<=", ">", ">=", "==", "!="];

impl<'a> SiteFinder<'a> {
    fn text(&self, node: Node) -> &'a str {
        self.env.src.get(node.byte_range()).unwrap_or("")
    }

    /// Source of a child as it appears inside an alternative: on one line, so the schemata keeps
    /// the original line numbers (the diagnostics of a failed compile name mutants by line).
    fn flat(&self, node: Node) -> String {
        self.text(node).replace(['\r', '\n'], " ")
    }

    fn push(&mut self, node: Node, operator: Operator, from: &str, alternatives: Vec<Alternative>, statement: bool) {
        if alternatives.is_empty() {
            return;
        }
        self.sites.push(Site {
            start: node.start_byte(),
            end: node.end_byte(),
            line: node.start_position().row + 1,
            operator,
            statement,
            from: from.replace(['\r', '\n'], " "),
            original: self.flat(node),
            alternatives,
        });
    }

    /// Visit a method body; `in_nested_code` is set inside lambdas and anonymous classes, whose
    /// `return` statements do not return from the method.
    pub fn visit(&mut self, node: Node, in_nested_code: bool) {
        match node.kind() {
            "switch_label" | "annotation" | "marker_annotation" | "line_comment" | "block_comment" => return,
            "binary_expression" => self.binary(node),
            "unary_expression" => self.unary(node),
            "decimal_integer_literal" | "decimal_floating_point_literal" | "true" | "false" | "string_literal" => {
                self.literal(node)
            }
            "return_statement" if !in_nested_code => self.evr_return(node),
            "variable_declarator" => self.evr_initializer(node),
            "expression_statement" | "break_statement" | "continue_statement" => self.statement_deletion(node),
            _ => {}
        }
        if node.kind() == "expression_statement" {
            if let Some(e) = node.named_child(0).filter(|e| e.kind() == "assignment_expression") {
                self.evr_assignment(e);
            }
        }
        let nested = in_nested_code || matches!(node.kind(), "lambda_expression" | "class_body");
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        for child in children {
            self.visit(child, nested);
        }
    }

    /// Expression sites whose alternatives would copy a line comment or a text block cannot be
    /// put on one line; they are left alone.
    fn flattenable(node: Node) -> bool {
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            if matches!(n.kind(), "line_comment" | "text_block") {
                return false;
            }
            let mut cursor = n.walk();
            stack.extend(n.children(&mut cursor));
        }
        true
    }

    fn binary(&mut self, node: Node) {
        let (Some(left), Some(right), Some(op)) =
            (node.child_by_field_name("left"), node.child_by_field_name("right"), node.child_by_field_name("operator"))
        else {
            return;
        };
        if !Self::flattenable(node) {
            return;
        }
        let op = self.text(op);
        let (l, r) = (self.flat(left), self.flat(right));
        let swap = |others: &[&str]| -> Vec<Alternative> {
            others
                .iter()
                .filter(|o| **o != op)
                .map(|o| Alternative { to: o.to_string(), text: format!("({l}) {o} ({r})") })
                .collect()
        };
        let constant = |v: &str| Alternative { to: v.to_uppercase(), text: v.to_string() };
        let numeric = |f: &Self, n: Node| f.env.type_of(n).is_some_and(|t| is_numeric(&t));
        if AOR.contains(&op) {
            // `+` on Strings is concatenation, not arithmetic.
            if op != "+" || (numeric(self, left) && numeric(self, right)) {
                self.push(node, Operator::AOR, op, swap(&AOR), false);
            }
        } else if LOR.contains(&op) {
            self.push(node, Operator::LOR, op, swap(&LOR), false);
        } else if SOR.contains(&op) {
            self.push(node, Operator::SOR, op, swap(&SOR), false);
        } else if op == "&&" || op == "||" {
            let mut alts = swap(&["&&", "||"]);
            alts.push(Alternative { to: "LHS".into(), text: format!("({l})") });
            alts.push(Alternative { to: "RHS".into(), text: format!("({r})") });
            alts.extend([constant("true"), constant("false")]);
            self.push(node, Operator::COR, op, alts, false);
        } else if ROR.contains(&op) {
            // `==` on references must not become `<`: only numeric operands get the full set.
            let ordered = !matches!(op, "==" | "!=") || (numeric(self, left) && numeric(self, right));
            let mut alts = if ordered { swap(&ROR) } else { swap(&["==", "!="]) };
            alts.extend([constant("true"), constant("false")]);
            self.push(node, Operator::ROR, op, alts, false);
        }
    }

    fn unary(&mut self, node: Node) {
        let (Some(op), Some(operand)) = (node.child_by_field_name("operator"), node.child_by_field_name("operand"))
        else {
            return;
        };
        let op = self.text(op);
        if !matches!(op, "-" | "+" | "~") || !Self::flattenable(node) {
            return;
        }
        let Some(t) = self.env.type_of(operand) else {
            return;
        };
        if !is_numeric(&t) {
            return;
        }
        let x = self.flat(operand);
        let alts = ["-", "+", "~"]
            .into_iter()
            .filter(|o| *o != op && (*o != "~" || is_integral(&t)))
            .map(|o| Alternative { to: o.into(), text: format!("{o}({x})") })
            .collect();
        self.push(node, Operator::ORU, op, alts, false);
    }

    fn literal(&mut self, node: Node) {
        let text = self.text(node);
        if self.narrowing_context(node) {
            return;
        }
        let alts: Vec<(String, String)> = match node.kind() {
            "true" => vec![("false".into(), "false".into())],
            "false" => vec![("true".into(), "true".into())],
            "string_literal" if text != "\"\"" && !text.contains('\n') => {
                vec![("\"\"".into(), "\"\"".into())]
            }
            "decimal_integer_literal" => integer_alternatives(text),
            "decimal_floating_point_literal" => float_alternatives(text),
            _ => Vec::new(),
        };
        let alts = alts.into_iter().map(|(to, text)| Alternative { to, text }).collect();
        self.push(node, Operator::LVR, text, alts, false);
    }

    /// `byte b = 10;` compiles because 10 is a constant; `(cond ? 0 : 10)` is not, so literals
    /// that become a byte, short or char by assignment conversion are left alone — also through
    /// parentheses and conditional branches (`c ? 32 : aChar` is a char only while 32 is constant).
    /// An argument never narrows: method invocation conversion does not narrow constants.
    fn narrowing_context(&self, node: Node) -> bool {
        let small = |t: &str| matches!(t, "byte" | "short" | "char" | "Byte" | "Short" | "Character");
        let mut child = node;
        while let Some(parent) = child.parent() {
            let target_type = match parent.kind() {
                "parenthesized_expression" => {
                    child = parent;
                    continue;
                }
                "ternary_expression" if parent.child_by_field_name("condition") != Some(child) => {
                    let other = ["consequence", "alternative"]
                        .into_iter()
                        .filter_map(|f| parent.child_by_field_name(f))
                        .find(|b| *b != child);
                    if other.and_then(|b| self.env.type_of(b)).is_none_or(|t| small(&t)) {
                        return true;
                    }
                    child = parent;
                    continue;
                }
                "variable_declarator" => {
                    parent.parent().and_then(|d| d.child_by_field_name("type")).map(|t| erase_simple(self.text(t)))
                }
                "assignment_expression" => parent.child_by_field_name("left").and_then(|l| self.env.type_of(l)),
                "return_statement" => self.env.method.return_type.as_deref().map(erase_simple),
                "array_initializer" => self.array_element_type(parent),
                _ => None,
            };
            return target_type.is_some_and(|t| small(&t));
        }
        false
    }

    /// The element type of `{1, 2}` from `byte[] b = {1, 2}` or `new byte[] {1, 2}`.
    fn array_element_type(&self, initializer: Node) -> Option<String> {
        let mut n = initializer.parent()?;
        if n.kind() == "variable_declarator" {
            n = n.parent()?;
        }
        let t = erase_simple(self.text(n.child_by_field_name("type")?));
        Some(t.split('[').next().unwrap_or(&t).to_string())
    }

    fn evr_return(&mut self, node: Node) {
        let Some(expr) = node.named_child(0) else {
            return;
        };
        let Some(ret) = self.env.method.return_type.as_deref() else {
            return;
        };
        self.evr(expr, &erase_simple(ret));
    }

    fn evr_initializer(&mut self, declarator: Node) {
        let (Some(value), Some(decl)) = (declarator.child_by_field_name("value"), declarator.parent()) else {
            return;
        };
        if decl.kind() != "local_variable_declaration" {
            return;
        }
        let Some(t) = decl.child_by_field_name("type").map(|t| erase_simple(self.text(t))) else {
            return;
        };
        if t != "var" && !self.text(declarator).contains('[') {
            self.evr(value, &t);
        }
    }

    fn evr_assignment(&mut self, assignment: Node) {
        let is_plain = assignment.child_by_field_name("operator").is_some_and(|o| self.text(o) == "=");
        let (Some(left), Some(right)) =
            (assignment.child_by_field_name("left"), assignment.child_by_field_name("right"))
        else {
            return;
        };
        if let (true, Some(t)) = (is_plain, self.env.type_of(left)) {
            self.evr(right, &t);
        }
    }

    fn evr(&mut self, expr: Node, declared: &str) {
        let skip = matches!(
            expr.kind(),
            "lambda_expression" | "method_reference" | "array_initializer" | "null_literal" | "switch_expression"
        );
        if skip || !Self::flattenable(expr) || declared.len() == 1 || declared == "void" {
            return;
        }
        let default = crate::java_model::types::default_value(declared);
        if self.text(expr) == default || matches!(expr.kind(), "decimal_integer_literal" | "true" | "false") {
            return;
        }
        let from = self.flat(expr);
        let alt = Alternative { to: default.to_string(), text: default.to_string() };
        self.push(expr, Operator::EVR, &from, vec![alt], false);
    }

    fn statement_deletion(&mut self, node: Node) {
        let what = match node.kind() {
            "break_statement" => "<BREAK>",
            "continue_statement" => "<CONTINUE>",
            _ => match node.named_child(0).map(|e| e.kind()) {
                Some("method_invocation" | "object_creation_expression") => "<CALL>",
                Some("update_expression") => "<INC>",
                Some("assignment_expression") if !self.assigns_final_field(node) && !self.may_initialize(node) => {
                    "<ASSIGN>"
                }
                _ => return,
            },
        };
        let alt = Alternative { to: "<NO-OP>".into(), text: String::new() };
        self.push(node, Operator::STD, what, vec![alt], true);
    }

    /// `int x; if (c) x = 1; else x = 2; use(x);`: deleting an assignment to a local declared
    /// without a value may leave it not definitely assigned, which javac rejects at the use.
    fn may_initialize(&self, statement: Node) -> bool {
        let Some(assignment) = statement.named_child(0) else {
            return false;
        };
        let plain = assignment.child_by_field_name("operator").is_some_and(|o| self.text(o) == "=");
        let Some(left) = assignment.child_by_field_name("left").filter(|l| l.kind() == "identifier") else {
            return false;
        };
        let local = self.env.method.local_at(self.text(left), left.start_byte());
        plain && local.is_some_and(|l| !l.initialized)
    }

    /// Deleting the assignment of a final field leaves it unassigned: not a mutant that compiles.
    fn assigns_final_field(&self, statement: Node) -> bool {
        let Some(left) = statement.named_child(0).and_then(|a| a.child_by_field_name("left")) else {
            return false;
        };
        let name = match left.kind() {
            "identifier" => self.text(left),
            "field_access" => left.child_by_field_name("field").map(|f| self.text(f)).unwrap_or(""),
            _ => return false,
        };
        let is_local = self.env.method.local_at(name, left.start_byte()).is_some() && left.kind() == "identifier";
        !is_local && self.env.class.fields.iter().any(|f| f.name == name && f.modifiers.iter().any(|m| m == "final"))
    }
}

/// 0, v + 1 and v - 1 for a decimal integer literal, in range of its type.
fn integer_alternatives(text: &str) -> Vec<(String, String)> {
    let long = text.ends_with(['l', 'L']);
    let digits: String = text.trim_end_matches(['l', 'L']).chars().filter(|c| *c != '_').collect();
    let Ok(value) = digits.parse::<i128>() else {
        return Vec::new();
    };
    let (min, max) = if long { (i64::MIN as i128, i64::MAX as i128) } else { (i32::MIN as i128, i32::MAX as i128) };
    // 2147483648 is only legal as the magnitude of MIN_VALUE, right after a unary minus.
    if value > max {
        return Vec::new();
    }
    let suffix = if long { "L" } else { "" };
    let mut out = Vec::new();
    for v in [0, value + 1, value - 1] {
        if v != value
            && (min..=max).contains(&v)
            && !out.iter().any(|(t, _): &(String, String)| *t == format!("{v}{suffix}"))
        {
            let literal = format!("{v}{suffix}");
            let text = if v < 0 { format!("({literal})") } else { literal.clone() };
            out.push((literal, text));
        }
    }
    out
}

fn float_alternatives(text: &str) -> Vec<(String, String)> {
    let float = text.ends_with(['f', 'F']);
    let digits: String = text.trim_end_matches(['f', 'F', 'd', 'D']).chars().filter(|c| *c != '_').collect();
    let Ok(value) = digits.parse::<f64>() else {
        return Vec::new();
    };
    let suffix = if float { "f" } else { "" };
    let mut out = Vec::new();
    for v in [0.0, value + 1.0, value - 1.0] {
        if v != value && v.is_finite() {
            let literal = format!("{v:?}{suffix}");
            let text = if v < 0.0 { format!("({literal})") } else { literal.clone() };
            if !out.iter().any(|(t, _): &(String, String)| *t == literal) {
                out.push((literal, text));
            }
        }
    }
    out
}
