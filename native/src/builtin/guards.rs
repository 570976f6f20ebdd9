//! The numbers a builder's own guards reject: `if (highestToLowestValueRatio < 2) throw new
//! IllegalArgumentException(..)` in HdrHistogram's `DoubleHistogram` constructor, reached from the
//! public `DoubleHistogram(long, int)` through three `this(..)` calls; Guava's
//! `checkArgument(capacity >= 0)`. A value a guard rejects builds no object: every input built
//! with it errors on the original code (the catalogue's `new DoubleHistogram(0L, 1)` did, on
//! unseen-25), so the catalogue gives another. The guards of a constructor reached through `this(..)`
//! or through `super(..)` in a project superclass count too, as do those of the constructor a static
//! factory builds with (directly or through another factory), and the guards on a field the
//! constructor stores the parameter in, where the class checks the field when it uses it, and
//! those of a checker the builder hands the parameter to (`guard_scope.rs`). Only comparisons of
//! the parameter itself with a number are read (a literal, a numeric constant, a checker's
//! parameter bound to one); whatever else a guard says is for the trial to find.

use super::guard_scope::{body_of, Lookup, Scope};
use super::setters::{find, is_throw, only_throws};
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
/// or, in the project superclass `lookup` gives, `super(..)`, by `builder`'s parameter
/// positions. Read once per builder (`Values::guards`).
pub(super) fn guards_of<'c>(class: &'c ClassModel, builder: &'c MethodModel, lookup: Lookup<'_, 'c>) -> Vec<Guard> {
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
        let scope = Scope::new(owner, lookup);
        for (original, here) in positions.iter().enumerate() {
            let Some(name) = here.and_then(|h| at.params.get(h)).map(|p| p.name.as_str()) else { continue };
            let stored = stored_fields(body, &code, name, owner);
            let lazy = stored.iter().flat_map(|field| field_guards(&scope, field));
            let own = guards_in_body(body, &code, name, &scope);
            out.extend(own.into_iter().chain(lazy).map(|mut g| {
                g.position = original;
                g
            }));
        }
        let handed = if at.is_constructor { handed_on(body, &code) } else { built_by(body, &code, owner) };
        let Some(handed) = handed else { break };
        let next_owner = if handed.to == HandedTo::Super { (lookup.superclass_of)(owner) } else { Some(owner) };
        let Some(next_owner) = next_owner else { break };
        let Some((next, mapping)) = delegation(next_owner, at, &handed) else { break };
        positions = positions.iter().map(|p| p.and_then(|p| mapping.get(p).copied().flatten())).collect();
        (owner, at) = (next_owner, next);
    }
    out
}

/// The fields of `owner` a constructor's body stores the parameter in as it is: `this.logRounds =
/// logRounds;` or `logRounds = rounds;`.
fn stored_fields<'t>(body: Node, code: &'t str, param: &str, owner: &ClassModel) -> Vec<&'t str> {
    let assignments =
        statements(body).into_iter().filter_map(|s| s.named_child(0)).filter(|e| e.kind() == "assignment_expression");
    assignments
        .filter(|a| a.child_by_field_name("right").is_some_and(|r| code[r.byte_range()].trim() == param))
        .filter_map(|a| {
            let left = code[a.child_by_field_name("left")?.byte_range()].trim();
            let field = left.strip_prefix("this.").unwrap_or(left);
            owner.fields.iter().any(|f| f.name == field && !f.is_static()).then_some(field)
        })
        .collect()
}

/// The guards on a field the class validates where it uses it rather than where it stores it
/// (lazy validation): a method of the class handed the field that guards its parameter, as it
/// would guard a constructor's. Password4j's `BcryptFunction` stores `logRounds` and checks it
/// only when `hash` draws a salt: `generateSalt(prefix, logRounds)` throws for `logRounds < 4 ||
/// logRounds > 31` (unseen-26, where every instance the catalogue built threw so). A comparison
/// of the field in an operation's own body is that operation's precondition, not the object's:
/// commons-lang3's `Fraction#invert` throws for a zero numerator, and zero still builds a fraction.
fn field_guards(scope: &Scope, field: &str) -> Vec<Guard> {
    let owner = scope.owner;
    let Some(tree) = scope.tree() else { return Vec::new() };
    let this_field = format!("this.{field}");
    let mut out = Vec::new();
    for m in owner.methods.iter().filter(|m| !m.is_constructor && !m.params.iter().any(|p| p.name == field)) {
        let Some(body) = body_of(tree.root_node(), m) else { continue };
        let mut calls = Vec::new();
        collect(body, "method_invocation", &mut calls);
        for call in calls {
            out.extend(guards_of_handed_field(scope, tree.root_node(), call, [field, this_field.as_str()]));
        }
    }
    out
}

