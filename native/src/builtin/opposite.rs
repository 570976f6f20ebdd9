//! An operation is its inverse applied to the opposite: `a.subtract(b) = a.add(b.negate())`,
//! `a.divideBy(b) = a.multiplyBy(b.invert())` on a value compared by `equals`, and for an integral
//! amount `a.minusMonths(n) = a.plusMonths(-n)`.
//!
//! Why beside the inverse relation (`a.add(b).subtract(b) = a`): that one says nothing of `negate`
//! or `invert`, whose only other relation, the involution `negate(negate(a)) = a`, a mutant that
//! returns `a` unchanged satisfies; here such a mutant turns a subtraction into an addition. And
//! unlike a sum of amounts (composition.rs), an amount and its opposite agree on calendar units
//! that clamp: Jan 31 minus a month and plus minus one month are both Dec 31.

use super::contracts::{method, method_where};
use super::invoke::Caller;
use super::mutators::fresh_instances;
use super::templates::{declares_equals, has_floating_state, ret, Mr, Pair};
use super::values::INPUTS;
use crate::java_model::MethodModel;

/// Operations and their inverses, each with the names of what makes an operand its opposite.
const FAMILIES: [(&[&str], &[&str], &[&str]); 2] = [
    (&["add", "plus"], &["subtract", "minus"], &["negate", "negated", "opposite"]),
    (&["multiply", "times"], &["divide"], &["reciprocal", "invert", "inverse"]),
];

const MULTIPLICATIVE: usize = 1;

/// Prepositions an operation's name may end with (`multiplyBy`, `dividedBy`, `addTo`).
const PREPOSITIONS: [&str; 4] = ["By", "With", "To", "From"];

/// Amounts and their opposites: small, so no integral type overflows (`-Integer.MIN_VALUE` is itself).
const AMOUNTS: [i32; 10] = [1, 5, -3, 0, 7, -2, 12, 31, -45, 100];

/// The operation's stem without its preposition or participle (`dividedBy` -> `divide`).
fn stem(name: &str) -> &str {
    let bare = PREPOSITIONS.iter().find_map(|p| name.strip_suffix(p)).unwrap_or(name);
    match bare {
        "divided" => "divide",
        "multiplied" => "multiply",
        other => other,
    }
}

/// An instance method of the class taking one operand of the class and returning the class.
fn on_own(caller: &Caller, m: &MethodModel) -> bool {
    let own = |t: &str| caller.is_own(t);
    !m.is_static() && m.params.len() == 1 && own(&m.params[0].type_name) && ret(m).is_some_and(own)
}

/// The class's own-type method whose stem is one of `stems`, any preposition allowed.
fn find_op<'c>(caller: &Caller<'c>, stems: &[&str]) -> Option<&'c MethodModel> {
    let names = stems.iter().flat_map(|s| {
        let participle = match *s {
            "divide" => "divided",
            "multiply" => "multiplied",
            other => other,
        };
        let mut all = vec![s.to_string(), participle.to_string()];
        all.extend(PREPOSITIONS.iter().flat_map(|p| [format!("{s}{p}"), format!("{participle}{p}")]));
        all
    });
    let found: Vec<String> = names.collect();
    found.iter().find_map(|n| method(caller, n, 1).filter(|m| on_own(caller, m) && caller.callable(m)))
}

/// The opposite of an operand, a method of none returning the class (`negate()`, `invert()`).
fn find_opposite<'c>(caller: &Caller<'c>, names: &[&str]) -> Option<&'c MethodModel> {
    let own = |m: &MethodModel| ret(m).is_some_and(|r| caller.is_own(r));
    names.iter().find_map(|n| method(caller, n, 0).filter(|m| !m.is_static() && own(m) && caller.callable(m)))
}

