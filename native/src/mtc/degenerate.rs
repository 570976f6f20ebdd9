//! Inputs at which a wrong relation holds by coincidence. `a.subtract(-n) = a` is false, yet it
//! holds at `n = 0`, as does almost any relation of an offset, a count or a text at zero, the empty
//! text or `null`. When the only copies of a relation that pass on the class under test differ
//! from the ones that fail in such values alone, the passing ones say nothing of the relation
//! (java-ipv6: the catalogue's `n = 0` made a wrong relation hold for 1 input of 6, and the filter
//! and triage read that as "holds for some inputs": a kept test of `a.subtract(-0) = a` and a false
//! suspected bug).
//!
//! Two test methods are compared leaf by leaf (tree-sitter's terminals, a string or character
//! literal taken whole): they must have the same shape, and every leaf where they differ must be a
//! literal, on the passing side a zero or empty value. Anything else, a method rewritten or an
//! input that is not zero, is no degenerate difference.
//!
//! A text that lacks the separator the method gives is degenerate too: `split(s, sep) =
//! splitLines(s)` holds wherever `s` holds no `sep` (NightConfig's `StringUtils`, unseen-36: it
//! passed on `"a"` and `"!"`, failed on `"Hello, World!"` at `sep = ','`, and was reported as a
//! suspected bug). The passing text must lack a character or short text literal both methods share
//! that the failing text holds.

use tree_sitter::Node;

/// The literals of test method `passing` in `code` that differ from those of `failing`, when the
/// two methods' bodies differ in literals alone and each such literal of `passing` is a zero or empty
/// value (`0`, `0L`, `0.0`, `""`, `null`). None when they differ otherwise, or not at all, or a
/// method is not there.
pub fn degenerate_difference(code: &str, passing: &str, failing: &str) -> Option<Vec<String>> {
    let tree = crate::java_model::parser().parse(code, None)?;
    let methods = super::split_input::methods(tree.root_node(), code);
    let body = |name: &str| methods.iter().find(|(n, _)| n == name)?.1.child_by_field_name("body");
    let (pass, fail) = (leaves(body(passing)?, code), leaves(body(failing)?, code));
    if pass.len() != fail.len() {
        return None;
    }
    let shared: Vec<&str> = pass.iter().zip(&fail).filter(|(p, f)| p == f).filter_map(|(p, _)| separator(*p)).collect();
    let mut changed = Vec::new();
    for (p, f) in pass.iter().zip(&fail) {
        if p == f {
            continue;
        }
        if !is_literal(p.0) || !is_literal(f.0) {
            return None;
        }
        if is_zero_or_empty(p.0, p.1) {
            changed.push(p.1.to_string());
        } else if let Some(absent) = shared.iter().find(|s| lacks(p, f, s)) {
            changed.push(format!("{} (no {absent})", p.1));
        } else {
            return None;
        }
    }
    (!changed.is_empty()).then_some(changed)
}

/// The terminals of `node` with their kinds, a string or character literal as one.
fn leaves<'t, 'c>(node: Node<'t>, code: &'c str) -> Vec<(&'t str, &'c str)> {
    let mut out = Vec::new();
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        let whole = matches!(n.kind(), "string_literal" | "character_literal" | "text_block");
        if whole || n.child_count() == 0 {
            if n.kind() != "line_comment" && n.kind() != "block_comment" {
                out.push((n.kind(), code.get(n.byte_range()).unwrap_or("")));
            }
            continue;
        }
        let mut cursor = n.walk();
        let children: Vec<Node> = n.children(&mut cursor).collect();
        stack.extend(children.into_iter().rev());
    }
    out
}

/// What a character literal or a text literal of one or two characters holds, as written (`','`
/// holds `,`, `'\\n'` holds the two characters `\\n`), when it may separate the parts of a text.
fn separator<'c>((kind, text): (&str, &'c str)) -> Option<&'c str> {
    let inner = match kind {
        "character_literal" => text.strip_prefix('\'')?.strip_suffix('\''),
        "string_literal" => text.strip_prefix('"')?.strip_suffix('"'),
        _ => None,
    }?;
    // A separator is punctuation, a space or an escape (`\\n`); a letter or digit is a text like
    // any other, and a relation failing only on texts holding it may be a real bug.
    let separating = inner.starts_with('\\') || !inner.chars().any(char::is_alphanumeric);
    (!inner.is_empty() && inner.chars().count() <= 2 && separating).then_some(inner)
}

/// Whether text literal `passing` lacks `needle` where `failing` holds it.
fn lacks(passing: &(&str, &str), failing: &(&str, &str), needle: &str) -> bool {
    let texts = passing.0 == "string_literal" && failing.0 == "string_literal";
    texts && !passing.1.contains(needle) && failing.1.contains(needle)
}

fn is_literal(kind: &str) -> bool {
    kind.ends_with("_literal") || kind == "text_block"
}

