//! New values for the source inputs of a reply's relations, read from a reply that lists them one
//! per line (`mr1: "caf\u00e9"`), as the re-ask for missing amplified inputs requests. A 1.5B
//! model asked to write whole test methods for new inputs mostly repeated its first input under
//! new names, and ran into `maxTokens` before the fifth method; asked for values alone it writes
//! them in a few tokens, and MR-Coupler writes the methods (`catalogue::with_named_copies`).

use std::collections::BTreeMap;

/// Per relation among `relations`, the distinct expressions the reply lists for it, in order: each
/// line `relation: expression` or `relation (kind): expression` (`=` for `:`, a list bullet,
/// backticks, a trailing `;` or `,` and a comment allowed), the expression one Java expression by
/// tree-sitter, never `source` of that relation (its own source literal).
pub fn listed_values(reply: &str, relations: &[(&str, &str)]) -> BTreeMap<String, Vec<String>> {
    let mut found: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in reply.lines() {
        let Some((name, value)) = named_value(line) else { continue };
        let Some(&(relation, source)) = relations.iter().find(|(r, _)| *r == name) else { continue };
        let Some(value) = expression(value.trim().trim_end_matches('`')) else { continue };
        let values = found.entry(relation.to_string()).or_default();
        if value != source.trim() && !values.contains(&value) {
            values.push(value);
        }
    }
    found
}

/// `mr1 (empty): ""` or, as the model also answers, `mr1 (empty) = "";`: the method's name and
/// the text after the separator (a list bullet, backticks and the kind of value in parentheses
/// allowed).
fn named_value(line: &str) -> Option<(&str, &str)> {
    let line = line.trim().trim_start_matches(['-', '*']).trim_start().trim_start_matches('`');
    let end = line.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))?;
    let (name, rest) = line.split_at(end);
    let mut rest = rest.trim_start_matches('`').trim_start();
    if let Some(label) = rest.strip_prefix('(') {
        rest = label.split_once(')')?.1.trim_start();
    }
    let value = rest.strip_prefix(':').or_else(|| rest.strip_prefix('='))?;
    Some((name, value))
}

/// The one Java expression `text` holds, a trailing `;`, `,` or comment dropped; None when it
/// holds none or more than one.
fn expression(text: &str) -> Option<String> {
    let cuts = text.char_indices().filter(|(_, c)| matches!(c, ';' | ',')).map(|(at, _)| at).rev();
    std::iter::once(text.len()).chain(cuts).find_map(|end| parsed_expression(&text[..end]))
}

/// `text` when it parses as exactly one Java expression, trimmed.
fn parsed_expression(text: &str) -> Option<String> {
    let text = text.trim().trim_end_matches([';', ',']).trim_end();
    // On a line of its own, so that a comment after it ends there.
    let wrapped = format!("class V {{ Object v =\n{text}\n; }}");
    let tree = crate::java_model::parser().parse(&wrapped, None)?;
    let body = tree.root_node().named_child(0)?.child_by_field_name("body")?;
    let mut declarators = Vec::new();
    super::inputs::collect(body, "variable_declarator", &mut declarators);
    let one = declarators.len() == 1 && declarators[0].child_by_field_name("value").is_some();
    (one && !tree.root_node().has_error() && !text.is_empty()).then(|| text.to_string())
}

#[cfg(test)]
mod tests {
    use super::listed_values;

    #[test]
    fn each_relation_gets_the_values_listed_for_it() {
        let reply = "Here are the values:\n```java\nmr1 (empty): \"\"\n- mr1: \"caf\\u00e9\";\n`mr1`: \"Hello AES!\"\nmr2: Integer.MAX_VALUE, // the largest\nmr2 (negative) = -1;\nmr3: 7\n```";
        let found = listed_values(reply, &[("mr1", "\"Hello AES!\""), ("mr2", "5")]);
        assert_eq!(found["mr1"], vec!["\"\"".to_string(), "\"caf\\u00e9\"".into()], "its own input left out");
        assert_eq!(found["mr2"], vec!["Integer.MAX_VALUE".to_string(), "-1".into()]);
        assert!(!found.contains_key("mr3"), "no such relation");
    }

    #[test]
    fn a_line_that_is_no_single_expression_is_no_value() {
        let reply = "mr1: String s = \"x\";\nmr1: \"a\" \"b\"\nmr1: \nmr1: f(\"a\"\nmr1: new int[] {1, 2}\nmr1: \" a \"\nmr1:  \"a\"\nmr1: \"a\"";
        let found = listed_values(reply, &[("mr1", "\"z\"")]);
        let spaced = "\" a \"".to_string();
        assert_eq!(found["mr1"], vec!["new int[] {1, 2}".to_string(), spaced, "\"a\"".into()], "a repeat is one value");
    }
}
