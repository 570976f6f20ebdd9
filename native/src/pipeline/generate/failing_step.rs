//! What an MTC method was doing when it threw, read from the test method's own frame (the worker
//! always sends it): building a source input (`Fraction a = Fraction.getFraction("x");`), calling
//! the class on an output the class produced (`decode(sourceOutput)`: the follow-up input is the
//! class's own work, not the test's), or anything else. Triage needs it to tell an input the test
//! made up from an output the class cannot read back.

/// The statement of the test method where an exception left it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A local declared from literals, constants and calls alone: a source input being built.
    BuildsInput,
    /// A statement passing `sourceOutput`, the source call's output, alone to the class again.
    ConsumesOutput,
    Other,
}

/// The step at which the test class `test_class` (qualified) failed, from `frames` (innermost
/// first) and its source `code`.
pub fn failing_step(code: &str, test_class: &str, frames: &[String]) -> Step {
    let Some(line) = frames.iter().find_map(|f| test_line(f, test_class)) else { return Step::Other };
    let lines: Vec<&str> = code.lines().collect();
    let Some(statement) = line.checked_sub(1).and_then(|i| lines.get(i)) else { return Step::Other };
    let (declared, value) = match statement.split_once(" = ") {
        Some((left, right)) if !left.contains('(') => (left.split_whitespace().last(), right),
        _ => (None, *statement),
    };
    // Its own output alone: with more arguments (`decodeHex(sourceOutput, out, 0)`, an output
    // buffer the test sized) what the class rejects may be the test's part.
    if value.contains("(sourceOutput)") {
        return Step::ConsumesOutput;
    }
    let earlier = locals_before(&lines, line - 1);
    match declared {
        Some(_) if !earlier.iter().any(|l| mentions(value, l)) => Step::BuildsInput,
        _ => Step::Other,
    }
}

/// The line of a frame of the test class: `com.acme.Foo_MTC1Test.mr1(Foo_MTC1Test.java:31)`.
pub(super) fn test_line(frame: &str, test_class: &str) -> Option<usize> {
    let (method, place) = frame.split_once('(')?;
    let class = method.rsplit_once('.').map_or(method, |(c, _)| c);
    if class.split('$').next() != Some(test_class) {
        return None;
    }
    place.trim_end_matches(')').rsplit_once(':')?.1.parse().ok()
}

/// Names of the locals declared in the method above line index `at` (back to its header).
fn locals_before(lines: &[&str], at: usize) -> Vec<String> {
    let mut names = Vec::new();
    for l in lines[..at.min(lines.len())].iter().rev() {
        if l.contains(" void ") || l.trim_start().starts_with("void ") {
            break;
        }
        if let Some((left, _)) = l.split_once(" = ").filter(|(left, _)| !left.contains('(')) {
            names.extend(left.split_whitespace().last().map(String::from));
        }
    }
    names
}

/// Whether `text` names `word` as a whole identifier, outside string and char literals
/// (`new MutableInt("a")` does not use a local `a`).
fn mentions(text: &str, word: &str) -> bool {
    crate::java_model::code_outside_literals(text)
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .any(|w| w == word)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CODE: &str = r#"class T {
    @Test
    void mr1_roundTrip_input1() throws Exception {
        byte[] data = new byte[] {1, 2};
        String data2 = new String("data" + '"' + "\" data");
        boolean lower = true;
        char[] sourceOutput = Hex.encodeHex(data, lower);
        byte[] followUpOutput = Hex.decodeHex(sourceOutput);
        assertArrayEquals(data, followUpOutput);
    }
}"#;

    fn at(line: usize) -> Vec<String> {
        vec!["com.acme.Hex.toDigit(Hex.java:9)".into(), format!("com.acme.T.mr1_roundTrip_input1(T.java:{line})")]
    }

    #[test]
    fn an_exception_while_building_a_source_input() {
        assert_eq!(failing_step(CODE, "com.acme.T", &at(4)), Step::BuildsInput);
        assert_eq!(failing_step(CODE, "com.acme.T", &at(5)), Step::BuildsInput, "a literal names no local");
    }

    #[test]
    fn an_exception_of_the_class_reading_its_own_output() {
        assert_eq!(failing_step(CODE, "com.acme.T", &at(8)), Step::ConsumesOutput);
        let with_buffer = CODE.replace("decodeHex(sourceOutput)", "decodeHex(sourceOutput, new byte[0], 0)");
        assert_eq!(failing_step(&with_buffer, "com.acme.T", &at(8)), Step::Other, "the buffer is the test's");
    }

    #[test]
    fn a_call_on_the_inputs_is_neither() {
        assert_eq!(failing_step(CODE, "com.acme.T", &at(7)), Step::Other);
        assert_eq!(failing_step(CODE, "com.acme.T", &at(9)), Step::Other);
    }

    #[test]
    fn without_the_test_frame_nothing_is_known() {
        assert_eq!(failing_step(CODE, "com.acme.T", &at(8)[..1]), Step::Other);
        assert_eq!(failing_step(CODE, "com.acme.Other", &at(8)), Step::Other);
        assert_eq!(failing_step(CODE, "com.acme.T", &at(99)), Step::Other);
    }
}
