//! Overloads that differ only in how wide their parameter types are: `toString(char)` and
//! `toString(Character)`, `and(boolean...)` and `and(Boolean...)`, `gcd(int, int)` and
//! `gcd(long, long)`. On a value both accept they must agree: `f(x) = f((Wide) x)`. Java libraries
//! are full of such families (one per primitive, one per box), each a copy a bug can reach alone.

use super::invoke::Caller;
use super::statics::comparable_by_value;
use super::templates::{assert_equal, ret, subjects, Mr, Pair};
use super::values::{rows, small_integer, INPUTS};
use crate::java_model::types::{boxed, erase_simple};
use crate::java_model::MethodModel;

/// How a value of the narrow overload's parameter becomes one of the wide overload's.
#[derive(Clone, Copy, PartialEq)]
enum Widening {
    Same,
    /// `char` -> `Character`: the same value, boxed.
    Boxing,
    /// `int` -> `long`: the same integer, on small values only (the narrow one may overflow).
    Integral,
    /// `boolean[]` -> `Boolean[]`: each element boxed.
    BoxedElements,
}

/// Integral widening where both overloads compute the same number; `char` is left out on purpose
/// (`append(char)` and `append(int)` mean different things), as are floating-point types (a float
/// computation rounds differently).
fn integral_widening(narrow: &str, wide: &str) -> bool {
    matches!((narrow, wide), ("byte" | "short", "int" | "long") | ("int", "long"))
}

fn widening(narrow: &str, wide: &str) -> Option<Widening> {
    let (n, w) = (erase_simple(narrow), erase_simple(wide));
    if n == w {
        return Some(Widening::Same);
    }
    if boxed(&n) == Some(w.as_str()) {
        return Some(Widening::Boxing);
    }
    if integral_widening(&n, &w) {
        return Some(Widening::Integral);
    }
    let element = |t: &str| t.strip_suffix("[]").map(str::to_string);
    match (element(&n), element(&w)) {
        (Some(a), Some(b)) if boxed(&a) == Some(b.as_str()) => Some(Widening::BoxedElements),
        _ => None,
    }
}

/// Each parameter's widening from `narrow` to `wide`, when every one widens and one differs.
fn widenings(narrow: &MethodModel, wide: &MethodModel) -> Option<Vec<Widening>> {
    if narrow.params.len() != wide.params.len() || narrow.params.is_empty() {
        return None;
    }
    let all: Option<Vec<Widening>> =
        narrow.params.iter().zip(&wide.params).map(|(n, w)| widening(&n.type_name, &w.type_name)).collect();
    all.filter(|w| w.iter().any(|k| *k != Widening::Same))
}

/// The type both results are held in: the wide one's when the narrow one's assigns to it
/// (`int` to `long`, `char` to `Character`), else the narrow one's when the wide one's boxes into it.
fn result_holder<'m>(narrow: &'m str, wide: &'m str) -> Option<&'m str> {
    match widening(narrow, wide) {
        Some(Widening::Same | Widening::Boxing | Widening::Integral) => Some(wide),
        _ => (boxed(&erase_simple(wide)) == Some(erase_simple(narrow).as_str())).then_some(narrow),
    }
}

