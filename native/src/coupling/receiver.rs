//! Receiver flow (ranked mode): a factory returns an object of the class, the other is an
//! instance method, so it can be called on that result: `Fraction.getFraction(3, 5).reduce()`,
//! `ImmutableList.of(a, b).indexOf(b)`. The paper's producer–consumer relation through the
//! receiver instead of a parameter (type flow, flow.rs): the factory builds the object, the
//! consumer observes or transforms it. Humans test a factory this way more than any other.
//!
//! Only a static producer counts, and only forward (the target the producer): an instance method
//! returning the class (`negate()`, `append(x)`) or every factory offered to every instance method
//! would couple nearly all members of a fluent class with each other (on the recall benchmark's
//! tuning projects both made the order no better).

use super::features::{direction, Evidence, Feature, FeatureKind, Pair};
use crate::java_model::types::erase_simple;
use crate::java_model::MethodModel;

/// The feature, with the sentence the prompt shows.
pub(super) fn feature(pair: &Pair) -> Option<Feature> {
    let (t, c) = (pair.t(), pair.c());
    let owner = &pair.facts.members[pair.coupled].owner.name;
    if !produces(t, &pair.facts.class.name, owner) || !consumes(c) {
        return None;
    }
    let returned = t.return_type.as_deref().map(erase_simple).unwrap_or_default();
    let sentence = format!(
        "`{}` returns a `{returned}`, on which `{}` can be called: they compose as `{}(..).{}(..)`, the one \
         building the object the other observes or transforms.",
        t.name, c.name, t.name, c.name
    );
    let evidence = Evidence { types: vec![returned], direction: Some(direction(true, false)), ..Evidence::default() };
    Some(pair.feature(FeatureKind::ReceiverFlow, evidence, sentence, 1.0))
}

/// A factory: a static method returning an object of the analysed class, or of the class that
/// declares the consumer (a project superclass), so the consumer can be called on its result.
fn produces(m: &MethodModel, class: &str, consumer_owner: &str) -> bool {
    let returned = m.return_type.as_deref().map(erase_simple);
    m.is_static() && !m.is_constructor && returned.is_some_and(|r| r == class || r == consumer_owner)
}

/// An instance method: it has a receiver to be called on.
fn consumes(m: &MethodModel) -> bool {
    !m.is_constructor && !m.is_static()
}

#[cfg(test)]
mod tests {
    use crate::coupling::FeatureKind;

    /// The receiver-flow feature between the class's methods `target` and `coupled`, if any.
    fn receiver_flow(src: &str, target: &str, coupled: &str) -> Option<crate::coupling::Feature> {
        crate::coupling::test_support::feature_between(src, target, coupled, FeatureKind::ReceiverFlow)
    }

    const FRACTION: &str = "class Fraction { private final int n; private Fraction(int n) { this.n = n; } \
        static Fraction of(int n) { return new Fraction(n); } Fraction negate() { return new Fraction(-n); } \
        int intValue() { return n; } static int parse(String s) { return 0; } \
        static String describe(int x) { return \"\"; } }";

    #[test]
    fn a_factory_flows_into_the_instance_methods_called_on_its_result() {
        let f = receiver_flow(FRACTION, "of", "intValue").expect("of(..).intValue()");
        assert_eq!(f.evidence.direction, Some(crate::coupling::Direction::TargetToCoupled));
        assert_eq!(f.evidence.types, vec!["Fraction"]);
        assert!(f.sentence.contains("`of` returns a `Fraction`, on which `intValue` can be called"), "{}", f.sentence);
        assert!(f.sentence.contains("`of(..).intValue(..)`"), "{}", f.sentence);
    }

    #[test]
    fn no_flow_from_an_instance_method_nor_back_from_the_consumer() {
        assert!(receiver_flow(FRACTION, "negate", "intValue").is_none(), "negate() is no factory");
        assert!(receiver_flow(FRACTION, "intValue", "of").is_none(), "the consumer is the target");
    }

    #[test]
    fn no_flow_without_a_produced_object_or_without_a_receiver() {
        assert!(receiver_flow(FRACTION, "parse", "intValue").is_none(), "parse returns an int, not a Fraction");
        assert!(receiver_flow(FRACTION, "of", "describe").is_none(), "a static method has no receiver");
        assert!(receiver_flow(FRACTION, "of", "parse").is_none(), "a static method has no receiver");
    }
}
