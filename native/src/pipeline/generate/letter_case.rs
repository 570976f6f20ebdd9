//! Whether a failed text comparison is a round trip through methods that set letter case. jodd's
//! `capitalize(String)` and `uncapitalize(String)` (unseen-42) look like inverses by name, but each
//! sets the first letter's case whatever it was: `uncapitalize(capitalize(s)) = s` holds only on
//! texts already starting in lower case (`"M"` comes back as `"m"`), and the built-in round trip
//! and the LLM's both were reported as suspected bugs. Failing that way, the relation compared the
//! case the input happened to have; no wrong letter was computed. A method of a pair that does not
//! set case keeps it, so a case difference there stays a relation's failure.

use crate::coupling::name_tokens;
use crate::java_model::types::is_text;
use crate::java_model::MethodModel;

/// Whether `expected` and `actual` are the same text but for the case of some letters.
pub fn differ_in_case(expected: &str, actual: &str) -> bool {
    expected != actual && expected.to_lowercase() == actual.to_lowercase()
}

/// Whether a method of the pair gives a text and its name says it sets letter case
/// (`capitalize`, `uncapitalize`, `toUpperCase`, `lowerFirst`, `swapCase`).
pub fn sets_case(pair: &[&MethodModel]) -> bool {
    let case_word = |t: &String| t.contains("capitali") || matches!(t.as_str(), "upper" | "lower" | "case");
    let sets =
        |m: &&MethodModel| m.return_type.as_deref().is_some_and(is_text) && name_tokens(&m.name).iter().any(case_word);
    pair.iter().any(sets)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_differing_only_in_case_differ_in_case() {
        assert!(differ_in_case("M", "m"));
        assert!(differ_in_case("a", "A"));
        assert!(differ_in_case("Ünïcödé ✓", "ünïcödé ✓"), "letters beyond ASCII");
        assert!(!differ_in_case("m", "m"), "equal");
        assert!(!differ_in_case("M", "n"), "another letter");
        assert!(!differ_in_case("ab", "A"), "a letter lost");
    }

    fn text_method(name: &str) -> MethodModel {
        MethodModel { name: name.into(), return_type: Some("String".into()), ..MethodModel::default() }
    }

    #[test]
    fn only_methods_named_for_case_that_give_text_set_it() {
        let (encode, decode) = (text_method("encode"), text_method("decode"));
        for name in ["capitalize", "uncapitalize", "toUpperCase", "lowerFirst", "swapCase"] {
            assert!(sets_case(&[&text_method(name), &encode]), "{name}");
        }
        assert!(!sets_case(&[&encode, &decode]), "a codec keeps case");
        let boolean = MethodModel { return_type: Some("boolean".into()), ..text_method("equalsIgnoreCase") };
        assert!(!sets_case(&[&boolean, &encode]), "gives no text");
        assert!(!sets_case(&[&text_method("showcase"), &decode]), "`case` inside another word");
    }
}
