//! Observable result (ranked mode): the coupled method returns a value. An MTC relates values
//! (the outputs of the two calls, or an output and an input), so of two candidates the one
//! returning something can be asserted on directly, a `void` one only through a further call.
//! It is added only to a candidate with another feature: alone it says nothing of the pair, and
//! every getter of the class would be selected. On the recall benchmark's tuning projects it
//! carried over to a project left out of the fit (leave-one-project-out top-10 0.757 -> 0.779).

use super::features::{Evidence, Feature, FeatureKind, Pair};
use crate::java_model::types::erase_simple;

/// The feature, with the sentence the prompt shows, when the coupled method returns a value.
pub(super) fn feature(pair: &Pair) -> Option<Feature> {
    let c = pair.c();
    let returned = c.return_type.as_deref().map(erase_simple).filter(|r| r != "void")?;
    let sentence = format!("`{}` returns a `{returned}`, a value an MTC can relate directly.", c.name);
    let evidence = Evidence { types: vec![returned], ..Evidence::default() };
    Some(pair.feature(FeatureKind::ObservableResult, evidence, sentence, 1.0))
}

#[cfg(test)]
mod tests {
    use crate::coupling::FeatureKind;

    fn result(src: &str, target: &str, coupled: &str) -> Option<crate::coupling::Feature> {
        crate::coupling::test_support::feature_between(src, target, coupled, FeatureKind::ObservableResult)
    }

    const STACK: &str = "class Stack { private int n; void push(int x) { n++; } int size() { return n; } \
        void clear() { n = 0; } static String describe(long x) { return \"\"; } }";

    #[test]
    fn a_coupled_method_returning_a_value_has_an_observable_result() {
        let f = result(STACK, "push", "size").expect("size() returns an int");
        assert_eq!(f.evidence.types, vec!["int"]);
        assert!(f.sentence.contains("`size` returns a `int`"), "{}", f.sentence);
    }

    #[test]
    fn none_for_a_void_method_nor_for_a_candidate_without_another_feature() {
        assert!(result(STACK, "push", "clear").is_none(), "clear() returns nothing");
        assert!(result(STACK, "push", "describe").is_none(), "describe shares nothing with push");
    }
}
