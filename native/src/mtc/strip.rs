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
        out.push_str(&code[pos..line_start]);
        pos = end;
        if code[pos..].starts_with('\n') {
            pos += 1;
        }
    }
    out.push_str(&code[pos..]);
    out
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
}
