//! Templates for `void` methods that change their receiver in place, on a class that compares by
//! value: an involution applied twice leaves it equal to a twin built alike (`s.reverse();
//! s.reverse()`), a normaliser applied twice leaves it as applying it once does, a commutative
//! update gives the same whichever operand receives it (`a.add(b)` and `b.add(a)`), and a box that
//! was told to include something contains it (`e.expandToInclude(p)`, then `e.contains(p)`). The
//! follow-up input is the receiver after the first call; the twin is the same expression built again.

use super::contracts::method;
use super::invoke::Caller;
use super::mutators::fresh_instances;
use super::templates::{ancestors, declares_equals, has_floating_state, ret, same, Mr, Pair};
use super::values::{rows, INPUTS};
use crate::java_model::types::erase_simple;
use crate::java_model::MethodModel;

/// Names of in-place changes that are their own inverse, and those exact on floating-point state
/// (swapping or negating rounds nothing; inverting a matrix does).
const INVOLUTIONS: &[&str] = &["reverse", "negate", "invert", "flip", "mirror", "transpose", "conjugate"];
const EXACT_ON_FLOATS: &[&str] = &["reverse", "negate", "flip", "mirror", "transpose", "conjugate"];
/// Names of in-place changes to a canonical form, which a second application keeps.
const NORMALISERS: &[&str] = &["normalize", "reduce", "simplify", "canonicalize", "trim", "compact"];
/// Names of changes that make the receiver include their argument, and of the predicates that ask.
const INCLUDES: &[&str] = &["expandToInclude", "include", "extendToInclude", "expandToContain"];
const CONTAINS: &[&str] = &["contains", "covers", "includes"];

/// A `void` instance method without parameters of a class whose instances can be built twice.
fn changes_receiver(caller: &Caller, t: &MethodModel) -> bool {
    !t.is_static() && t.params.is_empty() && ret(t).is_none() && caller.callable(t) && declares_equals(caller)
}

/// Whether the class or one of its project superclasses holds floating-point fields (a vector's
/// coordinates may live in its superclass): normalising twice may then round.
fn holds_floats(caller: &Caller) -> bool {
    ancestors(caller).into_iter().any(has_floating_state)
}

/// One body per fresh instance `x`: two twins built by `x`, `t` called on each as often as its
/// count says, then the two compared (`expected` first).
fn twins_after(caller: &Caller, t: &MethodModel, expected: (&str, usize), actual: (&str, usize)) -> Vec<String> {
    let class = caller.class_type();
    fresh_instances(caller)
        .into_iter()
        .map(|x| {
            let mut lines = vec![format!("{class} {} = {x};", expected.0), format!("{class} {} = {x};", actual.0)];
            for (name, times) in [expected, actual] {
                lines.extend(std::iter::repeat_n(format!("{name}.{}();", t.name), times));
            }
            lines.push(format!("assertEquals({}, {});", expected.0, actual.0));
            lines.join("\n")
        })
        .collect()
}

/// `a.f(); a.f();` leaves `a` equal to its twin, for an involution named so.
pub fn receiver_involution(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let exact = EXACT_ON_FLOATS.contains(&t.name.as_str()) || !holds_floats(caller);
    if !INVOLUTIONS.contains(&t.name.as_str()) || !exact || !changes_receiver(caller, t) {
        return None;
    }
    let bodies = twins_after(caller, t, ("twin", 0), ("a", 2));
    let relation = format!("a.{0}() twice leaves a equal to its twin", t.name);
    Some(Mr { template: "receiverInvolution", relation, bodies })
}

/// `a.f();` and `b.f(); b.f();` leave twins `a` and `b` equal, for a normaliser named so, on a
/// class without floating-point state (a vector normalised twice may differ in its last bit).
pub fn receiver_normaliser(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    if !NORMALISERS.contains(&t.name.as_str()) || holds_floats(caller) || !changes_receiver(caller, t) {
        return None;
    }
    let bodies = twins_after(caller, t, ("once", 1), ("twice", 2));
    let relation = format!("a.{0}() twice leaves a as a.{0}() once does", t.name);
    Some(Mr { template: "receiverNormaliser", relation, bodies })
}

/// Names of updates whose result does not depend on which operand receives it (floating-point
/// `+` and `*` are commutative too; only their associativity rounds).
const COMMUTATIVE: &[&str] = &["add", "or", "and", "xor", "union", "intersect", "max", "min"];

