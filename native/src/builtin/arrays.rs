//! Functions that return a new array with one element more or less: where the insertion put it, the
//! removal at that position takes it out again (`remove(add(a, x), a.length) = a`,
//! `remove(addFirst(a, x), 0) = a`, `remove(insert(i, a, x), i) = a`), and the element is there.
//! The slices of an array rejoin into it (`addAll(subarray(a, 0, k), subarray(a, k, a.length)) = a`),
//! and removing an element is removing at where the search finds it
//! (`removeElement(a, x) = remove(a, indexOf(a, x))`). Where `inplace.rs` relates `void`
//! rearrangements of an array with a copy, these functions leave their argument alone and answer
//! a new array.

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

/// An array of one dimension (`invoke::is_array` takes any).
fn is_array(written: &str) -> bool {
    super::invoke::is_array(written) && !erase_simple(written).ends_with("[][]")
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
    // Type variables within their bounds, as `declared` writes them.
    let arrays: Vec<String> = caller.values.of(&declared, INPUTS).into_iter().filter(|x| x != "null").collect();
    let elements = caller.values.of(&element, INPUTS);
    let indices = caller.values.of("int", INPUTS);
    // `new List<String>[] {x}` is no legal Java: no arrays of parameterized elements.
    if arrays.is_empty()
        || elements.is_empty()
        || element.contains('<')
        || !caller.callable(f)
        || !caller.callable(remove)
    {
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
        // A varargs element goes in as an array of one: a `null` element is then no `null` array.
        args[ins.element] = if f.params[ins.element].varargs { format!("new {element}[] {{x}}") } else { "x".into() };
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

/// The array type of a parameter as a test passes it: `int...` is an `int[]`.
fn as_array(written: &str) -> String {
    let erased = erase_simple(written);
    match erased.strip_suffix("...") {
        Some(element) => format!("{}[]", element.trim()),
        None => erased,
    }
}

/// A static function of the class, by one of `names`, whose parameters are the array type and
/// then `rest` (`"[]"`: the array type again), returning the array type.
fn array_function<'c>(caller: &Caller<'c>, names: &[&str], array: &str, rest: &[&str]) -> Option<&'c MethodModel> {
    caller.class.methods.iter().find(|m| {
        let fits = |p: &crate::java_model::Param, want: &str| match want {
            "[]" => as_array(&p.type_name) == array,
            other => p.type_name == other,
        };
        names.contains(&m.name.as_str())
            && m.is_static()
            && !m.is_private()
            && m.params.len() == rest.len() + 1
            && as_array(&m.params[0].type_name) == array
            && m.params[1..].iter().zip(rest).all(|(p, want)| fits(p, want))
            && ret(m).is_some_and(|r| erase_simple(r) == array)
    })
}

const SLICES: [&str; 4] = ["subarray", "subArray", "slice", "copyOfRange"];
const CONCATENATIONS: [&str; 3] = ["addAll", "concat", "concatenate"];

/// `concat(slice(a, 0, k), slice(a, k, a.length)) = a` and `|slice(a, 0, k)| = k`, for a slice
/// function and a concatenation of the same array type, either the target.
pub fn slices_rejoin(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let array = as_array(&t.params.first()?.type_name);
    if !is_array(&array) || !(SLICES.contains(&t.name.as_str()) || CONCATENATIONS.contains(&t.name.as_str())) {
        return None;
    }
    let slice = array_function(caller, &SLICES, &array, &["int", "int"])?;
    let concat = array_function(caller, &CONCATENATIONS, &array, &["[]"])?;
    if ![slice, concat].iter().any(|m| std::ptr::eq(*m, t)) || !caller.callable(slice) {
        return None;
    }
    let declared = caller.declared(&slice.params[0].type_name);
    let arrays: Vec<String> = caller.values.of(&declared, INPUTS).into_iter().filter(|x| x != "null").collect();
    let ints = caller.values.of("int", INPUTS);
    if arrays.is_empty() || ints.is_empty() {
        return None;
    }
    let (s, c) = (&slice.name, &concat.name);
    let on =
        |m: &MethodModel, args: &[&str]| caller.call(m, "", &args.iter().map(|a| a.to_string()).collect::<Vec<_>>());
    let bodies = (0..INPUTS)
        .map(|k| {
            [
                format!("{declared} a = {};", arrays[k % arrays.len()]),
                format!("int k = Math.floorMod({}, a.length + 1);", ints[k % ints.len()]),
                format!("{declared} head = {};", on(slice, &["a", "0", "k"])),
                format!("{declared} tail = {};", on(slice, &["a", "k", "a.length"])),
                "assertEquals(k, head.length);".to_string(),
                format!("{declared} joined = {};", on(concat, &["head", "tail"])),
                "assertTrue(java.util.Arrays.equals(a, joined));".to_string(),
            ]
            .join("\n")
        })
        .collect();
    let relation = format!("{c}({s}(a, 0, k), {s}(a, k, a.length)) = a, and |{s}(a, 0, k)| = k");
    Some(Mr { template: "slicesRejoin", relation, bodies })
}

