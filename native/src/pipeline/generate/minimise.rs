//! The cheap minimisation of a suspected bug: among the inputs tried, the failing one with the
//! shortest value (a string's characters, an array's or a collection's elements), and for the
//! built-in generator a few boundary inputs around each failing input (its value one element
//! shorter at either end, its first element alone, empty), run on the original with the rest.

/// The size of a source input as a test writes it: a string literal's characters, an array
/// initializer's or a collection factory's elements, `new String(new char[n])`'s n; None for an
/// expression whose size the text does not show.
pub fn value_size(expression: &str) -> Option<usize> {
    let e = expression.trim();
    if let Some(n) = e.strip_prefix("new String(new char[").and_then(|r| r.split(']').next()) {
        return n.trim().parse().ok();
    }
    if let Some(body) = e.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        return Some(unescaped_len(body));
    }
    if e.starts_with("new ") && e.ends_with('}') {
        let inner = &e[e.find('{')? + 1..e.len() - 1];
        return Some(elements(inner).len());
    }
    let factory = ["Arrays.asList(", "List.of(", "Set.of(", "java.util.Arrays.asList(", "java.util.List.of("];
    let args = factory.iter().find_map(|f| e.strip_prefix(f))?.strip_suffix(')')?;
    Some(elements(args).len())
}

/// The size of a test method's inputs: the largest size among its declarations' values, else the
/// length of their text (the cheapest comparison that still orders by what a reader checks).
pub fn inputs_size(inputs: &[String]) -> (usize, usize) {
    let values = inputs.iter().filter_map(|i| i.split_once(" = ").map(|(_, v)| v));
    let sized: Vec<usize> = values.filter_map(value_size).collect();
    (sized.iter().copied().max().unwrap_or(usize::MAX), inputs.iter().map(String::len).sum())
}

/// Marks the name of a boundary input tried around a failing one.
const BOUNDARY: &str = "_boundary";

pub fn is_boundary(method: &str) -> bool {
    method.contains(BOUNDARY)
}

/// The built-in class `code` with boundary inputs added around the failing test methods with
/// the shortest inputs (two at most): copies of each whose largest string or array value is one
/// element shorter at either end, its first element alone, or empty. None when there is nothing
/// to vary. Only a literal changes, so the class still compiles.
pub fn with_boundary_inputs(code: &str, failing: &[(String, Vec<String>)]) -> Option<String> {
    let mut by_size: Vec<&(String, Vec<String>)> = failing.iter().filter(|(m, _)| !is_boundary(m)).collect();
    by_size.sort_by_key(|(_, inputs)| inputs_size(inputs));
    let mut added = String::new();
    for (method, _) in by_size.into_iter().take(2) {
        let Some((header, body)) = method_text(code, method) else { continue };
        let Some((line, value)) = largest_value(body) else { continue };
        for (j, shorter) in shorter_values(value).into_iter().enumerate() {
            let new_body = body.replacen(line, &line.replacen(value, &shorter, 1), 1);
            let new_header = header.replacen(&format!("{method}("), &format!("{method}{BOUNDARY}{}(", j + 1), 1);
            added.push_str(&format!("\n    @Test\n{new_header}{new_body}    }}\n"));
        }
    }
    if added.is_empty() {
        return None;
    }
    let end = code.trim_end().strip_suffix('}')?;
    Some(format!("{end}{added}}}\n"))
}

/// A built-in test method's header line and body, as `render` writes them.
fn method_text<'c>(code: &'c str, method: &str) -> Option<(&'c str, &'c str)> {
    let at = code.find(&format!("void {method}() throws Exception {{\n"))?;
    let start = code[..at].rfind('\n')? + 1;
    let body_start = at + code[at..].find('\n')? + 1;
    let body_end = body_start + code[body_start..].find("\n    }\n")? + 1;
    Some((&code[start..body_start], &code[body_start..body_end]))
}

/// The declaration line with the largest sized value, and that value.
fn largest_value(body: &str) -> Option<(&str, &str)> {
    body.lines()
        .filter_map(|l| {
            let value = l.split_once(" = ")?.1.trim_end().strip_suffix(';')?;
            let sized = value.starts_with('"') || (value.starts_with("new ") && value.ends_with('}'));
            Some((l, value, value_size(value).filter(|_| sized)?))
        })
        .max_by_key(|(_, _, size)| *size)
        .filter(|(_, _, size)| *size > 0)
        .map(|(l, v, _)| (l, v))
}