/// `a.f(b)` leaves `a` equal to what `b.f(a)` leaves in `b`, for a commutative update taking one
/// operand of the class's own type (or a supertype it implements), on twins of both.
pub fn receiver_commutativity(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let [operand] = t.params.as_slice() else { return None };
    let takes_own = ancestors(caller).iter().any(|c| c.name == erase_simple(&operand.type_name));
    if !COMMUTATIVE.contains(&t.name.as_str()) || t.is_static() || ret(t).is_some() || !takes_own {
        return None;
    }
    if !caller.callable(t) || !declares_equals(caller) {
        return None;
    }
    let instances = fresh_instances(caller);
    if instances.len() < 2 {
        return None;
    }
    let class = caller.class_type();
    let bodies = (0..instances.len().min(INPUTS))
        .map(|i| {
            let (x, y) = (&instances[i], &instances[(i + 1) % instances.len()]);
            let lines = [
                format!("{class} a = {x};"),
                format!("{class} b = {y};"),
                format!("{class} otherA = {x};"),
                format!("{class} otherB = {y};"),
                format!("a.{}(b);", t.name),
                format!("otherB.{}(otherA);", t.name),
                "assertEquals(a, otherB);".to_string(),
            ];
            lines.join("\n")
        })
        .collect();
    let relation = format!("a.{0}(b) leaves a equal to what b.{0}(a) leaves in b", t.name);
    Some(Mr { template: "receiverCommutativity", relation, bodies })
}

/// The include-and-ask pair a target belongs to: a `void` method named to include its arguments
/// and a `boolean` one named to ask, with the same parameter types.
fn inclusion_pair<'c>(caller: &Caller<'c>, t: &'c MethodModel) -> Option<(&'c MethodModel, &'c MethodModel)> {
    let alike = |a: &MethodModel, b: &MethodModel| {
        a.params.len() == b.params.len()
            && a.params.iter().zip(&b.params).all(|(p, q)| same(&p.type_name, &q.type_name))
    };
    let includes = |m: &MethodModel| INCLUDES.contains(&m.name.as_str()) && ret(m).is_none() && !m.is_static();
    let asks = |m: &MethodModel| CONTAINS.contains(&m.name.as_str()) && ret(m) == Some("boolean") && !m.is_static();
    let n = t.params.len();
    if n == 0 || t.params.iter().any(|p| p.varargs) {
        return None;
    }
    if includes(t) {
        let ask = CONTAINS.iter().find_map(|name| method(caller, name, n).filter(|m| asks(m) && alike(t, m)))?;
        Some((t, ask))
    } else if asks(t) {
        let include =
            INCLUDES.iter().find_map(|name| method(caller, name, n).filter(|m| includes(m) && alike(t, m)))?;
        Some((include, t))
    } else {
        None
    }
}

/// After `a.include(x)`, `a.contains(x)`; including `x` again changes nothing. Arguments built
/// without any (`new Envelope()`) are left out: a default is often empty, and including an empty
/// box makes no box contain it.
pub fn includes_what_it_was_told(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let (include, ask) = inclusion_pair(caller, t)?;
    if !caller.callable(include) || !caller.callable(ask) {
        return None;
    }
    let columns: Vec<Vec<String>> = include
        .params
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let values = caller.values.of(&p.type_name, INPUTS * 2);
            let mut column: Vec<String> =
                values.into_iter().filter(|v| v != "null" && !v.ends_with("()")).take(INPUTS).collect();
            // Each parameter starts further along its values: a point (x, y) off the diagonal.
            let by = k.min(column.len().saturating_sub(1));
            column.rotate_left(by);
            column
        })
        .collect();
    let instances = fresh_instances(caller);
    let by_value = declares_equals(caller);
    let names: Vec<String> = (0..include.params.len()).map(|i| format!("arg{i}")).collect();
    let args = names.join(", ");
    let mut bodies = Vec::new();
    for (i, row) in rows(&columns)?.into_iter().enumerate() {
        let subject = instances.get(i % instances.len().max(1))?;
        let mut lines = vec![format!("{} a = {subject};", caller.class_type())];
        for ((p, name), value) in include.params.iter().zip(&names).zip(row) {
            lines.push(format!("{} {name} = {value};", caller.declared(&p.type_name)));
        }
        lines.push(format!("a.{}({args});", include.name));
        lines.push(format!("assertTrue(a.{}({args}));", ask.name));
        if by_value {
            lines.push(format!("{} twin = {subject};", caller.class_type()));
            lines.push(format!("twin.{0}({args});\ntwin.{0}({args});", include.name));
            lines.push("assertEquals(a, twin);".into());
        }
        bodies.push(lines.join("\n"));
    }
    let mut relation = format!("a.{}(x) holds just after a.{}(x)", ask.name, include.name);
    if by_value {
        relation.push_str(", and including x twice is including it once");
    }
    Some(Mr { template: "includesWhatItWasTold", relation, bodies })
}
