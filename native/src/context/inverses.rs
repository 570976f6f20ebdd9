//! How to make an input the paired methods accept, where it is the output of their inverse in
//! another class: compress-lzf's `LZFDecoder.decode(byte[])` accepts only what
//! `LZFEncoder.encode(byte[])` writes, and a model shown `LZFDecoder` alone decoded
//! `{1, 2, 3, 4, 5}`, which every run rejected as corrupt (unseen-22). Coupling stays within the
//! class under test; this only says where its inputs come from.

use super::skeleton::{public, signature_line};
use crate::coupling::{name_tokens, named_inverses};
use crate::java_model::types::erase_simple;
use crate::java_model::{ClassModel, MethodModel};

/// The most inverse methods listed: past it the prompt grows more than it helps.
const MOST_INVERSES: usize = 4;

/// For the paired `methods` of `class`: the public methods of other public project classes whose
/// name says they undo one of them (`encode` for `decode`), that take an argument and return a
/// type that method takes, with their classes; the classes whose names share most words with
/// `class` first (`LZFEncoder` for `LZFDecoder`). Empty where `class` has such an inverse itself.
pub fn inverses_elsewhere<'p>(
    class: &ClassModel,
    methods: &[&MethodModel],
    project: impl Iterator<Item = &'p ClassModel>,
) -> String {
    let takes = |m: &MethodModel, inverse: &MethodModel| {
        let returned = inverse.return_type.as_deref().map(erase_simple);
        returned.is_some_and(|r| m.params.iter().any(|p| erase_simple(&p.type_name) == r))
    };
    let undoes = |inverse: &MethodModel| {
        public(inverse)
            && !inverse.is_constructor
            && !inverse.params.is_empty()
            // The type first: it is the cheap test, and a Guava-sized project has tens of
            // thousands of methods to look at per pair.
            && methods.iter().any(|m| takes(m, inverse) && named_inverses(&m.name, &inverse.name))
    };
    if class.methods.iter().any(undoes) {
        return String::new();
    }
    let own_words = name_tokens(&class.name);
    let shared = |other: &ClassModel| name_tokens(&other.name).iter().filter(|w| own_words.contains(w)).count();
    let mut found: Vec<(usize, &ClassModel, Vec<&MethodModel>)> = project
        .filter(|o| o.qualified_name != class.qualified_name && o.modifiers.iter().any(|m| m == "public"))
        .map(|o| (shared(o), o, o.methods.iter().filter(|m| undoes(m)).collect::<Vec<_>>()))
        .filter(|(_, _, inverses)| !inverses.is_empty())
        .collect();
    found.sort_by_key(|(words, o, _)| (std::cmp::Reverse(*words), o.qualified_name.clone()));
    let mut out = String::new();
    let mut listed = 0;
    for (_, other, inverses) in found {
        if listed == MOST_INVERSES {
            break;
        }
        let lines: Vec<String> =
            inverses.iter().take(MOST_INVERSES - listed).map(|m| format!("    {};", signature_line(m))).collect();
        listed += lines.len();
        out.push_str(&format!("// {}\n{}\n", other.qualified_name, lines.join("\n")));
    }
    out.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::java_model::parse_str;

    fn class(src: &str) -> ClassModel {
        parse_str(std::path::Path::new("C.java"), src).classes.remove(0)
    }

    #[test]
    fn the_encoder_of_another_class_makes_what_the_decoder_takes() {
        let decoder = class(
            "package p; public class LZFDecoder { public static byte[] decode(byte[] in) { return in; } \
             public static byte[] decode(byte[] in, int off, int len) { return in; } }",
        );
        let encoder = class(
            "package p; public class LZFEncoder { public static byte[] encode(byte[] data) { return data; } \
             public static int estimate(int n) { return n; } }",
        );
        let other = class("package p; public class Codec { public String encode(String s) { return s; } }");
        let hidden = class("package p; class Internal { public static byte[] encode(byte[] d) { return d; } }");
        let project = [decoder.clone(), other, hidden, encoder];
        let pair = [&decoder.methods[0], &decoder.methods[1]];
        assert_eq!(
            inverses_elsewhere(&decoder, &pair, project.iter()),
            "// p.LZFEncoder\n    public static byte[] encode(byte[] data);",
            "byte[] is what decode takes; String is not; a class that is not public is not shown"
        );
    }

    #[test]
    fn nothing_where_the_class_has_its_inverse_or_the_inverse_takes_nothing() {
        let both = class(
            "package p; public class Base62 { public byte[] encode(byte[] m) { return m; } \
             public byte[] decode(byte[] e) { return e; } }",
        );
        let encoder = class("package p; public class Encoder { public static byte[] encode(byte[] d) { return d; } }");
        let project = [both.clone(), encoder];
        assert_eq!(inverses_elsewhere(&both, &[&both.methods[1]], project.iter()), "", "its own encode");
        let parser =
            class("package p; public class Version { public static Version fromString(String s) { return null; } }");
        let printer = class("package p; public class Printer { public String toString() { return \"\"; } }");
        let project = [parser.clone(), printer];
        assert_eq!(inverses_elsewhere(&parser, &[&parser.methods[0]], project.iter()), "", "toString takes nothing");
    }
}
