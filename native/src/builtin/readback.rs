//! What the getters read back builds the same object again: for a constructor or static factory
//! whose parameters are named after the class's getters (`getFraction(int numerator, int
//! denominator)` and `getNumerator()`/`getDenominator()`, `new Point(x, y)` and `getX()`, a
//! record's `x` and `x()`), `build(a.getX(), ..)` reads back what `a` reads back, and equals `a`.
//!
//! Not `build(x, ..).getX() = x`: a builder may normalise what it is given (a fraction moves its
//! sign to the numerator, a time wraps at midnight), which is no bug; what it read back once it
//! reads back again, normalised already. Where the constructor stores the value as given,
//! `contracts::constructor_getter` states that too; this covers factories and the other builders.

use super::invoke::Caller;
use super::objects::builders;
use super::templates::{assert_equal, declares_equals, ret, same, Mr, Pair};
use super::values::{rows, INPUTS};
use crate::java_model::types::erase_simple;
use crate::java_model::{property_of, ClassKind, MethodModel};

/// A getter of the instance: no parameters, a value, not static, callable.
fn is_getter(caller: &Caller, m: &MethodModel) -> bool {
    m.params.is_empty() && !m.is_static() && !m.is_constructor && ret(m).is_some() && caller.callable(m)
}

/// Per parameter of `builder`, the getter named after it that reads back its type, if any.
fn getters_of<'c>(caller: &Caller<'c>, builder: &MethodModel) -> Vec<Option<&'c MethodModel>> {
    builder
        .params
        .iter()
        .map(|p| {
            caller.class.methods.iter().find(|g| {
                is_getter(caller, g)
                    && property_of(&g.name) == p.name.to_ascii_lowercase()
                    && ret(g).is_some_and(|r| same(r, &p.type_name))
            })
        })
        .collect()
}

/// A builder the test can call and build from typed values: a concrete class's constructor or a
/// static factory, without varargs.
fn usable(caller: &Caller, builder: &MethodModel) -> bool {
    let concrete = matches!(caller.class.kind, ClassKind::Class | ClassKind::Record)
        && !caller.class.modifiers.iter().any(|m| m == "abstract");
    !builder.params.is_empty()
        && !builder.params.iter().any(|p| p.varargs)
        && (builder.is_static() || (builder.is_constructor && concrete))
}

/// The builder and its getters the relation is about: for a getter target, the first builder
/// with a parameter named after it; for a static factory target, itself, when a getter reads
/// back each of its parameters.
fn builder_and_getters<'c>(
    caller: &Caller<'c>,
    t: &'c MethodModel,
) -> Option<(&'c MethodModel, Vec<Option<&'c MethodModel>>)> {
    if t.is_static() {
        let getters = getters_of(caller, t);
        let own = ret(t).is_some_and(|r| erase_simple(r) == caller.class.name);
        return (own && usable(caller, t) && getters.iter().all(Option::is_some)).then_some((t, getters));
    }
    if !is_getter(caller, t) {
        return None;
    }
    builders(caller.values, caller.class).into_iter().filter(|b| usable(caller, b)).find_map(|b| {
        let getters = getters_of(caller, b);
        getters.iter().flatten().any(|g| g.name == t.name).then_some((b, getters))
    })
}

/// The relation for the target, a getter or a static factory.
pub fn read_back_rebuilds(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    // Where the constructor stores the value as given, constructor_getter says more.
    if !caller.callable(t) || super::contracts::constructor_getter(pair).is_some() {
        return None;
    }
    let (builder, getters) = builder_and_getters(caller, t)?;
    let columns: Vec<Vec<String>> = builder.params.iter().map(|p| caller.values.of(&p.type_name, INPUTS)).collect();
    let rows = rows(&columns)?;
    let identity = declares_equals(caller);
    let own = caller.class_type();
    let bodies = rows
        .iter()
        .map(|row| {
            let mut lines = Vec::new();
            let mut again = Vec::new();
            for (i, (p, value)) in builder.params.iter().zip(row).enumerate() {
                let declared = caller.declared(&p.type_name);
                lines.push(format!("{declared} arg{i} = {value};"));
                again.push(getters[i].map_or(format!("arg{i}"), |_| format!("read{i}")));
            }
            let args: Vec<String> = (0..row.len()).map(|i| format!("arg{i}")).collect();
            lines.push(format!("{own} built = {};", caller.build(builder, &args)));
            for (i, getter) in getters.iter().enumerate() {
                if let Some(g) = getter {
                    lines.push(format!(
                        "{} read{i} = built.{}();",
                        caller.declared(&builder.params[i].type_name),
                        g.name
                    ));
                }
            }
            lines.push(format!("{own} rebuilt = {};", caller.build(builder, &again)));
            for (i, getter) in getters.iter().enumerate() {
                if let Some(g) = getter {
                    let declared = caller.declared(&builder.params[i].type_name);
                    lines.push(assert_equal(&format!("read{i}"), &format!("rebuilt.{}()", g.name), &declared));
                }
            }
            if identity {
                lines.push("assertEquals(built, rebuilt);".to_string());
            }
            lines.join("\n")
        })
        .collect();
    let read: Vec<String> = builder
        .params
        .iter()
        .zip(&getters)
        .map(|(p, g)| g.map_or(p.name.clone(), |g| format!("a.{}()", g.name)))
        .collect();
    let name = if builder.is_constructor { format!("new {}", caller.class.name) } else { builder.name.clone() };
    let mut relation = format!("{name}({}) reads back what a reads back", read.join(", "));
    if identity {
        relation.push_str(" and equals a");
    }
    Some(Mr { template: "readBackRebuilds", relation, bodies })
}
