//! The numbers a builder's own guards reject: `if (highestToLowestValueRatio < 2) throw new
//! IllegalArgumentException(..)` in HdrHistogram's `DoubleHistogram` constructor, reached from the
//! public `DoubleHistogram(long, int)` through three `this(..)` calls; Guava's
//! `checkArgument(capacity >= 0)`. A value a guard rejects builds no object: every input built
//! with it errors on the original code (the catalogue's `new DoubleHistogram(0L, 1)` did, on
//! unseen-25), so the catalogue gives another. The guards of a constructor reached through `this(..)`
//! or through `super(..)` in a project superclass count too. Only comparisons of the parameter itself with a
//! number literal are read; whatever else a guard says is for the trial to find.

use super::setters::{find, only_throws};
use crate::java_model::types::erase_simple;
use crate::java_model::{ClassModel, MethodModel};
use tree_sitter::Node;

/// How many `this(..)` calls are followed: HdrHistogram's chain is three long.
const DELEGATIONS: usize = 4;

/// One comparison of a parameter with a number that a guard reads: the value is rejected where
/// the comparison comes out as `rejected_when`.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Guard {
    position: usize,
    operator: String,
    limit: f64,
    /// `literal <op> param` rather than `param <op> literal`.
    flipped: bool,
    rejected_when: bool,
}

/// Whether one of the guards rejects `value` at the parameter `position`. A value that is no
/// number literal is never rejected here.
pub(super) fn rejects(guards: &[Guard], position: usize, value: &str) -> bool {
    let Some(x) = number(value) else { return false };
    guards.iter().filter(|g| g.position == position).any(|g| {
        let (a, b) = if g.flipped { (g.limit, x) } else { (x, g.limit) };
        compare(&g.operator, a, b) == Some(g.rejected_when)
    })
}

fn compare(operator: &str, a: f64, b: f64) -> Option<bool> {
    match operator {
        "<" => Some(a < b),
        "<=" => Some(a <= b),
        ">" => Some(a > b),
        ">=" => Some(a >= b),
        "==" => Some(a == b),
        "!=" => Some(a != b),
        _ => None,
    }
}

/// The guards of `builder` and of the constructors it hands its arguments on to through `this(..)`
/// or, in the project superclass `superclass_of` gives, `super(..)`, by `builder`'s parameter
/// positions. Read once per builder (`Values::guards`).
pub(super) fn guards_of<'c>(
    class: &'c ClassModel,
    builder: &'c MethodModel,
    superclass_of: &dyn Fn(&ClassModel) -> Option<&'c ClassModel>,
) -> Vec<Guard> {
    let mut out = Vec::new();
    let mut positions: Vec<Option<usize>> = (0..builder.params.len()).map(Some).collect();
    let (mut owner, mut at) = (class, builder);
    for _ in 0..=DELEGATIONS {
        let Some(declaration) = owner.source.get(at.byte_range.0..at.byte_range.1) else { break };
        // In a class body, as a constructor parses only there.
        let code = format!("class Builder {{\n{declaration}\n}}");
        let Some(tree) = crate::java_model::parser().parse(&code, None) else { break };
        let root = tree.root_node();
        let Some(body) = find(root, "constructor_body").or_else(|| find(root, "block")) else { break };
        for (original, here) in positions.iter().enumerate() {
            let Some(name) = here.and_then(|h| at.params.get(h)).map(|p| p.name.as_str()) else { continue };
            for statement in statements(body) {
                out.extend(guards_in(statement, &code, name).into_iter().map(|mut g| {
                    g.position = original;
                    g
                }));
            }
        }
        let Some(handed) = handed_on(body, &code) else { break };
        let next_owner = if handed.to_super { superclass_of(owner) } else { Some(owner) };
        let Some(next_owner) = next_owner else { break };
        let Some((next, mapping)) = delegation(next_owner, at, &handed.arguments) else { break };
        positions = positions.iter().map(|p| p.and_then(|p| mapping.get(p).copied().flatten())).collect();
        (owner, at) = (next_owner, next);
    }
    out
}

/// The body's statements, and those of a `try` block among them (HdrHistogram guards inside one).
fn statements(body: Node) -> Vec<Node> {
    let mut cursor = body.walk();
    let mut out = Vec::new();
    for statement in body.named_children(&mut cursor) {
        if statement.kind() == "try_statement" {
            if let Some(block) = statement.child_by_field_name("body") {
                let mut inner = block.walk();
                out.extend(block.named_children(&mut inner));
            }
        }
        out.push(statement);
    }
    out
}

