//! An indexed view and the array view of one sequence agree: `toCharArray().length = length()` and
//! `toCharArray()[i] = charAt(i)`, `toArray()[i] = get(i)`, `getBytes()[i] = get(i)` (a byte
//! order mark's bytes). Three methods a sequence class has, each written separately, so a mutant
//! of one breaks the agreement on any non-empty instance.

use super::invoke::Caller;
use super::templates::{assert_equal, ret, Mr, Pair};
use super::values::INPUTS;
use crate::java_model::types::{erase_simple, is_primitive};
use crate::java_model::MethodModel;

/// The class's instance method of one of these names with no parameter and a result.
fn accessor<'c>(caller: &Caller<'c>, fits: impl Fn(&MethodModel) -> bool) -> Option<&'c MethodModel> {
    caller.class.methods.iter().find(|m| !m.is_static() && fits(m) && caller.callable(m))
}

fn is_size(m: &MethodModel) -> bool {
    matches!(m.name.as_str(), "length" | "size") && m.params.is_empty() && ret(m) == Some("int")
}

fn is_element(m: &MethodModel) -> bool {
    let named = matches!(m.name.as_str(), "get" | "charAt" | "byteAt" | "elementAt");
    named && m.params.len() == 1 && m.params[0].type_name == "int" && ret(m).is_some_and(|r| r != "void")
}

fn is_array_view(m: &MethodModel) -> bool {
    let named = m.name == "getBytes"
        || m.name == "getChars"
        || (m.name.starts_with("to") && m.name.ends_with("Array") && !m.name.contains("Sub"));
    named && m.params.is_empty() && ret(m).is_some_and(|r| erase_simple(r).ends_with("[]"))
}

/// How the test compares an element of the array view with the indexed one: the same type, a
/// narrower integral array (`byte[]` against an `int get(i)`: cast to the array's), or an
/// `Object[]` holding any element. None: the two say different things.
fn comparison(element: &str, array_element: &str) -> Option<String> {
    let integral = |t: &str| matches!(t, "int" | "long" | "short" | "byte" | "char");
    if element == array_element || array_element == "Object" && !is_primitive(element) {
        Some("subject.{get}(i)".into())
    } else if integral(element) && integral(array_element) {
        Some(format!("({array_element}) subject.{{get}}(i)"))
    } else {
        None
    }
}

/// `view().length = size()` and `view()[i] = get(i)` for every index, on distinct instances.
pub fn indexed_and_array_views(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let size = accessor(caller, is_size)?;
    let element = accessor(caller, is_element)?;
    let view = accessor(caller, is_array_view)?;
    if ![size, element, view].iter().any(|m| std::ptr::eq(*m, t)) {
        return None; // another array of the class (`toNameArray`) is no view of `get(i)`
    }
    let view_type = erase_simple(ret(view)?);
    let array_element = view_type.strip_suffix("[]")?;
    let indexed = comparison(&erase_simple(ret(element)?), array_element)?.replace("{get}", &element.name);
    let mut instances: Vec<String> = caller.instances(2 * INPUTS).into_iter().filter(|i| i != "null").collect();
    // The views agree trivially on an empty sequence (`new StrBuilder(42)` is a capacity): the
    // class's constants and instances built from a non-empty array first, then from text.
    instances.sort_by_key(|i| match i {
        _ if !i.contains('(') || i.contains('{') => 0,
        _ if i.contains('"') => 1,
        _ => 2,
    });
    instances.truncate(INPUTS);
    if instances.len() < 2 {
        return None;
    }
    let bodies = instances
        .iter()
        .map(|instance| {
            [
                format!("{} subject = {instance};", caller.class_type()),
                format!("{} view = subject.{}();", caller.declared(ret(view).unwrap_or("Object[]")), view.name),
                format!("assertEquals(subject.{}(), view.length);", size.name),
                "for (int i = 0; i < view.length; i++) {".into(),
                format!("    {}", assert_equal("view[i]", &indexed, array_element)),
                "}".into(),
            ]
            .join("\n")
        })
        .collect();
    let relation =
        format!("{v}().length = {s}() and {v}()[i] = {e}(i)", v = view.name, s = size.name, e = element.name);
    Some(Mr { template: "indexedAndArrayViews", relation, bodies })
}
