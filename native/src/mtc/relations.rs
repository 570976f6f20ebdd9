//! The relation each MTC method implements, in words: the `// MR:` line the prompt asks for (in
//! the method or just above it), else the first sentence of its Javadoc. Never the reply's prose
//! around the code, which says things like "Here is the test class:".

use tree_sitter::Node;

/// `(test method, relation)` for every method of the first class in `code` that states one.
pub fn stated_relations(code: &str) -> Vec<(String, String)> {
    let Some(tree) = crate::java_model::parser().parse(code, None) else { return Vec::new() };
    let mut out = Vec::new();
    let mut cursor = tree.root_node().walk();
    let classes: Vec<Node> = tree.root_node().named_children(&mut cursor).collect();
    let Some(body) =
        classes.iter().find(|c| c.kind() == "class_declaration").and_then(|c| c.child_by_field_name("body"))
    else {
        return out;
    };
    let mut cursor = body.walk();
    let members: Vec<Node> = body.named_children(&mut cursor).collect();
    for (i, member) in members.iter().enumerate() {
        if member.kind() != "method_declaration" {
            continue;
        }
        let name = member.child_by_field_name("name").and_then(|n| code.get(n.byte_range())).unwrap_or("");
        // Comments just above the method are siblings before it; those inside are in its body.
        let above = members[..i].iter().rev().take_while(|m| m.kind().ends_with("comment"));
        let inside = member.child_by_field_name("body").map(|b| comments_in(b)).unwrap_or_default();
        let comments: Vec<&str> = above
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .chain(inside.iter())
            .filter_map(|c| code.get(c.byte_range()))
            .collect();
        if let Some(relation) = comments.iter().find_map(|c| mr_line(c)).or_else(|| javadoc(&comments)) {
            out.push((name.to_string(), relation));
        }
    }
    out
}

/// The relations of a class in one line: the distinct stated ones, in order.
pub fn relation_summary(code: &str) -> Option<String> {
    let mut distinct: Vec<String> = Vec::new();
    for (_, r) in stated_relations(code) {
        if !distinct.contains(&r) {
            distinct.push(r);
        }
    }
    (!distinct.is_empty()).then(|| distinct.join("; "))
}

fn comments_in(node: Node) -> Vec<Node> {
    let mut out = Vec::new();
    let mut cursor = node.walk();
    let children: Vec<Node> = node.named_children(&mut cursor).collect();
    for child in children {
        if child.kind().ends_with("comment") {
            out.push(child);
        } else if !matches!(child.kind(), "lambda_expression" | "class_body") {
            out.extend(comments_in(child));
        }
    }
    out
}

/// `// MR: decode(encode(x)) equals x` -> the relation; the template's own placeholder is not one.
fn mr_line(comment: &str) -> Option<String> {
    comment.lines().find_map(|line| {
        let line = line.trim().trim_start_matches("//").trim_start_matches("/*").trim_start_matches('*').trim();
        let rest =
            line.strip_prefix("MR:").or_else(|| line.strip_prefix("MR -")).or_else(|| line.strip_prefix("MR "))?;
        let rest = rest.trim().trim_end_matches("*/").trim();
        (!rest.is_empty() && !rest.starts_with('<')).then(|| rest.to_string())
    })
}

/// The first sentence of a Javadoc comment.
fn javadoc(comments: &[&str]) -> Option<String> {
    let doc = comments.iter().find(|c| c.starts_with("/**"))?;
    let text: Vec<&str> = doc
        .trim_start_matches("/**")
        .trim_end_matches("*/")
        .lines()
        .map(|l| l.trim().trim_start_matches('*').trim())
        .filter(|l| !l.is_empty() && !l.starts_with('@'))
        .collect();
    let text = text.join(" ");
    let first = text.split(". ").next().unwrap_or(&text).trim().trim_end_matches('.');
    (!first.is_empty()).then(|| first.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASS: &str = r#"
package p;
class T {
    @Test
    void mr1() throws Exception {
        // MR: decryptText(encryptText(x, k), k) equals x
        String x = "a";
    }

    // MR: encrypting twice with one key gives the same cipher text
    @Test
    void mr2() {}

    /** Encoding then decoding is the identity. Holds for any input. */
    @Test
    void mr3() {}

    @Test
    void mr4() {
        // MR: <the relation between encryptText and decryptText, in one line>
    }

    @Test
    void mr1_input2() {
        // MR: decryptText(encryptText(x, k), k) equals x
    }
}
"#;

    #[test]
    fn mr_lines_inside_or_above_and_javadoc() {
        let found = stated_relations(CLASS);
        let names: Vec<&str> = found.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(names, ["mr1", "mr2", "mr3", "mr1_input2"], "{found:?}");
        assert_eq!(found[0].1, "decryptText(encryptText(x, k), k) equals x");
        assert_eq!(found[1].1, "encrypting twice with one key gives the same cipher text");
        assert_eq!(found[2].1, "Encoding then decoding is the identity");
    }

    #[test]
    fn the_summary_names_each_relation_once() {
        let summary = relation_summary(CLASS).unwrap();
        assert_eq!(summary.matches("decryptText").count(), 1, "{summary}");
        assert_eq!(relation_summary("class T { @Test void a() {} }"), None);
    }
}
