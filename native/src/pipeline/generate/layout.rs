//! Whether a failed text comparison is a text read and printed back in another layout. A pair that
//! reads a text into an object and prints an object as text (Hjson's `readHjson(String)` and
//! `toString(..)`, unseen-37) gives the printer's own layout: the object forgot how its text was
//! spaced, quoted or separated, so `print(read(s)) = s` holds only on texts already in that layout
//! (`{"a":1}` comes back as `{\n  a: 1\n}`, a blank text as `{}`). Failing that way, the relation
//! compared spellings where it meant values (`read(print(read(s))) = read(s)`); no wrong value was
//! computed. A codec's pair (`encode(String)`/`decode(String)`, text or bytes on both sides) keeps
//! every character, so its exact comparison stays a relation.

use crate::java_model::types::is_text;
use crate::java_model::MethodModel;

/// Whether `expected` and `actual` are the same words and numbers in the same order, differing only
/// in the whitespace, quotes, brackets or separators between them.
pub fn differ_in_layout(expected: &str, actual: &str) -> bool {
    expected != actual && words(expected).eq(words(actual))
}

/// Whether one method of the pair reads a text into an object (a constructor or a method taking a
/// `String` and giving anything but text) and the other prints one (gives a `String`).
pub fn reads_and_prints(pair: &[&MethodModel]) -> bool {
    let reads = |m: &&MethodModel| {
        let gives_object = m.is_constructor || m.return_type.as_deref().is_some_and(|t| !is_textual(t) && t != "void");
        gives_object && m.params.iter().any(|p| is_text(&p.type_name))
    };
    let prints = |m: &&MethodModel| m.return_type.as_deref().is_some_and(is_text);
    pair.iter().any(reads) && pair.iter().any(prints)
}

/// Runs of letters, digits and the characters numbers and names are written with (`-1.5e3`, `a_b`).
fn words(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '.' | '-' | '+'))).filter(|w| !w.is_empty())
}

/// Text in any of the forms a codec gives it: its characters or its bytes.
fn is_textual(written: &str) -> bool {
    is_text(written) || matches!(written.trim(), "char[]" | "byte[]")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::java_model::Param;

    #[test]
    fn a_text_printed_in_another_layout_differs_in_layout() {
        let printed = "{\n  a: 1\n  b:\n  [\n    true\n    null\n    2.5\n  ]\n}";
        assert!(differ_in_layout(r#"{"a":1,"b":[true,null,2.5]}"#, printed));
        assert!(differ_in_layout(r#"[1,"x",{}]"#, "[\n  1\n  x\n  {}\n]"));
        assert!(differ_in_layout(" ", "{}"), "a blank text read as an empty object");
    }

    #[test]
    fn other_words_or_numbers_are_no_layout() {
        assert!(!differ_in_layout("{a: 1}", "{a: 1}"), "equal");
        assert!(!differ_in_layout("{a: 1}", "{a: 2}"));
        assert!(!differ_in_layout("a b", "ab"), "a space lost joins two words");
        assert!(!differ_in_layout("-1", "1"), "a sign is part of the number");
        assert!(!differ_in_layout("[1, 2]", "[2, 1]"), "the order");
        assert!(!differ_in_layout("x y", "x"));
    }

    fn method(name: &str, params: &[&str], returns: Option<&str>) -> MethodModel {
        MethodModel {
            name: name.into(),
            is_constructor: returns.is_none(),
            params: params.iter().map(|t| Param { type_name: (*t).into(), name: "p".into(), varargs: false }).collect(),
            return_type: returns.map(String::from),
            ..MethodModel::default()
        }
    }

    #[test]
    fn a_reader_and_a_printer_read_and_print() {
        let read = method("readHjson", &["String"], Some("JsonValue"));
        let print = method("toString", &["HjsonOptions"], Some("String"));
        assert!(reads_and_prints(&[&read, &print]));
        let constructor = method("Version", &["String"], None);
        let format = method("format", &[], Some("java.lang.String"));
        assert!(reads_and_prints(&[&format, &constructor]), "a constructor reads too");
    }

    #[test]
    fn a_codec_or_a_lone_printer_does_not() {
        let encode = method("encode", &["String"], Some("String"));
        let decode = method("decode", &["String"], Some("String"));
        assert!(!reads_and_prints(&[&encode, &decode]), "text on both sides");
        let to_bytes = method("decode", &["String"], Some("byte[]"));
        let to_text = method("encode", &["byte[]"], Some("String"));
        assert!(!reads_and_prints(&[&to_bytes, &to_text]), "bytes are text too");
        let print = method("toString", &[], Some("String"));
        let add = method("add", &["int"], Some("void"));
        assert!(!reads_and_prints(&[&print, &add]), "nothing read");
    }
}
