//! Public API (ranked mode): the coupled method is public (declared so, or in an interface). An
//! MTC exercises the class as its users do, through its public methods; a package-private or
//! protected one is the implementation behind them, which humans test far less. It is added only
//! to a candidate with another feature: alone it says nothing of the pair. On the recall
//! benchmark's tuning projects it carried over to a project left out of the fit
//! (leave-one-project-out top-10 0.779 -> 0.788, top-7 0.674 -> 0.684).

use super::features::{Evidence, Feature, FeatureKind, Pair};
use crate::java_model::ClassKind;

/// The feature, with the sentence the prompt shows, when the coupled method is public.
pub(super) fn feature(pair: &Pair) -> Option<Feature> {
    let member = &pair.facts.members[pair.coupled];
    let declared = member.method.modifiers.iter().any(|m| m == "public");
    let in_interface = member.owner.kind == ClassKind::Interface && !member.method.is_private();
    if !declared && !in_interface {
        return None;
    }
    let sentence = format!("`{}` is public: a user of the class, and an MTC, calls it.", member.method.name);
    let how = if in_interface { "interface member" } else { "declared public" };
    let evidence = Evidence { visibility: Some(how.to_string()), ..Evidence::default() };
    Some(pair.feature(FeatureKind::PublicApi, evidence, sentence, 1.0))
}

#[cfg(test)]
mod tests {
    use crate::coupling::FeatureKind;

    fn public(src: &str, target: &str, coupled: &str) -> Option<crate::coupling::Feature> {
        crate::coupling::test_support::feature_between(src, target, coupled, FeatureKind::PublicApi)
    }

    const STACK: &str = "public class Stack { private int n; public void push(int x) { n++; } \
        public int size() { return n; } int capacity() { return n; } protected int slack() { return n; } \
        public static String describe(long x) { return \"\"; } }";

    #[test]
    fn a_public_coupled_method_is_public_api() {
        let f = public(STACK, "push", "size").expect("size() is public");
        assert!(f.sentence.contains("`size` is public"), "{}", f.sentence);
        assert_eq!(f.evidence.visibility.as_deref(), Some("declared public"), "the evidence couplings.json shows");
    }

    #[test]
    fn none_for_package_private_or_protected_nor_without_another_feature() {
        assert!(public(STACK, "push", "capacity").is_none(), "capacity() is package-private");
        assert!(public(STACK, "push", "slack").is_none(), "slack() is protected");
        assert!(public(STACK, "push", "describe").is_none(), "describe shares nothing with push");
    }

    #[test]
    fn an_interface_s_methods_are_public() {
        let src = "interface Queue { void offer(int x); int peek(); }";
        let f = public(src, "offer", "peek").expect("an interface's method is public");
        assert_eq!(f.evidence.visibility.as_deref(), Some("interface member"));
    }
}
