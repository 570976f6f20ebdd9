//! An `assertEquals` of two arrays compares identity (`Object.equals`), so it fails for any two
//! arrays, however equal their elements (base62's `assertEquals(decode(encode(x)), x)` on `byte[]`,
//! unseen-22). JUnit says so in its message: both sides print as an array's `[B@hash`, JUnit 5
//! adding the elements (`[B@356164b4<[1, 2, 3, 4, 5]>`) when they print the same. The call becomes
//! `assertArrayEquals`, which JUnit 4 and 5 both declare with the same argument order (a message
//! first in 4, last in 5, as their `assertEquals`), and the test runs again: no LLM round is spent,
//! and the relation the LLM meant, equal elements, is what runs.

/// Whether a failed equality's message shows two arrays compared by identity: both sides an
/// array's `Object.toString` (`[B@1b2c`, `[Ljava.lang.String;@3d4e`), with the same elements where
/// JUnit 5 prints them. Arrays whose elements differ fail `assertArrayEquals` too: not this.
pub fn array_identity_failure(message: &str) -> bool {
    let Some((expected, actual)) = super::expected_actual(message) else { return false };
    match (array_side(&expected), array_side(&actual)) {
        (Some((e_type, e_elements)), Some((a_type, a_elements))) => e_type == a_type && e_elements == a_elements,
        _ => false,
    }
}

/// An array's binary type name and the elements JUnit 5 printed after it (empty when it printed
/// none, as JUnit 4 does); None when `side` is no array's `Object.toString`.
fn array_side(side: &str) -> Option<(&str, &str)> {
    let side = side.trim();
    let (type_name, rest) = side.split_once('@')?;
    let (hash, elements) = match rest.split_once('<') {
        Some((hash, elements)) => (hash, elements.strip_suffix('>')?),
        None => (rest, ""),
    };
    let element_type = type_name.trim_start_matches('[');
    let depth = type_name.len() - element_type.len();
    let primitive = matches!(element_type, "B" | "C" | "D" | "F" | "I" | "J" | "S" | "Z");
    let reference = element_type.starts_with('L') && element_type.ends_with(';');
    let hex = super::identity::is_identity_hash(hash);
    (depth > 0 && (primitive || reference) && hex).then_some((type_name, elements))
}

/// `code` with the `assertEquals` on 1-based `line` (two arguments, or three with a message)
/// calling `assertArrayEquals` instead. None when no such call stands on that line. The lines stay
/// where they were: the import it may need comes after every rewrite ([`import_array_equals`]).
pub fn compare_elements(code: &str, line: usize) -> Option<String> {
    let tree = crate::java_model::parser().parse(code, None)?;
    let call = super::identity::assert_equals_on_line(tree.root_node(), code, line, 2..=3)?;
    let name = call.child_by_field_name("name")?;
    Some(super::catalogue::edited(code, &[((name.start_byte(), name.end_byte()), "assertArrayEquals".to_string())]))
}

