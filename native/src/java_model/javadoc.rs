//! A member's Javadoc as its source writes it above the member: the `@param` texts, which state
//! what a caller must pass (`@param alignment to be used, must be a power of 2`).

use super::{ClassModel, MethodModel};

/// Each `@param` of the method's Javadoc: the parameter's name and its text on one line; empty
/// without a Javadoc comment.
pub fn param_docs(class: &ClassModel, method: &MethodModel) -> Vec<(String, String)> {
    comment_above(&class.source, method.byte_range.0).map(params).unwrap_or_default()
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
}
