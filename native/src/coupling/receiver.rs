//! Receiver flow (ranked mode): a factory returns an object of the class, the other is an
//! instance method, so it can be called on that result: `Fraction.getFraction(3, 5).reduce()`,
//! `ImmutableList.of(a, b).indexOf(b)`. The paper's producer–consumer relation through the
//! receiver instead of a parameter (type flow, flow.rs): the factory builds the object, the
//! consumer observes or transforms it. Humans test a factory this way more than any other.
//!
//! Forward only (the target the producer). From a static factory, to every instance method. From
//! an instance method returning the class (a transformation: `negate()`, `withZone(z)`, `sqrt()`),
//! only to the observations of the whole state (observe.rs: `getMillis()`, `intValue()`), at
//! half the strength: an MTC relates the observation of the object before and after the
//! transformation. From a transformation to every instance method, or every factory offered
//! back to every instance method, would couple nearly all members of a fluent class with each
//! other (on the recall benchmark's tuning projects both made the order no better).

use super::features::{direction, Evidence, Feature, FeatureKind, Pair};
use crate::java_model::types::erase_simple;
use crate::java_model::MethodModel;

/// A transformation's flow into an observation, against a factory's into any consumer: one kind
/// of instance method among many, it tells less (the fit on the tuning projects weighs it at
/// about half).
const FROM_TRANSFORMATION: f64 = 0.5;

/// The feature, with the sentence the prompt shows.
pub(super) fn feature(pair: &Pair) -> Option<Feature> {
    let (t, c) = (pair.t(), pair.c());
    let owner = &pair.facts.members[pair.coupled].owner.name;
    if !produces(t, &pair.facts.class.name, owner) {
        return None;
    }
    let observation =
        || super::observe::is_observation(&pair.facts.members[pair.coupled], &pair.facts.methods[pair.coupled]);
    let returned = t.return_type.as_deref().map(erase_simple).unwrap_or_default();
    let (sentence, strength) = if t.is_static() && consumes(c) {
        let sentence = format!(
            "`{}` returns a `{returned}`, on which `{}` can be called: they compose as `{}(..).{}(..)`, the one \
             building the object the other observes or transforms.",
            t.name, c.name, t.name, c.name
        );
        (sentence, 1.0)
    } else if !t.is_static() && observation() {
        let sentence = format!(
            "`{}` returns a transformed `{returned}`, whose whole state `{}()` observes: an MTC can relate `{}()` \
             of the object and of `{}(..)`'s result.",
            t.name, c.name, c.name, t.name
        );
        (sentence, FROM_TRANSFORMATION)
    } else {
        return None;
    };
    let evidence = Evidence { types: vec![returned], direction: Some(direction(true, false)), ..Evidence::default() };
    Some(pair.feature(FeatureKind::ReceiverFlow, evidence, sentence, strength))
}

/// A producer: a method returning an object of the analysed class, or of the class that declares
/// the consumer (a project superclass), so the consumer can be called on its result; a factory
/// when static, a transformation otherwise.
fn produces(m: &MethodModel, class: &str, consumer_owner: &str) -> bool {
    let returned = m.return_type.as_deref().map(erase_simple);
    !m.is_constructor && returned.is_some_and(|r| r == class || r == consumer_owner)
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
        int intValue() { return n; } int scale(int k) { return n * k; } public String toString() { return \"\"; } \
        static int parse(String s) { return 0; } \
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
    fn a_transformation_flows_into_the_observations_of_its_result_only() {
        let f = receiver_flow(FRACTION, "negate", "intValue").expect("negate().intValue()");
        let factory = receiver_flow(FRACTION, "of", "intValue").expect("of(..).intValue()");
        assert!(f.strength < factory.strength, "a transformation tells less than a factory");
        assert!(
            f.sentence.contains("`negate` returns a transformed `Fraction`, whose whole state `intValue()`"),
            "{}",
            f.sentence
        );
        assert!(receiver_flow(FRACTION, "negate", "scale").is_none(), "scale(k) takes something: no observation");
        assert!(receiver_flow(FRACTION, "negate", "toString").is_none(), "Object's methods observe no state");
    }

    #[test]
    fn no_flow_back_from_the_consumer() {
        assert!(receiver_flow(FRACTION, "intValue", "of").is_none(), "the consumer is the target");
        assert!(receiver_flow(FRACTION, "intValue", "negate").is_none(), "the transformation is the target's consumer");
    }

    #[test]
    fn no_flow_without_a_produced_object_or_without_a_receiver() {
        assert!(receiver_flow(FRACTION, "parse", "intValue").is_none(), "parse returns an int, not a Fraction");
        assert!(receiver_flow(FRACTION, "of", "describe").is_none(), "a static method has no receiver");
        assert!(receiver_flow(FRACTION, "of", "parse").is_none(), "a static method has no receiver");
    }
}
