//! Receiver flow (ranked mode): one method returns an object of the class, the other is an
//! instance method, so it can be called on that result: `Fraction.getFraction(3, 5).reduce()`,
//! `ImmutableList.of(a, b).indexOf(b)`. The paper's producer–consumer relation through the
//! receiver instead of a parameter (type flow, flow.rs): the producer builds or derives an object,
//! the consumer observes or transforms it. Humans test a factory this way more than any other.

use super::features::{direction, Evidence, Feature, FeatureKind, Pair};
use crate::java_model::types::erase_simple;
use crate::java_model::MethodModel;

/// A static producer (a factory) says the most; an instance method returning the class (a
/// fluent or copying operation such as `negate()`) less, for such methods are common.
const INSTANCE_PRODUCER: f64 = 0.5;

/// The consumer produces the producer's receiver only the other way round (the mined target is
/// the call made first): counted as type flow counts one way.
const BACKWARD: f64 = 0.6;

/// The feature, with the sentence the prompt shows.
pub(super) fn feature(pair: &Pair) -> Option<Feature> {
    let (t, c) = (pair.t(), pair.c());
    let class = &pair.facts.class.name;
    let owner = &pair.facts.members[pair.coupled].owner.name;
    let forward = produces(t, class, owner) && consumes(c);
    let t_owner = &pair.facts.members[pair.target].owner.name;
    let backward = !forward && produces(c, class, t_owner) && consumes(t);
    if !forward && !backward {
        return None;
    }
    let (producer, consumer) = if forward { (t, c) } else { (c, t) };
    let returned = producer.return_type.as_deref().map(erase_simple).unwrap_or_default();
    let sentence = format!(
        "`{}` returns a `{returned}`, on which `{}` can be called: they compose as `{}(..).{}(..)`, the one \
         building or deriving the object the other observes or transforms.",
        producer.name, consumer.name, producer.name, consumer.name
    );
    let strength = if producer.is_static() { 1.0 } else { INSTANCE_PRODUCER };
    let strength = if forward { strength } else { BACKWARD * strength };
    let evidence =
        Evidence { types: vec![returned], direction: Some(direction(forward, backward)), ..Evidence::default() };
    Some(pair.feature(FeatureKind::ReceiverFlow, evidence, sentence, strength))
}

/// `m` returns an object of the analysed class, or of the class declaring the consumer (a
/// project superclass), so the consumer can be called on its result.
fn produces(m: &MethodModel, class: &str, consumer_owner: &str) -> bool {
    if m.is_constructor {
        return false; // every MTC makes its objects with constructors: no pair to relate
    }
    m.return_type.as_deref().map(erase_simple).is_some_and(|r| r == class || r == consumer_owner)
}

/// An instance method: it has a receiver to be called on.
fn consumes(m: &MethodModel) -> bool {
    !m.is_constructor && !m.is_static()
}

#[cfg(test)]
mod tests {
    use crate::coupling::{analyse_targets, ClassInput, CouplingOptions, FeatureKind};
    use crate::java_model::parse_str;

    /// The receiver-flow feature between the class's methods `target` and `coupled`, if any.
    fn receiver_flow(src: &str, target: &str, coupled: &str) -> Option<crate::coupling::Feature> {
        let file = parse_str(std::path::Path::new("C.java"), src);
        let class = &file.classes[0];
        let index = |name: &str| class.methods.iter().position(|m| m.name == name).expect("method");
        let options = CouplingOptions { uncut: true, ..CouplingOptions::default() };
        let analysis = analyse_targets(&ClassInput::alone(class), &[index(target)], &options).remove(0);
        let coupled = analysis.coupled.iter().find(|c| c.method == index(coupled))?;
        coupled.features.iter().find(|f| f.kind == FeatureKind::ReceiverFlow).cloned()
    }

    const FRACTION: &str = "class Fraction { private final int n; private Fraction(int n) { this.n = n; } \
        static Fraction of(int n) { return new Fraction(n); } Fraction negate() { return new Fraction(-n); } \
        int intValue() { return n; } static int parse(String s) { return 0; } \
        static String describe(int x) { return \"\"; } }";

    #[test]
    fn a_factory_flows_into_the_instance_methods_called_on_its_result() {
        let f = receiver_flow(FRACTION, "of", "intValue").expect("of(..).intValue()");
        assert_eq!(f.strength, 1.0);
        assert_eq!(f.evidence.types, vec!["Fraction"]);
        assert!(f.sentence.contains("`of` returns a `Fraction`, on which `intValue` can be called"), "{}", f.sentence);
        assert!(f.sentence.contains("`of(..).intValue(..)`"), "{}", f.sentence);
    }

    #[test]
    fn an_instance_producer_and_the_backward_direction_count_less() {
        let fluent = receiver_flow(FRACTION, "negate", "intValue").expect("negate().intValue()");
        assert_eq!(fluent.strength, 0.5);
        let backward = receiver_flow(FRACTION, "intValue", "of").expect("of(..) makes intValue's receiver");
        assert_eq!(backward.strength, 0.6);
        assert_eq!(backward.evidence.direction, Some(crate::coupling::Direction::CoupledToTarget));
    }

    #[test]
    fn no_flow_without_a_produced_object_or_without_a_receiver() {
        assert!(receiver_flow(FRACTION, "parse", "intValue").is_none(), "parse returns an int, not a Fraction");
        assert!(receiver_flow(FRACTION, "of", "describe").is_none(), "a static method has no receiver");
        assert!(receiver_flow(FRACTION, "of", "parse").is_none(), "a static method has no receiver");
    }
}
