//! An indexed view and the array view of one sequence agree: `toCharArray().length = length()` and
//! `toCharArray()[i] = charAt(i)`, `toArray()[i] = get(i)`, `getBytes()[i] = get(i)` (a byte
//! order mark's bytes). Three methods a sequence class has, each written separately, so a mutant
//! of one breaks the agreement on any non-empty instance. The same holds of an element accessor
//! named for what it returns and the list of them named in the plural: `getFields().get(i) =
//! getField(i)` and `getFields().size() = getFieldCount()` (FastCSV's `CsvRecord`, unseen-43).

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

/// The element accessor `getX(int)` of `caller`'s class, the list or array of them `getXs()` and
/// their count (`getXCount()`, `xCount()`, else `size()`/`length()`, if any), when the target is
/// one of them.
fn named_views<'c>(
    caller: &Caller<'c>,
    target: &MethodModel,
) -> Option<(&'c MethodModel, &'c MethodModel, Option<&'c MethodModel>)> {
    let element_named = |m: &&'c MethodModel| {
        let stem = m.name.strip_prefix("get").filter(|s| s.starts_with(|c: char| c.is_ascii_uppercase()));
        let indexed = m.params.len() == 1 && m.params[0].type_name == "int" && !m.is_static() && caller.callable(m);
        stem.filter(|_| indexed && ret(m).is_some_and(|r| r != "void" && !is_primitive(r))).map(|s| (*m, s.to_string()))
    };
    caller.class.methods.iter().filter_map(|m| element_named(&m)).find_map(|(element, stem)| {
        let list = accessor(caller, |m| m.name == format!("get{stem}s") && m.params.is_empty() && is_sequence(m))?;
        let lower = stem[..1].to_ascii_lowercase() + &stem[1..];
        let counted = |m: &MethodModel| m.name == format!("get{stem}Count") || m.name == format!("{lower}Count");
        let count = accessor(caller, |m| counted(m) && m.params.is_empty() && ret(m) == Some("int"))
            .or_else(|| accessor(caller, is_size));
        let named = [Some(element), Some(list), count].into_iter().flatten().any(|m| std::ptr::eq(m, target));
        named.then_some((element, list, count))
    })
}

/// A method returning a `List` or an array of objects: what `get(i)`/`[i]` index.
fn is_sequence(m: &MethodModel) -> bool {
    ret(m).is_some_and(|r| {
        let erased = erase_simple(r);
        erased == "List" || erased.strip_suffix("[]").is_some_and(|e| !is_primitive(e))
    })
}

/// `getXs().get(i) = getX(i)` for every index, and `getXs().size() = getXCount()`, on distinct
/// instances: the element accessor and the list of them say the same of one object.
pub fn named_element_and_list(pair: &Pair) -> Option<Mr> {
    let caller = pair.caller;
    let (element, list, count) = named_views(caller, pair.target)?;
    let array = erase_simple(ret(list)?).ends_with("[]");
    let (length, at) = if array { ("view.length", "view[i]") } else { ("view.size()", "view.get(i)") };
    let mut instances: Vec<String> = caller.instances(2 * INPUTS).into_iter().filter(|i| i != "null").collect();
    // The views agree trivially on an empty object: those built from a non-empty array first.
    instances.sort_by_key(|i| !i.contains('{') || i.contains("{}"));
    instances.truncate(INPUTS);
    if instances.len() < 2 {
        return None;
    }
    let body = |instance: &String| {
        let mut lines = vec![
            format!("{} subject = {instance};", caller.class_type()),
            format!("{} view = subject.{}();", caller.declared(ret(list).unwrap_or("Object[]")), list.name),
        ];
        lines.extend(count.map(|c| format!("assertEquals(subject.{}(), {length});", c.name)));
        lines.push(format!("for (int i = 0; i < {length}; i++) {{"));
        lines.push(format!("    assertEquals({at}, subject.{}(i));", element.name));
        lines.push("}".into());
        lines.join("\n")
    };
    let (size, index) = if array { ("length", "[i]") } else { ("size()", ".get(i)") };
    let counted = count.map(|c| format!(" and {}().{size} = {}()", list.name, c.name)).unwrap_or_default();
    let relation = format!("{l}(){index} = {e}(i){counted}", l = list.name, e = element.name);
    Some(Mr { template: "namedElementAndList", relation, bodies: instances.iter().map(body).collect() })
}
