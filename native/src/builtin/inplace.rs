//! Templates for `void` methods that rearrange an array or a list they are given, in place:
//! applied twice, an involution leaves it as it was (`reverse(a); reverse(a)`, `swap(a, i, j)`
//! twice); a shift is undone by the opposite shift (`shift(a, n); shift(a, -n)`); a shuffle keeps
//! the elements, only their order changes. The follow-up input is the same array or list after the
//! first call; it is compared with a copy taken before.

use super::invoke::Caller;
use super::templates::{subject_for, Mr, Pair};
use super::values::INPUTS;
use crate::java_model::types::erase_simple;
use crate::java_model::MethodModel;

/// Names of rearrangements that are their own inverse.
const INVOLUTIONS: &[&str] = &["reverse", "invert", "flip", "mirror"];
/// Names of rearrangements that the same call with the amount negated undoes.
const SHIFTS: &[&str] = &["shift", "rotate"];
/// Names of rearrangements that keep the elements and change only their order.
const PERMUTATIONS: &[&str] = &["shuffle", "permute"];

/// What the rearranged operand is: how a test copies it and compares it with its copy.
enum Operand {
    Array,
    List,
}

impl Operand {
    fn of(written: &str) -> Option<Operand> {
        let erased = erase_simple(written);
        if erased.ends_with("[]") && !erased.ends_with("[][]") {
            Some(Operand::Array)
        } else if matches!(erased.as_str(), "List" | "ArrayList" | "LinkedList") {
            Some(Operand::List)
        } else {
            None
        }
    }

    /// A copy of `x` that compares equal to it until `x` changes.
    fn copy(&self) -> &'static str {
        match self {
            Operand::Array => "x.clone()",
            Operand::List => "new java.util.ArrayList<>(x)",
        }
    }

    /// How many elements `name` holds.
    fn len(&self, name: &str) -> String {
        match self {
            Operand::Array => format!("{name}.length"),
            Operand::List => format!("{name}.size()"),
        }
    }

    /// The element of `name` at `index`.
    fn at(&self, name: &str, index: &str) -> String {
        match self {
            Operand::Array => format!("{name}[{index}]"),
            Operand::List => format!("{name}.get({index})"),
        }
    }

    /// That `before`'s element at `from` is `a`'s at `to` now (boxed: one check for every type).
    fn moved(&self, from: &str, to: &str) -> String {
        format!("java.util.Objects.equals({}, {})", self.at("before", from), self.at("a", to))
    }

    fn same(&self, expected: &str, actual: &str) -> String {
        match self {
            // `Arrays.equals` has an overload per element type and compares doubles exactly,
            // as a rearrangement must leave them; JUnit 4 has no `assertArrayEquals(double[], double[])`.
            Operand::Array => format!("assertTrue(java.util.Arrays.equals({expected}, {actual}));"),
            Operand::List => format!("assertEquals({expected}, {actual});"),
        }
    }
}

/// A `void` method rearranging its first parameter, an array or a list, the rest `int`s at most.
fn rearranges(t: &MethodModel, extra_ints: std::ops::RangeInclusive<usize>) -> Option<Operand> {
    let first = t.params.first()?;
    let rest = &t.params[1..];
    let ints = rest.iter().all(|p| p.type_name == "int") && extra_ints.contains(&rest.len());
    (t.return_type.as_deref() == Some("void") && !t.is_private() && ints && !first.varargs)
        .then(|| Operand::of(&first.type_name))
        .flatten()
}

/// The `int` arguments after the operand for input `i`, from the catalogue's ints in turn.
fn int_arguments(caller: &Caller, count: usize, i: usize) -> Option<Vec<String>> {
    let ints = caller.values.of("int", INPUTS);
    if ints.is_empty() {
        return None;
    }
    Some((0..count).map(|k| ints[(i + 2 * k) % ints.len()].clone()).collect())
}

/// The shared start of every body: the operand `x`, its copy `before`, and `a` that is rearranged.
fn operands(caller: &Caller, t: &MethodModel, operand: &Operand, x: &str, i: usize) -> Option<Vec<String>> {
    let declared = caller.declared(&t.params[0].type_name);
    let mut lines = subject_for(caller, i, !t.is_static())?;
    lines.push(format!("{declared} x = {x};"));
    lines.push(format!("{declared} before = {};", operand.copy()));
    lines.push(format!("{declared} a = x;"));
    Some(lines)
}

/// The inputs of the operand: no `null`, which no rearrangement takes.
fn inputs(caller: &Caller, t: &MethodModel) -> Vec<String> {
    caller.values.of(&t.params[0].type_name, INPUTS).into_iter().filter(|x| x != "null").collect()
}

/// The operand's inputs, each with `Some(k)` when its indices are to be the k-th pair within it
/// (`0` and the middle, the last and the middle): the catalogue's integers are mostly outside any
/// array, where `swap` does nothing and a mutant that never swaps passes. With indices, every
/// operand comes twice, first within, then with the catalogue's; at most `INPUTS` in all.
fn with_indices_within(operands: Vec<String>, indices: bool) -> Vec<(String, Option<usize>)> {
    if !indices {
        return operands.into_iter().map(|x| (x, None)).collect();
    }
    let mut both: Vec<_> =
        operands.into_iter().enumerate().flat_map(|(k, x)| [(x.clone(), Some(k)), (x, None)]).collect();
    both.truncate(INPUTS);
    both
}

