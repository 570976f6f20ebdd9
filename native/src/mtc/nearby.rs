//! New inputs for an LLM-written relation whose source input the catalogue cannot swap
//! (`mtc::catalogue` needs a local declared with a literal, or an inline string): the numbers the
//! method writes inline (`new BitSet(10); source.set(5)`, `Complex.ofCartesian(1.0, 2.0)`), all
//! moved in each copy by one strictly increasing map of their magnitude, signs kept (n+1, 2n, n+7,
//! ...). Equal numbers stay equal and a smaller one stays smaller, so a relation between outputs
//! still applies to the copy; an integer stays an integer of its range. Whatever a small model
//! answers when asked for new inputs (mostly its first one again), these cost no request.
//!
//! What does not move: a tolerance (a magnitude below 0.01: `1e-9`), a loop's header, an array
//! index, where a slice starts (`0, a.length`). A method that asserts a number of its own is left alone: that number is an expected value
//! worked out by hand (`assertEquals(15, sum.getDays())`) and would not move with its inputs.

use super::assertion::is_assertion_call;
use super::catalogue::{insert_copies, replaced};
use super::inputs::{collect, find_method};
use tree_sitter::Node;

/// Suffix of the copies' names: `mr1_varied2` is the relation `mr1` with its numbers moved the
/// second way.
pub const SUFFIX: &str = "_varied";

/// Order-keeping maps of a magnitude m, as (scale, shift): m * scale + shift. Integral, so that
/// an integer stays one and a double exact in binary (1.0, 2.5) stays exact.
const MAPS: [(u32, u32); 10] = [(1, 1), (2, 0), (1, 7), (3, 2), (10, 3), (1, 100), (5, 1), (2, 11), (1, 1000), (4, 3)];

/// Below this magnitude a number is a tolerance, not an input.
const TOLERANCE: f64 = 0.01;

/// `code` with up to `count` copies of test method `method`, each with its numbers moved by the
/// next map, named `<method>_varied<k>`, and how many were added. None when the method has no
/// number to move or asserts one of its own.
pub fn with_varied_numbers(code: &str, method: &str, count: usize) -> Option<(String, usize)> {
    let tree = crate::java_model::parser().parse(code, None)?;
    let node = find_method(tree.root_node(), code, method)?;
    let text = code.get(node.byte_range())?;
    let numbers = movable_numbers(node.child_by_field_name("body")?, code)?;
    let ranges: Vec<(usize, usize)> =
        numbers.iter().map(|n| (n.start_byte() - node.start_byte(), n.end_byte() - node.start_byte())).collect();
    let mut copies: Vec<String> = Vec::new();
    for &map in &MAPS {
        if copies.len() == count {
            break;
        }
        let Some(moved) = moved_all(text, &ranges, map) else { continue };
        if moved != text && !copies.contains(&moved) {
            copies.push(moved);
        }
    }
    if copies.is_empty() {
        return None;
    }
    Some((insert_copies(code, method, text, &copies, &format!("{method}{SUFFIX}"), 1), copies.len()))
}

/// `text` with every number in `ranges` moved by `map`; None when one would leave its type's range.
fn moved_all(text: &str, ranges: &[(usize, usize)], map: (u32, u32)) -> Option<String> {
    if ranges.iter().any(|&(a, b)| moved(&text[a..b], map).is_none()) {
        return None;
    }
    Some(replaced(text, ranges, |number| moved(number, map).unwrap_or_else(|| number.to_string())))
}

/// The numbers of a method body that may move, in source order; None when an assertion holds
/// one that is no tolerance (an expected value) or there is none.
fn movable_numbers<'t>(body: Node<'t>, code: &str) -> Option<Vec<Node<'t>>> {
    let mut found = Vec::new();
    let mut cursor = body.walk();
    let statements: Vec<Node<'t>> = body.named_children(&mut cursor).collect();
    for statement in statements {
        let numbers = numbers_in(statement, code);
        if is_assertion(statement, code) {
            if numbers.iter().any(|n| !is_tolerance(n, code)) {
                return None;
            }
            continue;
        }
        found.extend(numbers.into_iter().filter(|n| !is_tolerance(n, code)));
    }
    (!found.is_empty()).then_some(found)
}

