//! A static repair for the type mix-up small models make most between the two forms of text:
//! `String cannot be converted to byte[]` and back (a codec's `encode(String)` stored in a
//! `byte[]`, a cipher text passed where the plain text goes). The expression javac points at is
//! converted in UTF-8 where it stands; whether the relation still means something is for the
//! trial and the mutation check to say, as for any MTC.

use crate::protocol::{CompileDiagnostic, DiagnosticKind};
use tree_sitter::Node;

const UTF_8: &str = "java.nio.charset.StandardCharsets.UTF_8";

/// The code with each String/byte[] mix-up the diagnostics report converted; None when they
/// report none this repair can place.
pub fn coerce(code: &str, diagnostics: &[CompileDiagnostic]) -> Option<String> {
    let tree = crate::java_model::parser().parse(code, None)?;
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for d in diagnostics.iter().filter(|d| d.kind == DiagnosticKind::Error) {
        let Some(to_bytes) = direction(&d.message) else { continue };
        let Some(at) = offset(code, d.line, d.column) else { continue };
        let Some(node) = tree.root_node().descendant_for_byte_range(at, at) else { continue };
        let Some(expr) = converted_expression(node) else { continue };
        let range = expr.byte_range();
        if edits.iter().any(|(s, e, _)| range.start < *e && *s < range.end) {
            continue; // one edit per expression
        }
        let text = code.get(range.clone())?;
        let converted =
            if to_bytes { format!("({text}).getBytes({UTF_8})") } else { format!("new String({text}, {UTF_8})") };
        edits.push((range.start, range.end, converted));
    }
    if edits.is_empty() {
        return None;
    }
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = code.to_string();
    for (start, end, with) in edits {
        out.replace_range(start..end, &with);
    }
    Some(out)
}

/// Some(true): a String where a byte[] is wanted; Some(false): the other way.
fn direction(message: &str) -> Option<bool> {
    let first = message.lines().next()?;
    let rest = first.strip_prefix("incompatible types: ")?;
    let (from, to) = rest.split_once(" cannot be converted to ")?;
    let is_string = |t: &str| matches!(t.trim(), "String" | "java.lang.String");
    match (from.trim(), to.trim()) {
        (f, "byte[]") if is_string(f) => Some(true),
        ("byte[]", t) if is_string(t) => Some(false),
        _ => None,
    }
}

/// The byte offset of a 1-based line and column (javac's, counted in characters).
fn offset(code: &str, line: usize, column: usize) -> Option<usize> {
    let start: usize = code.split_inclusive('\n').take(line.checked_sub(1)?).map(str::len).sum();
    let text = code.get(start..)?.lines().next()?;
    let within = text.char_indices().nth(column.saturating_sub(1)).map_or(text.len(), |(i, _)| i);
    Some(start + within)
}

/// The whole expression javac's position sits in: the value of a declaration or assignment, an
/// argument, or what a return gives.
fn converted_expression(mut node: Node) -> Option<Node> {
    loop {
        let parent = node.parent()?;
        let whole = match parent.kind() {
            "argument_list" => node.is_named(),
            "variable_declarator" => parent.child_by_field_name("value") == Some(node),
            "assignment_expression" => parent.child_by_field_name("right") == Some(node),
            "return_statement" => node.is_named(),
            "block" | "class_body" | "method_declaration" => return None,
            _ => false,
        };
        if whole {
            return Some(node);
        }
        node = parent;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(line: usize, column: usize, message: &str) -> CompileDiagnostic {
        CompileDiagnostic { kind: DiagnosticKind::Error, line, column, message: message.into() }
    }

    const CLASS: &str = "class T {\n    @Test\n    void mr1() {\n        String input = \"Hello\";\n        \
                         byte[] encoded = new URLCodec().encode(input);\n        String decoded = \
                         new URLCodec().decode(encoded);\n        assertEquals(input, decoded);\n    }\n}\n";

    #[test]
    fn each_side_of_the_mix_up_is_converted_where_it_stands() {
        let diagnostics = [
            error(5, 47, "incompatible types: java.lang.String cannot be converted to byte[]"),
            error(6, 47, "incompatible types: byte[] cannot be converted to java.lang.String"),
        ];
        let fixed = coerce(CLASS, &diagnostics).unwrap();
        assert!(
            fixed.contains(&format!("byte[] encoded = (new URLCodec().encode(input)).getBytes({UTF_8});")),
            "{fixed}"
        );
        assert!(
            fixed.contains(&format!("String decoded = new String(new URLCodec().decode(encoded), {UTF_8});")),
            "{fixed}"
        );
    }

    #[test]
    fn an_argument_is_converted_alone() {
        let code = "class T { void m() { byte[] c = f(); g(c, key); } }";
        let fixed = coerce(code, &[error(1, 40, "incompatible types: byte[] cannot be converted to String")]);
        assert_eq!(
            fixed.unwrap(),
            format!("class T {{ void m() {{ byte[] c = f(); g(new String(c, {UTF_8}), key); }} }}")
        );
    }

    #[test]
    fn other_errors_are_not_this_repair() {
        assert!(coerce(CLASS, &[error(5, 47, "incompatible types: int cannot be converted to byte[]")]).is_none());
        assert!(coerce(CLASS, &[error(5, 47, "cannot find symbol")]).is_none());
        assert!(coerce(CLASS, &[error(40, 1, "incompatible types: byte[] cannot be converted to String")]).is_none());
    }
}
