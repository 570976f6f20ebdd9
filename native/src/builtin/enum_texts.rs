//! The texts an enum's constants carry: each constant's name and the string literals it is built
//! with. An enum that is looked up by a text holds the valid texts there and nowhere else:
//! nv-i18n's `CountryCode` is `AD("Andorra", "AND", 20, ..)`, and `getByAlpha3Code(String)` answers
//! `null` to every text the catalogue had (`""`, `"a"`, ...) and to the model's `"US"` (unseen-33,
//! where the relation `getByAlpha3Code(c.getAlpha3()) == c` failed on every input it was given).
//! The catalogue offers these first to a method of the enum taking a `String`, one of each kind
//! (a name, an alpha-3 code) before a second: four catalogue inputs then reach every kind.

use crate::java_model::ClassModel;
use tree_sitter::Node;

/// Texts of each kind taken: a lookup relation needs a valid text or two, and the rest of the
/// catalogue (empty, blank, odd texts) still follows them.
const ROUNDS: usize = 2;

/// Constants looked through for texts of each kind (a sentinel first, `UNDEFINED("Undefined",
/// null, ..)`, has none of some kinds).
const SCANNED: usize = 8;

/// The texts of `class`'s constants when it is an enum, as Java string literals: one of each kind
/// first (the name, then each text argument: `"UNDEFINED"`, `"Undefined"`, `"ASC"`, the first
/// constant that has one), then a second of each; empty for any other class.
pub(super) fn enum_texts(class: &ClassModel) -> Vec<String> {
    if class.kind != crate::java_model::ClassKind::Enum {
        return Vec::new();
    }
    let code: &str = &class.source;
    let Some(tree) = crate::java_model::parser().parse(code, None) else { return Vec::new() };
    let Some(body) = enum_body(tree.root_node(), code, &class.name) else { return Vec::new() };
    let constants: Vec<Vec<Option<String>>> = body
        .named_children(&mut body.walk())
        .filter(|c| c.kind() == "enum_constant")
        .take(SCANNED)
        .map(|constant| kinds(constant, code))
        .collect();
    let width = constants.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = Vec::new();
    for round in 0..ROUNDS {
        for kind in 0..width {
            let nth = constants.iter().filter_map(|c| c.get(kind).cloned().flatten()).nth(round);
            if let Some(text) = nth.filter(|t| !out.contains(t)) {
                out.push(text);
            }
        }
    }
    out
}

/// A constant's texts by kind: its name, then each argument, a text where it is a string literal.
fn kinds(constant: Node, code: &str) -> Vec<Option<String>> {
    let name = constant.child_by_field_name("name").map(|n| format!("\"{}\"", &code[n.byte_range()]));
    let arguments = constant.child_by_field_name("arguments");
    let texts = arguments.into_iter().flat_map(|a| {
        let all: Vec<Option<String>> = a
            .named_children(&mut a.walk())
            .map(|n| (n.kind() == "string_literal").then(|| code[n.byte_range()].to_string()))
            .collect();
        all
    });
    std::iter::once(name).chain(texts).collect()
}

/// The body of the enum named `name` in the file, nested or not.
fn enum_body<'t>(node: Node<'t>, code: &str, name: &str) -> Option<Node<'t>> {
    if node.kind() == "enum_declaration"
        && node.child_by_field_name("name").is_some_and(|n| &code[n.byte_range()] == name)
    {
        return node.child_by_field_name("body");
    }
    let children: Vec<Node<'t>> = node.named_children(&mut node.walk()).collect();
    children.into_iter().find_map(|c| enum_body(c, code, name))
}

#[cfg(test)]
mod tests {
    use super::enum_texts;
    use crate::java_model::parse_str;

    /// nv-i18n 1.29's `CountryCode`, cut to its first constants (a sentinel first) and a nested
    /// enum of its own.
    const COUNTRY_CODE: &str = "package com.neovisionaries.i18n;\npublic enum CountryCode {\n    \
        UNDEFINED(\"Undefined\", null, -1, Assignment.USER_ASSIGNED),\n    \
        AC(\"Ascension Island\", \"ASC\", -1, Assignment.EXCEPTIONALLY_RESERVED),\n    \
        AD(\"Andorra\", \"AND\", 20, Assignment.OFFICIALLY_ASSIGNED),\n    \
        AE(\"United Arab Emirates\", \"ARE\", 784, Assignment.OFFICIALLY_ASSIGNED);\n    \
        public enum Assignment { OFFICIALLY_ASSIGNED, EXCEPTIONALLY_RESERVED, USER_ASSIGNED }\n    \
        CountryCode(String name, String alpha3, int numeric, Assignment assignment) {}\n}\n";

    #[test]
    fn an_enum_offers_one_text_of_each_kind_then_a_second() {
        let file = parse_str(std::path::Path::new("CountryCode.java"), COUNTRY_CODE);
        let country = file.classes.iter().find(|c| c.name == "CountryCode").expect("the enum");
        let texts = enum_texts(country);
        assert_eq!(texts, ["\"UNDEFINED\"", "\"Undefined\"", "\"ASC\"", "\"AC\"", "\"Ascension Island\"", "\"AND\""]);
        let assignment = file.classes.iter().find(|c| c.name == "Assignment").expect("the nested enum");
        assert_eq!(enum_texts(assignment), ["\"OFFICIALLY_ASSIGNED\"", "\"EXCEPTIONALLY_RESERVED\""]);
    }

    #[test]
    fn a_class_offers_none() {
        let file =
            parse_str(std::path::Path::new("Codes.java"), "package p;\nclass Codes {\n    String a = \"AD\";\n}\n");
        assert!(enum_texts(&file.classes[0]).is_empty());
    }
}