/// Decimal number literals under `node`, but those of a loop's header, an array index or the start
/// of a slice.
fn numbers_in<'t>(node: Node<'t>, code: &str) -> Vec<Node<'t>> {
    let mut out = Vec::new();
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        let children: Vec<Node> = match n.kind() {
            "decimal_integer_literal" | "decimal_floating_point_literal" => {
                out.push(n);
                continue;
            }
            "for_statement" => n.child_by_field_name("body").into_iter().collect(),
            "array_access" => n.child_by_field_name("array").into_iter().collect(),
            "argument_list" => without_slice_starts(n, code),
            _ => n.named_children(&mut n.walk()).collect(),
        };
        stack.extend(children);
    }
    out.sort_by_key(|n| n.start_byte());
    out
}

/// The arguments but a number followed by a length (`uncompress(c, 0, c.length)`,
/// `substring(0, s.length())`): the number is where a slice starts, a position in the data rather
/// than data, and moved it reads past the end (iq80's Snappy, unseen-40: every moved copy of a
/// round trip threw `CorruptionException`).
fn without_slice_starts<'t>(list: Node<'t>, code: &str) -> Vec<Node<'t>> {
    let arguments: Vec<Node> = list.named_children(&mut list.walk()).collect();
    let is_length = |n: &Node| {
        let named = |field: &str| n.child_by_field_name(field).and_then(|f| code.get(f.byte_range()));
        match n.kind() {
            "field_access" => named("field") == Some("length"),
            "method_invocation" => matches!(named("name"), Some("length" | "size")),
            _ => false,
        }
    };
    let slice_start =
        |i: usize| arguments[i].kind() == "decimal_integer_literal" && arguments.get(i + 1).is_some_and(is_length);
    (0..arguments.len()).filter(|&i| !slice_start(i)).map(|i| arguments[i]).collect()
}

/// Up to `count` copies of an input with numbers in its text (`"1.0.1"`, `"2026-11-28"`, `new
/// Semver("1.0.0")`), each with every run of digits inside its string literals moved by the next
/// map and as wide as before where it was zero-padded: the text keeps its shape, which a parser
/// asks for (another version, another date), where the catalogue's texts (`""`, `"a"`) are
/// rejected. Empty without digits in a string literal, or with an escape (the digits of `\u00e9`
/// are no number, and an escaped quote would hide where a literal ends).
pub fn varied_text(input: &str, count: usize) -> Vec<String> {
    // Split at the quotes, the odd parts are inside string literals.
    let parts: Vec<&str> = input.split('"').collect();
    let in_literals = parts.iter().skip(1).step_by(2);
    if input.contains('\\') || !in_literals.clone().any(|p| p.contains(|c: char| c.is_ascii_digit())) {
        return Vec::new();
    }
    let mut copies: Vec<String> = Vec::new();
    for &(scale, shift) in &MAPS {
        if copies.len() == count {
            break;
        }
        let map = |n: u64| n.checked_mul(scale.into())?.checked_add(shift.into());
        let moved: Option<Vec<String>> = parts
            .iter()
            .enumerate()
            .map(|(i, part)| if i % 2 == 1 { moved_runs(part, map) } else { Some(part.to_string()) })
            .collect();
        let Some(moved) = moved.map(|p| p.join("\"")) else { continue };
        if moved != input && !copies.contains(&moved) {
            copies.push(moved);
        }
    }
    copies
}

/// `text` with each run of ASCII digits replaced by `map` of its value, zero-padded to its width
/// where it began with a zero; None when a run does not fit a `u64` or the map overflows.
fn moved_runs(text: &str, map: impl Fn(u64) -> Option<u64>) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        out.push_str(&rest[..start]);
        let run = &rest[start..];
        let end = run.find(|c: char| !c.is_ascii_digit()).unwrap_or(run.len());
        let value = map(run[..end].parse().ok()?)?;
        let width = if run.starts_with('0') && end > 1 { end } else { 0 };
        out.push_str(&format!("{value:0width$}"));
        rest = &run[end..];
    }
    out.push_str(rest);
    Some(out)
}

