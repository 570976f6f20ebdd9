//! An index the test passes beyond the object it indexes: amplification varies an MTC's literals,
//! an index among them, and a class that indexes an array with its argument throws where the
//! index runs past the end. FastCSV's `CsvRecord.getField(int)` (unseen-43): the model's new inputs
//! `getField(3)` and `getField(4)` on a record of three fields threw
//! `ArrayIndexOutOfBoundsException: Index 3 out of bounds for length 3`, and the relation, holding
//! on the inputs within range, was reported as a suspected bug. The JDK names the index in its
//! message; where the failing statement of the test passes that very number, the input was out
//! of the method's range, not a bug. An index the class computed itself (its own off-by-one) is
//! not one the test wrote, and is left to the rest of the triage.

use super::failing_step::test_line;
use crate::java_model::code_outside_literals;

/// Why the failure is an index out of range that the test passed itself, for the report; None
/// when the exception is no index out of bounds, its message names no index, or the test's
/// failing statement (found by `frames` in `code`, of test class `test_class`) passes no int
/// literal of that value.
pub(super) fn passed_index_out_of_range(
    code: &str,
    test_class: &str,
    frames: &[String],
    exception_type: Option<&str>,
    message: &str,
) -> Option<String> {
    let simple = exception_type?.rsplit('.').next()?;
    if !simple.ends_with("IndexOutOfBoundsException") {
        return None;
    }
    let index = named_index(message)?;
    let line = frames.iter().find_map(|f| test_line(f, test_class))?;
    let statement = code.lines().nth(line.checked_sub(1)?)?.trim();
    passes_int_literal(statement, index).then(|| {
        format!(
            "{simple} at index {index}, a number the test passes itself (`{statement}`): an input outside the \
             method's range, not a wrong result"
        )
    })
}

/// The index a JDK bounds message names: `Index 3 out of bounds for length 3` (arrays, lists,
/// `Objects.checkIndex`), `index 5, length 3` and `String index out of range: 5` (strings), `begin
/// 2, end 9, length 4` (the end past the length).
fn named_index(message: &str) -> Option<i64> {
    let lower = message.to_ascii_lowercase();
    let after = |word: &str| {
        let at = lower.find(word)? + word.len();
        let digits: String = lower[at..].trim_start().chars().take_while(|c| *c == '-' || c.is_ascii_digit()).collect();
        digits.parse::<i64>().ok()
    };
    if lower.contains("begin ") && lower.contains(", end ") {
        return after(", end ");
    }
    after("index out of range:").or_else(|| after("index"))
}

/// Whether `statement` has an int literal `value` as a whole token outside string and char
/// literals (`getField(3)`, `get(-1)`; not `"a3"` or `x3`).
fn passes_int_literal(statement: &str, value: i64) -> bool {
    let code = code_outside_literals(statement);
    let tokens = code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '-'));
    let token_value = |t: &str| t.trim_end_matches(['L', 'l']).parse::<i64>().ok();
    tokens
        .filter(|t| t.chars().next().is_some_and(|c| c.is_ascii_digit() || c == '-'))
        .any(|t| token_value(t) == Some(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEST: &str = "p.CsvRecord_getField_MTC2Test";
    const CODE: &str = "class CsvRecord_getField_MTC2Test {\n  void mr1_input4() {\n    \
        CsvRecord record = new CsvRecord(0L, new String[]{\"field1\", \"field2\", \"field3\"}, true);\n    \
        String field = record.getField(3);\n  }\n}\n";

    fn frames(line: usize) -> Vec<String> {
        vec![
            "p.CsvRecord.getField(CsvRecord.java:60)".into(),
            format!("p.CsvRecord_getField_MTC2Test.mr1_input4(CsvRecord_getField_MTC2Test.java:{line})"),
        ]
    }

    #[test]
    fn an_index_the_failing_statement_passes_is_an_input_out_of_range() {
        let aioobe = Some("java.lang.ArrayIndexOutOfBoundsException");
        let why = passed_index_out_of_range(CODE, TEST, &frames(4), aioobe, "Index 3 out of bounds for length 3");
        let why = why.expect("getField(3) on three fields");
        assert!(why.contains("`String field = record.getField(3);`"), "{why}");
        let computed = passed_index_out_of_range(CODE, TEST, &frames(4), aioobe, "Index 7 out of bounds for length 3");
        assert!(computed.is_none(), "an index the class computed");
        let other = passed_index_out_of_range(CODE, TEST, &frames(4), Some("java.lang.IllegalStateException"), "3");
        assert!(other.is_none(), "no bounds exception");
        let elsewhere = passed_index_out_of_range(CODE, TEST, &frames(3), aioobe, "Index 3 out of bounds for length 3");
        assert!(elsewhere.is_none(), "the statement that failed passes no 3");
    }

    #[test]
    fn the_jdk_s_bounds_messages_name_their_index() {
        assert_eq!(named_index("Index 3 out of bounds for length 3"), Some(3));
        assert_eq!(named_index("index 5, length 3"), Some(5));
        assert_eq!(named_index("String index out of range: -1"), Some(-1));
        assert_eq!(named_index("begin 2, end 9, length 4"), Some(9));
        assert_eq!(named_index("out of bounds"), None);
    }

    #[test]
    fn only_whole_int_literals_outside_strings_count() {
        assert!(passes_int_literal("s.get(3);", 3));
        assert!(passes_int_literal("s.get(-1);", -1));
        assert!(passes_int_literal("s.skip(3L);", 3));
        assert!(!passes_int_literal("s.get(\"a3\");", 3));
        assert!(!passes_int_literal("s.get(x3, '3');", 3));
        assert!(!passes_int_literal("s.get(13);", 3));
    }
}
