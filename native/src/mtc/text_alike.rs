//! An `assertEquals` of a `String` and an object of another class fails however alike they
//! print: `String.equals` takes only a `String`. An LLM writes it where a relation states that two
//! texts agree (sulky's ULID, unseen-32: `assertEquals(fromBytes(data).toString(),
//! parseULID(text))`, a `String` against a `ULID.Value` printing the same 26 letters, failed for
//! every input and the relation was judged wrong). A boxed number against another box (`Integer`
//! `1` against `Long` `1`) fails so too. JUnit says so in its message: where both sides print the
//! same text, it names their classes (`expected: java.lang.String@1b2c<01M9..> but was:
//! p.ULID$Value@3d4e<01M9..>`, JUnit 4 without the hash). The assertion is rewritten to compare
//! the two texts (`String.valueOf` of each side) and the test runs again: no LLM round is spent,
//! and the relation the LLM meant, equal texts, is what runs. Two objects of one project class
//! are left to `identity`: their class's `equals` says what equal means.

use super::JUnit;

/// The two classes of a failed equality whose sides print the same text and whose `equals` can
/// never agree for that reason alone: one side a `String`, or both boxed numbers or characters,
/// of different classes. None for any other message.
pub fn text_alike_failure(message: &str) -> Option<(String, String)> {
    let (expected, actual) = super::expected_actual(message)?;
    let (e, a) = (super::identity::printed_object(&expected)?, super::identity::printed_object(&actual)?);
    let ((e_class, e_text), (a_class, a_text)) = ((e.class, e.text?), (a.class, a.text?));
    let boxed = |c: &str| {
        let simple = c.strip_prefix("java.lang.").unwrap_or_default();
        matches!(simple, "Integer" | "Long" | "Short" | "Byte" | "Double" | "Float" | "Character")
    };
    let text = e_class == "java.lang.String" || a_class == "java.lang.String";
    let unequal_classes = e_class != a_class && (text || (boxed(e_class) && boxed(a_class)));
    (e_text == a_text && unequal_classes).then(|| (e_class.to_string(), a_class.to_string()))
}

/// `code` with the `assertEquals` on 1-based `line` (two arguments, or three with a message)
/// comparing `String.valueOf` of the two values, and with it each assertion written alike (the
/// same text) in a method `same_relation` accepts: the relation's copies on other inputs compare
/// the same two values, and compared as objects they can never be equal (Clifton Labs'
/// json-simple, unseen-35: `{}` printed alike as a `String` and as a `JsonObject`; its copies on
/// `{"a":1}` kept comparing a `String` with a `JsonObject` and were reported as a bug). None when
/// no such call stands on that line. JUnit 4 takes the message first, 5 last.
pub fn compare_texts(code: &str, line: usize, junit: JUnit, same_relation: &dyn Fn(&str) -> bool) -> Option<String> {
    let tree = crate::java_model::parser().parse(code, None)?;
    let failed = super::identity::assert_equals_on_line(tree.root_node(), code, line, 2..=3)?;
    let written = code.get(failed.byte_range())?;
    let mut calls = Vec::new();
    crate::java_model::descendants(tree.root_node(), &["method_invocation"], &mut calls);
    let alike = calls.into_iter().filter(|call| {
        let in_relation = super::inputs::enclosing_method(*call)
            .and_then(|m| m.child_by_field_name("name"))
            .and_then(|n| code.get(n.byte_range()))
            .is_some_and(same_relation);
        call.id() == failed.id() || (code.get(call.byte_range()) == Some(written) && in_relation)
    });
    let mut edits: Vec<((usize, usize), String)> = Vec::new();
    for call in alike {
        let Some(arguments) = call.child_by_field_name("arguments") else { continue };
        let Some((expected, actual)) = super::assertion::compared_arguments(arguments, Some(junit)) else { continue };
        edits.extend(
            [expected, actual]
                .iter()
                .map(|a| ((a.start_byte(), a.end_byte()), format!("String.valueOf({})", &code[a.byte_range()]))),
        );
    }
    Some(super::catalogue::edited(code, &edits))
}

