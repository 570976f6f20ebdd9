//! An `assertEquals` of a `String` local against a local of another declared type can never hold:
//! `String.equals` takes only a `String`, and a class's `equals` taking a `String` is no relation
//! an MTC states. A small model writes it when it mixes up the stages of a round trip
//! (protobuf-java, unseen-43: `ByteString sourceInput`, `String sourceOutput =
//! escapeBytes(sourceInput)`, `ByteString followUpInput = unescapeBytes(sourceOutput)`, `String
//! followUpOutput = escapeBytes(followUpInput)`, then `assertEquals(sourceInput, followUpOutput)`:
//! failed for every input, and asked once to correct it the model wrote it again). The stage it
//! meant is the local of the expected side's type declared after it, `followUpInput` (the round
//! trip back to the source input), else the local of the actual side's type declared before it,
//! `sourceOutput` in the expected's place. `text_alike` covers the sides printing alike at run
//! time; this covers sides whose declared types say they differ, however they print.

use super::JUnit;
use tree_sitter::Node;

/// A byte range of the code and the text replacing it (`catalogue::edited`).
type Edit = ((usize, usize), String);

/// A local of a test method: its name, its declared type as written, where its declaration starts.
struct Local {
    name: String,
    type_name: String,
    at: usize,
}

/// `code` with the failed `assertEquals` on 1-based `line`, and each written alike in a method
/// `same_relation` accepts, comparing the stages of one type, and what was compared instead
/// (`sourceInput with followUpInput`); None when its two compared sides are not a `String` local
/// and a local of another known type, or no local of either type stands in. JUnit 4 takes the
/// message first, 5 last.
pub fn compare_same_stages(
    code: &str,
    line: usize,
    junit: JUnit,
    same_relation: &dyn Fn(&str) -> bool,
) -> Option<(String, String)> {
    let tree = crate::java_model::parser().parse(code, None)?;
    let failed = super::identity::assert_equals_on_line(tree.root_node(), code, line, 2..=3)?;
    let (edit, description) = restaged(failed, code, junit)?;
    let written = code.get(failed.byte_range())?;
    let mut calls = Vec::new();
    crate::java_model::descendants(tree.root_node(), &["method_invocation"], &mut calls);
    let in_relation = |call: &Node| {
        let method = super::inputs::enclosing_method(*call).and_then(|m| m.child_by_field_name("name"));
        method.and_then(|n| code.get(n.byte_range())).is_some_and(same_relation)
    };
    let alike = calls
        .into_iter()
        .filter(|call| call.id() != failed.id())
        .filter(|call| code.get(call.byte_range()) == Some(written) && in_relation(call));
    let edits: Vec<_> =
        std::iter::once(edit).chain(alike.filter_map(|call| restaged(call, code, junit).map(|(e, _)| e))).collect();
    Some((super::catalogue::edited(code, &edits), description))
}

/// The edit making `call` compare two stages of one type, and what it compares then.
fn restaged(call: Node, code: &str, junit: JUnit) -> Option<(Edit, String)> {
    let arguments = call.child_by_field_name("arguments")?;
    let (expected, actual) = super::assertion::compared_arguments(arguments, Some(junit))?;
    let body = super::inputs::enclosing_method(call)?.child_by_field_name("body")?;
    let locals = locals_before(body, code, call.start_byte());
    let local_of = |side: Node| {
        let name = code.get(side.byte_range()).filter(|_| side.kind() == "identifier")?;
        locals.iter().rev().find(|l| l.name == name)
    };
    let (e, a) = (local_of(expected)?, local_of(actual)?);
    if !never_equal(&e.type_name, &a.type_name) {
        return None;
    }
    // The round trip back to the expected's type, else the actual's type one stage earlier.
    let later = locals.iter().rev().find(|l| l.type_name == e.type_name && l.at > e.at && l.name != a.name);
    if let Some(stage) = later {
        return Some((
            ((actual.start_byte(), actual.end_byte()), stage.name.clone()),
            format!("{} with {}", e.name, stage.name),
        ));
    }
    let earlier = locals.iter().rev().find(|l| l.type_name == a.type_name && l.at < a.at && l.name != e.name)?;
    let edit = ((expected.start_byte(), expected.end_byte()), earlier.name.clone());
    Some((edit, format!("{} with {}", earlier.name, a.name)))
}

/// The locals `body` declares before byte `end`, in order.
fn locals_before(body: Node, code: &str, end: usize) -> Vec<Local> {
    let mut declarations = Vec::new();
    super::inputs::collect(body, "local_variable_declaration", &mut declarations);
    let declared = declarations.into_iter().filter(|d| d.start_byte() < end);
    declared
        .filter_map(|d| {
            let type_name = code.get(d.child_by_field_name("type")?.byte_range())?.to_string();
            let name = d.child_by_field_name("declarator")?.child_by_field_name("name")?;
            Some(Local { name: code.get(name.byte_range())?.to_string(), type_name, at: d.start_byte() })
        })
        .collect()
}