/// `f(a, args); f(a, args)` leaves `a` as it was: `reverse`, and `swap(a, i, j)`. Doing nothing
/// is an involution too, so the first call must also have moved something where the name says:
/// the whole-array `reverse` the first element last, `swap(a, i, j)` `a[i]` to `j`.
pub fn in_place_involution(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let swap = t.name == "swap" && t.params.len() == 3;
    if !INVOLUTIONS.contains(&t.name.as_str()) && !swap {
        return None;
    }
    let operand = rearranges(t, if swap { 2..=2 } else { 0..=2 })?;
    let len = operand.len("a");
    let moved = match t.params.len() {
        1 => Some(format!("if ({len} > 1) {{\n    assertTrue({});\n}}", operand.moved("0", &format!("{len} - 1")))),
        3 if swap => Some(format!(
            "if (i >= 0 && j >= 0 && i < {len} && j < {len}) {{\n    assertTrue({});\n}}",
            operand.moved("i", "j")
        )),
        _ => None,
    };
    let mut bodies = Vec::new();
    for (n, (x, within)) in with_indices_within(inputs(caller, t), swap).into_iter().enumerate() {
        let mut lines = operands(caller, t, &operand, &x, n)?;
        let ints = int_arguments(caller, t.params.len() - 1, n)?;
        let args: Vec<String> = if swap {
            let (i, j) = match within {
                Some(k) if k % 2 == 0 => ("0".to_string(), format!("{len} / 2")),
                Some(_) => (format!("{len} - 1"), format!("{len} / 2")),
                None => (ints[0].clone(), ints[1].clone()),
            };
            lines.push(format!("int i = {i};\nint j = {j};"));
            vec!["a".into(), "i".into(), "j".into()]
        } else {
            std::iter::once("a".to_string()).chain(ints).collect()
        };
        lines.push(format!("{};", caller.call(t, "subject", &args)));
        lines.extend(moved.clone());
        lines.push(format!("{};", caller.call(t, "subject", &args)));
        lines.push(operand.same("before", "a"));
        bodies.push(lines.join("\n"));
    }
    let once = match t.params.len() {
        1 => ", and once puts the first element last",
        3 if swap => ", and once puts a[i] at j",
        _ => "",
    };
    let relation = format!("{0}(a, ...) twice leaves a as it was{once}", t.name);
    Some(Mr { template: "inPlaceInvolution", relation, bodies })
}

/// `f(a, ..., n); f(a, ..., -n)` leaves `a` as it was: a shift or rotation by the last argument.
pub fn in_place_shift(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    if !SHIFTS.contains(&t.name.as_str()) {
        return None;
    }
    let operand = rearranges(t, 1..=3)?;
    let mut bodies = Vec::new();
    for (i, x) in inputs(caller, t).iter().enumerate() {
        let mut lines = operands(caller, t, &operand, x, i)?;
        let mut args: Vec<String> =
            std::iter::once("a".to_string()).chain(int_arguments(caller, t.params.len() - 1, i)?).collect();
        // A small amount and its opposite, written out: `-Integer.MIN_VALUE` is no opposite.
        let (amount, opposite) = [("1", "-1"), ("2", "-2"), ("3", "-3"), ("-1", "1"), ("7", "-7")][i % 5];
        *args.last_mut()? = amount.into();
        lines.push(format!("{};", caller.call(t, "subject", &args)));
        if t.params.len() == 2 {
            // Doing nothing is undone by doing nothing: the whole shift moved the first element
            // by the amount, one way or the other.
            let len = operand.len("a");
            let ahead = operand.moved("0", &format!("Math.floorMod({amount}, {len})"));
            let back = operand.moved("0", &format!("Math.floorMod({opposite}, {len})"));
            lines.push(format!("if ({len} > 0) {{\n    assertTrue({ahead} || {back});\n}}"));
        }
        *args.last_mut()? = opposite.into();
        lines.push(format!("{};", caller.call(t, "subject", &args)));
        lines.push(operand.same("before", "a"));
        bodies.push(lines.join("\n"));
    }
    let moves = if t.params.len() == 2 { ", and n moves the first element by n" } else { "" };
    let relation = format!("{0}(a, ..., n) then {0}(a, ..., -n) leaves a as it was{moves}", t.name);
    Some(Mr { template: "inPlaceShift", relation, bodies })
}

/// After `shuffle(a, ...)`, and after shuffling that again, `a` holds the same elements: sorted,
/// it equals the sorted copy.
pub fn in_place_permutation(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    if !PERMUTATIONS.contains(&t.name.as_str()) || t.params.is_empty() {
        return None;
    }
    let operand = Operand::of(&t.params[0].type_name)?;
    let element = erase_simple(&t.params[0].type_name).trim_end_matches("[]").to_string();
    // Sorting compares the elements: primitives but boolean, and strings.
    let sortable = matches!(operand, Operand::Array)
        && matches!(element.as_str(), "int" | "long" | "short" | "byte" | "char" | "double" | "float" | "String");
    if !sortable || t.return_type.as_deref() != Some("void") || t.is_private() {
        return None;
    }
    let mut bodies = Vec::new();
    for (i, x) in inputs(caller, t).iter().enumerate() {
        let mut lines = operands(caller, t, &operand, x, i)?;
        let mut args = vec!["a".to_string()];
        for p in &t.params[1..] {
            args.push(caller.values.of(&p.type_name, INPUTS).into_iter().filter(|v| v != "null").nth(i % 2)?);
        }
        // Shuffled again, the shuffled array (the follow-up input) still holds the same elements.
        lines.push(format!("{};", caller.call(t, "subject", &args)));
        lines.push(format!("{};", caller.call(t, "subject", &args)));
        lines.push("java.util.Arrays.sort(before);".into());
        lines.push("java.util.Arrays.sort(a);".into());
        lines.push(operand.same("before", "a"));
        bodies.push(lines.join("\n"));
    }
    let relation = format!("{0}(a, ...), and {0} of that again, keep a's elements", t.name);
    Some(Mr { template: "inPlacePermutation", relation, bodies })
}