/// Zero in any of Java's ways to write a number, the empty text, or `null`.
fn is_zero_or_empty(kind: &str, text: &str) -> bool {
    match kind {
        // The empty text, and the text of an empty JSON object or array: Clifton Labs'
        // json-simple (unseen-35) printed `deserialize("{}")` as `{}`, so a wrong text relation
        // held there alone.
        "string_literal" | "text_block" => matches!(text, "\"\"" | "\"{}\"" | "\"[]\""),
        "null_literal" => true,
        "decimal_integer_literal" | "hex_integer_literal" | "octal_integer_literal" | "binary_integer_literal" => {
            let digits = text.trim_end_matches(['l', 'L']).replace('_', "");
            let digits = digits.trim_start_matches("0x").trim_start_matches("0X");
            let digits = digits.trim_start_matches("0b").trim_start_matches("0B");
            !digits.is_empty() && digits.chars().all(|c| c == '0')
        }
        "decimal_floating_point_literal" | "hex_floating_point_literal" => {
            let number = text.trim_end_matches(['f', 'F', 'd', 'D']).replace('_', "");
            number.parse::<f64>().is_ok_and(|v| v == 0.0)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::degenerate_difference;

    const IPV6: &str = r#"class IPv6Address_add_MTC1Test {
    @Test
    void mr1_assert2() {
        IPv6Address a = IPv6Address.fromString("::1");
        int n = 1;
        assertEquals(a, a.subtract(-n)); // and back
    }

    @Test
    void mr1_assert2_catalogue1() {
        IPv6Address a = IPv6Address.fromString("::1");
        int n = 0;
        assertEquals(a, a.subtract(-n));
    }

    @Test
    void mr1_assert2_catalogue2() {
        IPv6Address a = IPv6Address.fromString("::1");
        int n = 7;
        assertEquals(a, a.subtract(-n));
    }

    @Test
    void mr2() {
        assertEquals("", Codec.decode(Codec.encode("")));
    }

    @Test
    void mr2_input1() {
        assertEquals("abc", Codec.decode(Codec.encode("abc")));
    }

    @Test
    void mr2_input2() {
        String text = "abc";
        assertEquals(text, Codec.decode(Codec.encode(text)));
    }
}
"#;

    #[test]
    fn a_copy_that_differs_in_a_zero_alone_is_a_degenerate_difference() {
        let found = degenerate_difference(IPV6, "mr1_assert2_catalogue1", "mr1_assert2");
        assert_eq!(found, Some(vec!["0".to_string()]));
        // the empty text, written twice in the method
        let empty = degenerate_difference(IPV6, "mr2", "mr2_input1");
        assert_eq!(empty, Some(vec!["\"\"".to_string(), "\"\"".to_string()]));
        let json = IPV6.replace("\"\", Codec.decode(Codec.encode(\"\")", "\"{}\", Codec.decode(Codec.encode(\"{}\")");
        assert!(degenerate_difference(&json, "mr2", "mr2_input1").is_some(), "an empty JSON object's text");
        let filled =
            IPV6.replace("\"\", Codec.decode(Codec.encode(\"\")", "\"{1}\", Codec.decode(Codec.encode(\"{1}\")");
        assert!(degenerate_difference(&filled, "mr2", "mr2_input1").is_none(), "braces around a value");
    }

    #[test]
    fn a_copy_with_another_non_zero_input_or_another_shape_is_none() {
        // 7 is an input like any other
        assert_eq!(degenerate_difference(IPV6, "mr1_assert2_catalogue2", "mr1_assert2"), None);
        // the passing side must be the zero one
        assert_eq!(degenerate_difference(IPV6, "mr1_assert2", "mr1_assert2_catalogue1"), None);
        // a local where the other writes the text inline: another shape
        assert_eq!(degenerate_difference(IPV6, "mr2", "mr2_input2"), None);
        // the same method, or one that is not there
        assert_eq!(degenerate_difference(IPV6, "mr2", "mr2"), None);
        assert_eq!(degenerate_difference(IPV6, "mr9", "mr2"), None);
    }

    #[test]
    fn zero_in_any_notation_and_null_are_degenerate() {
        for zero in ["0L", "0x0", "0.0", "0.0d", "0f", "null"] {
            let code = format!("class T {{ @Test void a() {{ f({zero}); }} @Test void b() {{ f(3); }} }}");
            assert!(degenerate_difference(&code, "a", "b").is_some(), "{zero}");
        }
        for other in ["1", "0.5", "\" \"", "'0'", "true"] {
            let code = format!("class T {{ @Test void a() {{ f({other}); }} @Test void b() {{ f(3); }} }}");
            assert_eq!(degenerate_difference(&code, "a", "b"), None, "{other}");
        }
    }

    const SPLIT: &str = r#"class StringUtils_split_MTC1Test {
    @Test
    void mr1_input1() {
        String str = "Hello, World!";
        char sep = ',';
        assertEquals(StringUtils.split(str, sep), StringUtils.splitLines(str));
    }

    @Test
    void mr1_input3() {
        String str = "a";
        char sep = ',';
        assertEquals(StringUtils.split(str, sep), StringUtils.splitLines(str));
    }

    @Test
    void mr1_input4() {
        String str = "a,b";
        char sep = ',';
        assertEquals(StringUtils.split(str, sep), StringUtils.splitLines(str));
    }

    @Test
    void mr1_input5() {
        String str = "Hello World";
        char sep = ';';
        assertEquals(StringUtils.split(str, sep), StringUtils.splitLines(str));
    }
}
"#;

    #[test]
    fn a_text_without_the_separator_the_method_gives_is_a_degenerate_difference() {
        let found = degenerate_difference(SPLIT, "mr1_input3", "mr1_input1");
        assert_eq!(found, Some(vec!["\"a\" (no ,)".to_string()]));
        // the passing text holds the separator: the relation held on a real split
        assert_eq!(degenerate_difference(SPLIT, "mr1_input4", "mr1_input1"), None);
        // the separator differs too: no separator both methods share
        assert_eq!(degenerate_difference(SPLIT, "mr1_input5", "mr1_input1"), None);
        // without a separator in the method, another text is another input
        let code = SPLIT.replace("        char sep = ',';\n", "").replace("str, sep", "str");
        assert_eq!(degenerate_difference(&code, "mr1_input3", "mr1_input1"), None);
        // a letter both methods give is no separator: a text holding it is an input like another
        let letter = SPLIT.replace("','", "'W'");
        assert_eq!(degenerate_difference(&letter, "mr1_input3", "mr1_input1"), None);
    }
}
