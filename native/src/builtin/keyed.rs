//! Keyed properties: `getX(k) = v` (or `isX`, `hasX`) just after `setX(k, v)`, for a setter that
//! takes keys before its value and a getter that takes the same keys (`setPermission(access,
//! permission, value)` / `hasPermission(access, permission)`, `setEntry(row, column, value)` /
//! `getEntry(row, column)`). A plain property (`setX(v)`) is `contracts::property`'s.

use super::contracts::method;
use super::setters::stores_its_argument;
use super::templates::{assert_equal, ret, same, subjects, Mr, Pair};
use super::values::INPUTS;
use crate::java_model::types::{boxed, erase_simple};
use crate::java_model::MethodModel;

/// Keys a test can choose without knowing the table's size: the class's own constants of the
/// key's type (`FTPFile.USER_ACCESS`), and for integers 0 and 1 (an index past the end would be
/// the test's mistake, not the class's).
fn keys(pair: &Pair, written: &str) -> Vec<String> {
    let values = pair.caller.values.of(written, INPUTS);
    let integral = matches!(erase_simple(written).as_str(), "int" | "long" | "short" | "byte");
    if !integral {
        return values;
    }
    let own = format!("{}.", pair.caller.class.name);
    let mut chosen: Vec<String> = values.into_iter().filter(|v| v.starts_with(&own)).collect();
    chosen.extend(["0", "1"].map(String::from));
    chosen
}

/// The setter `set{rest}(keys..., value)` and its getter `get|is|has{rest}(keys...)`.
fn setter_and_getter<'a>(pair: &Pair<'a>) -> Option<(&'a MethodModel, &'a MethodModel)> {
    let (caller, t) = (pair.caller, pair.target);
    let rest = ["set", "get", "is", "has"].iter().find_map(|p| t.name.strip_prefix(p))?;
    if !rest.starts_with(|c: char| c.is_ascii_uppercase()) {
        return None;
    }
    let setter = caller.class.methods.iter().find(|m| m.name == format!("set{rest}") && m.params.len() >= 2)?;
    let keys = setter.params.len() - 1;
    let getter = ["get", "is", "has"].iter().find_map(|p| method(caller, &format!("{p}{rest}"), keys))?;
    let value = &setter.params[keys].type_name;
    let read = ret(getter)?;
    let keys_agree = setter.params.iter().zip(&getter.params).all(|(a, b)| same(&a.type_name, &b.type_name));
    let reads_value = same(read, value) || boxes(value, read);
    let callable = caller.callable(setter) && caller.callable(getter) && !setter.is_private();
    (keys_agree && reads_value && callable && setter.is_static() == getter.is_static()).then_some((setter, getter))
}

/// Whether the getter answers the setter's primitive boxed (`setEntry(int, int, int)`,
/// `Integer getEntry(int, int)`).
fn boxes(value: &str, read: &str) -> bool {
    boxed(&erase_simple(value)) == Some(erase_simple(read).as_str())
}

/// `getX(k) = v` just after `setX(k, v)` on a fresh instance, for a setter storing `v` as given.
pub fn keyed_property(pair: &Pair) -> Option<Mr> {
    let caller = pair.caller;
    let (setter, getter) = setter_and_getter(pair)?;
    if !stores_its_argument(&caller.class.source, setter) {
        return None;
    }
    let n = getter.params.len();
    let key_values: Vec<Vec<String>> = getter.params.iter().map(|p| keys(pair, &p.type_name)).collect();
    let written = &setter.params[n].type_name;
    let values = caller.values.of(written, INPUTS);
    if values.is_empty() || key_values.iter().any(Vec::is_empty) {
        return None;
    }
    let names: Vec<String> = (0..n).map(|i| format!("key{i}")).collect();
    let mut bodies = Vec::new();
    for (i, v) in values.iter().enumerate() {
        let mut lines = subjects(caller, &["subject"], !setter.is_static())?;
        for (j, p) in getter.params.iter().enumerate() {
            let choices = &key_values[j];
            lines.push(format!(
                "{} {} = {};",
                caller.declared(&p.type_name),
                names[j],
                choices[(i + j) % choices.len()]
            ));
        }
        lines.push(format!("{} x = {v};", caller.declared(written)));
        let mut set_args = names.clone();
        set_args.push("x".into());
        lines.push(format!("{};", caller.call(setter, "subject", &set_args)));
        // `assertEquals(int, Integer)` is ambiguous on JUnit 4: the value goes in boxed.
        let expected =
            ret(getter).filter(|r| boxes(written, r)).map_or("x".to_string(), |r| format!("({}) x", erase_simple(r)));
        lines.push(assert_equal(&expected, &caller.call(getter, "subject", &names), &caller.declared(written)));
        bodies.push(lines.join("\n"));
    }
    let keys = names.iter().map(|_| "k").collect::<Vec<_>>().join(", ");
    let relation = format!("{}({keys}) = v just after {}({keys}, v)", getter.name, setter.name);
    Some(Mr { template: "keyedProperty", relation, bodies })
}