/// `if (p < 2 || p > 5) throw ..` rejects where one of its comparisons holds; `checkArgument(p >=
/// 0 && p < 10)` (Guava) and `Validate.isTrue(p >= 0, ..)` (commons) where one of theirs does not.
fn guards_in(statement: Node, code: &str, param: &str) -> Vec<Guard> {
    let (terms_of, rejected_when) = match statement.kind() {
        "if_statement" if only_throws(statement) => {
            (statement.child_by_field_name("condition").map(|c| terms(c, "||")), true)
        }
        "expression_statement" => {
            let call = statement.named_child(0).filter(|c| c.kind() == "method_invocation");
            let named = |c: &Node, n: &str| c.child_by_field_name("name").is_some_and(|m| &code[m.byte_range()] == n);
            let check = call.filter(|c| named(c, "checkArgument") || named(c, "isTrue"));
            let first = check.and_then(|c| c.child_by_field_name("arguments")).and_then(|a| a.named_child(0));
            (first.map(|f| terms(f, "&&")), false)
        }
        _ => (None, false),
    };
    let comparisons = terms_of.unwrap_or_default().into_iter().filter_map(|t| comparison(t, code, param));
    comparisons
        .map(|(operator, limit, flipped)| Guard { position: 0, operator, limit, flipped, rejected_when })
        .collect()
}

/// The terms of a condition joined by `joint` (`||` or `&&`), parentheses dropped.
fn terms<'t>(condition: Node<'t>, joint: &str) -> Vec<Node<'t>> {
    match condition.kind() {
        "parenthesized_expression" => condition.named_child(0).map(|c| terms(c, joint)).unwrap_or_default(),
        "binary_expression" if operator(condition).as_deref() == Some(joint) => {
            let sides = [condition.child_by_field_name("left"), condition.child_by_field_name("right")];
            sides.into_iter().flatten().flat_map(|side| terms(side, joint)).collect()
        }
        _ => vec![condition],
    }
}

fn operator(expression: Node) -> Option<String> {
    expression.child_by_field_name("operator").map(|o| o.kind().to_string())
}

/// `param <op> literal` (or `literal <op> param`, flipped): the operator, the number and whether
/// flipped; None for any other expression.
fn comparison(expression: Node, code: &str, param: &str) -> Option<(String, f64, bool)> {
    let expression =
        if expression.kind() == "parenthesized_expression" { expression.named_child(0)? } else { expression };
    let operator = operator(expression).filter(|o| compare(o, 0.0, 0.0).is_some())?;
    let text = |field: &str| expression.child_by_field_name(field).map(|n| code[n.byte_range()].trim());
    let (left, right) = (text("left")?, text("right")?);
    if left == param {
        Some((operator, number(right)?, false))
    } else if right == param {
        Some((operator, number(left)?, true))
    } else {
        None
    }
}

/// A number literal as a test or a guard writes it: `2`, `-1`, `0L`, `1.5d`; None for anything else.
fn number(text: &str) -> Option<f64> {
    let t = text.trim().trim_end_matches(['L', 'l', 'D', 'd', 'F', 'f']).replace('_', "");
    let digits = t.strip_prefix('-').unwrap_or(&t);
    let plain = !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit() || c == '.');
    plain.then(|| t.parse().ok()).flatten()
}

/// A constructor's first statement handing its arguments on: `this(..)` or `super(..)`, with the
/// arguments as written.
struct HandedOn<'t> {
    to_super: bool,
    arguments: Vec<&'t str>,
}

fn handed_on<'t>(body: Node, code: &'t str) -> Option<HandedOn<'t>> {
    let call = body.named_child(0).filter(|c| c.kind() == "explicit_constructor_invocation")?;
    let to_super = match call.child_by_field_name("constructor")?.kind() {
        "this" => false,
        "super" => true,
        _ => return None,
    };
    let arguments = call.child_by_field_name("arguments")?;
    let mut cursor = arguments.walk();
    let arguments = arguments.named_children(&mut cursor).map(|a| code[a.byte_range()].trim()).collect();
    Some(HandedOn { to_super, arguments })
}

/// The constructor of `owner` that `builder`'s `this(..)` or `super(..)` call with `arguments`
/// reaches, and where each parameter of `builder` goes in it (None where it is not handed on
/// unchanged). The constructor is the only one of that arity taking the handed-on parameters'
/// types there.
fn delegation<'c>(
    owner: &'c ClassModel,
    builder: &MethodModel,
    arguments: &[&str],
) -> Option<(&'c MethodModel, Vec<Option<usize>>)> {
    let mapping: Vec<Option<usize>> =
        builder.params.iter().map(|p| arguments.iter().position(|t| *t == p.name)).collect();
    let fits =
        |m: &&MethodModel| {
            m.is_constructor
                && m.params.len() == arguments.len()
                && !std::ptr::eq(*m, builder)
                && builder.params.iter().zip(&mapping).all(|(p, at)| {
                    at.is_none_or(|at| erase_simple(&m.params[at].type_name) == erase_simple(&p.type_name))
                })
        };
    let mut candidates = owner.methods.iter().filter(fits);
    let only = candidates.next()?;
    candidates.next().is_none().then_some((only, mapping))
}