/// The value one element shorter at the end and at the start, its first element alone, empty.
fn shorter_values(value: &str) -> Vec<String> {
    let (open, parts, close) = if let Some(body) = value.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        ("\"".to_string(), escapes(body), "\"".to_string())
    } else {
        let brace = value.find('{').unwrap_or(0);
        let inner = &value[brace + 1..value.len() - 1];
        let parts = elements(inner).into_iter().map(String::from).collect();
        (value[..=brace].to_string() + " ", parts, " }".to_string())
    };
    let join = |xs: &[String]| {
        let sep = if open == "\"" { "" } else { ", " };
        format!("{open}{}{close}", xs.join(sep))
    };
    let n = parts.len();
    let mut out: Vec<String> = Vec::new();
    for variant in [&parts[..n - 1], &parts[1..], &parts[..1], &parts[..0]] {
        let text = join(variant);
        if !out.contains(&text) && variant.len() < n {
            out.push(text);
        }
    }
    out
}

/// A string literal's body split into characters, an escape (`\n`, `\u00e9`) one of them.
fn escapes(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        let mut one = c.to_string();
        if c == '\\' {
            let next = chars.next().unwrap_or('\\');
            one.push(next);
            if next == 'u' {
                one.extend(chars.by_ref().take(4));
            }
        }
        out.push(one);
    }
    out
}

/// Characters of a Java string literal's body, an escape (`\n`, `\u00e9`) counting once.
fn unescaped_len(body: &str) -> usize {
    escapes(body).len()
}

/// The top-level comma-separated elements of an initializer or argument list.
fn elements(list: &str) -> Vec<&str> {
    let (mut depth, mut start, mut out, mut quoted) = (0i32, 0, Vec::new(), None);
    for (i, c) in list.char_indices() {
        match (quoted, c) {
            (Some(q), _) if c == q => quoted = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quoted = Some(c),
            (None, '(' | '{' | '[') => depth += 1,
            (None, ')' | '}' | ']') => depth -= 1,
            (None, ',') if depth == 0 => {
                out.push(list[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(list[start..].trim());
    out.retain(|e| !e.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_of_strings_arrays_and_collections() {
        assert_eq!(value_size("\"\""), Some(0));
        assert_eq!(value_size("\" ab\\n\""), Some(4));
        assert_eq!(value_size("\"\\u00e9t\\u00e9\""), Some(3));
        assert_eq!(value_size("new byte[] {1, 2, (byte) 0x0F}"), Some(3));
        assert_eq!(value_size("new byte[] {}"), Some(0));
        assert_eq!(value_size("Arrays.asList(\"a,b\", \"c\")"), Some(2));
        assert_eq!(value_size("new String(new char[1000]).replace('\\0', 'x')"), Some(1000));
        assert_eq!(value_size("Fraction.getFraction(1, 2)"), None);
    }

    #[test]
    fn the_inputs_with_the_shortest_value_come_first() {
        let short = vec!["String str = \" \"".to_string(), "int size = 40".into()];
        let long = vec!["String str = \"Hello, World!\"".to_string(), "int size = 4".into()];
        assert!(inputs_size(&short) < inputs_size(&long));
        let no_size = vec!["Fraction a = Fraction.ONE".to_string()];
        assert!(inputs_size(&long) < inputs_size(&no_size));
    }

    const CLASS: &str = r#"public class T {

    // MR (roundTrip): r
    @Test
    void mr1_roundTrip_input3() throws Exception {
        String str = "ab\n";
        int n = 4;
        assertEquals(str, f(str, n));
    }
}
"#;

    #[test]
    fn boundary_inputs_around_a_failing_one_are_shorter_copies_of_its_largest_value() {
        let failing = vec![("mr1_roundTrip_input3".to_string(), vec!["String str = \"ab\\n\"".to_string()])];
        let code = with_boundary_inputs(CLASS, &failing).expect("varied");
        assert!(
            code.contains("void mr1_roundTrip_input3_boundary1() throws Exception {\n        String str = \"ab\";"),
            "{code}"
        );
        assert!(code.contains("_boundary2() throws Exception {\n        String str = \"b\\n\";"), "{code}");
        assert!(code.contains("_boundary3() throws Exception {\n        String str = \"a\";"), "{code}");
        assert!(code.contains("_boundary4() throws Exception {\n        String str = \"\";"), "{code}");
        assert!(code.trim_end().ends_with('}') && code.matches("@Test").count() == 5, "{code}");
        assert!(is_boundary("mr1_roundTrip_input3_boundary2"));
    }

    #[test]
    fn arrays_lose_an_element_and_an_empty_value_has_no_boundary() {
        assert_eq!(shorter_values("new byte[] {1, 2}"), ["new byte[] { 1 }", "new byte[] { 2 }", "new byte[] {  }"]);
        let empty = CLASS.replace("\"ab\\n\"", "\"\"");
        assert!(with_boundary_inputs(&empty, &[("mr1_roundTrip_input3".into(), vec![])]).is_none());
    }
}
