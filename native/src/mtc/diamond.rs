//! A static repair for a diamond javac cannot infer: `new PairingHeap<>().insert(key, value)`
//! stored in a `Handle<String, String>` (javac: `incompatible types:
//! org.jheaps.AddressableHeap.Handle<java.lang.Object,java.lang.Object> cannot be converted to
//! org.jheaps.AddressableHeap.Handle<java.lang.String,java.lang.String>`; a 1.5B model wrote it
//! for jheaps' `PairingHeap#insert`). A `new C<>()` that is the receiver of a call has no target
//! type, so javac infers `Object` for every type argument; the type the reply declared says what
//! it meant. The diamond takes the wanted type's arguments when it has as many as javac found
//! (all `Object`); otherwise, or for any other expression, this repair does nothing and the
//! retyping of `coerce` may apply.

use crate::protocol::CompileDiagnostic;
use tree_sitter::Node;

/// The code with each such diamond given the wanted type arguments; None when javac reports none.
pub fn receiver_diamond(code: &str, diagnostics: &[CompileDiagnostic]) -> Option<String> {
    super::javac::edit_at_errors(code, diagnostics, |root, d| {
        let Some(arguments) = wanted_arguments(&d.message) else { return Vec::new() };
        let creations = super::inputs::on_line(root, d.line, "object_creation_expression").into_iter();
        let diamonds: Vec<Node> = creations.filter_map(|c| receiver_diamond_of(c, code)).collect();
        match diamonds.as_slice() {
            [only] => vec![(only.start_byte(), only.end_byte(), format!("<{arguments}>"))],
            _ => Vec::new(),
        }
    })
}

/// `java.lang.String,java.lang.String` from `X<java.lang.Object,java.lang.Object> cannot be
/// converted to Y<java.lang.String,java.lang.String>`: only when javac found nothing but `Object`
/// and as many arguments as it wants.
fn wanted_arguments(message: &str) -> Option<String> {
    let rest = message.lines().next()?.strip_prefix("incompatible types: ")?;
    let (found, wanted) = rest.split_once(" cannot be converted to ")?;
    let (found, wanted) = (type_arguments(found)?, type_arguments(wanted)?);
    let all_object = found.iter().all(|a| *a == "java.lang.Object");
    let concrete = wanted.iter().all(|a| !a.contains(['?', ' ', '#']) && *a != "java.lang.Object");
    (all_object && concrete && found.len() == wanted.len()).then(|| wanted.join(", "))
}

/// The top-level type arguments of `q.C<A,B<C,D>>`: `A`, `B<C,D>`.
fn type_arguments(ty: &str) -> Option<Vec<&str>> {
    let inner = ty.trim().split_once('<')?.1.strip_suffix('>')?;
    let (mut depth, mut start, mut arguments) = (0usize, 0usize, Vec::new());
    for (i, ch) in inner.char_indices() {
        match ch {
            '<' => depth += 1,
            '>' => depth = depth.checked_sub(1)?,
            ',' if depth == 0 => {
                arguments.push(inner[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    arguments.push(inner[start..].trim());
    (!arguments.iter().any(|a| a.is_empty())).then_some(arguments)
}

/// The empty `<>` of a `new C<>(..)` that a call is made on.
fn receiver_diamond_of<'t>(creation: Node<'t>, code: &str) -> Option<Node<'t>> {
    let parent = creation.parent().filter(|p| p.kind() == "method_invocation")?;
    (parent.child_by_field_name("object") == Some(creation)).then_some(())?;
    let generic = creation.child_by_field_name("type").filter(|t| t.kind() == "generic_type")?;
    let arguments = generic.named_children(&mut generic.walk()).find(|c| c.kind() == "type_arguments")?;
    (code.get(arguments.byte_range())?.chars().filter(|c| !c.is_whitespace()).collect::<String>() == "<>")
        .then_some(arguments)
}

#[cfg(test)]
mod tests {
    use super::receiver_diamond;
    use crate::protocol::{CompileDiagnostic, DiagnosticKind};

    fn incompatible(line: usize, found: &str, wanted: &str) -> CompileDiagnostic {
        let message = format!("incompatible types: {found} cannot be converted to {wanted}");
        CompileDiagnostic { kind: DiagnosticKind::Error, line, column: 60, message }
    }

    const HANDLE: &str = "org.jheaps.AddressableHeap.Handle";

    #[test]
    fn a_real_reply_s_receiver_diamond_takes_the_declared_type_arguments() {
        // Qwen2.5-Coder-1.5B's reply for jheaps' PairingHeap#insert ~ deleteMin().
        let code = "class T {\n    void mr1() {\n        String key = \"k\";\n        AddressableHeap.Handle<String, String> sourceHandle = new PairingHeap<>().insert(key, \"v\");\n    }\n}\n";
        let found = format!("{HANDLE}<java.lang.Object,java.lang.Object>");
        let wanted = format!("{HANDLE}<java.lang.String,java.lang.String>");
        let fixed = receiver_diamond(code, &[incompatible(4, &found, &wanted)]).unwrap();
        assert!(
            fixed.contains("= new PairingHeap<java.lang.String, java.lang.String>().insert(key, \"v\");"),
            "{fixed}"
        );
    }

    #[test]
    fn nested_type_arguments_are_kept_whole() {
        let code =
            "class T {\n    void mr1() {\n        Iterator<List<String>> i = new ArrayList<>().iterator();\n    }\n}\n";
        let diagnostic = incompatible(
            3,
            "java.util.Iterator<java.lang.Object>",
            "java.util.Iterator<java.util.List<java.lang.String>>",
        );
        let fixed = receiver_diamond(code, &[diagnostic]).unwrap();
        assert!(fixed.contains("new ArrayList<java.util.List<java.lang.String>>().iterator()"), "{fixed}");
    }

    #[test]
    fn no_repair_for_an_inferred_diamond_other_found_types_or_wildcards() {
        let stored = "class T {\n    void mr1() {\n        Handle<String, String> h = new PairingHeap<>().insert(\"k\", \"v\");\n        PairingHeap<String, String> p = new PairingHeap<>();\n    }\n}\n";
        let found = format!("{HANDLE}<java.lang.Object,java.lang.Object>");
        let wanted = format!("{HANDLE}<java.lang.String,java.lang.String>");
        assert!(receiver_diamond(stored, &[incompatible(4, &found, &wanted)]).is_none(), "not a receiver");
        let integer = format!("{HANDLE}<java.lang.Integer,java.lang.Object>");
        assert!(receiver_diamond(stored, &[incompatible(3, &integer, &wanted)]).is_none(), "not all Object");
        let wildcard = format!("{HANDLE}<?,java.lang.String>");
        assert!(receiver_diamond(stored, &[incompatible(3, &found, &wildcard)]).is_none(), "a wildcard");
        let one = format!("{HANDLE}<java.lang.String>");
        assert!(receiver_diamond(stored, &[incompatible(3, &found, &one)]).is_none(), "another arity");
    }
}
