//! Templates for mutable values (counters, accumulators, `AtomicInteger`-like and `MutableInt`-like
//! classes): a mutator undone by its inverse leaves the object as it was
//! (`a.add(n); a.subtract(n)` equals a fresh twin), and `getAndX` answers before the update what
//! `xAndGet` answers after it (`a.getAndAdd(n)` twice: the second answer is `b.addAndGet(n)`).

use super::contracts::method;
use super::invoke::Caller;
use super::templates::{assert_equal, declares_equals, has_floating_state, ret, same, Mr, Pair};
use super::values::{rows, small_integer, INPUTS};
use crate::java_model::MethodModel;

/// Mutators that undo each other by name: the additive pairs of immutable values, and counters'.
fn inverse_names() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
    super::withers::ADDITIVE.iter().chain(&[("increment", "decrement")])
}

/// Fresh instances (never a shared constant: the test mutates them), each expression built twice
/// gives two equal objects; of a class whose instances cannot change, the ones its companions
/// hand out too (`objects::companions`: a shared instance changes for no one).
pub(super) fn fresh_instances(caller: &Caller) -> Vec<String> {
    let companions = caller.values.companions(caller.class);
    let immutable = super::objects::is_immutable(caller.class);
    let fresh = |v: &String| if companions.contains(v) { immutable } else { v.ends_with(')') };
    caller.instances(INPUTS).into_iter().filter(fresh).collect()
}

/// Amounts of a mutator's parameters, one row per input: integers of small magnitude only (an
/// amount near the extremes overflows on the way there and back in some types and not others).
fn amounts(caller: &Caller, m: &MethodModel) -> Option<Vec<Vec<String>>> {
    let columns: Vec<Vec<String>> = m
        .params
        .iter()
        .map(|p| caller.values.of(&p.type_name, INPUTS * 3).into_iter().filter(|v| small_integer(v)).collect())
        .collect();
    rows(&columns)
}

/// The mutator with the inverse name of `t` and the same parameters, both `void` instance methods.
fn inverse_of<'c>(caller: &Caller<'c>, t: &MethodModel) -> Option<(&'c MethodModel, &'c MethodModel)> {
    let void = |m: &MethodModel| !m.is_static() && ret(m).is_none() && caller.callable(m);
    let (up, down) = inverse_names().find_map(|(p, m)| {
        let rest = t.name.strip_prefix(p).or_else(|| t.name.strip_prefix(m))?;
        (rest.is_empty() || rest.starts_with(|c: char| c.is_ascii_uppercase()))
            .then(|| (format!("{p}{rest}"), format!("{m}{rest}")))
    })?;
    let apply = method(caller, &up, t.params.len()).filter(|m| void(m))?;
    let undo = method(caller, &down, t.params.len()).filter(|m| void(m))?;
    let alike = apply.params.iter().zip(&undo.params).all(|(a, b)| same(&a.type_name, &b.type_name));
    alike.then_some((apply, undo))
}

/// `a.add(n); a.subtract(n);` leaves `a` equal to a twin built alike, for `void` mutators of a
/// class that compares by value and holds no floating-point state (where `(a + n) - n` rounds).
pub fn inverse_mutators(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    if !declares_equals(caller) || has_floating_state(caller.class) {
        return None;
    }
    let (apply, undo) = inverse_of(caller, t)?;
    let instances = fresh_instances(caller);
    let rows = if apply.params.is_empty() { vec![Vec::new(); INPUTS] } else { amounts(caller, apply)? };
    if instances.is_empty() {
        return None;
    }
    let class_type = caller.class_type();
    let bodies = rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let instance = &instances[i % instances.len()];
            let mut lines =
                vec![format!("{class_type} subject = {instance};"), format!("{class_type} twin = {instance};")];
            let names = declare(caller, apply, row, &mut lines);
            lines.push(format!("subject.{}({});", apply.name, names.join(", ")));
            lines.push(format!("subject.{}({});", undo.name, names.join(", ")));
            lines.push("assertEquals(twin, subject);".into());
            lines.join("\n")
        })
        .collect();
    let n = if apply.params.is_empty() { "" } else { "n" };
    let relation = format!("a.{}({n}); a.{}({n}) leaves a as it was", apply.name, undo.name);
    Some(Mr { template: "inverseMutators", relation, bodies })
}

/// Declarations of `m`'s arguments from `row`: `arg0`, `arg1`, ...
fn declare(caller: &Caller, m: &MethodModel, row: &[String], lines: &mut Vec<String>) -> Vec<String> {
    m.params
        .iter()
        .zip(row)
        .enumerate()
        .map(|(i, (p, value))| {
            lines.push(format!("{} arg{i} = {value};", caller.declared(&p.type_name)));
            format!("arg{i}")
        })
        .collect()
}

/// `getAndX(args)` and `xAndGet(args)` of one update: on twins `a` and `b`, after `a.getAndX(args)`
/// a second `a.getAndX(args)` answers what `b.xAndGet(args)` answers.
pub fn get_and_update(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let update = t.name.strip_prefix("getAnd").or_else(|| t.name.strip_suffix("AndGet"))?;
    let update = update.strip_prefix(|c: char| c.is_ascii_uppercase()).map_or(update.to_string(), |rest| {
        format!("{}{rest}", update.chars().next().map(|c| c.to_ascii_lowercase()).unwrap_or_default())
    });
    let capitalised: String =
        update.chars().take(1).flat_map(char::to_uppercase).chain(update.chars().skip(1)).collect();
    let before = method(caller, &format!("getAnd{capitalised}"), t.params.len())?;
    let after = method(caller, &format!("{update}AndGet"), t.params.len())?;
    let r = ret(before)?;
    let fits = !before.is_static()
        && !after.is_static()
        && ret(after).is_some_and(|a| same(a, r))
        && caller.callable(before)
        && caller.callable(after)
        && !has_floating_state(caller.class)
        && before.params.iter().zip(&after.params).all(|(a, b)| same(&a.type_name, &b.type_name));
    let instances = fresh_instances(caller);
    if !fits || instances.is_empty() {
        return None;
    }
    let rows = if before.params.is_empty() { vec![Vec::new(); INPUTS] } else { amounts(caller, before)? };
    let (class_type, declared) = (caller.class_type(), caller.declared(r));
    let bodies = rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let instance = &instances[i % instances.len()];
            let mut lines = vec![format!("{class_type} a = {instance};"), format!("{class_type} b = {instance};")];
            let args = declare(caller, before, row, &mut lines).join(", ");
            lines.push(format!("a.{}({args});", before.name));
            lines.push(format!("{declared} sourceOutput = a.{}({args});", before.name));
            lines.push(format!("{declared} followUpOutput = b.{}({args});", after.name));
            lines.push(assert_equal("followUpOutput", "sourceOutput", &declared));
            lines.join("\n")
        })
        .collect();
    let x = if before.params.is_empty() { "" } else { "x" };
    let relation = format!("after a.{0}({x}), a.{0}({x}) = b.{1}({x}) for a twin b", before.name, after.name);
    Some(Mr { template: "getAndUpdate", relation, bodies })
}