/// Whether values declared of these two types can never be equal: one is `String`, the other a
/// type written out that no `String` is (not a supertype of it, `var` or a type variable).
fn never_equal(expected: &str, actual: &str) -> bool {
    let string = |t: &str| matches!(t, "String" | "java.lang.String");
    let known_other = |t: &str| {
        let open = matches!(t, "var" | "Object" | "CharSequence" | "Comparable" | "Serializable" | "java.lang.Object")
            || t.starts_with("Comparable<")
            || (t.len() == 1 && t.chars().all(|c| c.is_ascii_uppercase()));
        !open && !string(t)
    };
    (string(expected) && known_other(actual)) || (known_other(expected) && string(actual))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// protobuf-java's reply (unseen-43), its relation's copy on another input beside it.
    const ROUND_TRIP: &str = "class T {\n  void mr1_input1() {\n    \
        ByteString sourceInput = ByteString.copyFromUtf8(\"Hello, World!\");\n    \
        String sourceOutput = TextFormat.escapeBytes(sourceInput);\n    \
        ByteString followUpInput = TextFormat.unescapeBytes(sourceOutput);\n    \
        String followUpOutput = TextFormat.escapeBytes(followUpInput);\n    \
        assertEquals(sourceInput, followUpOutput, \"same\");\n  }\n  \
        void mr1_input1_catalogue1() {\n    \
        ByteString sourceInput = ByteString.EMPTY;\n    \
        String sourceOutput = TextFormat.escapeBytes(sourceInput);\n    \
        ByteString followUpInput = TextFormat.unescapeBytes(sourceOutput);\n    \
        String followUpOutput = TextFormat.escapeBytes(followUpInput);\n    \
        assertEquals(sourceInput, followUpOutput, \"same\");\n  }\n}\n";

    #[test]
    fn a_round_trip_compares_the_source_input_with_the_stage_of_its_type() {
        let (rewritten, compared) =
            compare_same_stages(ROUND_TRIP, 7, JUnit::Five, &|m| m.starts_with("mr1")).expect("line 7's assertion");
        assert_eq!(compared, "sourceInput with followUpInput");
        assert_eq!(rewritten.matches("assertEquals(sourceInput, followUpInput, \"same\");").count(), 2, "{rewritten}");
        let other_relation = compare_same_stages(ROUND_TRIP, 7, JUnit::Five, &|m| m == "mr1_input1").expect("line 7");
        assert_eq!(
            other_relation.0.matches("followUpOutput, \"same\")").count(),
            1,
            "the copy of another relation is left"
        );
    }

    #[test]
    fn without_a_later_stage_of_the_expected_s_type_the_actual_s_earlier_one_stands_in() {
        let code = "class T {\n  void mr1() {\n    ByteString x = ByteString.EMPTY;\n    String s = f(x);\n    \
                    String t = g(s);\n    assertEquals(x, t);\n  }\n}\n";
        let (rewritten, compared) = compare_same_stages(code, 6, JUnit::Five, &|_| true).expect("line 6");
        assert!(rewritten.contains("assertEquals(s, t);"), "{rewritten}");
        assert_eq!(compared, "s with t");
    }

    #[test]
    fn sides_that_may_be_equal_are_left() {
        let same =
            ROUND_TRIP.replace("assertEquals(sourceInput, followUpOutput", "assertEquals(sourceOutput, followUpOutput");
        assert!(compare_same_stages(&same, 7, JUnit::Five, &|_| true).is_none(), "two Strings");
        let open = ROUND_TRIP.replace(
            "ByteString sourceInput = ByteString.copyFromUtf8",
            "Object sourceInput = ByteString.copyFromUtf8",
        );
        assert!(compare_same_stages(&open, 7, JUnit::Five, &|_| true).is_none(), "an Object may be a String");
        let call = ROUND_TRIP.replace(
            "assertEquals(sourceInput, followUpOutput",
            "assertEquals(sourceInput, TextFormat.escapeBytes(followUpInput)",
        );
        assert!(compare_same_stages(&call, 7, JUnit::Five, &|_| true).is_none(), "a call is no local");
        let junit4 = "class T {\n  void mr1() {\n    ByteString x = ByteString.EMPTY;\n    String s = f(x);\n    \
                      ByteString y = g(s);\n    assertEquals(\"same\", x, s);\n  }\n}\n";
        let (rewritten, _) = compare_same_stages(junit4, 6, JUnit::Four, &|_| true).expect("JUnit 4's call");
        assert!(rewritten.contains("assertEquals(\"same\", x, y);"), "{rewritten}");
    }
}
