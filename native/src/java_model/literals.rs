//! Java source text without its string and char literals: what a line's code says, not what its
//! texts hold (`new MutableInt("a")` names no local `a`; a relation's copies on other texts share
//! one shape).

/// `text` with its string and char literals dropped, quotes and all.
pub fn code_outside_literals(text: &str) -> String {
    let mut out = String::new();
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for c in text.chars() {
        match quote {
            Some(_) if escaped => escaped = false,
            Some(_) if c == '\\' => escaped = true,
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '"' || c == '\'' => quote = Some(c),
            None => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_and_chars_go_escaped_quotes_included() {
        assert_eq!(code_outside_literals(r#"f("a\"b", 'c', x) + '\''"#), "f(, , x) + ");
        assert_eq!(code_outside_literals("g(a3, 4)"), "g(a3, 4)");
    }
}