/// Whether the `assertEquals` on 1-based `line` compares two printed forms (`String.valueOf` of each
/// side, as `compare_texts` writes it). Such an equality failing says the two values print
/// differently: a JSON text against the `toString` of the map a parser made of it (Clifton Labs'
/// json-simple, unseen-35: `{"a":1}` against `{a=1}`) differs in format, which is no bug.
pub fn compares_printed_forms(code: &str, line: usize) -> bool {
    let Some(tree) = crate::java_model::parser().parse(code, None) else { return false };
    let Some(call) = super::identity::assert_equals_on_line(tree.root_node(), code, line, 2..=3) else {
        return false;
    };
    let Some(arguments) = call.child_by_field_name("arguments") else { return false };
    let printed = |a: &tree_sitter::Node| code.get(a.byte_range()).is_some_and(|t| t.starts_with("String.valueOf("));
    let count = arguments.named_children(&mut arguments.walk()).filter(printed).count();
    count == 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_string_and_an_object_printing_alike_are_compared_by_text() {
        let junit5 = "expected: java.lang.String@6327c805<00041061050R3GG28A1C60T3GF> but was: \
                      de.huxhorn.sulky.ulid.ULID$Value@dc6edd<00041061050R3GG28A1C60T3GF>";
        let classes = text_alike_failure(junit5).expect("a String against a ULID.Value");
        assert_eq!(classes, ("java.lang.String".into(), "de.huxhorn.sulky.ulid.ULID$Value".into()));
        let junit4 = "expected: java.lang.Integer<1> but was: java.lang.Long<1>";
        assert!(text_alike_failure(junit4).is_some(), "two boxes, JUnit 4's wording");
    }

    #[test]
    fn other_failures_are_not_texts_alike() {
        assert!(text_alike_failure("expected: <abc> but was: <abd>").is_none(), "different texts");
        let two_values = "expected: p.Value@1b2c<x> but was: p.Value@3d4e<x>";
        assert!(text_alike_failure(two_values).is_none(), "one project class: its equals decides");
        let two_classes = "expected: p.Value@1b2c<x> but was: p.Other@3d4e<x>";
        assert!(text_alike_failure(two_classes).is_none(), "neither is a text nor a box");
        let differ = "expected: java.lang.String@1b2c<x> but was: p.Value@3d4e<y>";
        assert!(text_alike_failure(differ).is_none());
        let not_a_hash = "expected: java.lang.String@zz<x> but was: p.Value@3d4e<x>";
        assert!(text_alike_failure(not_a_hash).is_none());
    }

    #[test]
    fn the_compared_arguments_are_wrapped_and_a_message_is_left() {
        let code = "import static org.junit.jupiter.api.Assertions.*;\nclass T {\n  void mr1() {\n    \
                    assertEquals(a.toString(), parse(s), \"same text\");\n  }\n}\n";
        let rewritten = compare_texts(code, 4, JUnit::Five, &|_| true).expect("the call on line 4");
        assert!(
            rewritten.contains("assertEquals(String.valueOf(a.toString()), String.valueOf(parse(s)), \"same text\");")
        );
        assert!(compare_texts(code, 3, JUnit::Five, &|_| true).is_none(), "no assertion on that line");
        let junit4 = "import static org.junit.Assert.*;\nclass T {\n  void mr1() {\n    \
                      assertEquals(\"same text\", a, b);\n  }\n}\n";
        let rewritten = compare_texts(junit4, 4, JUnit::Four, &|_| true).expect("JUnit 4's call");
        assert!(rewritten.contains("assertEquals(\"same text\", String.valueOf(a), String.valueOf(b));"));
        assert!(compares_printed_forms(&rewritten, 4), "what compare_texts wrote compares printed forms");
        assert!(!compares_printed_forms(junit4, 4), "an equality of the values themselves");
        let one_side = junit4.replace("a, b", "String.valueOf(a), b");
        assert!(!compares_printed_forms(&one_side, 4), "a text against a value");
    }

    #[test]
    fn the_relation_s_copies_written_alike_are_compared_by_text_too() {
        // Clifton Labs' json-simple (unseen-35): the copy on `{}` printed alike; those on other
        // inputs compare the same String and JsonObject.
        let code =
            "class T {\n  void mr1_catalogue3() {\n    String s = \"{}\";\n    assertEquals(s, parse(s));\n  }\n  \
                    void mr1_catalogue1() {\n    String s = \"[1]\";\n    assertEquals(s, parse(s));\n  }\n  \
                    void mr2() {\n    String s = \"x\";\n    assertEquals(s, parse(s));\n  }\n}\n";
        let same_relation = |m: &str| m.starts_with("mr1");
        let rewritten = compare_texts(code, 4, JUnit::Five, &same_relation).expect("the call on line 4");
        assert_eq!(
            rewritten.matches("assertEquals(String.valueOf(s), String.valueOf(parse(s)));").count(),
            2,
            "{rewritten}"
        );
        assert!(
            rewritten.contains("void mr2() {\n    String s = \"x\";\n    assertEquals(s, parse(s));"),
            "another relation"
        );
    }
}
