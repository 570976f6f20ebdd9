//! A method over many, given one, agrees with its singular: `removeAll(a, i) = remove(a, i)`,
//! `removeElements(a, x) = removeElement(a, x)`, `indexOfAny(s, c) = indexOf(s, c)`,
//! `equalsAny(s, t) = equals(s, t)`. The plural form is a loop over what the singular form does
//! once, usually written apart (its own bookkeeping of indices, counts and early exits), and a bug
//! in either shows as the two disagreeing on one element.

use super::invoke::{is_array, Caller};
use super::statics::comparable_by_value;
use super::templates::{assert_equal, ret, subjects, Mr, Pair};
use super::values::{rows, INPUTS};
use crate::java_model::types::{accepts, erase_simple};
use crate::java_model::MethodModel;

/// The singular name of a method over many: `removeAll` -> `remove`, `indexOfAny` -> `indexOf`,
/// `equalsAnyIgnoreCase` -> `equalsIgnoreCase`, `isAllBlank` -> `isBlank`, `removeElements` ->
/// `removeElement`: the word `All` or `Any` after the first, else a plural `s`.
fn singular_name(name: &str) -> Option<String> {
    for word in ["All", "Any"] {
        for (at, _) in name.match_indices(word) {
            let after_word = name[..at].ends_with(|c: char| c.is_ascii_lowercase());
            let word_ends = name[at + 3..].chars().next().is_none_or(|c| c.is_ascii_uppercase());
            if after_word && word_ends {
                return Some(format!("{}{}", &name[..at], &name[at + 3..]));
            }
        }
    }
    let stem = name.strip_suffix('s')?;
    stem.ends_with(|c: char| c.is_ascii_lowercase()).then(|| stem.to_string())
}

/// The element type of `plural`'s last parameter, when it is varargs.
fn varargs_element(plural: &MethodModel) -> Option<String> {
    let last = plural.params.last().filter(|p| p.varargs)?;
    erase_simple(&last.type_name).strip_suffix("[]").map(str::to_string)
}

/// Whether `singular` takes what `plural` takes, one element for the many: the same parameters
/// before the last, the last one taking the varargs' element, the same result.
fn takes_one_of(plural: &MethodModel, singular: &MethodModel, element: &str) -> bool {
    let n = plural.params.len();
    let same_before = plural.params[..n - 1]
        .iter()
        .zip(&singular.params)
        .all(|(p, s)| erase_simple(&p.type_name) == erase_simple(&s.type_name));
    let last = singular.params.last().is_some_and(|s| !s.varargs && accepts(&erase_simple(&s.type_name), element));
    let results = ret(plural).zip(ret(singular)).is_some_and(|(p, s)| erase_simple(p) == erase_simple(s));
    singular.params.len() == n && same_before && last && results && singular.is_static() == plural.is_static()
}

/// Values for a relation stated on ordinary inputs only: no `null`, nothing empty. A method over
/// many often answers early for an empty operand (`startsWithAny("", "")` is false where
/// `startsWith("", "")` is true), and a single `null` given to varargs is a `null` array.
fn ordinary(caller: &Caller, written: &str) -> Vec<String> {
    let empty = |v: &str| v == "null" || v == "\"\"" || v.ends_with("{}") || v.ends_with("[0]") || v.contains("EMPTY");
    caller.values.of(written, INPUTS * 3).into_iter().filter(|v| !empty(v)).take(INPUTS).collect()
}

/// `many(args, x) = one(args, x)`: a method with a varargs last parameter, given one element,
/// answers what the method named for one element answers.
pub fn one_of_many(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let element = varargs_element(t)?;
    let name = singular_name(&t.name)?;
    if !caller.callable(t) || !comparable_by_value(caller, ret(t)?) {
        return None;
    }
    let one =
        caller.class.methods.iter().find(|m| m.name == *name && caller.callable(m) && takes_one_of(t, m, &element))?;
    let mut columns: Vec<Vec<String>> =
        t.params[..t.params.len() - 1].iter().map(|p| ordinary(caller, &p.type_name)).collect();
    columns.push(ordinary(caller, &element));
    let declared = caller.declared(ret(t)?);
    // Indices into the (never empty) array before them: within it, where the two do something.
    let indexes = element == "int"
        && is_array(&t.params[0].type_name)
        && ["indices", "indexes", "positions"].contains(&t.params[t.params.len() - 1].name.as_str());
    let mut bodies = Vec::new();
    for row in rows(&columns)? {
        let mut lines = subjects(caller, &["first", "second"], !t.is_static())?;
        let mut args = Vec::new();
        for (i, value) in row.iter().enumerate() {
            let written = t.params.get(i).filter(|_| i + 1 < t.params.len()).map_or(element.as_str(), |p| &p.type_name);
            let value = if i + 1 == t.params.len() && indexes {
                format!("Math.floorMod({value}, arg0.length)")
            } else {
                value.clone()
            };
            lines.push(format!("{} arg{i} = {value};", caller.declared(written)));
            args.push(format!("arg{i}"));
        }
        lines.push(format!("{declared} sourceOutput = {};", caller.call(t, "first", &args)));
        lines.push(format!("{declared} followUpOutput = {};", caller.call(one, "second", &args)));
        lines.push(assert_equal("sourceOutput", "followUpOutput", &declared));
        bodies.push(lines.join("\n"));
    }
    let relation = format!("{}(..., x) = {}(..., x): one element of many is the one", t.name, one.name);
    Some(Mr { template: "oneOfMany", relation, bodies })
}

#[cfg(test)]
mod tests {
    use super::singular_name;

    #[test]
    fn singular_names_drop_all_any_or_a_plural_s() {
        let singular = |name: &str| singular_name(name);
        assert_eq!(singular("removeAll").as_deref(), Some("remove"));
        assert_eq!(singular("indexOfAny").as_deref(), Some("indexOf"));
        assert_eq!(singular("removeElements").as_deref(), Some("removeElement"));
        assert_eq!(singular("equalsAnyIgnoreCase").as_deref(), Some("equalsIgnoreCase"));
        assert_eq!(singular("isAllBlank").as_deref(), Some("isBlank"));
        assert_eq!(singular("allNotNull"), None, "no word before it");
        assert_eq!(singular("isAnything"), None, "not a word of its own");
        assert_eq!(singular("All"), None);
        assert_eq!(singular("isUpperCaseS"), None);
        assert_eq!(singular("max"), None);
    }
}
