//! tree-sitter-java (0.23.5, the newest on crates.io) does not parse a type annotation on a
//! varargs parameter's ellipsis, which JLS 8.4.1 allows and null-checked projects write:
//! `vec(T @Nullable ... items)` (Paguro's `StaticImports`, unseen-39). The parameter list becomes
//! an ERROR and the method reads as taking nothing, so a target `vec(T...)` is unknown and its
//! calls are not matched. Such annotations are blanked and the file is parsed again: what a method
//! takes does not depend on them. Blanking keeps every byte offset and line, so positions stay
//! those of the file javac reads.

use tree_sitter::Node;

/// `src` with each annotation that stands just before a `...` in a parameter list the parser could
/// not read replaced by spaces; None when there is none.
pub fn without_ellipsis_annotations(src: &str, root: Node) -> Option<String> {
    let mut lists = Vec::new();
    unreadable_parameter_lists(root, &mut lists);
    let mut blanks = Vec::new();
    for (start, end) in lists {
        let mut from = start;
        while let Some(at) = src.get(from..end).and_then(|s| s.find("...")) {
            let ellipsis = from + at;
            blanks.extend(annotations_before(src.as_bytes(), start, ellipsis));
            from = ellipsis + 3;
        }
    }
    if blanks.is_empty() {
        return None;
    }
    let mut edited = src.to_string();
    for (start, end) in blanks {
        let spaces: String =
            src[start..end].chars().map(|c| if c == '\n' { c.to_string() } else { " ".repeat(c.len_utf8()) }).collect();
        edited.replace_range(start..end, &spaces);
    }
    Some(edited)
}

/// The byte ranges of the `formal_parameters` nodes that hold a syntax error.
fn unreadable_parameter_lists(node: Node, out: &mut Vec<(usize, usize)>) {
    if !node.has_error() {
        return;
    }
    if node.kind() == "formal_parameters" {
        out.push((node.start_byte(), node.end_byte()));
        return;
    }
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        unreadable_parameter_lists(child, out);
    }
}

/// The annotations (`@Nullable`, `@a.B`, `@Size(max = 3)`) written between the type and the
/// ellipsis at `ellipsis`, nearest first, not looking before `floor`.
fn annotations_before(src: &[u8], floor: usize, ellipsis: usize) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut end = skip_space_back(src, floor, ellipsis);
    while let Some(start) = annotation_ending_at(src, floor, end) {
        found.push((start, end));
        end = skip_space_back(src, floor, start);
    }
    found
}

fn skip_space_back(src: &[u8], floor: usize, mut at: usize) -> usize {
    while at > floor && src[at - 1].is_ascii_whitespace() {
        at -= 1;
    }
    at
}

/// Where the annotation that ends at `end` starts (its `@`), if one does.
fn annotation_ending_at(src: &[u8], floor: usize, end: usize) -> Option<usize> {
    let mut at = end;
    if at > floor && src[at - 1] == b')' {
        at = opening_parenthesis(src, floor, at - 1)?;
        at = skip_space_back(src, floor, at);
    }
    let name_end = at;
    while at > floor && (src[at - 1].is_ascii_alphanumeric() || matches!(src[at - 1], b'_' | b'$' | b'.')) {
        at -= 1;
    }
    let named = at < name_end && !src[at].is_ascii_digit() && src[at] != b'.';
    (named && at > floor && src[at - 1] == b'@').then_some(at - 1)
}

/// The `(` that the `)` at `close` closes.
fn opening_parenthesis(src: &[u8], floor: usize, close: usize) -> Option<usize> {
    let mut depth = 0usize;
    for at in (floor..=close).rev() {
        match src[at] {
            b')' => depth += 1,
            b'(' => {
                depth -= 1;
                if depth == 0 {
                    return Some(at);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::java_model::parse_str;
    use std::path::Path;

    fn signatures(src: &str) -> Vec<String> {
        let file = parse_str(Path::new("StaticImports.java"), src);
        let class = &file.classes[0];
        class
            .methods
            .iter()
            .map(|m| {
                format!("{}({})", m.name, m.params.iter().map(|p| p.type_name.as_str()).collect::<Vec<_>>().join(","))
            })
            .collect()
    }

    #[test]
    fn an_annotated_ellipsis_still_declares_its_parameter() {
        // Paguro's StaticImports (unseen-39): these read as `vec()` and `map()` before.
        let src = "class StaticImports {\n    \
                   public static <T> java.util.List<T> vec(T @Nullable ... items) { return null; }\n    \
                   public static <K,V> Object map(@Nullable Map.Entry<K,V> @Nullable @Size(max = (3)) ... kvPairs) { return null; }\n    \
                   int after() { return 1; }\n}\n";
        assert_eq!(signatures(src), ["vec(T...)", "map(Map.Entry<K,V>...)", "after()"]);
        let file = parse_str(Path::new("StaticImports.java"), src);
        assert!(file.diagnostics.is_empty(), "{:?}", file.diagnostics);
        let lines = file.classes[0].methods[2].lines;
        assert_eq!(lines.0, 4, "lines are those of the file");
    }

    #[test]
    fn an_ellipsis_without_an_annotation_or_outside_a_broken_list_is_left_alone() {
        let src = "class A {\n    void m(String... s) { String t = \"@x ...\"; }\n}\n";
        let file = parse_str(Path::new("A.java"), src);
        assert_eq!(super::without_ellipsis_annotations(src, parser_root(src).root_node()), None);
        assert_eq!(signatures(src), ["m(String...)"]);
        assert!(file.diagnostics.is_empty());
        let broken = "class A {\n    void m(int x ...) {}\n}\n";
        assert_eq!(super::without_ellipsis_annotations(broken, parser_root(broken).root_node()), None, "no annotation");
    }

    fn parser_root(src: &str) -> tree_sitter::Tree {
        crate::java_model::parser().parse(src, None).expect("a tree")
    }
}
