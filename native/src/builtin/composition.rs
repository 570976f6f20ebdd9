//! Repeating an operation whose amount adds up is the operation once with the sum
//! (`a.plusHours(m).plusHours(n) = a.plusHours(m + n)`, `rotate(rotate(s, m), n) = rotate(s, m + n)`,
//! `a.add(m); a.add(n)` as `b.add(m + n)`); one whose amount multiplies, once with the product
//! (`a.pow(m).pow(n) = a.pow(m * n)`, `repeat(repeat(s, m), n) = repeat(s, m * n)`); and the
//! neutral amount (0, 1) changes nothing.
//!
//! One MTC per method: the inverse relation (`a.plus(n).minus(n) = a`, withers.rs and mutators.rs)
//! is one MTC shared by both methods of its pair. And it catches what the inverse cannot: an amount
//! ignored, replaced or scaled (`v + n` mutated into `v * n` or `n`, `return this`), where an
//! inverse whose two halves are both wrong the same way still cancels out.

use super::invoke::Caller;
use super::mutators::fresh_instances;
use super::statics::comparable_by_value;
use super::templates::{assert_equal, declares_equals, has_floating_state, ret, same, Mr, Pair};
use super::values::INPUTS;
use super::withers::{CLAMPING_UNITS, EXACT_UNITS};
use crate::java_model::types::erase_simple;
use crate::java_model::MethodModel;

/// How two amounts of an operation combine into one.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Combine {
    Sum,
    Product,
}

impl Combine {
    fn symbol(self) -> &'static str {
        match self {
            Combine::Sum => "+",
            Combine::Product => "*",
        }
    }

    /// The amount that changes nothing.
    fn neutral(self) -> &'static str {
        match self {
            Combine::Sum => "0",
            Combine::Product => "1",
        }
    }

    /// Pairs of amounts (m, n). Small, so no integral type overflows on the way; a product's
    /// never negative (`repeat(s, -1)` is empty, `pow(-1)` inverts: `(-1) * (-1)` would be 1).
    fn amounts(self) -> &'static [(i32, i32)] {
        match self {
            Combine::Sum => &[(1, 2), (5, -3), (0, 4), (-2, -6), (7, 0), (3, 3), (-1, 1), (10, -4), (2, 8), (-5, -5)],
            Combine::Product => &[(2, 3), (0, 5), (1, 4), (3, 1), (2, 2), (4, 0), (1, 1), (3, 2), (5, 1), (2, 1)],
        }
    }
}

/// Verbs whose amount adds up, and those whose amount multiplies.
const ADDITIONS: [&str; 4] = ["plus", "minus", "add", "subtract"];
const SUMS: [&str; 6] = ["plus", "minus", "add", "subtract", "rotate", "shift"];
const PRODUCTS: [&str; 6] = ["multiply", "multiplied", "times", "pow", "power", "repeat"];

/// How the amounts of `name` combine, and what follows the verb (`Hours` of `plusHours`): the
/// verb is the whole name or ends at a camel-case boundary (`addAll`, `shiftLeft` are other
/// operations; `additional` no verb at all).
fn combine(name: &str) -> Option<(Combine, &str)> {
    let find = |verbs: &[&str], how: Combine| {
        verbs.iter().find_map(|v| {
            let rest = name.strip_prefix(v)?;
            (rest.is_empty() || rest.starts_with(|c: char| c.is_ascii_uppercase())).then_some((how, rest))
        })
    };
    let (how, rest) = find(&SUMS, Combine::Sum).or_else(|| find(&PRODUCTS, Combine::Product))?;
    // `multiplyBy`, `multipliedBy`: a preposition, not a unit.
    let unit = ["By", "With"].iter().fold(rest, |r, p| r.strip_suffix(p).unwrap_or(r));
    // A time unit that clamps (Jan 31 plus a month is Feb 28) sums no longer add up; nor do
    // `addAll`, `addExact`-like names beyond a unit, `shiftLeft` (bits fall off), `addIfAbsent`.
    let known = unit.is_empty() || EXACT_UNITS.iter().any(|u| unit.starts_with(u));
    (known && !CLAMPING_UNITS.iter().any(|u| unit.contains(u))).then_some((how, unit))
}