/// A static function of the class named `name` taking the array type and one element (of the
/// element type, or any `Object` as a search takes it).
fn element_function<'c>(caller: &Caller<'c>, name: &str, array: &str) -> Option<&'c MethodModel> {
    caller.class.methods.iter().find(|m| {
        let element = |p: &crate::java_model::Param| {
            p.type_name.trim() == element_of(array) || (p.type_name.trim() == "Object" && !is_primitive_array(array))
        };
        m.name == name
            && m.is_static()
            && !m.is_private()
            && m.params.len() == 2
            && as_array(&m.params[0].type_name) == array
            && element(&m.params[1])
    })
}

fn is_primitive_array(array: &str) -> bool {
    crate::java_model::types::is_primitive(&element_of(array))
}

/// `removeElement(a, x) = remove(a, indexOf(a, x))` where `x` is in `a`, else `a` unchanged:
/// removing an element is removing at where the search finds it first.
pub fn remove_found(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    if t.name != "removeElement" || t.params.len() != 2 {
        return None;
    }
    let array = as_array(&t.params[0].type_name);
    let search = element_function(caller, "indexOf", &array).filter(|m| ret(m) == Some("int"))?;
    let remove = array_function(caller, &["remove"], &array, &["int"])?;
    let returns_array = ret(t).is_some_and(|r| erase_simple(r) == array);
    if !std::ptr::eq(element_function(caller, &t.name, &array)?, t) || !returns_array {
        return None;
    }
    let declared = caller.declared(&t.params[0].type_name);
    let element = caller.declared(&element_of(&array));
    let arrays: Vec<String> = caller.values.of(&declared, INPUTS).into_iter().filter(|x| x != "null").collect();
    let elements = caller.values.of(&element, INPUTS);
    if arrays.is_empty() || elements.is_empty() || !caller.callable(t) {
        return None;
    }
    let call =
        |m: &MethodModel, args: &[&str]| caller.call(m, "", &args.iter().map(|a| a.to_string()).collect::<Vec<_>>());
    let bodies = (0..INPUTS)
        .map(|k| {
            // Every other input looks for an element the array holds (when it holds that many).
            let value = &elements[k % elements.len()];
            let x = if k % 2 == 0 { format!("a.length > {0} ? a[{0}] : {value}", k / 2) } else { value.clone() };
            [
                format!("{declared} a = {};", arrays[k % arrays.len()]),
                format!("{element} x = {x};"),
                format!("int at = {};", call(search, &["a", "x"])),
                format!("{declared} removed = {};", call(t, &["a", "x"])),
                format!("{declared} expected = at >= 0 ? {} : a;", call(remove, &["a", "at"])),
                "assertTrue(java.util.Arrays.equals(expected, removed));".to_string(),
            ]
            .join("\n")
        })
        .collect();
    let (r, s, rm) = (&t.name, &search.name, &remove.name);
    let relation = format!("{r}(a, x) = {rm}(a, {s}(a, x)) where x is in a, else a");
    Some(Mr { template: "removeFound", relation, bodies })
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