/// `code` with `import static <Assertions>.assertArrayEquals;` beside its static import of
/// `assertEquals` when it imports that by name and neither `assertArrayEquals` nor the whole class
/// (a call qualified with the class needs none: nothing is added then either).
pub fn import_array_equals(code: &str) -> String {
    for class in ["org.junit.jupiter.api.Assertions", "org.junit.Assert"] {
        let single = format!("import static {class}.assertEquals;");
        let Some(at) = code.find(&single) else { continue };
        let covered = [format!("import static {class}.*;"), format!("import static {class}.assertArrayEquals;")];
        if covered.iter().any(|c| code.contains(c.as_str())) {
            break;
        }
        let at = at + single.len();
        return format!("{}\nimport static {class}.assertArrayEquals;{}", &code[..at], &code[at..]);
    }
    code.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_arrays_printed_at_a_hash_with_the_same_elements_are_an_identity_failure() {
        let junit5 = "decode should return the input ==> expected: [B@356164b4<[1, 2, 3, 4, 5]> but was: \
                      [B@59116d6<[1, 2, 3, 4, 5]>";
        assert!(array_identity_failure(junit5));
        assert!(array_identity_failure("expected:<[B@356164b4> but was:<[B@59116d6>"), "JUnit 4");
        let strings = "expected: [Ljava.lang.String;@1a<[a]> but was: [Ljava.lang.String;@2b<[a]>";
        assert!(array_identity_failure(strings));
        assert!(array_identity_failure("expected: [[I@1a<[[1]]> but was: [[I@2b<[[1]]>"), "two dimensions");
        // negatives: other elements (assertArrayEquals fails too), two types, no array, no hash
        assert!(!array_identity_failure("expected: <[71, 77, 90]> but was: <[1, 2, 3]>"));
        assert!(!array_identity_failure("expected: [B@1a<[1]> but was: [B@2b<[2]>"));
        assert!(!array_identity_failure("expected: [B@1a<[1]> but was: [I@2b<[1]>"));
        assert!(!array_identity_failure("expected: <p.C@1b2c> but was: <p.C@3d4e>"));
        assert!(!array_identity_failure("expected: <[x@y.org]> but was: <[z@y.org]>"));
    }

    const TEST: &str = "package p;\n\nimport org.junit.jupiter.api.Test;\nimport static \
                        org.junit.jupiter.api.Assertions.assertEquals;\n\nclass T {\n    @Test\n    void mr1() {\n        \
                        byte[] out = b.decode(b.encode(in));\n        assertEquals(out, in, \"round trip\");\n    }\n}\n";

    #[test]
    fn the_call_compares_elements_and_is_imported_beside_assert_equals() {
        let out = compare_elements(TEST, 10).expect("the call on line 10");
        assert!(out.contains("        assertArrayEquals(out, in, \"round trip\");"), "{out}");
        assert_eq!(out.lines().count(), TEST.lines().count(), "no line moves");
        let out = import_array_equals(&out);
        assert!(
            out.contains(
                "import static org.junit.jupiter.api.Assertions.assertEquals;\nimport static \
                 org.junit.jupiter.api.Assertions.assertArrayEquals;\n"
            ),
            "{out}"
        );
        assert_eq!(import_array_equals(&out), out, "imported once");
        let star = TEST.replace("Assertions.assertEquals;", "Assertions.*;");
        let out = import_array_equals(&compare_elements(&star, 10).expect("the call"));
        assert!(!out.contains("Assertions.assertArrayEquals;"), "the whole class is imported: {out}");
        let qualified = TEST
            .replace("assertEquals(out, in, \"round trip\")", "Assert.assertEquals(\"round trip\", out, in)")
            .replace("import static org.junit.jupiter.api.Assertions.assertEquals;", "import org.junit.Assert;");
        let out = import_array_equals(&compare_elements(&qualified, 10).expect("a qualified call, a message first"));
        assert!(out.contains("Assert.assertArrayEquals(\"round trip\", out, in)"), "{out}");
        assert!(!out.contains("assertArrayEquals;"), "{out}");
        assert_eq!(compare_elements(TEST, 9), None, "no assertEquals on that line");
    }

    #[test]
    fn the_real_reply_compares_decode_of_encode_by_its_bytes() {
        // Qwen2.5-Coder-1.5B's refinement for base62's isBase62Encoding ~ encode (unseen-22): its
        // `assertEquals(decode(encode(x)), x)` on byte[] failed with the same bytes on both sides.
        let reply = include_str!("../../tests/fixtures/replies/qwen-base62-isbase62encoding.java");
        let message = "decode should return the same input for a valid base62 encoded string ==> expected: \
                       [B@356164b4<[1, 2, 3, 4, 5]> but was: [B@59116d6<[1, 2, 3, 4, 5]>";
        assert!(array_identity_failure(message));
        let out = import_array_equals(&compare_elements(reply, 37).expect("mr2's assertion"));
        assert!(out.contains("        assertArrayEquals(followUpOutput, sourceInput, \"decode should"), "{out}");
        assert_eq!(out.matches("assertEquals(followUpOutput").count(), 1, "mr1's stays: {out}");
        assert!(!out.contains("import static org.junit.jupiter.api.Assertions.assertArrayEquals"), "a star import");
    }
}