/// `a.subtract(b) = a.add(b.negate())` (or `a.add(b) = a.subtract(b.negate())` for the target
/// `add`), when the target is the operation, its inverse or the opposite, on a class compared by
/// value (with floating-point state only the additive one: `a - b` and `a + (-b)` round alike, but
/// `a / b` and `a * (1 / b)` do not).
pub fn opposite_operand(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    if !declares_equals(caller) {
        return None;
    }
    let family = FAMILIES.iter().position(|(ops, inverses, opposites)| {
        let s = stem(&t.name);
        ops.contains(&s) || inverses.contains(&s) || opposites.contains(&t.name.as_str())
    })?;
    // `a - b` is `a + (-b)` exactly in floating point too; `a / b` and `a * (1 / b)` round apart.
    if family == MULTIPLICATIVE && has_floating_state(caller.class) {
        return None;
    }
    let (ops, inverses, opposites) = FAMILIES[family];
    let (op, inverse, opposite) =
        (find_op(caller, ops)?, find_op(caller, inverses)?, find_opposite(caller, opposites)?);
    if ![op.name.as_str(), inverse.name.as_str(), opposite.name.as_str()].contains(&t.name.as_str()) {
        return None;
    }
    // The operation states the relation about itself; the inverse and the opposite share one.
    let (lhs, rhs) = if t.name == op.name { (op, inverse) } else { (inverse, op) };
    let instances = caller.instances(INPUTS + 1);
    if instances.len() < 2 {
        return None;
    }
    let class = caller.class_type();
    let (l, r, o) = (&lhs.name, &rhs.name, &opposite.name);
    let bodies = (0..INPUTS)
        .map(|i| {
            let (a, b) = (&instances[i % instances.len()], &instances[(i + 1) % instances.len()]);
            [
                format!("{class} a = {a};"),
                format!("{class} b = {b};"),
                format!("assertEquals(a.{l}(b), a.{r}(b.{o}()));"),
            ]
            .join("\n")
        })
        .collect();
    Some(Mr { template: "oppositeOperand", relation: format!("a.{l}(b) = a.{r}(b.{o}())"), bodies })
}

/// `a.minusX(n) = a.plusX(-n)` (and `a.plusX(n) = a.minusX(-n)`) for an integral amount, on an
/// immutable value compared by `equals` or a `void` mutator of one (`a.subtract(n)` leaves `a` as
/// `b.add(-n)` leaves `b`).
pub fn opposite_amount(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let integral = |m: &MethodModel| m.params.len() == 1 && matches!(m.params[0].type_name.as_str(), "int" | "long");
    // No guard on floating-point state: `x - n` is `x + (-n)` exactly.
    if t.is_static() || !integral(t) || !declares_equals(caller) {
        return None;
    }
    let other = super::withers::ADDITIVE.iter().find_map(|(p, m)| {
        let word = |rest: &str| rest.is_empty() || rest.starts_with(|c: char| c.is_ascii_uppercase());
        let swap = |from: &str, to: &str| t.name.strip_prefix(from).filter(|r| word(r)).map(|r| format!("{to}{r}"));
        swap(p, m).or_else(|| swap(m, p))
    })?;
    // The same shape: both `void`, or both return the class; the same amount type.
    let kind = |m: &MethodModel| (ret(m).map(|r| caller.is_own(r)), m.params[0].type_name.clone());
    if kind(t).0 == Some(false) {
        return None;
    }
    let other = method_where(caller, &other, 1, |m| integral(m) && !m.is_static() && kind(m) == kind(t))?;
    let (class, amount, op, undo) = (caller.class_type(), &t.params[0].type_name, &t.name, &other.name);
    if !caller.callable(t) || !caller.callable(other) {
        return None;
    }
    let immutable = ret(t).is_some();
    let instances = if immutable { caller.instances(INPUTS) } else { fresh_instances(caller) };
    if instances.is_empty() {
        return None;
    }
    let bodies = AMOUNTS
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let a = &instances[i % instances.len()];
            let mut lines = vec![format!("{class} a = {a};"), format!("{amount} n = {n};")];
            if immutable {
                lines.push(format!("assertEquals(a.{op}(n), a.{undo}(-n));"));
            } else {
                // A mutator changes its receiver: the twin `b`, built alike, takes the other way.
                lines.extend([format!("{class} b = {a};"), format!("a.{op}(n);"), format!("b.{undo}(-n);")]);
                lines.push("assertEquals(b, a);".into());
            }
            lines.join("\n")
        })
        .collect();
    let relation = match ret(t) {
        None => format!("a.{op}(n) leaves a as b.{undo}(-n) leaves b"),
        Some(_) => format!("a.{op}(n) = a.{undo}(-n)"),
    };
    Some(Mr { template: "oppositeAmount", relation, bodies })
}

#[cfg(test)]
mod tests {
    use super::stem;

    #[test]
    fn stems_drop_prepositions_and_participles() {
        assert_eq!(stem("dividedBy"), "divide");
        assert_eq!(stem("multiplyBy"), "multiply");
        assert_eq!(stem("subtract"), "subtract");
        assert_eq!(stem("addTo"), "add");
    }
}
