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

/// Java's reserved keywords and literals (JLS 3.9, 3.10.3, 3.10.8): no local may be named so.
const RESERVED: [&str; 54] = [
    "abstract",
    "assert",
    "boolean",
    "break",
    "byte",
    "case",
    "catch",
    "char",
    "class",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extends",
    "final",
    "finally",
    "float",
    "for",
    "goto",
    "if",
    "implements",
    "import",
    "instanceof",
    "int",
    "interface",
    "long",
    "native",
    "new",
    "package",
    "private",
    "protected",
    "public",
    "return",
    "short",
    "static",
    "strictfp",
    "super",
    "switch",
    "synchronized",
    "this",
    "throw",
    "throws",
    "transient",
    "try",
    "void",
    "volatile",
    "while",
    "_",
    "true",
    "false",
    "null",
];

/// Whether `word` is reserved in Java, so a name derived from a class (`Default` as `default`)
/// cannot name a local.
pub fn is_reserved(word: &str) -> bool {
    RESERVED.contains(&word)
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

    #[test]
    fn keywords_and_literals_are_reserved_other_words_not() {
        assert!(is_reserved("default") && is_reserved("null") && is_reserved("_"));
        assert!(!is_reserved("var") && !is_reserved("record") && !is_reserved("defaults"));
    }
}
