//! Type flow (ranked mode): what one method returns, the other takes, so they compose; when it
//! flows both ways (`encode: String -> byte[]`, `decode: byte[] -> String`) they make a round trip.

use super::features::{direction, ticked, Evidence, Feature, FeatureKind, Pair};
use crate::java_model::types::{class_type_parameters, erase_simple, is_type_variable};
use crate::java_model::MethodModel;

/// The feature, with the sentence the prompt shows. Its strength is how rare the flowing type is
/// in the class; one way counts 0.6 of a round trip.
pub(super) fn feature(pair: &Pair) -> Option<Feature> {
    let (t, c) = (pair.t(), pair.c());
    let own = class_type_parameters(pair.facts.class);
    let forward = flows(t, c, &own);
    let backward = flows(c, t, &own);
    if forward.is_empty() && backward.is_empty() {
        return None;
    }
    let mut parts = Vec::new();
    if !forward.is_empty() {
        parts.push(format!("`{}` returns {}, which `{}` takes", t.name, ticked(&forward), c.name));
    }
    if !backward.is_empty() {
        parts.push(format!("`{}` returns {}, which `{}` takes", c.name, ticked(&backward), t.name));
    }
    let round_trip = !forward.is_empty() && !backward.is_empty();
    let tail = if round_trip {
        format!(": a round trip such as `{}({}(x))` is possible.", c.name, t.name)
    } else if !forward.is_empty() {
        format!(": they compose as `{}({}(x))`.", c.name, t.name)
    } else {
        format!(": they compose as `{}({}(x))`.", t.name, c.name)
    };
    let sentence = format!("{}{tail}", parts.join(", and "));
    let types: Vec<String> = forward.iter().chain(&backward).cloned().collect();
    let rarity = types.iter().map(|ty| pair.facts.rarity("type", ty)).fold(0.0, f64::max);
    let strength = if round_trip { rarity } else { 0.6 * rarity };
    let evidence = Evidence {
        types,
        direction: Some(direction(!forward.is_empty(), !backward.is_empty())),
        ..Evidence::default()
    };
    Some(pair.feature(FeatureKind::TypeFlow, evidence, sentence, strength))
}

/// The types that flow from `from`'s result into a parameter of `to`. The class's `own` type
/// parameters flow too: only the class's elements go into an `E` (Paguro's persistent
/// `PersistentVector#append(E)` and `get(int): E`, which no field links, as `append` builds a new
/// vector and changes none), where a method's own `<T>` takes anything.
pub fn flows(from: &MethodModel, to: &MethodModel, own: &[String]) -> Vec<String> {
    let Some(ret) = from.return_type.as_deref().map(erase_simple) else { return Vec::new() };
    if !telling(&ret) && !own.contains(&ret) {
        return Vec::new();
    }
    let takes = to.params.iter().any(|p| erase_simple(&p.type_name) == ret);
    if takes {
        vec![ret]
    } else {
        Vec::new()
    }
}

/// A type that says something about the data: not `void`, `boolean` (a verdict, not data),
/// `Object` or a method's type variable (anything flows into them).
fn telling(t: &str) -> bool {
    !matches!(t, "void" | "boolean" | "Boolean" | "Object") && !is_type_variable(t.trim_end_matches("[]"))
}

#[cfg(test)]
mod tests {
    use super::flows;
    use crate::java_model::parse_str;

    fn methods(src: &str) -> Vec<crate::java_model::MethodModel> {
        let file = parse_str(std::path::Path::new("C.java"), src);
        file.classes[0].methods.clone()
    }

    #[test]
    fn a_result_the_other_takes_flows_and_back_is_a_round_trip() {
        let m = methods(
            "class C { byte[] encode(String s) { return null; } String decode(byte[] b) { return null; } \
             int length(String s) { return 0; } }",
        );
        assert_eq!(flows(&m[0], &m[1], &[]), vec!["byte[]"]);
        assert_eq!(flows(&m[1], &m[0], &[]), vec!["String"]);
        assert_eq!(flows(&m[1], &m[2], &[]), vec!["String"]);
        assert!(flows(&m[2], &m[0], &[]).is_empty(), "int does not flow into String");
    }

    #[test]
    fn void_boolean_object_and_type_variables_do_not_flow() {
        let m = methods(
            "class C<T> { boolean check(boolean b) { return b; } T first(T t) { return t; } \
             Object any(Object o) { return o; } void run(String s) {} }",
        );
        for (a, b) in [(0, 0), (1, 1), (2, 2), (3, 3)] {
            assert!(flows(&m[a], &m[b], &[]).is_empty(), "{} -> {}", m[a].name, m[b].name);
        }
    }

    #[test]
    fn the_class_s_own_type_parameter_flows() {
        let m = methods(
            "class Vector<E> { Vector<E> append(E e) { return this; } E get(int i) { return null; } \
             <T> T first(T t) { return t; } }",
        );
        let own = ["E".to_string()];
        assert_eq!(flows(&m[1], &m[0], &own), vec!["E"], "get's element is what append takes");
        assert!(flows(&m[1], &m[0], &[]).is_empty(), "not the class's own");
        assert!(flows(&m[2], &m[2], &own).is_empty(), "a method's own variable takes anything");
    }
}
