//! Templates for the project's own collections and maps (a class that is a `java.util`
//! `Collection` or `Map`, by what it extends or implements): the observers agree with each other
//! and with the mutators on one fresh instance filled with a different number of elements per
//! source input. `size()`, `isEmpty()`, `toArray()`, iteration, `contains`/`indexOf`/`get` after
//! `add`; `get`/`containsKey`/`containsValue` after `put`; `isEmpty()` after `clear()`; first in,
//! first out for queues.

use super::invoke::Caller;
use super::templates::{Mr, Pair};
use super::values::INPUTS;

const COLLECTIONS: &[&str] = &[
    "Collection",
    "List",
    "Set",
    "SortedSet",
    "NavigableSet",
    "Queue",
    "Deque",
    "AbstractCollection",
    "AbstractList",
    "AbstractSequentialList",
    "AbstractSet",
    "AbstractQueue",
    "Bag",
    "SortedBag",
    "MultiSet",
];
const MAPS: &[&str] = &[
    "Map",
    "SortedMap",
    "NavigableMap",
    "AbstractMap",
    "BidiMap",
    "OrderedMap",
    "IterableMap",
    "OrderedBidiMap",
    "SortedBidiMap",
];

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Collection { list: bool, queue: bool, set: bool },
    Map,
}

/// Whether the class is a collection or a map, by the supertypes its header and its project
/// ancestors name (collections4's `ListOrderedSet` is a `Set` through its decorator superclasses).
/// A supertype the project declares counts by its own supertypes, never by its name: Dexx's
/// persistent `Set` and `AbstractMap` (unseen-28, whose `add` and `put` answer a new instance) are
/// no `java.util` ones, and collections4's `Bag` is a collection as the `Collection` it extends.
fn kind(caller: &Caller) -> Option<Kind> {
    let mut supertypes = super::templates::supertypes(caller);
    supertypes.retain(|s| super::objects::find_class(caller.values, s).is_none());
    let names = |list: &[&str]| supertypes.iter().any(|s| list.contains(&s.as_str()));
    if names(MAPS) {
        Some(Kind::Map)
    } else if names(COLLECTIONS) {
        let list = supertypes.iter().any(|s| s.contains("List"));
        let queue = supertypes.iter().any(|s| s.contains("Queue") || s == "Deque");
        // A `java.util.Set` answers whether `add` changed it: true exactly for what it lacked.
        let set = !list && names(&["Set", "SortedSet", "NavigableSet", "AbstractSet"]);
        Some(Kind::Collection { list, queue, set })
    } else {
        None
    }
}

/// The element type (or key and value types) as a test declares them: the class's type
/// arguments within their bounds, else those a `java.util` supertype is given in a header.
fn element_types(caller: &Caller) -> Vec<String> {
    let own = super::types::generic_arguments(&caller.class_type()).1;
    if !own.is_empty() {
        return own;
    }
    inherited_element_types(caller).unwrap_or_default()
}

/// The type arguments a header gives a `java.util` collection or map the class is, when none is
/// a type variable of that header's class: Joda Primitives' `ArrayIntList` has no type parameter
/// and is a `List<Integer>` through its `IntList` interface (unseen-44: the template's
/// `subject.add("a")`, a guessed `String`, did not compile).
fn inherited_element_types(caller: &Caller) -> Option<Vec<String>> {
    super::templates::written_supertypes(caller).into_iter().find_map(|(class, written)| {
        let (raw, arguments) = super::types::generic_arguments(&written);
        let raw = crate::java_model::types::erase_simple(&raw);
        let jdk = super::objects::find_class(caller.values, &raw).is_none();
        let container = COLLECTIONS.contains(&raw.as_str()) || MAPS.contains(&raw.as_str());
        let variables = crate::java_model::types::class_type_parameters(class);
        let concrete = !arguments.is_empty() && arguments.iter().all(|a| !variables.contains(a) && !a.contains('?'));
        (jdk && container && concrete).then_some(arguments)
    })
}

/// Whether the class is a `java.util` collection or map, which `container` tests.
pub(super) fn is_container(caller: &Caller) -> bool {
    kind(caller).is_some()
}