/// The guards a method of `owner` keeps on the parameter a call hands `field` to: `generateSalt(
/// prefix, logRounds)` to `generateSalt(String prefix, int logRounds)`.
fn guards_of_handed_field(scope: &Scope, root: Node, call: Node, field: [&str; 2]) -> Vec<Guard> {
    let (owner, code): (&ClassModel, &str) = (scope.owner, &scope.owner.source);
    let on_this = call.child_by_field_name("object").is_none_or(|o| code[o.byte_range()].trim() == "this");
    let (Some(name), Some(arguments)) = (call.child_by_field_name("name"), call.child_by_field_name("arguments"))
    else {
        return Vec::new();
    };
    let arguments: Vec<&str> =
        arguments.named_children(&mut arguments.walk()).map(|a| code[a.byte_range()].trim()).collect();
    let Some(at) = arguments.iter().position(|a| field.contains(a)).filter(|_| on_this) else { return Vec::new() };
    let named = |m: &&MethodModel| m.name == code[name.byte_range()] && m.params.len() == arguments.len();
    let mut out = Vec::new();
    for callee in owner.methods.iter().filter(named) {
        let Some(body) = body_of(root, callee) else { continue };
        let param = callee.params[at].name.as_str();
        out.extend(guards_in_body(body, code, param, scope));
    }
    out
}

pub(super) fn collect<'t>(node: Node<'t>, kind: &str, out: &mut Vec<Node<'t>>) {
    crate::java_model::descendants(node, &[kind], out);
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

/// The guards of a body's statements on `param`: each statement's own, and those of an `if`
/// the statement after it throws past.
fn guards_in_body(body: Node, code: &str, param: &str, scope: &Scope) -> Vec<Guard> {
    let all: Vec<Node> = statements(body).into_iter().filter(|s| !s.kind().ends_with("comment")).collect();
    let next = all.iter().skip(1).map(Some).chain([None]);
    all.iter()
        .zip(next)
        .flat_map(|(statement, after)| {
            let mut found = guards_in(*statement, code, param, scope);
            let past = throws_past(*statement, after.copied());
            found.extend(past.into_iter().flat_map(|c| admits(c, code, param, scope)));
            found
        })
        .collect()
}

/// The condition of an `if` whose failing throws: `if (sd > 0) { return new X(sd); } throw ..`
/// (Commons Statistics writes its guards so, to reject NaN too) or `if (p > 0) .. else throw ..`.
fn throws_past<'t>(statement: Node<'t>, after: Option<Node<'t>>) -> Option<Node<'t>> {
    if statement.kind() != "if_statement" {
        return None;
    }
    let otherwise = statement.child_by_field_name("alternative").or(after)?;
    is_throw(otherwise).then(|| statement.child_by_field_name("condition")).flatten()
}

/// A condition that must hold, read as `checkArgument`'s: each comparison of `param` in a
/// conjunction rejects where it fails.
fn admits(condition: Node, code: &str, param: &str, scope: &Scope) -> Vec<Guard> {
    guards_from(terms(condition, "&&"), code, param, false, scope)
}

/// `if (p < 2 || p > 5) throw ..` rejects where one of its comparisons holds; `checkArgument(p >=
/// 0 && p < 10)` (Guava) and `Validate.isTrue(p >= 0, ..)` (commons) where one of theirs does not;
/// any other call handing `param` to a checker of the project rejects what the checker's guards do.
fn guards_in(statement: Node, code: &str, param: &str, scope: &Scope) -> Vec<Guard> {
    let (terms_of, rejected_when) = match statement.kind() {
        "if_statement" if only_throws(statement) => {
            (statement.child_by_field_name("condition").map(|c| terms(c, "||")), true)
        }
        "expression_statement" => {
            let call = statement.named_child(0).filter(|c| c.kind() == "method_invocation");
            let named = |c: &Node, n: &str| c.child_by_field_name("name").is_some_and(|m| &code[m.byte_range()] == n);
            let check = call.filter(|c| named(c, "checkArgument") || named(c, "isTrue"));
            if check.is_none() {
                return call.map(|c| checker_guards(c, code, param, scope)).unwrap_or_default();
            }
            let first = check.and_then(|c| c.child_by_field_name("arguments")).and_then(|a| a.named_child(0));
            (first.map(|f| terms(f, "&&")), false)
        }
        _ => (None, false),
    };
    guards_from(terms_of.unwrap_or_default(), code, param, rejected_when, scope)
}