#[cfg(test)]
mod tests {
    use super::{guards_of, rejects};
    use crate::java_model::{parse_str, ClassModel};

    /// HdrHistogram 2.2.2's `DoubleHistogram` constructors, bodies cut to the guard and the chain.
    const DOUBLE_HISTOGRAM: &str = "package h;\npublic class DoubleHistogram {\n    \
        public DoubleHistogram(final long highestToLowestValueRatio, final int digits) {\n        \
        this(highestToLowestValueRatio, digits, Histogram.class);\n    }\n    \
        protected DoubleHistogram(final long ratio, final int digits, final Class<?> c) {\n        \
        this(ratio, digits, c, null);\n    }\n    \
        DoubleHistogram(final long ratio, final int digits, final Class<?> c, Object internal) {\n        \
        this(ratio, digits, c, internal, false);\n    }\n    \
        private DoubleHistogram(final long ratio, final int digits, final Class<?> c, Object internal, boolean mimic) {\n        \
        try {\n            if (ratio < 2) {\n                throw new IllegalArgumentException(\"ratio must be >= 2\");\n            }\n        \
        } catch (Exception ex) {\n            throw new IllegalArgumentException(ex);\n        }\n    }\n    \
        public DoubleHistogram(int capacity) {\n        checkArgument(capacity >= 0 && capacity < 10);\n        \
        if (capacity == 7 || (capacity > 8)) throw new IllegalStateException();\n    }\n}\n";

    fn class() -> ClassModel {
        let file = parse_str(std::path::Path::new("DoubleHistogram.java"), DOUBLE_HISTOGRAM);
        file.classes.into_iter().next().expect("the fixture's class")
    }

    #[test]
    fn a_guard_three_constructors_down_rejects_what_it_throws_on() {
        let class = class();
        let public = class.methods.iter().find(|m| m.params.len() == 2).expect("DoubleHistogram(long, int)");
        let guards = guards_of(&class, public, &|_| None);
        assert!(rejects(&guards, 0, "0L"));
        assert!(rejects(&guards, 0, "1L"));
        assert!(rejects(&guards, 0, "-1"));
        assert!(!rejects(&guards, 0, "2L"), "the guard's own limit passes");
        assert!(!rejects(&guards, 0, "42L"));
        assert!(!rejects(&guards, 1, "0"), "no guard on the other parameter");
        assert!(!rejects(&guards, 0, "Long.MAX_VALUE"), "no literal: for the trial to say");
    }

    #[test]
    fn a_precondition_rejects_where_it_does_not_hold_and_a_disjunct_where_it_does() {
        let class = class();
        let sized = class.methods.iter().find(|m| m.params.len() == 1).expect("DoubleHistogram(int)");
        let guards = guards_of(&class, sized, &|_| None);
        assert!(!rejects(&guards, 0, "3"));
        assert!(rejects(&guards, 0, "7"));
        assert!(rejects(&guards, 0, "9"), "the parenthesised disjunct");
        assert!(rejects(&guards, 0, "-1"), "one conjunct of checkArgument fails");
        assert!(rejects(&guards, 0, "10"));
    }

    /// A subclass handing its argument to its superclass's guarded constructor (HdrHistogram's
    /// `Histogram(long, int)` calls `super(..)` on `AbstractHistogram`, which checks it).
    const SUBCLASS: &str = "package h;\nabstract class Base {\n    \
        Base(final long lowest, final int digits) {\n        \
        if (lowest < 1) {\n            throw new IllegalArgumentException();\n        }\n    }\n}\n\
        class Sub extends Base {\n    \
        public Sub(final int digits, final long lowest) {\n        super(lowest, digits);\n    }\n}\n";

    #[test]
    fn a_guard_of_the_superclass_constructor_rejects_what_super_hands_it() {
        let file = parse_str(std::path::Path::new("Sub.java"), SUBCLASS);
        let (base, sub) = (&file.classes[0], &file.classes[1]);
        let public = sub.methods.iter().find(|m| m.is_constructor).expect("Sub(int, long)");
        let superclass = |of: &ClassModel| (of.name == "Sub").then_some(base);
        let guards = guards_of(sub, public, &superclass);
        assert!(rejects(&guards, 1, "0L"), "lowest is the subclass's second parameter");
        assert!(!rejects(&guards, 1, "1L"));
        assert!(!rejects(&guards, 0, "0"), "digits is not guarded");
        let unknown = guards_of(sub, public, &|_| None);
        assert!(!rejects(&unknown, 1, "0L"), "a superclass the project does not declare has no guards");
    }
}