/// One relation per observed target method, over fresh instances holding 0..9 elements.
pub fn container(pair: &Pair) -> Option<Mr> {
    let caller = pair.caller;
    let kind = kind(caller)?;
    let subject = caller.instance()?;
    let types = element_types(caller);
    let (relation, check) = match kind {
        Kind::Collection { list, queue, set } => match collection_check(&pair.target.name, list, queue, set) {
            Some((relation, check)) => (relation.to_string(), check.to_string()),
            None => index_removal_check(pair.target).filter(|_| list)?,
        },
        Kind::Map => map_check(&pair.target.name).map(|(r, c)| (r.to_string(), c.to_string()))?,
    };
    let (element, value) = match kind {
        Kind::Map => {
            (types.first().cloned().unwrap_or("String".into()), types.get(1).cloned().unwrap_or("String".into()))
        }
        Kind::Collection { .. } => (types.first().cloned().unwrap_or("String".into()), String::new()),
    };
    let elements = caller.values.of(&element, INPUTS);
    let values = if kind == Kind::Map { caller.values.of(&value, INPUTS) } else { Vec::new() };
    if elements.is_empty() || (kind == Kind::Map && values.is_empty()) {
        return None;
    }
    let mut bodies = Vec::new();
    for count in 0..INPUTS.min(elements.len() + 1) {
        let mut lines = vec![format!("{} subject = {subject};", caller.class_type())];
        for i in 0..count {
            let x = &elements[i];
            let line = match kind {
                Kind::Map => format!("subject.put({x}, {});", values[i % values.len()]),
                Kind::Collection { .. } => format!("subject.add({x});"),
            };
            lines.push(line);
        }
        let last = count.checked_sub(1).map(|i| (elements[i].clone(), values.get(i % values.len().max(1)).cloned()));
        let probe = last.clone().unwrap_or_else(|| (elements[0].clone(), values.first().cloned()));
        lines.push(format!("{element} x = {};", probe.0));
        if kind == Kind::Map {
            lines.push(format!("{value} v = {};", probe.1.unwrap_or_default()));
        }
        lines.push(format!("boolean added = {};", last.is_some()));
        lines.push(check.clone());
        bodies.push(lines.join("\n"));
    }
    Some(Mr { template: "containerState", relation, bodies })
}

/// The relation and the assertion lines for a collection's target method.
fn collection_check(target: &str, list: bool, queue: bool, set: bool) -> Option<(&'static str, &'static str)> {
    Some(match target {
        // What `add` answers is part of its contract on a set: a mutant that forgets to record the
        // element where the set answers `contains` from still answers true.
        "contains" | "add" if set => ("contains(x) after add(x), and add(x) = !contains(x) before it", "boolean had = subject.contains(x);\nif (added) {\n    assertTrue(had);\n}\nboolean changed = subject.add(x);\nassertTrue(subject.contains(x));\nassertEquals(!had, changed);"),
        "size" | "isEmpty" => ("isEmpty() = (size() == 0) whatever was added", "assertEquals(subject.size() == 0, subject.isEmpty());\nif (added) {\n    assertFalse(subject.isEmpty());\n}"),
        "toArray" => ("toArray().length = size()", "assertEquals(subject.size(), subject.toArray().length);"),
        "iterator" => ("iterating visits size() elements", "int visited = 0;\nfor (Object e : subject) {\n    visited++;\n}\nassertEquals(subject.size(), visited);"),
        "contains" | "add" => ("contains(x) after add(x)", "if (added) {\n    assertTrue(subject.contains(x));\n}\nsubject.add(x);\nassertTrue(subject.contains(x));"),
        "clear" => ("isEmpty() and size() = 0 after clear()", "subject.clear();\nassertTrue(subject.isEmpty());\nassertEquals(0, subject.size());"),
        "indexOf" | "get" if list => ("get(indexOf(x)) = x after add(x)", "subject.add(x);\nint at = subject.indexOf(x);\nassertTrue(at >= 0);\nassertEquals(x, subject.get(at));"),
        "set" if list => ("get(i) = x just after set(i, x)", "subject.add(x);\nint last = subject.size() - 1;\nsubject.set(last, x);\nassertEquals(x, subject.get(last));"),
        // `contains` and `indexOf` agree after it too: a decorator that keeps a second index of its
        // elements (a set beside the list) must forget the removed one in both.
        "remove" if list => ("size() drops by one with remove(i), and contains(x) = indexOf(x) >= 0 after it", "subject.add(x);\nint before = subject.size();\nsubject.remove(before - 1);\nassertEquals(before - 1, subject.size());\nassertEquals(subject.indexOf(x) >= 0, subject.contains(x));"),
        "peek" | "element" | "poll" | "remove" if queue => ("first in, first out: peek() is what the first add(x) added, on an empty queue", "subject.clear();\nsubject.add(x);\nassertEquals(x, subject.peek());\nassertEquals(x, subject.poll());\nassertTrue(subject.isEmpty());"),
        _ => return None,
    })
}

