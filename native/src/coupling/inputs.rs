//! Shared input (ranked mode): a factory and a method of the object it builds take a value of the
//! same type: `CharRange.is(char)` and `contains(char)`, `Range.between(T, T)` and `contains(T)`,
//! `Days.days(int)` and `multipliedBy(int)`. The test hands the method what it gave the factory
//! (is the start of the range in it? is `days(n)` times one `days(n)`?), or a value beside it:
//! the factory's input is what the method's result is about.
//!
//! Only from a static factory (returning the class) to an instance method: between two
//! operations of any kind, a shared `int` or `String` parameter says next to nothing. The
//! strength is how rare the type is among the class's members.

use super::features::{direction, Evidence, Feature, FeatureKind, Pair};
use crate::java_model::types::erase_simple;
use crate::java_model::MethodModel;
use std::collections::BTreeSet;

/// The feature, with the sentence the prompt shows.
pub(super) fn feature(pair: &Pair) -> Option<Feature> {
    let (t, c) = (pair.t(), pair.c());
    let returned = t.return_type.as_deref().map(erase_simple);
    let factory = t.is_static() && !t.is_constructor && returned.as_deref() == Some(pair.facts.class.name.as_str());
    if !factory || c.is_static() || c.is_constructor {
        return None;
    }
    let types: Vec<String> = param_types(t).intersection(&param_types(c)).cloned().collect();
    if types.is_empty() {
        return None;
    }
    let strength = types.iter().map(|x| pair.facts.rarity("type", x)).fold(0.0, f64::max);
    let sentence = format!(
        "`{}` builds the object from {} and `{}` takes {} too: an MTC can give `{}` what it gave `{}`, or a value \
         beside it.",
        t.name,
        super::features::ticked(&types),
        c.name,
        if types.len() == 1 { "it" } else { "them" },
        c.name,
        t.name
    );
    let evidence = Evidence { types, direction: Some(direction(true, false)), ..Evidence::default() };
    Some(pair.feature(FeatureKind::SharedInput, evidence, sentence, strength))
}

/// The erased types of a method's parameters (a varargs parameter as its element type).
fn param_types(m: &MethodModel) -> BTreeSet<String> {
    m.params
        .iter()
        .map(|p| {
            let erased = erase_simple(&p.type_name);
            match erased.strip_suffix("[]").filter(|_| p.varargs) {
                Some(element) => element.to_string(),
                None => erased,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::coupling::{Feature, FeatureKind};

    fn input(src: &str, target: &str, coupled: &str) -> Option<Feature> {
        crate::coupling::test_support::feature_between(src, target, coupled, FeatureKind::SharedInput)
    }

    const RANGE: &str = "class CharRange { private char start; private CharRange(char c) { start = c; } \
        static CharRange is(char c) { return new CharRange(c); } boolean contains(char c) { return c == start; } \
        CharRange negate() { return this; } static boolean valid(char c) { return true; } \
        boolean overlaps(CharRange other) { return false; } static int count(char c) { return 0; } }";

    #[test]
    fn a_factory_and_a_method_of_its_object_take_the_same_type() {
        let f = input(RANGE, "is", "contains").expect("is(char) / contains(char)");
        assert_eq!(f.evidence.types, ["char"]);
        assert!(
            f.sentence.contains("`is` builds the object from `char` and `contains` takes it too"),
            "{}",
            f.sentence
        );
    }

    #[test]
    fn no_shared_input_without_a_factory_an_instance_method_or_a_shared_type() {
        assert!(input(RANGE, "is", "negate").is_none(), "negate takes nothing");
        assert!(input(RANGE, "is", "valid").is_none(), "a static method is not called on the object");
        assert!(input(RANGE, "count", "contains").is_none(), "count returns no CharRange");
        assert!(input(RANGE, "contains", "is").is_none(), "the factory is the target");
    }
}