/// Whether one more of the amount always gives another result: an addition to a number, a time or
/// a counter (not a rotation: `rotate("aa", 1)` is `"aa"`; not a product: `pow(1)` of 1 is 1).
/// Without it a mutant that ignores the amount (the update deleted) satisfies the composition.
fn injective(t: &MethodModel, how: Combine) -> bool {
    how == Combine::Sum && ADDITIONS.iter().any(|v| t.name.starts_with(v))
}

/// `a` and `b` differ: `!=` on primitives, `equals` on objects.
fn assert_differ(a: &str, b: &str, declared: &str) -> String {
    if crate::java_model::types::is_primitive(&erase_simple(declared)) {
        format!("assertTrue({a} != {b});")
    } else {
        format!("assertFalse({a}.equals({b}));")
    }
}

fn integral(written: &str) -> bool {
    matches!(written, "int" | "long")
}

/// `a.op(m).op(n) = a.op(m ⊕ n)` and `a.op(neutral) = a`, for an instance method of a class
/// compared by value and without floating-point state (`(a * m) * n` rounds), taking one
/// integral amount and returning the class.
fn immutable(caller: &Caller, t: &MethodModel, how: Combine) -> Option<Mr> {
    let own = ret(t).is_some_and(|r| erase_simple(r) == caller.class.name);
    if t.is_static() || !own || !declares_equals(caller) || has_floating_state(caller.class) || !caller.callable(t) {
        return None;
    }
    let instances = caller.instances(INPUTS);
    if instances.is_empty() {
        return None;
    }
    let (class, amount, op, s) = (caller.class_type(), &t.params[0].type_name, &t.name, how.symbol());
    let injective = injective(t, how);
    let bodies = bodies(how, |i, (m, n)| {
        let mut lines = vec![
            format!("{class} a = {};", instances[i % instances.len()]),
            format!("{amount} m = {m};"),
            format!("{amount} n = {n};"),
            format!("assertEquals(a.{op}(m {s} n), a.{op}(m).{op}(n));"),
            format!("assertEquals(a, a.{op}({}));", how.neutral()),
        ];
        if injective {
            lines.push(assert_differ(&format!("a.{op}(m)"), &format!("a.{op}(m + 1)"), &class));
        }
        lines
    });
    let relation = sentence(
        format!("a.{op}(m).{op}(n) = a.{op}(m {s} n)"),
        format!("a.{op}({}) = a", how.neutral()),
        injective.then(|| format!("a.{op}(m) != a.{op}(m + 1)")),
    );
    Some(Mr { template: "composition", relation, bodies })
}

/// `a.op(m); a.op(n);` leaves `a` as `b.op(m ⊕ n)` leaves its twin `b`, and `a.op(neutral)`
/// leaves `a` as it was, for a `void` mutator of a class compared by value without
/// floating-point state.
fn mutator(caller: &Caller, t: &MethodModel, how: Combine) -> Option<Mr> {
    if t.is_static() || ret(t).is_some() || !declares_equals(caller) || has_floating_state(caller.class) {
        return None;
    }
    let instances = fresh_instances(caller);
    if instances.is_empty() || !caller.callable(t) {
        return None;
    }
    let (class, amount, op, s) = (caller.class_type(), &t.params[0].type_name, &t.name, how.symbol());
    let injective = injective(t, how);
    let bodies = bodies(how, |i, (m, n)| {
        let instance = &instances[i % instances.len()];
        let mut lines = vec![
            format!("{class} a = {instance};"),
            format!("{class} b = {instance};"),
            format!("{class} unchanged = {instance};"),
            format!("{amount} m = {m};"),
            format!("{amount} n = {n};"),
            format!("a.{op}(m);"),
            format!("a.{op}(n);"),
            format!("b.{op}(m {s} n);"),
            "assertEquals(b, a);".to_string(),
            format!("unchanged.{op}({});", how.neutral()),
            format!("assertEquals({instance}, unchanged);"),
        ];
        if injective {
            lines.extend([format!("{class} c = {instance};"), format!("{class} d = {instance};")]);
            lines.extend([format!("c.{op}(m);"), format!("d.{op}(m + 1);"), "assertFalse(c.equals(d));".into()]);
        }
        lines
    });
    let relation = sentence(
        format!("a.{op}(m); a.{op}(n) leaves a as b.{op}(m {s} n) leaves b"),
        format!("a.{op}({}) changes nothing", how.neutral()),
        injective.then(|| format!("a.{op}(m + 1) leaves it otherwise than a.{op}(m)")),
    );
    Some(Mr { template: "composition", relation, bodies })
}