/// A list's removal by index under a name of its own (`removeAt`, Joda Primitives'
/// `removeIntAt`, Vector's `removeElementAt`, `removeIndex`): it answers the element `get` read at
/// that index, and the size drops by one. Only for a method taking one `int`.
fn index_removal_check(target: &crate::java_model::MethodModel) -> Option<(String, String)> {
    let name = &target.name;
    let by_index = name.starts_with("remove") && (name.ends_with("At") || name.ends_with("Index"));
    let takes_index = target.params.len() == 1 && target.params[0].type_name == "int";
    let answers = target.return_type.as_deref().is_some_and(|r| r != "void");
    if !(by_index && takes_index && answers) {
        return None;
    }
    let relation = format!("{name}(i) answers get(i) and size() drops by one");
    let check = format!(
        "subject.add(x);\nint last = subject.size() - 1;\nObject expected = subject.get(last);\n\
         assertEquals(expected, subject.{name}(last));\nassertEquals(last, subject.size());"
    );
    Some((relation, check))
}

/// The relation and the assertion lines for a map's target method.
fn map_check(target: &str) -> Option<(&'static str, &'static str)> {
    Some(match target {
        "size" | "isEmpty" => ("isEmpty() = (size() == 0) whatever was put", "assertEquals(subject.size() == 0, subject.isEmpty());\nif (added) {\n    assertFalse(subject.isEmpty());\n}"),
        "put" => ("get(k) = v, containsKey(k) and containsValue(v) just after put(k, v)", "subject.put(x, v);\nassertEquals(v, subject.get(x));\nassertTrue(subject.containsKey(x));\nassertTrue(subject.containsValue(v));"),
        // Each observer its own MTC, about it: the same MTC for several targets counts once.
        "get" => ("get(k) = v just after put(k, v)", "subject.put(x, v);\nassertEquals(v, subject.get(x));"),
        "containsKey" => ("containsKey(k) just after put(k, v)", "subject.put(x, v);\nassertTrue(subject.containsKey(x));"),
        "containsValue" => ("containsValue(v) just after put(k, v)", "subject.put(x, v);\nassertTrue(subject.containsValue(v));"),
        "remove" => ("not containsKey(k) after remove(k)", "subject.put(x, v);\nsubject.remove(x);\nassertFalse(subject.containsKey(x));"),
        "keySet" => ("keySet() has size() elements", "assertEquals(subject.size(), subject.keySet().size());"),
        "values" => ("values() has size() elements", "assertEquals(subject.size(), subject.values().size());"),
        "entrySet" => ("entrySet() has size() elements", "assertEquals(subject.size(), subject.entrySet().size());"),
        "clear" => ("isEmpty() and size() = 0 after clear()", "subject.clear();\nassertTrue(subject.isEmpty());\nassertEquals(0, subject.size());"),
        "getKey" => ("getKey(v) = k just after put(k, v)", "subject.put(x, v);\nassertEquals(x, subject.getKey(v));"),
        "removeValue" => ("not containsValue(v) after removeValue(v)", "subject.put(x, v);\nsubject.removeValue(v);\nassertFalse(subject.containsValue(v));"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin::values::Values;
    use crate::context::TestIndex;
    use crate::java_model::{parse_str, Project};

    fn is_container_in(files: &[(&str, &str)], class: &str) -> bool {
        let mut project = Project::new(&[]);
        project.files = files.iter().map(|(name, src)| parse_str(std::path::Path::new(name), src)).collect();
        let class = project.classes().find(|c| c.name == class).expect("the fixture's class");
        let values = Values::for_class(class, Some(&project), &TestIndex::load(&[], None));
        is_container(&Caller { class, values: &values })
    }

    #[test]
    fn a_project_type_named_like_a_jdk_collection_makes_no_container() {
        let own_set = ("Set.java", "package d;\npublic interface Set<E> extends Iterable<E> {}\n");
        let hash_set = ("HashSet.java", "package d;\npublic class HashSet<E> implements Set<E> {}\n");
        assert!(!is_container_in(&[own_set, hash_set], "HashSet"), "Dexx's own Set");
        let jdk_set = (
            "Box.java",
            "package d;\nimport java.util.AbstractSet;\npublic abstract class Box<E> extends AbstractSet<E> {}\n",
        );
        assert!(is_container_in(&[jdk_set], "Box"), "the JDK's AbstractSet");
        let bag = (
            "Bag.java",
            "package d;\nimport java.util.Collection;\npublic interface Bag<E> extends Collection<E> {}\n",
        );
        let hash_bag = ("HashBag.java", "package d;\npublic class HashBag<E> implements Bag<E> {}\n");
        assert!(is_container_in(&[bag, hash_bag], "HashBag"), "a project interface counts by what it extends");
    }
}
