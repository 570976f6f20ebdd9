//! The inputs of one MTC method as written: its local declarations that do not call the methods
//! under test (the source and follow-up inputs, not the outputs), or, for a method that passes its
//! inputs inline, the arguments of its first call. What a suspected-bug report shows.

use tree_sitter::Node;

/// At most this many declarations, each cut to [`WIDTH`] characters.
const MAX_INPUTS: usize = 8;
const WIDTH: usize = 200;

/// The inputs of test method `method` of the first class in `code`; empty when it is not there.
/// A declaration that invokes one of `under_test` (method names) holds an output, not an input.
pub fn inputs_of(code: &str, method: &str, under_test: &[&str]) -> Vec<String> {
    let Some(tree) = crate::java_model::parser().parse(code, None) else { return Vec::new() };
    let Some(body) = find_method(tree.root_node(), code, method).and_then(|m| m.child_by_field_name("body")) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    collect(body, "local_variable_declaration", &mut found);
    found.retain(|d| !invokes(*d, code, under_test));
    if found.is_empty() {
        let mut calls = Vec::new();
        collect(body, "method_invocation", &mut calls);
        let first = calls.first().and_then(|c| c.child_by_field_name("arguments"));
        let inline = first
            .map(|a| text(a, code))
            .map(|a| clip(a.strip_prefix('(').and_then(|a| a.strip_suffix(')')).unwrap_or(a)));
        return inline.into_iter().filter(|a| !a.is_empty()).collect();
    }
    found.iter().take(MAX_INPUTS).map(|d| clip(text(*d, code).trim_end_matches(';'))).collect()
}

/// The method named `name` under `node` (the first, in source order).
pub(super) fn find_method<'t>(node: Node<'t>, code: &str, name: &str) -> Option<Node<'t>> {
    if node.kind() == "method_declaration" && node.child_by_field_name("name").map(|n| text(n, code)) == Some(name) {
        return Some(node);
    }
    let mut cursor = node.walk();
    let children: Vec<Node<'t>> = node.named_children(&mut cursor).collect();
    children.into_iter().find_map(|c| find_method(c, code, name))
}

/// Nodes of `kind` that start on the 1-based `line`, in source order.
pub(super) fn on_line<'t>(root: Node<'t>, line: usize, kind: &str) -> Vec<Node<'t>> {
    let mut found = Vec::new();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        if node.start_position().row + 1 > line || node.end_position().row + 1 < line {
            continue;
        }
        if node.kind() == kind && node.start_position().row + 1 == line {
            found.push(node);
        }
        let mut cursor = node.walk();
        let children: Vec<Node<'t>> = node.named_children(&mut cursor).collect();
        stack.extend(children.into_iter().rev());
    }
    found
}

/// The method declaration a node sits in (the node itself when it is one).
pub(super) fn enclosing_method(node: Node) -> Option<Node> {
    let mut method = node;
    while method.kind() != "method_declaration" {
        method = method.parent()?;
    }
    Some(method)
}

/// Nodes of `kind` in source order, not looking inside lambdas or nested classes.
pub(super) fn collect<'t>(node: Node<'t>, kind: &str, out: &mut Vec<Node<'t>>) {
    let mut cursor = node.walk();
    let children: Vec<Node<'t>> = node.named_children(&mut cursor).collect();
    for child in children {
        if child.kind() == kind {
            out.push(child);
        } else if !matches!(child.kind(), "lambda_expression" | "class_body") {
            collect(child, kind, out);
        }
    }
}

fn invokes(node: Node, code: &str, names: &[&str]) -> bool {
    let mut calls = Vec::new();
    collect(node, "method_invocation", &mut calls);
    calls.iter().any(|c| c.child_by_field_name("name").is_some_and(|n| names.contains(&text(n, code))))
}

fn text<'a>(node: Node, code: &'a str) -> &'a str {
    code.get(node.byte_range()).unwrap_or("")
}

/// One line, at most [`WIDTH`] characters.
fn clip(s: &str) -> String {
    let line = s.split_whitespace().collect::<Vec<_>>().join(" ");
    match line.char_indices().nth(WIDTH) {
        Some((at, _)) => format!("{}...", &line[..at]),
        None => line,
    }
}

/// `expected` and `actual` from JUnit's assertion messages: Jupiter's `expected: <a> but was: <b>`
/// and JUnit 4's `expected:<a> but was:<b>`, after any message of the test's own.
pub fn expected_actual(message: &str) -> Option<(String, String)> {
    let at = message.find("expected:")?;
    let rest = message[at + "expected:".len()..].trim_start();
    let (expected, actual) = rest.split_once(" but was:")?;
    let unwrap = |s: &str| {
        let s = s.trim();
        s.strip_prefix('<').and_then(|s| s.strip_suffix('>')).unwrap_or(s).to_string()
    };
    Some((unwrap(expected), unwrap(actual)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const MTC: &str = r#"
class AES_MTC1Test {
    @Test
    void mtc_input3() throws Exception {
        String plainText = "~!@#";
        SecretKey key = AESEncryption.getSecretEncryptionKey();
        byte[] cipher = AESEncryption.encryptText(plainText, key);
        assertEquals(plainText, AESEncryption.decryptText(cipher, key));
    }

    @Test
    void inline() {
        assertEquals(4, Calc.add(2,   2));
    }
}
"#;

    #[test]
    fn the_declarations_of_a_method_are_its_inputs() {
        let inputs = inputs_of(MTC, "mtc_input3", &["encryptText", "decryptText"]);
        assert_eq!(inputs[0], r#"String plainText = "~!@#""#);
        assert_eq!(inputs.len(), 2, "the cipher text is an output: {inputs:?}");
    }

    #[test]
    fn inline_arguments_when_nothing_is_declared() {
        assert_eq!(inputs_of(MTC, "inline", &["add"]), vec!["4, Calc.add(2, 2)".to_string()]);
        assert!(inputs_of(MTC, "missing", &[]).is_empty());
    }

    #[test]
    fn expected_and_actual_of_both_junits() {
        let five = expected_actual("round trip ==> expected: <abc> but was: <ab>");
        assert_eq!(five, Some(("abc".into(), "ab".into())));
        let four = expected_actual("expected:<1> but was:<-1>");
        assert_eq!(four, Some(("1".into(), "-1".into())));
        assert_eq!(expected_actual("boom"), None);
    }
}
