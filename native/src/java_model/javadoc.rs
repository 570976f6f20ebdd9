//! A member's Javadoc as its source writes it above the member: the `@param` texts, which state
//! what a caller must pass (`@param alignment to be used, must be a power of 2`); and the texts a
//! class's Javadoc quotes, examples of the text form it parses (`for "1.2.3" = 1`).

use super::{line_start, ClassModel, MethodModel};

/// Each `@param` of the method's Javadoc: the parameter's name and its text on one line; empty
/// without a Javadoc comment.
pub fn param_docs(class: &ClassModel, method: &MethodModel) -> Vec<(String, String)> {
    comment_above(&class.source, method.byte_range.0).map(params).unwrap_or_default()
}

/// The texts the Javadoc of a class and of its members quotes (semver4j's `Example: for "1.2.3" = 1`,
/// joda-money's `{@code parse("USD 25")}`): examples of the text form the class parses, which no
/// boundary value of `String` is. Those written as a call's argument come first, then those with a
/// digit; a quote that is neither is prose quoting a word (`the "natural" ordering`, apfloat's
/// `"short"`), no example, and left out. Each once, in the order written. Only plain one-line
/// ASCII texts without a backslash, markup or link, so each stands as a Java string literal as it
/// is.
pub fn quoted_texts(class: &ClassModel) -> Vec<String> {
    let source = &class.source;
    let start = line_start(source, class.lines.0);
    let start = comment_above(source, start).map_or(start, |doc| doc.as_ptr() as usize - source.as_ptr() as usize);
    let end = line_start(source, class.lines.1 + 1);
    let mut found: Vec<(u8, String)> = Vec::new();
    let region = source.get(start..end).unwrap_or("");
    for comment in region.split("/**").skip(1).filter_map(|c| c.split_once("*/").map(|(inside, _)| inside)) {
        for line in comment.lines() {
            for (before, text) in quotes(line) {
                // A call's `(` follows its name; prose's parenthesis follows a space (decimal4j's
                // `decimal digits ("the integer")` names a part, it is no example).
                let call =
                    before.strip_suffix('(').is_some_and(|b| b.ends_with(|c: char| c.is_alphanumeric() || c == '_'));
                let rank = if call {
                    0
                } else if text.bytes().any(|b| b.is_ascii_digit()) {
                    1
                } else {
                    continue;
                };
                if !found.iter().any(|(_, t)| t == text) {
                    found.push((rank, text.to_string()));
                }
            }
        }
    }
    found.sort_by_key(|(rank, _)| *rank); // stable: the order written within a rank
    found.into_iter().map(|(_, text)| text).collect()
}

/// The `"..."` pairs of one line of a comment, each with the text before it on the line; texts
/// that could not stand as a literal, or are markup, are skipped.
fn quotes(line: &str) -> Vec<(&str, &str)> {
    let plain = |t: &str| {
        !t.is_empty()
            && t.len() <= 64
            && t.bytes().all(|b| (0x20..0x7f).contains(&b) && !b"\\<>&{}".contains(&b))
            && !t.contains("://") // a link the prose cites (ulid-creator's `"https://www.crockford.com/base32.html"`)
    };
    let mut out = Vec::new();
    let mut rest = line;
    let mut offset = 0;
    while let Some(open) = rest.find('"') {
        let Some(close) = rest[open + 1..].find('"') else { break };
        let text = &rest[open + 1..open + 1 + close];
        if plain(text) {
            out.push((line[..offset + open].trim_end(), text));
        }
        offset += open + close + 2;
        rest = &rest[open + close + 2..];
    }
    out
}

/// The `/** .. */` comment that ends right before `start` (only whitespace between).
fn comment_above(source: &str, start: usize) -> Option<&str> {
    let before = source.get(..start)?.trim_end();
    if !before.ends_with("*/") {
        return None;
    }
    let open = before.rfind("/**")?;
    // The `*/` must close this `/**`, not an earlier comment (`/** a */ int x; /* b */`); an empty
    // `/**/` is a plain comment.
    let inside = before.get(open + 3..before.len() - 2)?;
    (!inside.contains("*/")).then(|| &before[open..])
}

fn params(comment: &str) -> Vec<(String, String)> {
    let body = comment.trim_start_matches("/**").trim_end_matches("*/");
    let mut out: Vec<(String, String)> = Vec::new();
    let mut open = false;
    for line in body.lines().map(|l| l.trim().trim_start_matches('*').trim()) {
        if let Some(rest) = line.strip_prefix("@param") {
            let mut words = rest.trim().splitn(2, char::is_whitespace);
            let name = words.next().unwrap_or("").to_string();
            out.push((name, words.next().unwrap_or("").trim().to_string()));
            open = true;
        } else if line.starts_with('@') {
            open = false;
        } else if open && !line.is_empty() {
            if let Some((_, text)) = out.last_mut() {
                text.push(' ');
                text.push_str(line);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::java_model::parse_str;

    #[test]
    fn the_param_texts_of_a_method_s_javadoc_joined_per_parameter() {
        // agrona 2.6.0's BitUtil#align, its Javadoc as written.
        let src = "public final class BitUtil {\n    /**\n     * Align a value to the next multiple up of alignment.\n     *\n     * @param value     to be aligned up.\n     * @param alignment to be used, must be a power of 2\n     *                  and positive.\n     * @return the value aligned to the next boundary.\n     */\n    public static int align(final int value, final int alignment) { return 0; }\n\n    public static int other(int x) { return x; }\n}\n";
        let class = parse_str(std::path::Path::new("BitUtil.java"), src).classes.remove(0);
        let docs = super::param_docs(&class, &class.methods[0]);
        assert_eq!(
            docs,
            vec![
                ("value".to_string(), "to be aligned up.".to_string()),
                ("alignment".to_string(), "to be used, must be a power of 2 and positive.".to_string()),
            ]
        );
        assert!(super::param_docs(&class, &class.methods[1]).is_empty(), "no comment above it");
        let empty = "class E {\n    /**/ void m(int x) {}\n    /** @param x a */ int y; /* b */ void n(int x) {}\n}\n";
        let class = parse_str(std::path::Path::new("E.java"), empty).classes.remove(0);
        assert!(super::param_docs(&class, &class.methods[0]).is_empty(), "`/**/` is no Javadoc");
        assert!(super::param_docs(&class, &class.methods[1]).is_empty(), "the field's Javadoc, not n's");
    }

    #[test]
    fn the_texts_a_class_s_javadoc_quotes_call_arguments_first_then_texts_with_digits_not_prose() {
        // As semver4j 3.1.0, joda-money 2.0.2 and decimal4j 1.0.3 write them; the licence header is
        // no Javadoc, and a literal of the code is no example.
        let src = "/*\n * distributed on an \"AS IS\" BASIS\n */\npackage p;\n/**\n * A version, compared in the \"natural\" order.\n */\npublic class Semver {\n    /**\n     * Example: for \"1.2.3\" = 1, and \"1.2.3\" again\n     * {@code parse(\"USD 25\")} and <b>\"<b>\"</b>, \"a\\\\b\"\n     * digits (\"the integer\")\n     */\n    public int getMajor() { return \"9.9.9\".length(); }\n}\n";
        let class = parse_str(std::path::Path::new("Semver.java"), src).classes.remove(0);
        assert_eq!(super::quoted_texts(&class), vec!["USD 25", "1.2.3"]);
    }
}
