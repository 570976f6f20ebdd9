//! A kept MTC without the test methods that failed on the original or were not MTCs.

/// Keep only the test methods in `keep` (and every non-test member) of a test class.
pub fn strip_tests(code: &str, keep: &[String]) -> String {
    let file = crate::java_model::parse_str(std::path::Path::new("Kept.java"), code);
    let Some(class) = file.classes.first() else { return code.to_string() };
    let mut cut: Vec<(usize, usize)> =
        class.methods.iter().filter(|m| m.is_test() && !keep.contains(&m.name)).map(|m| m.byte_range).collect();
    cut.sort();
    let mut out = String::with_capacity(code.len());
    let mut pos = 0;
    for (start, end) in cut {
        let line_start = code[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_start = comments_above(code, line_start).max(pos);
        out.push_str(&code[pos..line_start]);
        pos = end;
        if code[pos..].starts_with('\n') {
            pos += 1;
        }
        // A blank line after the cut, where one precedes it already, would make two.
        let blank_after = code[pos..].find('\n').filter(|&nl| code[pos..pos + nl].trim().is_empty());
        if let Some(nl) = blank_after.filter(|_| out.ends_with("\n\n")) {
            pos += nl + 1;
        }
    }
    out.push_str(&code[pos..]);
    out
}

/// Where the comments right above the line at `line_start` begin (`// MR: ...` lines, a Javadoc):
/// they describe the method below and go with it.
fn comments_above(code: &str, line_start: usize) -> usize {
    let mut start = line_start;
    while let Some(above) = code[..start].strip_suffix('\n') {
        let line_at = above.rfind('\n').map_or(0, |i| i + 1);
        let line = above[line_at..].trim();
        let block_at = || {
            let open = above.rfind("/*")?;
            let at = above[..open].rfind('\n').map_or(0, |i| i + 1);
            above[at..open].trim().is_empty().then_some(at)
        };
        start = match line {
            _ if line.starts_with("//") => line_at,
            _ if line.ends_with("*/") => match block_at() {
                Some(at) => at,
                None => break,
            },
            _ => break,
        };
    }
    start
}

#[cfg(test)]
mod tests {
    use super::strip_tests;

    #[test]
    fn drops_the_unkept_tests_and_keeps_helpers() {
        let code =
            "class T {\n    @Test\n    void a() {}\n\n    @Test\n    void b() {}\n\n    private void helper() {}\n}\n";
        let kept = strip_tests(code, &["b".to_string()]);
        assert_eq!(kept, "class T {\n\n    @Test\n    void b() {}\n\n    private void helper() {}\n}\n");
    }

    #[test]
    fn a_dropped_test_s_comments_go_with_it() {
        // The built-in generator's `// MR (...)` line above each method, and an LLM's Javadoc.
        let code = "class T {\n    int x; // a field\n    // MR (successor): a.increment() > a\n    @Test\n    void a() {}\n\n    \
            /**\n     * MR: b\n     */\n    @Test\n    void b() {}\n\n    // MR (successor): a.increment() > a\n    @Test\n    void c() {}\n}\n";
        let kept = strip_tests(code, &["c".to_string()]);
        assert_eq!(
            kept,
            "class T {\n    int x; // a field\n\n    // MR (successor): a.increment() > a\n    @Test\n    void c() {}\n}\n"
        );
    }
}
