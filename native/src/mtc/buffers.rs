//! Buffers a test's call writes its output into (`escape(String, StringBuffer)`), read for
//! `relations::asserted_relation` as that call's output: `StringBuffer sb = new StringBuffer();
//! escape(source, sb); escape(sb.toString())` is `escape(escape(source))`, which triage's
//! `same_action.rs` can then judge (json-simple's false suspect, unseen-23).

use super::inputs::collect;
use tree_sitter::Node;

/// Buffers a call writes its output into, built empty: reading one is reading that output.
const BUFFERS: &[&str] = &["StringBuffer", "StringBuilder", "StringWriter", "CharArrayWriter", "ByteArrayOutputStream"];

/// Each reading of a buffer one call of `body` writes into, with that call as it would read
/// without the buffer: `StringBuffer sb = new StringBuffer(); escape(source, sb);` gives
/// `(sb.toString(), escape(source))` (json-simple's `escape(String, StringBuffer)`, unseen-23).
pub(super) fn written_outputs(body: Node, code: &str) -> Vec<(String, String)> {
    let text = |n: Node| code.get(n.byte_range()).unwrap_or("");
    let mut declarators = Vec::new();
    collect(body, "variable_declarator", &mut declarators);
    let buffers = declarators.into_iter().filter_map(|d| {
        let value = d.child_by_field_name("value").filter(|v| v.kind() == "object_creation_expression")?;
        let built = text(value.child_by_field_name("type")?);
        let empty = value.child_by_field_name("arguments").is_some_and(|a| a.named_child_count() == 0);
        let name = text(d.child_by_field_name("name")?);
        (empty && BUFFERS.contains(&built.split('<').next()?)).then_some(name)
    });
    let mut statements = Vec::new();
    collect(body, "expression_statement", &mut statements);
    let calls: Vec<Node> =
        statements.iter().filter_map(|s| s.named_child(0)).filter(|c| c.kind() == "method_invocation").collect();
    let mut out = Vec::new();
    for buffer in buffers {
        let writing = |c: &&Node| c.child_by_field_name("arguments").is_some_and(|a| passes(a, buffer, code));
        let [call] = calls.iter().filter(writing).collect::<Vec<_>>()[..] else { continue };
        if !only_read_after(body, buffer, *call, code) {
            continue;
        }
        let Some(written) = without_argument(*call, buffer, code) else { continue };
        for reading in
            [format!("{buffer}.toString()"), format!("{buffer}.toByteArray()"), format!("String.valueOf({buffer})")]
        {
            out.push((reading, written.clone()));
        }
    }
    out
}

/// Whether every use of the buffer `name` besides its declaration and the writing call reads
/// it whole (`toString()`, `toByteArray()`, `String.valueOf`): nothing else is put in it.
fn only_read_after(body: Node, name: &str, writer: Node, code: &str) -> bool {
    let mut uses = Vec::new();
    collect(body, "identifier", &mut uses);
    let text = |n: Node| code.get(n.byte_range()).unwrap_or("");
    uses.into_iter().filter(|u| text(*u) == name).all(|u| {
        let Some(parent) = u.parent() else { return false };
        let declares = parent.kind() == "variable_declarator" && parent.child_by_field_name("name") == Some(u);
        let writes = parent.parent() == Some(writer);
        let read_whole = parent.kind() == "method_invocation"
            && parent.child_by_field_name("object") == Some(u)
            && parent.child_by_field_name("name").is_some_and(|n| matches!(text(n), "toString" | "toByteArray"));
        let valued = parent.kind() == "argument_list"
            && parent.parent().is_some_and(|c| code.get(c.start_byte()..parent.start_byte()) == Some("String.valueOf"));
        declares || writes || read_whole || valued
    })
}

/// Whether an argument list passes the local `name` itself.
fn passes(arguments: Node, name: &str, code: &str) -> bool {
    let mut cursor = arguments.walk();
    let mut passed = arguments.named_children(&mut cursor);
    passed.any(|a| a.kind() == "identifier" && code.get(a.byte_range()) == Some(name))
}

/// The call as written with the argument `name` left out: `JSONValue.escape(source, sb)` ->
/// `JSONValue.escape(source)`.
fn without_argument(call: Node, name: &str, code: &str) -> Option<String> {
    let arguments = call.child_by_field_name("arguments")?;
    let callee = code.get(call.start_byte()..arguments.start_byte())?;
    let mut cursor = arguments.walk();
    let kept: Vec<&str> =
        arguments.named_children(&mut cursor).filter_map(|a| code.get(a.byte_range())).filter(|a| *a != name).collect();
    Some(format!("{callee}({})", kept.join(", ")))
}
