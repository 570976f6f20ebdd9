//! A runaway reply: a small model that starts repeating a few characters (`"1234567890123…"`,
//! `000000…`) goes on until the token limit cuts it off. The class is lost either way, but the
//! repetition must not stay in the conversation: a refinement round that shows it back to the
//! model gets the same run continued (seen on Open Location Code and joda-money, unseen-8 and 9).

/// A repeated unit at most this long is a runaway...
const MAX_UNIT: usize = 16;
/// ...once the run is this many characters long (a long literal a test needs is rarely periodic
/// over so many characters, and only a reply cut off at the token limit is looked at).
const MIN_RUN: usize = 64;

/// The reply with its closing run of one repeated unit cut to two units, and the unit; None when
/// it does not end in such a run.
pub fn collapse_runaway(reply: &str) -> Option<(String, String)> {
    let chars: Vec<char> = reply.trim_end().chars().collect();
    let n = chars.len();
    // For each unit length, how far back from the end the text repeats with that period.
    let run = |unit: usize| -> usize {
        if unit >= n {
            return 0;
        }
        let mut start = n - unit;
        while start > 0 && chars[start - 1] == chars[start - 1 + unit] {
            start -= 1;
        }
        n - start
    };
    let (unit, length) = (1..=MAX_UNIT).map(|u| (u, run(u))).max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))?;
    if length < MIN_RUN || length < 4 * unit {
        return None;
    }
    let start = n - length;
    let kept: String = chars[..start + 2 * unit].iter().collect();
    let repeated: String = chars[start..start + unit].iter().collect();
    Some((kept, repeated))
}

#[cfg(test)]
mod tests {
    use super::collapse_runaway;

    #[test]
    fn a_reply_that_ends_in_a_repeated_unit_keeps_two_of_it() {
        // Open Location Code's runaway, unseen-9: the source input's literal never closed.
        let digits = "1234567890".repeat(40);
        let reply = format!("```java\nclass T {{\n    void mr1() {{\n        new OpenLocationCode(\"{digits}1234");
        let (kept, unit) = collapse_runaway(&reply).expect("a runaway");
        assert!(kept.ends_with("new OpenLocationCode(\"12345678901234567890"), "{kept}");
        assert_eq!(unit.len(), 10);
        assert!("1234567890".repeat(2).contains(&unit), "{unit}");
        let zeros = format!("Money.of(CurrencyUnit.USD, 1{})", "0".repeat(300));
        let (kept, unit) = collapse_runaway(&zeros[..zeros.len() - 1]).expect("a runaway");
        assert_eq!((kept.as_str(), unit.as_str()), ("Money.of(CurrencyUnit.USD, 100", "0"));
    }

    #[test]
    fn a_reply_that_ends_as_code_does_or_in_a_short_run_is_left_alone() {
        let class = "```java\nclass T {\n    @Test\n    void mr1() {\n        assertEquals(1, 1);\n    }\n}\n```";
        assert_eq!(collapse_runaway(class), None);
        assert_eq!(collapse_runaway("long x = 1000000000L;"), None);
        assert_eq!(collapse_runaway(""), None);
    }
}