/// The guards of the checker `call` hands `param` to, on the parameter it lands in, their
/// limits read in the checker's scope: hash4j's `checkPrecisionParameter(p, MIN_P, MAX_P)`
/// throws for `p < minP || p > maxP`, that is outside 3..=26.
fn checker_guards(call: Node, code: &str, param: &str, scope: &Scope) -> Vec<Guard> {
    let Some(checker) = scope.checker(call, code, param) else { return Vec::new() };
    let checker_code: &str = &checker.scope.owner.source;
    let Some(tree) = checker.scope.tree() else { return Vec::new() };
    let Some(body) = body_of(tree.root_node(), checker.method) else { return Vec::new() };
    let param = checker.method.params[checker.position].name.as_str();
    guards_in_body(body, checker_code, param, &checker.scope)
}

/// The comparisons of `param` among `terms`, each rejecting where it comes out `rejected_when`.
fn guards_from(terms: Vec<Node>, code: &str, param: &str, rejected_when: bool, scope: &Scope) -> Vec<Guard> {
    let comparisons = terms.into_iter().filter_map(|t| comparison(t, code, param, scope));
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

/// `param <op> limit` (or `limit <op> param`, flipped), the limit a number or a name the scope
/// knows the value of: the operator, the number and whether flipped; None for any other expression.
fn comparison(expression: Node, code: &str, param: &str, scope: &Scope) -> Option<(String, f64, bool)> {
    let expression =
        if expression.kind() == "parenthesized_expression" { expression.named_child(0)? } else { expression };
    let operator = operator(expression).filter(|o| compare(o, 0.0, 0.0).is_some())?;
    let text = |field: &str| expression.child_by_field_name(field).map(|n| code[n.byte_range()].trim());
    let (left, right) = (text("left")?, text("right")?);
    if left == param {
        Some((operator, scope.value(right)?, false))
    } else if right == param {
        Some((operator, scope.value(left)?, true))
    } else {
        None
    }
}

/// The lowest two values of a parameter's type at and next to the limits of its guards that no
/// guard rejects: where every value of the type's catalogue is rejected (`logRounds < 4 ||
/// logRounds > 31` rejects 0, 1, -1 and 42), the guard's own limit is accepted (4, 5). Not the
/// upper limit's: a cost of 2^30 rounds builds an instance no test finishes with.
pub(super) fn accepted_limits(guards: &[Guard], position: usize, type_name: &str) -> Vec<String> {
    let integral = matches!(type_name, "int" | "long" | "short" | "byte" | "Integer" | "Long" | "Short" | "Byte");
    let decimal = matches!(type_name, "double" | "float" | "Double" | "Float");
    if !integral && !decimal {
        return Vec::new();
    }
    let mut near: Vec<f64> = guards
        .iter()
        .filter(|g| g.position == position && (decimal || g.limit.fract() == 0.0))
        .flat_map(|g| [g.limit, g.limit + 1.0, g.limit - 1.0])
        .collect();
    near.sort_by(f64::total_cmp);
    near.dedup();
    let written = |x: f64| match type_name {
        "long" | "Long" => format!("{x:.0}L"),
        "float" | "Float" => format!("{x:?}f"),
        _ if integral => format!("{x:.0}"),
        _ => format!("{x:?}"),
    };
    near.into_iter().map(written).filter(|v| !rejects(guards, position, v)).take(2).collect()
}

/// A number as a test or a guard writes it: `2`, `-1`, `0L`, `1.5d`, or a boxed type's bound
/// (`Integer.MAX_VALUE`); None for anything else.
pub(super) fn number(text: &str) -> Option<f64> {
    let bound = match text.trim() {
        "Integer.MAX_VALUE" => Some(f64::from(i32::MAX)),
        "Integer.MIN_VALUE" => Some(f64::from(i32::MIN)),
        "Long.MAX_VALUE" => Some(i64::MAX as f64),
        "Long.MIN_VALUE" => Some(i64::MIN as f64),
        "Short.MAX_VALUE" => Some(f64::from(i16::MAX)),
        "Short.MIN_VALUE" => Some(f64::from(i16::MIN)),
        "Byte.MAX_VALUE" => Some(f64::from(i8::MAX)),
        "Byte.MIN_VALUE" => Some(f64::from(i8::MIN)),
        "Double.MAX_VALUE" => Some(f64::MAX),
        "Double.MIN_VALUE" => Some(f64::from_bits(1)),
        "Float.MAX_VALUE" => Some(f64::from(f32::MAX)),
        "Float.MIN_VALUE" => Some(f64::from(f32::from_bits(1))),
        _ => None,
    };
    if bound.is_some() {
        return bound;
    }
    if let Some((base, shift)) = text.split_once("<<") {
        let (base, shift) = (number(base)?, number(shift)?);
        return (0.0..63.0).contains(&shift).then(|| base * 2f64.powf(shift));
    }
    let t = text.trim().trim_end_matches(['L', 'l', 'D', 'd', 'F', 'f']).replace('_', "");
    let digits = t.strip_prefix('-').unwrap_or(&t);
    // Digits, a point and an exponent (`1e-10`): no name, no `NaN`, no hexadecimal.
    let plain = digits.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        && digits.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '-' | '+'));
    plain.then(|| t.parse().ok()).flatten()
}

