//! Specific and general form (ranked mode): one method takes nothing and returns an `R`, the other
//! returns an `R` for the case a key argument names: `year()` and `property(DateTimeFieldType)`,
//! `getYear()` and `get(DateTimeFieldType)`, `getHeader()` and `getHeader(String)` aside (those
//! are overloads). The specific form is the general one with its key fixed, so an MTC can check
//! that they agree for the right key, and differ for another.
//!
//! The key is one parameter of a reference type other than `R` (not a number, text or flag: a
//! method taking an `int` or a `String` is a computation, not a lookup). Its strength is how few
//! general forms of `R` the class has: one `property(..)` among twenty `Property` getters is
//! telling, one of ten `int compute(Foo)` methods is not.

use super::features::{direction, Evidence, Feature, FeatureKind, Pair};
use crate::java_model::types::erase_simple;
use crate::java_model::MethodModel;

/// The general form is the target, the specific one the candidate: the test calls the lookup
/// first (weaker, as for the other directed features).
const BACKWARD: f64 = 0.6;

/// Types no key is: numbers, text and flags are computed on, not looked up by.
const NOT_KEYS: &[&str] = &[
    "int",
    "long",
    "short",
    "byte",
    "char",
    "double",
    "float",
    "boolean",
    "String",
    "CharSequence",
    "Object",
    "Integer",
    "Long",
    "Double",
    "Float",
    "Boolean",
    "Character",
    "Number",
];

/// The feature, with the sentence the prompt shows.
pub(super) fn feature(pair: &Pair) -> Option<Feature> {
    let (t, c) = (pair.t(), pair.c());
    let own = pair.facts.class.name.as_str();
    let forward = specific(t, own) && general(c, t);
    let backward = !forward && specific(c, own) && general(t, c);
    if !forward && !backward {
        return None;
    }
    let (specific_form, general_form) = if forward { (t, c) } else { (c, t) };
    let returned = erase_simple(specific_form.return_type.as_deref().unwrap_or_default());
    let key = erase_simple(&general_form.params[0].type_name);
    let forms = pair
        .facts
        .members
        .iter()
        .filter(|m| m.method.name != specific_form.name && general(m.method, specific_form))
        .count()
        .max(1);
    let strength = if forward { 1.0 } else { BACKWARD } / forms as f64;
    let sentence = format!(
        "`{}()` and `{}({key})` both give a `{returned}`: the one for a fixed case, the other for the case its \
         `{key}` names. An MTC can check that `{}` given the right `{key}` agrees with `{}()`.",
        specific_form.name, general_form.name, general_form.name, specific_form.name
    );
    let evidence = Evidence {
        types: vec![returned, key],
        relation: Some("specific/general".into()),
        direction: Some(direction(forward, backward)),
        ..Evidence::default()
    };
    Some(pair.feature(FeatureKind::GeneralForm, evidence, sentence, strength))
}

/// A specific form: an instance method taking nothing and returning a value, not one of the class's
/// own type: `complement()`, `reverse()`, `minimize()` transform the receiver, they read no case of
/// it (dk.brics.automaton's `complement()` is no fixed case of `subst(Map)`).
fn specific(m: &MethodModel, own_class: &str) -> bool {
    let returns = m.return_type.as_deref().is_some_and(|r| r != "void" && erase_simple(r) != own_class);
    !m.is_constructor && !m.is_static() && m.params.is_empty() && returns
}

/// A general form of `specific`: another instance method with the same result and one key
/// parameter (not the result's type either: `with(Date)` returning a `Date` transforms).
fn general(m: &MethodModel, specific: &MethodModel) -> bool {
    let (Some(result), Some(wanted)) = (m.return_type.as_deref(), specific.return_type.as_deref()) else {
        return false;
    };
    let (result, wanted) = (erase_simple(result), erase_simple(wanted));
    let key = match m.params.as_slice() {
        [p] if !p.varargs => erase_simple(&p.type_name),
        _ => return false,
    };
    let is_key = !NOT_KEYS.contains(&key.as_str()) && !key.ends_with("[]") && key != result;
    !m.is_constructor && !m.is_static() && m.name != specific.name && result == wanted && is_key
}

#[cfg(test)]
mod tests {
    use crate::coupling::{Direction, Feature, FeatureKind};

    fn general(src: &str, target: &str, coupled: &str) -> Option<Feature> {
        crate::coupling::test_support::feature_between(src, target, coupled, FeatureKind::GeneralForm)
    }

    const DATE: &str = "class Date { private long millis; \
        Property year() { return null; } Property month() { return null; } \
        Property property(FieldType type) { return null; } \
        int getYear() { return 1; } int get(FieldType type) { return 1; } int plus(int n) { return n; } \
        Date with(Date other) { return other; } Date copy() { return this; } \
        Property named(String name) { return null; } static Property of(FieldType t) { return null; } }";

    #[test]
    fn a_getter_and_the_lookup_of_the_same_result_by_a_key() {
        let f = general(DATE, "year", "property").expect("year() / property(FieldType)");
        assert_eq!(f.evidence.types, ["Property", "FieldType"]);
        assert_eq!(f.evidence.direction, Some(Direction::TargetToCoupled));
        assert_eq!(f.strength, 1.0);
        assert!(f.sentence.contains("`year()` and `property(FieldType)` both give a `Property`"), "{}", f.sentence);
        assert!(general(DATE, "getYear", "get").is_some(), "int getYear() / int get(FieldType)");
        let back = general(DATE, "property", "month").expect("the lookup first");
        assert!(back.strength < f.strength);
    }

    #[test]
    fn no_general_form_taking_a_number_text_or_the_result_itself() {
        assert!(general(DATE, "getYear", "plus").is_none(), "plus(int) computes, it looks nothing up");
        assert!(general(DATE, "year", "named").is_none(), "a String is no key");
        assert!(general(DATE, "copy", "with").is_none(), "with(Date) takes the result type: a transformation");
        assert!(general(DATE, "year", "of").is_none(), "a static factory is no lookup on the object");
        assert!(general(DATE, "year", "getYear").is_none(), "another result");
    }

    #[test]
    fn no_general_form_of_a_transformation_of_the_receiver() {
        let automaton = "class Automaton { Automaton complement() { return this; } \
            Automaton subst(Map<Character, Set<Character>> map) { return this; } \
            Automaton projectChars(Set<Character> chars) { return this; } }";
        assert!(general(automaton, "complement", "subst").is_none(), "complement() is no fixed case of subst(Map)");
        assert!(general(automaton, "subst", "projectChars").is_none(), "neither takes nothing");
        assert!(general(DATE, "year", "property").is_some(), "a getter of another type still is one");
    }
}