/// `op(op(x, m), n) = op(x, m ⊕ n)` and `op(x, neutral) = x` for a static function of a value and an
/// integral amount returning the value's type: a number, a date (a unit named), the class
/// compared by value, or a text only rotated, shifted or repeated (`add(s, n)` appends a number).
fn function(caller: &Caller, t: &MethodModel, how: Combine, unit: &str) -> Option<Mr> {
    let [value, _] = t.params.as_slice() else { return None };
    let v = erase_simple(&caller.declared(&value.type_name));
    let text_verb = ["rotate", "shift", "repeat"].iter().any(|p| t.name.starts_with(p));
    let fits = match v.as_str() {
        "String" => text_verb,
        "Date" | "Calendar" => !unit.is_empty(),
        _ => comparable_by_value(caller, &value.type_name) && !v.ends_with("[]") && !floating(&v),
    };
    if !fits || !ret(t).is_some_and(|r| same(r, &value.type_name)) || !caller.callable(t) {
        return None;
    }
    let values = caller.values.of(&value.type_name, INPUTS);
    if values.is_empty() {
        return None;
    }
    let (declared, amount, s) = (caller.declared(&value.type_name), &t.params[1].type_name, how.symbol());
    let call = |x: &str, k: &str| caller.call(t, "", &[x.to_string(), k.to_string()]);
    let injective = injective(t, how) && v != "String";
    let bodies = bodies(how, |i, (m, n)| {
        let mut lines = vec![
            format!("{declared} x = {};", values[i % values.len()]),
            format!("{amount} m = {m};"),
            format!("{amount} n = {n};"),
            format!("{declared} once = {};", call("x", &format!("m {s} n"))),
            format!("{declared} twice = {};", call(&call("x", "m"), "n")),
            assert_equal("once", "twice", &declared),
            assert_equal("x", &call("x", how.neutral()), &declared),
        ];
        if injective {
            lines.push(assert_differ(&call("x", "m"), &call("x", "m + 1"), &declared));
        }
        lines
    });
    let (op, neutral) = (&t.name, how.neutral());
    let relation = sentence(
        format!("{op}({op}(x, m), n) = {op}(x, m {s} n)"),
        format!("{op}(x, {neutral}) = x"),
        injective.then(|| format!("{op}(x, m) != {op}(x, m + 1)")),
    );
    Some(Mr { template: "composition", relation, bodies })
}

/// The relation in one line: the composition, the neutral amount and, for an addition, that the
/// amount matters.
fn sentence(composed: String, neutral: String, injective: Option<String>) -> String {
    match injective {
        Some(differs) => format!("{composed}, {neutral}, and {differs}"),
        None => format!("{composed}, and {neutral}"),
    }
}

fn floating(t: &str) -> bool {
    matches!(t, "double" | "float" | "Double" | "Float")
}

/// One body per pair of amounts.
fn bodies(how: Combine, body: impl Fn(usize, (i32, i32)) -> Vec<String>) -> Vec<String> {
    how.amounts().iter().enumerate().map(|(i, &amounts)| body(i, amounts).join("\n")).collect()
}

/// The composition relation of the target, in whichever of the three shapes it has.
pub fn composition(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let (how, unit) = combine(&t.name)?;
    match t.params.as_slice() {
        [amount] if integral(&amount.type_name) && ret(t).is_none() => mutator(caller, t, how),
        [amount] if integral(&amount.type_name) => immutable(caller, t, how),
        [_, amount] if integral(&amount.type_name) && t.is_static() => function(caller, t, how, unit),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verbs_whose_amounts_add_up_or_multiply() {
        assert_eq!(combine("plusHours"), Some((Combine::Sum, "Hours")));
        assert_eq!(combine("minus"), Some((Combine::Sum, "")));
        assert_eq!(combine("rotate"), Some((Combine::Sum, "")));
        assert_eq!(combine("multipliedBy"), Some((Combine::Product, "")));
        assert_eq!(combine("pow"), Some((Combine::Product, "")));
        assert_eq!(combine("addDays"), Some((Combine::Sum, "Days")));
    }

    #[test]
    fn clamping_units_and_other_operations_do_not_compose() {
        for name in ["plusMonths", "addYears", "addAll", "shiftLeft", "additional", "addIfAbsent", "powerSet"] {
            assert_eq!(combine(name), None, "{name}");
        }
    }
}
