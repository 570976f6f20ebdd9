//! Templates for the idioms of immutable value classes (`java.time`, Joda-Time, Lombok's `@With`,
//! Immutables): a wither sets what its getter reads (`a.withX(v).getX() = v`, and
//! `a.withX(a.getX()) = a`), and adding an integral amount is undone by subtracting it
//! (`a.plusX(n).minusX(n) = a`), and multiplying by one is undone by dividing by it.

use super::invoke::Caller;
use super::statics::comparable_by_value;
use super::templates::{assert_equal, declares_equals, has_floating_state, ret, same, Mr, Pair};
use super::values::{small_integer, INPUTS};
use crate::java_model::names::after_word;
use crate::java_model::types::erase_simple;
use crate::java_model::MethodModel;

/// A non-static method of the class returning the class's own type.
pub(super) fn returns_own(caller: &Caller, m: &MethodModel) -> bool {
    !m.is_static() && !m.is_private() && ret(m).is_some_and(|r| erase_simple(r) == caller.class.name)
}

/// Whether the parameter at `at` is an integral amount (`int` or `long`).
pub(super) fn integral_at(m: &MethodModel, at: usize) -> bool {
    matches!(m.params.get(at).map(|p| p.type_name.as_str()), Some("int" | "long"))
}

fn named<'c>(caller: &Caller<'c>, name: &str, params: usize) -> Option<&'c MethodModel> {
    super::contracts::method(caller, name, params).filter(|m| !m.is_static())
}

/// A wither and its getter. Not `a.withX(v).getX() = v`: a wither may keep `v` normalised (a
/// time of day's millis wrap around midnight: `withLocalMillis(-1)` reads back 86399999), which is
/// no bug. What holds either way: what the getter reads back depends on `v` alone, not on the
/// receiver (`a.withX(v).getX() = b.withX(v).getX()`), setting it again keeps it, and
/// `a.withX(a.getX()) = a` when the class compares by value. Attached to both.
pub fn wither(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let rest =
        after_word(&t.name, "with").or_else(|| after_word(&t.name, "get")).or_else(|| after_word(&t.name, "is"))?;
    let with = named(caller, &format!("with{rest}"), 1).filter(|m| returns_own(caller, m))?;
    let getter = named(caller, &format!("get{rest}"), 0).or_else(|| named(caller, &format!("is{rest}"), 0))?;
    let value_type = &with.params[0].type_name;
    if !ret(getter).is_some_and(|r| same(r, value_type)) || !caller.callable(with) || !caller.callable(getter) {
        return None;
    }
    let instances = caller.instances(INPUTS);
    let values = caller.values.of(value_type, INPUTS);
    if instances.is_empty() || values.is_empty() {
        return None;
    }
    let identity = declares_equals(caller);
    let declared = caller.declared(value_type);
    let (w, g) = (&with.name, &getter.name);
    let bodies = values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let class = caller.class_type();
            let mut lines = vec![format!("{class} a = {};", instances[i % instances.len()])];
            lines.push(format!("{class} b = {};", instances[(i + 1) % instances.len()]));
            if identity {
                // First: a value the wither rejects ends the method before it.
                lines.push(format!("assertEquals(a, a.{w}(a.{g}()));"));
            }
            lines.push(format!("{declared} v = {v};"));
            lines.push(format!("{declared} kept = a.{w}(v).{g}();"));
            lines.push(assert_equal("kept", &format!("b.{w}(v).{g}()"), &declared));
            lines.push(assert_equal("kept", &format!("a.{w}(kept).{g}()"), &declared));
            lines.join("\n")
        })
        .collect();
    let mut relation = format!("a.{w}(v).{g}() = b.{w}(v).{g}() = a.{w}(kept).{g}() where kept = a.{w}(v).{g}()");
    if identity {
        relation.push_str(&format!(", and a.{w}(a.{g}()) = a"));
    }
    Some(Mr { template: "wither", relation, bodies })
}

/// Additive pairs whose amount is an integral number.
pub(super) const ADDITIVE: [(&str, &str); 2] = [("plus", "minus"), ("add", "subtract")];

/// Calendar units a sum clamps: Jan 31 plus a month is Feb 28, minus a month Jan 28.
pub(super) const CLAMPING_UNITS: [&str; 6] = ["Month", "Year", "Quarter", "Centur", "Decade", "Era"];

