//! A setting's help text as Javadoc: what the Maven `help` goal prints and the Gradle extension's
//! documentation shows.

use mr_coupler::settings::schema::Default;
use mr_coupler::settings::value::expected;
use mr_coupler::settings::Setting;

const WIDTH: usize = 110;

/// The Javadoc comment of one setting, indented by `indent` spaces: the help text, what a value
/// may be and the default, then `more` paragraphs.
pub fn of_setting(setting: &Setting, indent: usize, more: &[String]) -> String {
    let mut paragraphs = vec![
        html(setting.help),
        format!("<p>Value: {}. Default: {}.", html(&expected(setting.kind)), default(setting)),
    ];
    paragraphs.extend(more.iter().cloned());
    comment(&paragraphs, indent)
}

/// The default as the user would write it, or what unset means.
pub fn default(setting: &Setting) -> String {
    match setting.default {
        Default::Value(v) => format!("{{@code {v}}}"),
        Default::Unset(means) => format!("unset, {}", html(means)),
    }
}

/// A Javadoc comment of `paragraphs` (already HTML), wrapped.
pub fn comment(paragraphs: &[String], indent: usize) -> String {
    let pad = " ".repeat(indent);
    let mut out = format!("{pad}/**\n");
    for (i, paragraph) in paragraphs.iter().enumerate() {
        if i > 0 {
            out.push_str(&format!("{pad} *\n"));
        }
        for line in wrap(paragraph, WIDTH - indent - 3) {
            out.push_str(&format!("{pad} * {line}\n"));
        }
    }
    out.push_str(&format!("{pad} */\n"));
    out
}

/// Text with `code` in backticks to Javadoc HTML: `{@code code}`, `<`, `>` and `&` escaped.
pub fn html(text: &str) -> String {
    let mut out = String::new();
    for (i, part) in text.split('`').enumerate() {
        let escaped = part.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace("*/", "*&#47;");
        if i % 2 == 1 {
            out.push_str(&format!("{{@code {escaped}}}"));
        } else {
            out.push_str(&escaped);
        }
    }
    out
}

/// Words to lines of at most `width` characters; a `{@code ...}` stays on one line.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in words(text) {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Split at spaces, but never inside `{@code ...}`.
fn words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ' ' if depth == 0 => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
                continue;
            }
            _ => {}
        }
        word.push(c);
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backticks_become_code_and_html_is_escaped() {
        assert_eq!(html("`a<b>` & `c`"), "{@code a&lt;b&gt;} &amp; {@code c}");
    }

    #[test]
    fn lines_wrap_between_words_and_never_inside_code() {
        let text = "one two {@code three four} five";
        assert_eq!(wrap(text, 12), vec!["one two", "{@code three four}", "five"]);
    }

    #[test]
    fn a_setting_documents_its_value_and_default() {
        let setting = mr_coupler::settings::schema::find("maxPairsPerTarget").unwrap();
        let doc = of_setting(setting, 4, &[]);
        assert!(doc.starts_with("    /**\n     * Coupled methods tried per target"), "{doc}");
        assert!(
            doc.contains("<p>Value: a whole number from 1 to 100000. Default: unset, all coupled methods."),
            "{doc}"
        );
        let temperature = of_setting(mr_coupler::settings::schema::find("llm.temperature").unwrap(), 0, &[]);
        assert!(temperature.contains("Default: {@code 0.2}."), "{temperature}");
    }
}