/// Whether a test method is one of these copies: its name ends in `_varied<k>`.
pub fn is_varied_copy(method: &str) -> bool {
    method.rsplit_once(SUFFIX).is_some_and(|(_, k)| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()))
}

/// A statement that calls an assertion (`assertEquals`, `Assert.assertTrue`, `assertThat(..)`,
/// `fail`).
fn is_assertion(statement: Node, code: &str) -> bool {
    let mut calls = Vec::new();
    collect(statement, "method_invocation", &mut calls);
    calls.iter().any(|c| is_assertion_call(*c, code, 0))
}

fn is_tolerance(number: &Node, code: &str) -> bool {
    let text = code.get(number.byte_range()).unwrap_or("");
    parse(text).is_some_and(|(m, _)| m != 0.0 && m < TOLERANCE)
}

/// A literal's magnitude and suffix (`L`, `f`, `d` or none).
fn parse(literal: &str) -> Option<(f64, &str)> {
    let digits = literal.trim_end_matches(['L', 'l', 'f', 'F', 'd', 'D']);
    let suffix = &literal[digits.len()..];
    let value: f64 = digits.replace('_', "").parse().ok()?;
    Some((value, suffix))
}

/// A number literal moved by `map`; None when the result leaves its type's range.
fn moved(literal: &str, (scale, shift): (u32, u32)) -> Option<String> {
    let floating = literal.contains(['.', 'e', 'E']) || literal.ends_with(['f', 'F', 'd', 'D']);
    let (value, suffix) = parse(literal)?;
    if floating {
        let next = value * f64::from(scale) + f64::from(shift);
        let limit = if suffix.eq_ignore_ascii_case("f") { f64::from(f32::MAX) } else { f64::MAX };
        return (next.is_finite() && next <= limit).then(|| format!("{next:?}{suffix}"));
    }
    let whole: u64 = literal.trim_end_matches(['L', 'l']).replace('_', "").parse().ok()?;
    let next = whole.checked_mul(u64::from(scale))?.checked_add(u64::from(shift))?;
    let limit = if suffix.is_empty() { i32::MAX as u64 } else { i64::MAX as u64 };
    (next <= limit).then(|| format!("{next}{suffix}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The local model's first MTC for HPPC's `BitSet#flip` (unseen-4's cache): its source input is
    /// built inline, so the catalogue had no literal to swap.
    const FLIP: &str = include_str!("../../tests/fixtures/replies/qwen-bitset-flip.java");

    #[test]
    fn a_text_with_numbers_keeps_its_shape() {
        // semver4j (unseen-11): the catalogue's texts are no version, `new Semver("")` throws.
        assert_eq!(varied_text("\"1.0.1\"", 3), ["\"2.1.2\"", "\"2.0.2\"", "\"8.7.8\""]);
        assert_eq!(varied_text("\"2026-01-05\"", 1), ["\"2027-02-06\""], "zero-padded stays as wide");
        assert!(varied_text("\"hello\"", 3).is_empty(), "no number");
        assert!(varied_text("\"\\u00e9 1\"", 3).is_empty(), "an escape");
        assert!(varied_text("'1'", 3).is_empty(), "a char");
        let built = varied_text("new Vector2D(\"1.5\", 3)", 2);
        assert_eq!(built, ["new Vector2D(\"2.6\", 3)", "new Vector2D(\"2.10\", 3)"], "only inside its literals");
        assert!(varied_text("BigRational.valueOf(0)", 3).is_empty(), "no text");
        assert!(varied_text("\"99999999999999999999999\"", 3).is_empty(), "too long for a number");
    }

    #[test]
    fn every_number_of_the_source_input_moves_by_one_map_per_copy() {
        let (code, added) = with_varied_numbers(FLIP, "mr1", 3).unwrap();
        assert_eq!(added, 3);
        for (k, (size, bit)) in [(1, (11, 6)), (2, (20, 10)), (3, (17, 12))] {
            let copy = code.split(&format!("void mr1_varied{k}()")).nth(1).unwrap().split("@Test").next().unwrap();
            assert!(copy.contains(&format!("new BitSet({size});")), "copy {k}:\n{copy}");
            assert!(copy.contains(&format!("source.set({bit});")) && copy.contains(&format!("followUp.flip({bit});")));
        }
        let file = crate::java_model::parse_str(std::path::Path::new("T.java"), &code);
        assert_eq!(file.classes[0].methods.len(), 5, "mr1, mr2 and three copies, whole:\n{code}");
    }

    #[test]
    fn equal_numbers_stay_equal_and_order_and_signs_are_kept() {
        let method = "class T { @Test void m() { Complex a = Complex.ofCartesian(1.0, -2.5); \
                      Interval i = Interval.of(-1, 1); assertEquals(a.conj().conj(), a); } }";
        let (code, _) = with_varied_numbers(method, "m", 2).unwrap();
        assert!(code.contains(
            "void m_varied1() { Complex a = Complex.ofCartesian(2.0, -3.5); Interval i = Interval.of(-2, 2);"
        ));
        assert!(code.contains(
            "void m_varied2() { Complex a = Complex.ofCartesian(2.0, -5.0); Interval i = Interval.of(-2, 2);"
        ));
    }

    #[test]
    fn an_asserted_number_leaves_the_method_alone_but_a_tolerance_does_not() {
        let expected = "class T { @Test void m() { Days d = Days.days(5).plus(10); assertEquals(15, d.getDays()); } }";
        assert!(with_varied_numbers(expected, "m", 3).is_none(), "15 would not move with 5 and 10");
        let arithmetic = "class T { @Test void m() { l.add(1); int n = l.size(); assertEquals(n + 1, l.size()); } }";
        assert!(with_varied_numbers(arithmetic, "m", 3).is_none());
        let tolerance =
            "class T { @Test void m() { double x = f(2.0); double y = g(2.0, 1e-9); assertEquals(x, y, 1e-9); } }";
        let (code, _) = with_varied_numbers(tolerance, "m", 1).unwrap();
        assert!(
            code.contains("void m_varied1() { double x = f(3.0); double y = g(3.0, 1e-9); assertEquals(x, y, 1e-9); }"),
            "{code}"
        );
    }

    #[test]
    fn loop_headers_indexes_and_ranges_do_not_move() {
        let method = "class T { @Test void m() { int[] a = {3, 4}; for (int i = 0; i < 2; i++) { q.add(a[0] + 5); } \
                      assertTrue(q.isEmpty()); } }";
        let (code, _) = with_varied_numbers(method, "m", 1).unwrap();
        assert!(code.contains("int[] a = {4, 5}; for (int i = 0; i < 2; i++) { q.add(a[0] + 6); }"), "{code}");
        assert_eq!(moved("2147483647", (1, 1)), None, "an int stays an int");
        assert_eq!(moved("2147483647L", (1, 1)).as_deref(), Some("2147483648L"));
        assert_eq!(moved("1_000", (2, 0)).as_deref(), Some("2000"));
        assert_eq!(moved("0.5f", (2, 0)).as_deref(), Some("1.0f"));
        assert!(with_varied_numbers("class T { @Test void m() { assertTrue(f(\"a\")); } }", "m", 1).is_none());
        assert!(is_varied_copy("mr1_input1_varied3") && !is_varied_copy("mr1_variedInputs"));
    }

    #[test]
    fn where_a_slice_of_the_whole_data_starts_does_not_move() {
        // iq80's Snappy (unseen-40), the model's round trip after the slice repair.
        let method = "class T { @Test void m() { byte[] in = new byte[]{1, 2, 3}; byte[] c = Snappy.compress(in); \
                      byte[] d = Snappy.uncompress(c, 0, c.length); String s = t.substring(0, t.length()); \
                      assertArrayEquals(in, d); } }";
        let (code, _) = with_varied_numbers(method, "m", 1).unwrap();
        assert!(code.contains("new byte[]{2, 3, 4}"), "the data moves: {code}");
        assert!(code.contains("uncompress(c, 0, c.length)") && code.contains("substring(0, t.length())"), "{code}");
        let middle = "class T { @Test void m() { x.copy(c, 2, 5); } }";
        assert!(with_varied_numbers(middle, "m", 1).unwrap().0.contains("copy(c, 3, 6)"), "no length follows");
    }
}
