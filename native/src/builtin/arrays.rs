//! Functions that return a new array with one element more: where the insertion put it, the
//! removal at that position takes it out again (`remove(add(a, x), a.length) = a`,
//! `remove(addFirst(a, x), 0) = a`, `remove(insert(i, a, x), i) = a`), and the element is there.
//! Where `inplace.rs` relates `void` rearrangements of an array with a copy, these functions leave
//! their argument alone and answer a longer copy.

use super::invoke::Caller;
use super::templates::{ret, Mr, Pair};
use super::values::INPUTS;
use crate::java_model::types::erase_simple;
use crate::java_model::MethodModel;

/// Where an insertion puts its element: by its name (`add`/`append` at the end, `addFirst`/
/// `prepend` at the start) or at an index it takes (`insert(i, a, x)`, `add(a, i, x)`).
#[derive(Clone, Copy, PartialEq, Debug)]
enum Place {
    End,
    Start,
    At,
}

/// An insertion: its place, and the positions of the array, the element and the index.
struct Insertion<'m> {
    method: &'m MethodModel,
    place: Place,
    array: usize,
    element: usize,
    index: Option<usize>,
}

fn is_array(written: &str) -> bool {
    let erased = erase_simple(written);
    erased.ends_with("[]") && !erased.ends_with("[][]")
}

/// The element type of an array type as written: `int[]` -> `int`, `T[]` -> `T`.
fn element_of(written: &str) -> String {
    written.trim().trim_end_matches("[]").trim().to_string()
}

/// A static function inserting one element into an array and returning the array's type.
fn insertion(m: &MethodModel) -> Option<Insertion<'_>> {
    if !m.is_static() || m.is_private() {
        return None;
    }
    let types: Vec<&str> = m.params.iter().map(|p| p.type_name.as_str()).collect();
    let element_fits = |array: &str, element: &str| element_of(array) == element.trim();
    let (place, array, element, index) = match (m.name.as_str(), types.as_slice()) {
        ("add" | "append", [a, x]) if is_array(a) && element_fits(a, x) => (Place::End, 0, 1, None),
        ("addFirst" | "prepend", [a, x]) if is_array(a) && element_fits(a, x) => (Place::Start, 0, 1, None),
        ("add" | "insert", [a, "int", x]) if is_array(a) && element_fits(a, x) => (Place::At, 0, 2, Some(1)),
        // `insert(int index, T[] array, T... values)`, given one value.
        ("insert", ["int", a, x]) if is_array(a) && element_fits(a, x.trim().trim_end_matches("...")) => {
            (Place::At, 1, 2, Some(0))
        }
        _ => return None,
    };
    let returns_array = ret(m).is_some_and(|r| erase_simple(r) == erase_simple(&m.params[array].type_name));
    returns_array.then_some(Insertion { method: m, place, array, element, index })
}

/// `remove(T[] array, int index)` of the class for the same array type, returning it.
fn removal<'c>(caller: &Caller<'c>, array: &str) -> Option<&'c MethodModel> {
    caller.class.methods.iter().find(|m| {
        let types: Vec<&str> = m.params.iter().map(|p| p.type_name.as_str()).collect();
        m.name == "remove"
            && m.is_static()
            && !m.is_private()
            && matches!(types.as_slice(), [a, "int"] if erase_simple(a) == erase_simple(array))
            && ret(m).is_some_and(|r| erase_simple(r) == erase_simple(array))
    })
}

/// The insertion a target takes part in: its own, or for `remove` the class's append (else any).
fn insertion_for<'c>(caller: &Caller<'c>, t: &'c MethodModel) -> Option<Insertion<'c>> {
    if let Some(own) = insertion(t) {
        return Some(own);
    }
    if t.name != "remove" || t.params.len() != 2 || t.params[1].type_name != "int" {
        return None;
    }
    let array = &t.params[0].type_name;
    let candidates = caller.class.methods.iter().filter_map(insertion);
    let same_array: Vec<Insertion> =
        candidates.filter(|i| erase_simple(&i.method.params[i.array].type_name) == erase_simple(array)).collect();
    let best = same_array.iter().position(|i| i.place == Place::End).unwrap_or(0);
    same_array.into_iter().nth(best)
}

/// `remove(f(a, x), p) = a` and `f(a, x)[p] = x`, one longer, where `p` is the place `f` puts `x`.
pub fn insertion_removal(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let ins = insertion_for(caller, t)?;
    let f = ins.method;
    let array_type = &f.params[ins.array].type_name;
    let remove = removal(caller, array_type)?;
    let declared = caller.declared(array_type);
    let element = caller.declared(&element_of(array_type));
    // Type variables within their bounds: `T[]` is built as an `Object[]`.
    let arrays: Vec<String> = caller.values.of(&declared, INPUTS).into_iter().filter(|x| x != "null").collect();
    let elements = caller.values.of(&element, INPUTS);
    let indices = caller.values.of("int", INPUTS);
    if arrays.is_empty() || elements.is_empty() || !caller.callable(f) || !caller.callable(remove) {
        return None;
    }
    let position = match ins.place {
        Place::End => "a.length".to_string(),
        Place::Start => "0".to_string(),
        Place::At => "i".to_string(),
    };
    let mut bodies = Vec::new();
    for k in 0..INPUTS {
        let mut lines = vec![format!("{declared} a = {};", arrays[k % arrays.len()])];
        lines.push(format!("{element} x = {};", elements[k % elements.len()]));
        let mut args = vec![String::new(); f.params.len()];
        args[ins.array] = "a".into();
        args[ins.element] = "x".into();
        if let Some(at) = ins.index {
            // An index within the array, from the catalogue's integers: 0..=a.length.
            let raw = indices.get(k % indices.len().max(1)).cloned().unwrap_or_else(|| "0".into());
            lines.push(format!("int i = Math.floorMod({raw}, a.length + 1);"));
            args[at] = "i".into();
        }
        lines.push(format!("{declared} before = a.clone();"));
        lines.push(format!("{declared} longer = {};", caller.call(f, "", &args)));
        lines.push("assertEquals(a.length + 1, longer.length);".into());
        lines.push(format!("assertTrue(java.util.Objects.equals(x, longer[{position}]));"));
        lines.push(format!("{declared} back = {};", caller.call(remove, "", &["longer".into(), position.clone()])));
        lines.push("assertTrue(java.util.Arrays.equals(before, back));".into());
        lines.push("assertTrue(java.util.Arrays.equals(before, a));".into());
        bodies.push(lines.join("\n"));
    }
    let (name, rm) = (&f.name, &remove.name);
    let call = match ins.place {
        Place::At if ins.array == 1 => format!("{name}(i, a, x)"),
        Place::At => format!("{name}(a, i, x)"),
        _ => format!("{name}(a, x)"),
    };
    let relation = format!("{rm}({call}, {position}) = a, {call}[{position}] = x, and a is left as it was");
    Some(Mr { template: "insertionRemoval", relation, bodies })
}

#[cfg(test)]
mod tests {
    use super::element_of;

    #[test]
    fn element_types_of_arrays() {
        assert_eq!(element_of("int[]"), "int");
        assert_eq!(element_of("T[]"), "T");
    }
}
