//! A run-time repair for a value the test builds and never reads, whose building threw: a small
//! model declares a "source input" it then forgets, and computes the relation from other calls.
//! commons-ip-math's MTC (unseen-44) began
//! `Ipv4RangeBuilder source = Ipv4Range.from("192.168.1.0/24");` and related
//! `parseCidr("192.168.1.0/24")` to `parse("192.168.1.0/24")`; `from` takes an address, not a
//! CIDR text, so every input threw there and the relation was never checked.
//! The declaration is dropped and the test run again. Only a value created (`new`) or got from a
//! class's static method, directly or through calls on it: it changes no object the test reads
//! later. A value the test reads is its business: the input was what it was.

use super::javac::apply_edits;
use tree_sitter::Node;

/// The code without the declarations of unread locals on the given 1-based lines (where the
/// test threw), and the names of the locals dropped; None when no line holds such a declaration.
pub fn drop_unread_locals(code: &str, lines: &[usize]) -> Option<(String, Vec<String>)> {
    let tree = crate::java_model::parser().parse(code, None)?;
    let mut edits = Vec::new();
    let mut names = Vec::new();
    for &line in lines {
        for declaration in super::inputs::on_line(tree.root_node(), line, "local_variable_declaration") {
            let Some(name) = unread_built_local(declaration, code) else { continue };
            let start = code[..declaration.start_byte()].rfind('\n').map_or(0, |n| n + 1);
            let end = code[declaration.end_byte()..].find('\n').map_or(code.len(), |n| declaration.end_byte() + n + 1);
            if edits.iter().any(|&(s, _, _)| s == start) {
                continue;
            }
            edits.push((start, end, String::new()));
            if !names.iter().any(|n| n == name) {
                names.push(name.to_string());
            }
        }
    }
    let fixed = apply_edits(code, edits)?;
    Some((fixed, names))
}

/// The name a declaration of one local gives a value built fresh (`fresh`), when nothing in its
/// method reads it afterwards.
fn unread_built_local<'c>(declaration: Node, code: &'c str) -> Option<&'c str> {
    let mut cursor = declaration.walk();
    let declarators: Vec<Node> = declaration.children_by_field_name("declarator", &mut cursor).collect();
    let [declarator] = declarators.as_slice() else { return None };
    let name = code.get(declarator.child_by_field_name("name")?.byte_range())?;
    if !fresh(declarator.child_by_field_name("value")?, code) {
        return None;
    }
    let body = super::inputs::enclosing_method(declaration)?;
    let mut identifiers = Vec::new();
    crate::java_model::descendants(body, &["identifier"], &mut identifiers);
    let read_after = identifiers
        .into_iter()
        .any(|n| n.start_byte() >= declarator.end_byte() && code.get(n.byte_range()) == Some(name));
    (!read_after).then_some(name)
}

/// A value created, or got from a class's static method, directly or through calls on such a
/// value (`Ipv4Range.from(a).to(b)`), never from a local's method (which may change the local).
fn fresh(value: Node, code: &str) -> bool {
    match value.kind() {
        "object_creation_expression" => true,
        "method_invocation" => match value.child_by_field_name("object") {
            None => true,
            Some(object) => match object.kind() {
                "identifier" | "field_access" | "scoped_identifier" => {
                    let text = code.get(object.byte_range()).unwrap_or_default();
                    text.rsplit('.').next().is_some_and(|last| last.starts_with(|c: char| c.is_ascii_uppercase()))
                }
                _ => fresh(object, code),
            },
        },
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Qwen2.5-Coder-1.5B's reply for commons-ip-math's `Ipv4Range#parseCidr(String)` ~
    // `parse(String)` (unseen-44), after MR-Coupler's repairs.
    const REPLY: &str = r#"class Ipv4Range_parseCidr_MTC2Test {
    @Test
    void mr1() throws Exception {
        com.github.jgonian.ipmath.Ipv4Range.Ipv4RangeBuilder source = Ipv4Range.from("192.168.1.0/24");
        Ipv4Range sourceOutput = Ipv4Range.parseCidr("192.168.1.0/24");
        Ipv4Range followUpInput = sourceOutput;
        Ipv4Range followUpOutput = Ipv4Range.parse("192.168.1.0/24");
        assertEquals(followUpOutput, followUpInput);
    }
}
"#;

    #[test]
    fn an_unread_value_built_from_a_class_is_dropped_where_it_threw() {
        let (fixed, names) = drop_unread_locals(REPLY, &[4]).expect("line 4 declares an unread source");
        assert_eq!(names, ["source"]);
        assert!(!fixed.contains("Ipv4Range.from("), "{fixed}");
        assert!(fixed.contains("        Ipv4Range sourceOutput = Ipv4Range.parseCidr"), "the rest stays: {fixed}");
        assert_eq!(fixed.lines().count(), REPLY.lines().count() - 1);
    }

    #[test]
    fn a_local_read_later_or_from_another_local_stays() {
        assert!(drop_unread_locals(REPLY, &[5]).is_none(), "sourceOutput is read");
        let from_a_local = "class T {\n    void mr1() {\n        List<Integer> list = new ArrayList<>();\n        \
                            Integer gone = list.remove(0);\n        assertTrue(list.isEmpty());\n    }\n}\n";
        assert!(drop_unread_locals(from_a_local, &[4]).is_none(), "a call on a local may change it");
        assert!(drop_unread_locals(REPLY, &[9]).is_none(), "no declaration there");
    }
}
