//! A store by key that is no `java.util.Map` (a radix tree, a cache, a registry): just after
//! `put(k, v)` its reader answers `v` for `k` (concurrent-trees' `getValueForExactKey(k) = v`),
//! and `remove(k)` of a key just put takes the store's size back to what it was before the put.
//!
//! Why apart from `containers.rs`: that one knows the JDK's names (`get`, `containsKey`) on a class
//! that declares itself a `Map`; a store of its own names its reader freely and is often
//! generic in a value type the test picks. Why apart from `keyed.rs`: a keyed property is
//! `setX(k, v)`/`getX(k)`, one property of the object; a store's `put` adds an entry.

use super::contracts::method;
use super::invoke::Caller;
use super::templates::{assert_equal, ret, same, subjects, Mr, Pair};
use super::values::INPUTS;
use crate::java_model::types::erase_simple;
use crate::java_model::MethodModel;

/// The store's methods: `put(key, value)`, the reader of one key's value, and if it has them, the
/// remover of a key and the count of its entries.
struct Store<'c> {
    put: &'c MethodModel,
    reader: &'c MethodModel,
    remove: Option<&'c MethodModel>,
    size: Option<&'c MethodModel>,
}

/// The class's store methods, when it is a store and no `Map` (which `containers.rs` tests).
fn store<'c>(caller: &Caller<'c>) -> Option<Store<'c>> {
    if super::containers::is_container(caller) {
        return None;
    }
    let usable = |m: &&MethodModel| !m.is_static() && caller.callable(m);
    let put = method(caller, "put", 2).filter(usable)?;
    let (key, value) = (&put.params[0].type_name, &put.params[1].type_name);
    let takes_key =
        |m: &MethodModel| same(&m.params[0].type_name, key) || erase_simple(&m.params[0].type_name) == "Object";
    // `get` itself, else the shortest reader named `get...` that answers one value of the value
    // type: `getValueForExactKey`, never `getKeysStartingWith`, which answers many.
    let reader = caller
        .class
        .methods
        .iter()
        .filter(|m| m.name.starts_with("get") && m.params.len() == 1 && usable(m) && takes_key(m))
        .filter(|m| ret(m).is_some_and(|r| same(r, value)))
        .min_by_key(|m| (m.name != "get", m.name.len()))?;
    let remove = method(caller, "remove", 1).filter(usable).filter(|m| takes_key(m));
    let size =
        ["size", "length"].iter().find_map(|n| method(caller, n, 0)).filter(usable).filter(|m| ret(m) == Some("int"));
    Some(Store { put, reader, remove, size })
}

/// Keys and values for the inputs, paired in turn; none when the catalogue has none of a type.
fn entries(caller: &Caller, store: &Store) -> Option<Vec<(String, String)>> {
    let keys = caller.values.of(&store.put.params[0].type_name, INPUTS);
    let values = caller.values.of(&store.put.params[1].type_name, INPUTS);
    if keys.is_empty() || values.is_empty() {
        return None;
    }
    Some(keys.iter().enumerate().map(|(i, k)| (k.clone(), values[i % values.len()].clone())).collect())
}

/// The declarations of one entry, `key` and `value`, on a fresh `subject`.
fn declare_entry(caller: &Caller, store: &Store, (key, value): &(String, String)) -> Option<Vec<String>> {
    let mut lines = subjects(caller, &["subject"], true)?;
    lines.push(format!("{} key = {key};", caller.declared(&store.put.params[0].type_name)));
    lines.push(format!("{} value = {value};", caller.declared(&store.put.params[1].type_name)));
    Some(lines)
}

/// `reader(k) = v` just after `put(k, v)`, for a target among the two.
pub fn read_after_put(pair: &Pair) -> Option<Mr> {
    let caller = pair.caller;
    let store = store(caller)?;
    if ![store.put.name.as_str(), store.reader.name.as_str()].contains(&pair.target.name.as_str()) {
        return None;
    }
    let mut bodies = Vec::new();
    for entry in entries(caller, &store)? {
        let mut lines = declare_entry(caller, &store, &entry)?;
        lines.push("subject.put(key, value);".into());
        let read = format!("subject.{}(key)", store.reader.name);
        lines.push(assert_equal("value", &read, &caller.declared(&store.put.params[1].type_name)));
        bodies.push(lines.join("\n"));
    }
    let relation = format!("{}(k) = v just after put(k, v)", store.reader.name);
    Some(Mr { template: "storeReadAfterPut", relation, bodies })
}

/// `size()` after `put(k, v)` then `remove(k)` is `size()` before the put, for a target among
/// the three. On a fresh store the key is new, so the put added an entry the remove takes away.
pub fn remove_undoes_put(pair: &Pair) -> Option<Mr> {
    let caller = pair.caller;
    let store = store(caller)?;
    let (remove, size) = (store.remove?, store.size?);
    if ![store.put.name.as_str(), remove.name.as_str(), size.name.as_str()].contains(&pair.target.name.as_str()) {
        return None;
    }
    let mut bodies = Vec::new();
    for entry in entries(caller, &store)? {
        let mut lines = declare_entry(caller, &store, &entry)?;
        lines.push(format!("int before = subject.{}();", size.name));
        lines.push("subject.put(key, value);".into());
        lines.push(format!("assertEquals(before + 1, subject.{}());", size.name));
        lines.push(format!("subject.{}(key);", remove.name));
        lines.push(format!("assertEquals(before, subject.{}());", size.name));
        bodies.push(lines.join("\n"));
    }
    let relation =
        format!("{0}() after put(k, v) then {1}(k) = {0}() before, one more between", size.name, remove.name);
    Some(Mr { template: "storeRemoveUndoesPut", relation, bodies })
}