/// `a.plusX(n).minusX(n) = a = a.minusX(n).plusX(n)` for an integral amount `n`, on a class that
/// compares by value and holds no floating-point state (Joda-Time's `plusHours`/`minusHours`,
/// `plus(int)`/`minus(int)`). Not for calendar units that clamp (months, years).
pub fn integral_inverse(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let integral = |m: &MethodModel| m.params.len() == 1 && integral_at(m, 0);
    if !integral(t) || !returns_own(caller, t) || has_floating_state(caller.class) {
        return None;
    }
    let (up, down, rest) = ADDITIVE.iter().find_map(|(p, m)| {
        let rest = t.name.strip_prefix(p).or_else(|| t.name.strip_prefix(m))?;
        let word = rest.is_empty() || rest.starts_with(|c: char| c.is_ascii_uppercase());
        word.then(|| (format!("{p}{rest}"), format!("{m}{rest}"), rest))
    })?;
    if CLAMPING_UNITS.iter().any(|u| rest.contains(u)) || !declares_equals(caller) {
        return None;
    }
    let amount = &t.params[0].type_name;
    let fits = |m: &&MethodModel| integral(m) && m.params[0].type_name == *amount && returns_own(caller, m);
    let (plus, minus) = (named(caller, &up, 1).filter(fits)?, named(caller, &down, 1).filter(fits)?);
    let instances = caller.instances(INPUTS);
    let amounts = caller.values.of(amount, INPUTS);
    if instances.is_empty() {
        return None;
    }
    let (p, m) = (&plus.name, &minus.name);
    let bodies = amounts
        .iter()
        .enumerate()
        .map(|(i, n)| {
            [
                format!("{} a = {};", caller.class_type(), instances[i % instances.len()]),
                format!("{amount} n = {n};"),
                format!("assertEquals(a, a.{p}(n).{m}(n));"),
                format!("assertEquals(a, a.{m}(n).{p}(n));"),
            ]
            .join("\n")
        })
        .collect();
    let relation = format!("a.{p}(n).{m}(n) = a = a.{m}(n).{p}(n)");
    Some(Mr { template: "inverseOperation", relation, bodies })
}

/// Scaling pairs whose factor is an integral number, as `java.time` and others name them.
const SCALING: [(&str, &str); 3] = [("multipliedBy", "dividedBy"), ("multiply", "divide"), ("multiplyBy", "divideBy")];

/// `a.multipliedBy(n).dividedBy(n) = a` for a small non-zero integral `n` (threeten-extra's
/// `Weeks`, a fraction's `multiply(int)`/`divide(int)`), on a class that compares by value and holds
/// no floating-point state. Not the other way round: integral division truncates. Attached to both.
pub fn integral_scaling_inverse(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let integral = |m: &MethodModel| m.params.len() == 1 && integral_at(m, 0);
    if !integral(t) || !returns_own(caller, t) || has_floating_state(caller.class) || !declares_equals(caller) {
        return None;
    }
    let (up, down) = SCALING.iter().find(|(u, d)| t.name == *u || t.name == *d)?;
    let amount = &t.params[0].type_name;
    let fits = |m: &&MethodModel| integral(m) && m.params[0].type_name == *amount && returns_own(caller, m);
    let (times, by) = (named(caller, up, 1).filter(fits)?, named(caller, down, 1).filter(fits)?);
    let instances = caller.instances(INPUTS);
    // Small, so that the factor alone overflows nothing; never 0, which no division takes.
    let factors: Vec<String> = caller
        .values
        .of(amount, INPUTS * 3)
        .into_iter()
        .filter(|v| small_integer(v) && v.trim_end_matches(['L', 'l']) != "0")
        .collect();
    if instances.is_empty() || factors.is_empty() {
        return None;
    }
    let (m, d) = (&times.name, &by.name);
    let bodies = (0..INPUTS.min(instances.len().max(factors.len())))
        .map(|i| {
            [
                format!("{} a = {};", caller.class_type(), instances[i % instances.len()]),
                format!("{amount} n = {};", factors[i % factors.len()]),
                format!("assertEquals(a, a.{m}(n).{d}(n));"),
            ]
            .join("\n")
        })
        .collect();
    Some(Mr { template: "inverseOperation", relation: format!("a.{m}(n).{d}(n) = a"), bodies })
}

/// Units of time whose sum is exact, by the names of `addDays`, `plusHours`, `addMillis`.
pub(super) const EXACT_UNITS: [&str; 8] = ["Nano", "Micro", "Milli", "Second", "Minute", "Hour", "Day", "Week"];

