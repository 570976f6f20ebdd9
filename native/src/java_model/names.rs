//! Java method names read as camel-case words: `withHourOfDay` is `with` followed by `HourOfDay`,
//! and `without` does not start with the word `with`. Every name test by prefix goes through here,
//! so that `is` never matches `issue` in one template and does in another.

/// `name` without its first word `word`, when what is left starts a new word (a capital letter):
/// `withHourOfDay` after `with` is `HourOfDay`; `without` after `with` is nothing.
pub fn after_word<'n>(name: &'n str, word: &str) -> Option<&'n str> {
    name.strip_prefix(word).filter(|rest| rest.starts_with(|c: char| c.is_ascii_uppercase()))
}

/// Whether `name` is `word` or starts with it as a whole word: `copy`, `copyFile`, not `copyright`.
pub fn starts_with_word(name: &str, word: &str) -> bool {
    name == word || after_word(name, word).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prefix_is_a_word_only_where_a_capital_follows() {
        assert_eq!(after_word("withHourOfDay", "with"), Some("HourOfDay"));
        assert_eq!(after_word("without", "with"), None);
        assert_eq!(after_word("with", "with"), None);
        assert!(starts_with_word("copy", "copy"));
        assert!(starts_with_word("copyFile", "copy"));
        assert!(!starts_with_word("copyright", "copy"));
        assert!(!starts_with_word("isolate", "is"));
    }
}
