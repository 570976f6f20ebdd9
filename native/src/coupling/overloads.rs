//! Overload families (ranked mode): how much being overloads of one another ties two methods.
//! Two overloads of a pair (`encodeHex(byte[])`, `encodeHex(byte[], boolean)`) are usually one
//! operation given its input two ways, and humans relate them; an overload family of a dozen
//! (`ImmutableList.of(..)` with 0 to 11 elements and varargs) would fill the whole selection with
//! itself and push out the instance methods a test calls on the result. So the strength of
//! overloading is the rarity of the name among the class's members, as for every other shared
//! item (`ClassFacts::rarity`), and the evidence says how large the family is.

use super::features::{Feature, FeatureKind, Pair};

/// The feature with its strength and evidence set by the size of the overload family; any other
/// feature unchanged.
pub(super) fn in_family(pair: &Pair, mut feature: Feature) -> Feature {
    if feature.kind != FeatureKind::Overloading {
        return feature;
    }
    let name = &pair.t().name;
    let family = pair.facts.frequency("name", name);
    feature.strength = pair.facts.rarity("name", name);
    feature.evidence.overloads = Some(family);
    if family > 2 {
        feature
            .sentence
            .push_str(&format!(" `{name}` has {family} overloads in this class: each one ties any two of them less."));
    }
    feature
}

#[cfg(test)]
mod tests {
    use crate::coupling::{Feature, FeatureKind};

    fn overloading(src: &str, target: &str, coupled: &str) -> Option<Feature> {
        let file = crate::java_model::parse_str(std::path::Path::new("C.java"), src);
        let class = &file.classes[0];
        let position = |s: &str| class.methods.iter().position(|m| m.signature() == s).expect("method");
        let input = crate::coupling::ClassInput::alone(class);
        let options = crate::coupling::CouplingOptions { uncut: true, ..Default::default() };
        let analysis = crate::coupling::analyse_targets(&input, &[position(target)], &options).remove(0);
        let coupled = analysis.coupled.iter().find(|c| c.method == position(coupled))?;
        coupled.features.iter().find(|f| f.kind == FeatureKind::Overloading).cloned()
    }

    const LIST: &str = "class L { static L of() { return null; } static L of(int a) { return null; } \
        static L of(int a, int b) { return null; } static L of(int a, int b, int c) { return null; } \
        static L of(int... a) { return null; } int size() { return 0; } int get(int i) { return 0; } \
        String hex(byte[] b) { return null; } String hex(byte[] b, boolean upper) { return null; } \
        int count() { return 0; } boolean has(int x) { return true; } }";

    #[test]
    fn a_pair_of_overloads_ties_fully_a_large_family_less() {
        let pair = overloading(LIST, "hex(byte[])", "hex(byte[], boolean)").expect("two overloads");
        assert_eq!((pair.strength, pair.evidence.overloads), (1.0, Some(2)));
        assert!(!pair.sentence.contains("overloads in this class"), "{}", pair.sentence);
        let family = overloading(LIST, "of(int)", "of(int, int)").expect("five overloads");
        assert_eq!(family.evidence.overloads, Some(5));
        assert!(family.strength < 1.0, "{}", family.strength);
        assert!(family.sentence.contains("`of` has 5 overloads in this class"), "{}", family.sentence);
    }

    #[test]
    fn no_overloading_between_different_names() {
        assert!(overloading(LIST, "of(int)", "size()").is_none());
        assert!(overloading(LIST, "hex(byte[])", "has(int)").is_none());
    }
}
