//! Whether an assertion's expected and actual values differ only by floating-point rounding:
//! the same text but for numbers that agree to about nine significant digits, at least one of them
//! written with a fraction or exponent (`0.30000000000000004` for `0.3`, `(1.0000000000000002, 2.0)`
//! for `(1.0, 2.0)`). A relation asserted with exact equality on doubles fails that way on many
//! correct classes (`a.subtract(b).add(b)` is not `a` in binary); no wrong result was computed.

/// How far apart two numbers may be, relative to the larger, and absolutely near zero.
const RELATIVE: f64 = 1e-9;
const ABSOLUTE: f64 = 1e-12;

pub fn differ_by_rounding(expected: &str, actual: &str) -> bool {
    let (a, b) = (split(expected), split(actual));
    if a.len() != b.len() || expected == actual {
        return false;
    }
    let mut rounded = false;
    for (x, y) in a.iter().zip(&b) {
        match (x, y) {
            (Part::Text(x), Part::Text(y)) if x == y => {}
            (Part::Number(x), Part::Number(y)) if x == y => {}
            (Part::Number(x), Part::Number(y)) => {
                let fractional = |s: &str| s.contains(['.', 'e', 'E']);
                let (Ok(u), Ok(v)) = (x.parse::<f64>(), y.parse::<f64>()) else { return false };
                let close = (u - v).abs() <= RELATIVE * u.abs().max(v.abs()) || (u - v).abs() <= ABSOLUTE;
                if !close || !(fractional(x) || fractional(y)) {
                    return false;
                }
                rounded = true;
            }
            _ => return false,
        }
    }
    rounded
}

#[derive(Debug, PartialEq)]
enum Part<'a> {
    Text(&'a str),
    Number(&'a str),
}

/// `s` cut into numbers (an optional minus, digits, a fraction, an exponent) and the text between.
fn split(s: &str) -> Vec<Part<'_>> {
    let bytes = s.as_bytes();
    let (mut parts, mut text_from, mut i) = (Vec::new(), 0, 0);
    while i < bytes.len() {
        let signed = bytes[i] == b'-' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
        let word_before = i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if word_before && bytes[i].is_ascii_digit() {
            // Digits inside a word (`v2`, `x1.5`) are the word's.
            while bytes.get(i).is_some_and(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.')) {
                i += 1;
            }
            continue;
        }
        if !(bytes[i].is_ascii_digit() || signed) {
            i += 1;
            continue;
        }
        let end = number_end(bytes, i + usize::from(signed));
        if text_from < i {
            parts.push(Part::Text(&s[text_from..i]));
        }
        parts.push(Part::Number(&s[i..end]));
        (text_from, i) = (end, end);
    }
    if text_from < s.len() {
        parts.push(Part::Text(&s[text_from..]));
    }
    parts
}

/// Where the number whose digits start at `i` ends.
fn number_end(bytes: &[u8], mut i: usize) -> usize {
    let digits = |mut i: usize| {
        while bytes.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        i
    };
    i = digits(i);
    if bytes.get(i) == Some(&b'.') && bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
        i = digits(i + 1);
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(bytes.get(i + 1), Some(b'-' | b'+')));
        if bytes.get(i + 1 + sign).is_some_and(u8::is_ascii_digit) {
            i = digits(i + 1 + sign);
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_that_agree_to_nine_digits_differ_by_rounding() {
        assert!(differ_by_rounding("0.30000000000000004", "0.3"));
        assert!(differ_by_rounding("(1.0000000000000002, -2.0)", "(1.0, -2.0)"));
        assert!(differ_by_rounding("Vector3D[x=0.0, y=1.1102230246251565E-16]", "Vector3D[x=0.0, y=0.0]"));
    }

    #[test]
    fn other_differences_are_not_rounding() {
        assert!(!differ_by_rounding("0.3", "0.3"), "equal");
        assert!(!differ_by_rounding("0.3", "0.31"));
        assert!(!differ_by_rounding("1600000000001", "1600000000000"), "integers are exact");
        assert!(!differ_by_rounding("(1.0, 2.0)", "[1.0, 2.0]"), "other text");
        assert!(!differ_by_rounding("(1.0, 2.0)", "(1.0, 2.0, 3.0)"));
        assert!(!differ_by_rounding("v2.0000000001", "v2.0"), "a number inside a word is text");
    }
}