/// Where a builder hands its arguments on: a constructor of its class (`this(..)`, or a factory's
/// `new Owner(..)`), of the superclass (`super(..)`), or another factory of the class.
#[derive(Clone, Copy, PartialEq)]
enum HandedTo<'t> {
    This,
    Super,
    Factory(&'t str),
}

/// A builder handing its arguments on, with the arguments as written.
struct HandedOn<'t> {
    to: HandedTo<'t>,
    arguments: Vec<&'t str>,
}

/// A constructor's first statement handing its arguments on: `this(..)` or `super(..)`.
fn handed_on<'t>(body: Node, code: &'t str) -> Option<HandedOn<'t>> {
    let call = body.named_child(0).filter(|c| c.kind() == "explicit_constructor_invocation")?;
    let to = match call.child_by_field_name("constructor")?.kind() {
        "this" => HandedTo::This,
        "super" => HandedTo::Super,
        _ => return None,
    };
    Some(HandedOn { to, arguments: arguments_of(call, code)? })
}

/// What a static factory builds its instance with, the first of them: `new BcryptFunction(type,
/// logRounds)` (behind Password4j's cache of instances), or another factory of the class
/// (`getInstance(Bcrypt.B, logRounds)`).
fn built_by<'t>(body: Node, code: &'t str, owner: &ClassModel) -> Option<HandedOn<'t>> {
    let mut found = Vec::new();
    crate::java_model::descendants(body, &["object_creation_expression", "method_invocation"], &mut found);
    found.sort_by_key(|n| n.start_byte());
    found.into_iter().find_map(|n| {
        let to = if n.kind() == "object_creation_expression" {
            let created = n.child_by_field_name("type").map(|t| code[t.byte_range()].trim())?;
            (erase_simple(created) == owner.name).then_some(HandedTo::This)?
        } else {
            let on_owner = n.child_by_field_name("object").is_none_or(|o| code[o.byte_range()].trim() == owner.name);
            let name = &code[n.child_by_field_name("name")?.byte_range()];
            let factory = |m: &MethodModel| m.name == name && m.is_static() && builds_owner(m, owner);
            (on_owner && owner.methods.iter().any(factory)).then_some(HandedTo::Factory(name))?
        };
        Some(HandedOn { to, arguments: arguments_of(n, code)? })
    })
}

/// Whether `m` returns an instance of `owner`: a static factory of it, where `m` is static.
pub(super) fn builds_owner(m: &MethodModel, owner: &ClassModel) -> bool {
    m.return_type.as_deref().is_some_and(|r| erase_simple(r) == owner.name)
}

fn arguments_of<'t>(call: Node, code: &'t str) -> Option<Vec<&'t str>> {
    let arguments = call.child_by_field_name("arguments")?;
    let mut cursor = arguments.walk();
    Some(arguments.named_children(&mut cursor).map(|a| code[a.byte_range()].trim()).collect())
}

