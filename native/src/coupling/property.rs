//! Named property (ranked mode): a parameter of one method is named after the property the other
//! returns. `setDate(int year, int month, int dayOfMonth)` and `getYear()`,
//! `Fraction.getFraction(int numerator, int denominator)` and `getNumerator()`, `days(int days)`
//! and `getDays()`: what the one is given as `year`, the other gives back, so an MTC can check
//! that the value put in is the value read out. The names say it even when the field between them
//! is out of sight (set through a constructor, a delegate, or a computed representation).
//!
//! The property is the name of a method taking nothing and returning something, its `get`, `is`
//! or `has` prefix left out. Both ways: the target given the value and the candidate reading it,
//! or (weaker, as the mined target is the call made first) the other way round.

use super::features::{direction, Evidence, Feature, FeatureKind, Pair};
use super::tokens::name_tokens;
use crate::java_model::MethodModel;

/// A parameter named after the start of the property (`month` for `getMonthOfYear()`) tells less
/// than the whole name. Its end alone (`type` for `wildcardType()`) names the kind of thing, not
/// the property.
const PARTIAL: f64 = 0.6;

/// The reader is the target, the method given the value the candidate: it reads back what an
/// earlier call set only when the test calls them in the other order.
const BACKWARD: f64 = 0.6;

/// Parameter names this short (`s`, `i`, `x`) name no property.
const MIN_NAME: usize = 3;

/// The feature, with the sentence the prompt shows.
pub(super) fn feature(pair: &Pair) -> Option<Feature> {
    let (t, c) = (pair.t(), pair.c());
    if t.is_constructor || c.is_constructor {
        return None;
    }
    let (forward, strength) = match (matching(t, c), matching(c, t)) {
        (Some(m), _) => (true, m),
        (None, Some(m)) => (false, Match { strength: m.strength * BACKWARD, ..m }),
        (None, None) => return None,
    };
    let (given, reader) = if forward { (t, c) } else { (c, t) };
    let sentence = format!(
        "`{}` takes `{}` and `{}()` returns the property of that name: an MTC can check that the value given to \
         `{}` is the value `{}()` gives back.",
        given.name, strength.parameter, reader.name, given.name, reader.name
    );
    let evidence = Evidence {
        words: vec![strength.parameter.clone(), reader.name.clone()],
        relation: Some("parameter/property".into()),
        direction: Some(direction(forward, !forward)),
        ..Evidence::default()
    };
    Some(pair.feature(FeatureKind::NamedProperty, evidence, sentence, strength.strength))
}

struct Match {
    parameter: String,
    strength: f64,
}

/// The parameter of `given` best named after the property `reader` returns, if any.
fn matching(given: &MethodModel, reader: &MethodModel) -> Option<Match> {
    let property = property_tokens(reader)?;
    let mut best: Option<Match> = None;
    for p in given.params.iter().filter(|p| p.name.len() >= MIN_NAME) {
        let tokens = name_tokens(&p.name);
        let strength = if tokens == property {
            1.0
        } else if property.starts_with(&tokens) || tokens.starts_with(&property) {
            PARTIAL
        } else {
            continue;
        };
        if best.as_ref().is_none_or(|b| strength > b.strength) {
            best = Some(Match { parameter: p.name.clone(), strength });
        }
    }
    best
}

/// The name tokens of the property a method reads: an instance method taking nothing and
/// returning a value, its `get`, `is` or `has` prefix left out (`getMonthOfYear` -> month, of,
/// year). A static one reads no object's property: it is a constant or a factory.
fn property_tokens(m: &MethodModel) -> Option<Vec<String>> {
    let returns = m.return_type.as_deref().is_some_and(|r| r != "void");
    if !m.params.is_empty() || !returns || m.is_static() {
        return None;
    }
    let mut tokens = name_tokens(&m.name);
    if tokens.len() > 1 && ["get", "is", "has"].contains(&tokens[0].as_str()) {
        tokens.remove(0);
    }
    Some(tokens)
}

#[cfg(test)]
mod tests {
    use crate::coupling::{Direction, Feature, FeatureKind};

    fn property(src: &str, target: &str, coupled: &str) -> Option<Feature> {
        crate::coupling::test_support::feature_between(src, target, coupled, FeatureKind::NamedProperty)
    }

    const DATE: &str = "class Date { private long millis; \
        void setDate(int year, int month, int dayOfMonth) { millis = 0; } \
        static Date of(int year, String s) { return null; } \
        int getYear() { return 1; } int getMonthOfYear() { return 1; } int getDayOfMonth() { return 1; } \
        int getHourOfDay() { return 1; } int getS() { return 1; } int year(int base) { return base; } \
        void setNothing(int size) { } boolean isLeap() { return false; } \
        static int getCount() { return 0; } void resize(int count, int type) { } int getWildcardType() { return 0; } }";

    #[test]
    fn a_parameter_named_after_the_property_a_getter_returns() {
        let f = property(DATE, "setDate", "getYear").expect("year / getYear()");
        assert_eq!(f.evidence.words, ["year", "getYear"]);
        assert_eq!(f.evidence.direction, Some(Direction::TargetToCoupled));
        assert_eq!(f.strength, 1.0);
        assert!(f.sentence.contains("`setDate` takes `year` and `getYear()` returns the property"), "{}", f.sentence);
        assert!(property(DATE, "of", "getYear").is_some(), "a factory given the year");
        let partial = property(DATE, "setDate", "getMonthOfYear").expect("month / getMonthOfYear()");
        assert!(partial.strength < f.strength, "part of the name tells less");
        assert!(property(DATE, "setDate", "getDayOfMonth").is_some_and(|f| f.strength == 1.0));
    }

    #[test]
    fn the_other_way_round_is_weaker() {
        let back = property(DATE, "getYear", "setDate").expect("getYear() then setDate(year, ..)");
        assert_eq!(back.evidence.direction, Some(Direction::CoupledToTarget));
        assert!(back.strength < 1.0);
    }

    #[test]
    fn no_property_for_other_names_short_names_or_methods_taking_something() {
        assert!(property(DATE, "setDate", "getHourOfDay").is_none(), "no parameter named hour");
        assert!(property(DATE, "of", "getS").is_none(), "`s` is too short to name a property");
        assert!(property(DATE, "setDate", "year").is_none(), "year(base) takes something: no property");
        assert!(property(DATE, "setNothing", "isLeap").is_none());
        assert!(property(DATE, "resize", "getCount").is_none(), "a static getter reads no object's property");
        assert!(property(DATE, "resize", "getWildcardType").is_none(), "`type` ends the name, it does not start it");
    }
}