/// `addX(addX(d, n), -n) = d` for a static function adding an integral amount of a unit that does
/// not clamp (lang3's `DateUtils.addDays(Date, int)`; not `addMonths`: Jan 31 plus a month is
/// Feb 28), on small amounts only (`-Integer.MIN_VALUE` is itself), for values compared by `equals`.
pub fn static_integral_inverse(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let [value, amount] = t.params.as_slice() else { return None };
    let rest = ["add", "plus"].iter().find_map(|p| after_word(&t.name, p))?;
    let integral = matches!(amount.type_name.as_str(), "int" | "long");
    let by_value = comparable_by_value(caller, &value.type_name) || erase_simple(&value.type_name) == "Date";
    // A unit of time that does not clamp: `addPadding(s, n)` or `addExact(a, b)` undo nothing.
    let exact_unit =
        EXACT_UNITS.iter().any(|u| rest.starts_with(u)) && !CLAMPING_UNITS.iter().any(|u| rest.contains(u));
    if !t.is_static()
        || !integral
        || !by_value
        || !exact_unit
        || !ret(t).is_some_and(|r| same(r, &value.type_name))
        || !caller.callable(t)
    {
        return None;
    }
    let values = caller.values.of(&value.type_name, INPUTS);
    let amounts: Vec<String> =
        caller.values.of(&amount.type_name, INPUTS * 3).into_iter().filter(|v| small_integer(v)).collect();
    if values.is_empty() || amounts.is_empty() {
        return None;
    }
    let (declared, n) = (caller.declared(&value.type_name), &amount.type_name);
    let bodies = (0..INPUTS.min(values.len().max(amounts.len())))
        .map(|i| {
            let there = caller.call(t, "", &["x".into(), "n".into()]);
            let back = caller.call(t, "", &["there".into(), "-n".into()]);
            [
                format!("{declared} x = {};", values[i % values.len()]),
                format!("{n} n = {};", amounts[i % amounts.len()]),
                format!("{declared} there = {there};"),
                format!("{declared} back = {back};"),
                assert_equal("x", "back", &declared),
            ]
            .join("\n")
        })
        .collect();
    Some(Mr { template: "inverseOperation", relation: format!("{0}({0}(x, n), -n) = x", t.name), bodies })
}

/// The names a static factory of the property `rest` goes by: `days`, `ofDays`, `fromDays`.
fn factory_names(rest: &str) -> Vec<String> {
    let mut chars = rest.chars();
    let lowered: String = chars.next().map(|c| c.to_ascii_lowercase()).into_iter().chain(chars).collect();
    vec![lowered, format!("of{rest}"), format!("from{rest}")]
}

/// A static factory named after a property and that property's getter: the getter reads back what
/// the factory was given (`Days.days(n).getDays() = n`, `Duration.ofSeconds(n).getSeconds() = n`).
/// Attached to both.
pub fn factory_getter(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let factory_of = |rest: &str, value: &str| {
        let names = factory_names(rest);
        caller.class.methods.iter().find(|m| {
            m.is_static()
                && !m.is_private()
                && m.params.len() == 1
                && names.contains(&m.name)
                && same(&m.params[0].type_name, value)
                && ret(m).is_some_and(|r| erase_simple(r) == caller.class.name)
        })
    };
    let getter_of = |rest: &str| named(caller, &format!("get{rest}"), 0);
    let (factory, getter) = if let Some(rest) = after_word(&t.name, "get").filter(|_| t.params.is_empty()) {
        (factory_of(rest, ret(t)?)?, t)
    } else {
        let rest = ["of", "from"].iter().find_map(|p| after_word(&t.name, p)).map(String::from).or_else(|| {
            let mut chars = t.name.chars();
            let first = chars.next()?.to_ascii_uppercase();
            Some(std::iter::once(first).chain(chars).collect())
        })?;
        let getter = getter_of(&rest)?;
        (factory_of(&rest, ret(getter)?).filter(|f| f.name == t.name)?, getter)
    };
    if getter.is_static() || !caller.callable(getter) {
        return None;
    }
    let value_type = &factory.params[0].type_name;
    let declared = caller.declared(value_type);
    let bodies = caller
        .values
        .of(value_type, INPUTS)
        .iter()
        .map(|v| {
            [
                format!("{declared} v = {v};"),
                format!("{} built = {};", caller.class_type(), caller.call(factory, "", &["v".into()])),
                assert_equal("v", &format!("built.{}()", getter.name), &declared),
            ]
            .join("\n")
        })
        .collect();
    let relation = format!("{}.{}(v).{}() = v", caller.class.name, factory.name, getter.name);
    Some(Mr { template: "factoryGetter", relation, bodies })
}