/// The constructor of `owner` that `builder`'s `this(..)` or `super(..)` call with `arguments`
/// reaches, and where each parameter of `builder` goes in it (None where it is not handed on
/// unchanged). The constructor is the only one of that arity taking the handed-on parameters'
/// types there.
fn delegation<'c>(
    owner: &'c ClassModel,
    builder: &MethodModel,
    handed: &HandedOn,
) -> Option<(&'c MethodModel, Vec<Option<usize>>)> {
    let arguments = &handed.arguments;
    let mapping: Vec<Option<usize>> =
        builder.params.iter().map(|p| arguments.iter().position(|t| *t == p.name)).collect();
    let is_handed_to = |m: &MethodModel| match handed.to {
        HandedTo::This | HandedTo::Super => m.is_constructor,
        HandedTo::Factory(name) => m.name == name && m.is_static(),
    };
    let fits =
        |m: &&MethodModel| {
            is_handed_to(m)
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
    use super::{accepted_limits, guards_of, rejects, Guard, Lookup};
    use crate::java_model::{parse_str, ClassModel, MethodModel};

    /// The guards of a builder of a class alone: no project superclass, no other class.
    fn alone(class: &ClassModel, builder: &MethodModel) -> Vec<Guard> {
        guards_of(class, builder, Lookup { superclass_of: &|_| None, class_named: &|_| None })
    }

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
        let guards = alone(&class, public);
        assert!(rejects(&guards, 0, "0L"));
        assert!(rejects(&guards, 0, "1L"));
        assert!(rejects(&guards, 0, "-1"));
        assert!(!rejects(&guards, 0, "2L"), "the guard's own limit passes");
        assert!(!rejects(&guards, 0, "42L"));
        assert!(!rejects(&guards, 1, "0"), "no guard on the other parameter");
        assert!(!rejects(&guards, 0, "Long.MAX_VALUE"), "a bound the guard accepts");
        assert!(rejects(&guards, 0, "Long.MIN_VALUE"), "a bound it rejects");
        assert!(!rejects(&guards, 0, "ratio()"), "no number: for the trial to say");
        assert!(!rejects(&guards, 0, "1 << 16") && rejects(&guards, 0, "1 << 0"), "a shift the catalogue writes");
    }

    #[test]
    fn a_precondition_rejects_where_it_does_not_hold_and_a_disjunct_where_it_does() {
        let class = class();
        let sized = class.methods.iter().find(|m| m.params.len() == 1).expect("DoubleHistogram(int)");
        let guards = alone(&class, sized);
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
        let guards = guards_of(sub, public, Lookup { superclass_of: &superclass, class_named: &|_| None });
        assert!(rejects(&guards, 1, "0L"), "lowest is the subclass's second parameter");
        assert!(!rejects(&guards, 1, "1L"));
        assert!(!rejects(&guards, 0, "0"), "digits is not guarded");
        let unknown = alone(sub, public);
        assert!(!rejects(&unknown, 1, "0L"), "a superclass the project does not declare has no guards");
    }

    /// Password4j 1.8.2's `BcryptFunction`, cut to the shape: the constructor stores `logRounds`,
    /// `hash` hands it to `generateSalt`, which throws outside 4..=31; factories reach the
    /// constructor through another factory and a cache. `shadowed` checks a parameter named
    /// like the field, `unchecked` compares the field without throwing, `invert` throws on it in
    /// its own body (commons-lang3's `Fraction#invert`).
    const BCRYPT: &str = "package p;\npublic class BcryptFunction {\n    \
        private final int logRounds;\n    private final int cost;\n    \
        protected BcryptFunction(Bcrypt type, int logRounds, int cost) {\n        \
        this.type = type;\n        this.logRounds = logRounds;\n        this.cost = cost;\n    }\n    \
        public static BcryptFunction getInstance(int logRounds) {\n        return getInstance(Bcrypt.B, logRounds);\n    }\n    \
        public static BcryptFunction getInstance(Bcrypt type, int logRounds) {\n        \
        String key = type + \"|\" + logRounds;\n        \
        return INSTANCES.computeIfAbsent(key, k -> new BcryptFunction(type, logRounds, 0));\n    }\n    \
        public Hash hash(CharSequence plain) {\n        String salt = generateSalt(\"$2b$\", logRounds);\n        return null;\n    }\n    \
        private static String generateSalt(String prefix, int logRounds) {\n        \
        if (logRounds < 4 || logRounds > 31) {\n            throw new BadParametersException(\"Bad number of rounds\");\n        }\n        \
        return prefix;\n    }\n    \
        void shadowed(int cost) {\n        if (cost > 3) throw new IllegalStateException();\n    }\n    \
        void unchecked() {\n        if (this.cost > 3) {\n            cost = 0;\n        }\n    }\n    \
        public BcryptFunction invert() {\n        if (cost == 0) {\n            throw new ArithmeticException();\n        }\n        return null;\n    }\n}\n";

    fn bcrypt() -> ClassModel {
        let file = parse_str(std::path::Path::new("BcryptFunction.java"), BCRYPT);
        file.classes.into_iter().next().expect("the fixture's class")
    }

    #[test]
    fn a_stored_field_is_guarded_where_a_method_it_is_handed_to_checks_it() {
        let class = bcrypt();
        let constructor = class.methods.iter().find(|m| m.is_constructor).expect("the constructor");
        let guards = alone(&class, constructor);
        assert!(rejects(&guards, 1, "0") && rejects(&guards, 1, "42"), "generateSalt throws outside 4..=31");
        assert!(!rejects(&guards, 1, "4") && !rejects(&guards, 1, "31"));
        assert!(!rejects(&guards, 2, "7"), "a parameter named like the field is not the field");
        assert!(!rejects(&guards, 2, "0"), "an operation's own precondition is not the object's");
        assert_eq!(accepted_limits(&guards, 1, "int"), ["4", "5"], "the lower limit, not 2^31 rounds");
        assert!(accepted_limits(&guards, 2, "int").is_empty(), "no guard, no limit");
        assert!(accepted_limits(&guards, 1, "String").is_empty(), "a limit is a number");
    }

    #[test]
    fn a_factory_is_guarded_by_the_constructor_it_builds_with_through_another_factory() {
        let class = bcrypt();
        let one = |n: usize| class.methods.iter().find(|m| m.name == "getInstance" && m.params.len() == n);
        let by_rounds = one(1).expect("getInstance(int)");
        let guards = alone(&class, by_rounds);
        assert!(rejects(&guards, 0, "0") && !rejects(&guards, 0, "7"));
        let typed = one(2).expect("getInstance(Bcrypt, int)");
        let guards = alone(&class, typed);
        assert!(rejects(&guards, 1, "1") && !rejects(&guards, 0, "0"));
        assert_eq!(accepted_limits(&guards, 1, "long"), ["4L", "5L"], "written as the type's literal");
    }

    /// Commons Statistics 1.1's `NormalDistribution.of`, which returns where the argument is
    /// valid and throws after (to reject NaN as well), and the same written with `else`; `scaled`
    /// throws after an `if` that does not compare its parameter, `logged` after a statement
    /// that is no `if`.
    const NORMAL: &str = "package d;\npublic final class NormalDistribution {\n    \
        private NormalDistribution(double mean, double sd) {}\n    \
        public static NormalDistribution of(double mean, double sd) {\n        \
        if (sd > 0) {\n            return new NormalDistribution(mean, sd);\n        }\n        \
        // zero, negative or nan\n        throw new DistributionException(\"not positive\", sd);\n    }\n    \
        public static NormalDistribution within(double low, double high) {\n        \
        if (low >= -1 && 1 >= high) return new NormalDistribution(low, high);\n        \
        else throw new IllegalArgumentException();\n    }\n    \
        public static NormalDistribution scaled(double mean, double sd) {\n        \
        if (mean > sd) {\n            return new NormalDistribution(mean, sd);\n        }\n        \
        throw new IllegalArgumentException();\n    }\n    \
        public static NormalDistribution logged(double mean, double sd) {\n        \
        log(sd > 0);\n        throw new IllegalArgumentException();\n    }\n}\n";

    #[test]
    fn a_condition_the_builder_throws_past_rejects_where_it_fails() {
        let file = parse_str(std::path::Path::new("NormalDistribution.java"), NORMAL);
        let class = &file.classes[0];
        let named = |n: &str| class.methods.iter().find(|m| m.name == n).expect("the fixture's factory");
        let of = alone(class, named("of"));
        assert!(rejects(&of, 1, "-2.0") && rejects(&of, 1, "0.0"), "not strictly positive");
        assert!(!rejects(&of, 1, "1.0") && !rejects(&of, 1, "0.5") && !rejects(&of, 1, "Double.MIN_VALUE"));
        assert!(rejects(&of, 1, "-1e-10") && !rejects(&of, 1, "1e10"), "a number with an exponent");
        assert!(!rejects(&of, 0, "-2.0"), "the mean is not guarded");
        let within = alone(class, named("within"));
        assert!(rejects(&within, 0, "-2.0") && rejects(&within, 1, "2.0"), "each conjunct, flipped or not");
        assert!(!rejects(&within, 0, "0.0") && !rejects(&within, 1, "0.5"));
        let scaled = alone(class, named("scaled"));
        assert!(!rejects(&scaled, 1, "-2.0"), "a comparison of two parameters sets no limit");
        let logged = alone(class, named("logged"));
        assert!(!rejects(&logged, 1, "-2.0"), "a call before the throw guards nothing");
    }
}