/// `f(x) = f((Wide) x)` for a coupled pair of overloads where one's parameters widen to the other's.
pub fn wider_overload(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let (c, _) = pair.coupled?;
    if c.name != t.name || c.is_static() != t.is_static() || !caller.callable(t) || !caller.callable(c) {
        return None;
    }
    let (narrow, wide, kinds) = match widenings(t, c) {
        Some(k) => (t, c, k),
        None => (c, t, widenings(c, t)?),
    };
    let holder = result_holder(ret(narrow)?, ret(wide)?)?;
    let numbers_only = kinds.contains(&Widening::Integral);
    // A formatter of an int and of a long differ on purpose (`ffffffff` and `ffffffffffffffff`).
    if !comparable_by_value(caller, holder)
        || (numbers_only && (holder.ends_with("[]") || erase_simple(holder) == "String"))
    {
        return None;
    }
    let inputs = arguments(caller, narrow, &kinds)?;
    let declared = caller.declared(holder);
    let mut bodies = Vec::new();
    for row in inputs {
        let mut lines = subjects(caller, &["first", "second"], !t.is_static())?;
        let mut narrow_args = Vec::new();
        let mut wide_args = Vec::new();
        for (i, ((value, kind), p)) in row.iter().zip(&kinds).zip(&wide.params).enumerate() {
            let name = format!("arg{i}");
            lines.push(format!("{} {name} = {value};", caller.declared(&narrow.params[i].type_name)));
            wide_args.push(widened(&mut lines, &name, *kind, &caller.declared(&p.type_name)));
            narrow_args.push(name);
        }
        lines.push(format!("{declared} sourceOutput = {};", caller.call(narrow, "first", &narrow_args)));
        lines.push(format!("{declared} followUpOutput = {};", caller.call(wide, "second", &wide_args)));
        lines.push(assert_equal("sourceOutput", "followUpOutput", &declared));
        bodies.push(lines.join("\n"));
    }
    let shown = |m: &MethodModel| m.params.iter().map(|p| erase_simple(&p.type_name)).collect::<Vec<_>>().join(", ");
    let relation = format!("{0}({1}) = {0}({2}) on the same values", t.name, shown(narrow), shown(wide));
    Some(Mr { template: "widerOverload", relation, bodies })
}

/// Up to ten rows of source inputs for `narrow`'s parameters: values of each declared type, small
/// integers where an integral widening could overflow, no `null` where elements are boxed one by one.
fn arguments(caller: &Caller, narrow: &MethodModel, kinds: &[Widening]) -> Option<Vec<Vec<String>>> {
    let columns: Vec<Vec<String>> = narrow
        .params
        .iter()
        .zip(kinds)
        .map(|(p, kind)| {
            let values = caller.values.of(&p.type_name, INPUTS * 3);
            values
                .into_iter()
                .filter(|v| match kind {
                    Widening::Integral => small_integer(v),
                    Widening::BoxedElements => v != "null",
                    _ => true,
                })
                .take(INPUTS)
                .collect()
        })
        .collect();
    rows(&columns)
}

/// The wide overload's argument for the narrow one's variable `name`: a cast, or for boxed
/// elements an array built element by element (lines appended to `lines`).
fn widened(lines: &mut Vec<String>, name: &str, kind: Widening, wide_type: &str) -> String {
    match kind {
        Widening::Same => name.to_string(),
        Widening::Boxing | Widening::Integral => format!("({wide_type}) {name}"),
        Widening::BoxedElements => {
            let element = wide_type.trim_end_matches("[]");
            let array = format!("{name}Boxed");
            lines.push(format!("{element}[] {array} = new {element}[{name}.length];"));
            lines.push(format!("for (int i = 0; i < {name}.length; i++) {{\n    {array}[i] = {name}[i];\n}}"));
            array
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widenings_are_boxing_integral_and_element_boxing_only() {
        assert!(widening("char", "Character") == Some(Widening::Boxing));
        assert!(widening("int", "long") == Some(Widening::Integral));
        assert!(widening("boolean[]", "Boolean[]") == Some(Widening::BoxedElements));
        assert!(widening("char", "int").is_none(), "append(char) is not append(int)");
        assert!(widening("float", "double").is_none(), "float arithmetic rounds apart");
        assert!(widening("int", "Object").is_none(), "remove(int) is not remove(Object)");
        assert!(widening("long", "int").is_none());
    }

    #[test]
    fn results_are_held_in_the_wider_type() {
        assert_eq!(result_holder("int", "long"), Some("long"));
        assert_eq!(result_holder("char", "Character"), Some("Character"));
        assert_eq!(result_holder("Boolean", "boolean"), Some("Boolean"));
        assert_eq!(result_holder("long", "int"), None);
    }
}
