//! What makes two MTCs the same: their code as tokens, without comments, layout, package, imports
//! and their own class name. Two pairs (equals/compareTo, of/create) often yield the same class; a
//! re-run yields the class it kept last time under a new name. Both are one MTC.

use sha2::{Digest, Sha256};
use tree_sitter::Node;

/// A hex digest equal for MTCs that differ only in comments, layout, imports and class name.
pub fn fingerprint(code: &str) -> String {
    let tokens = match crate::java_model::parser().parse(code, None) {
        Some(tree) => {
            let name = own_class_name(tree.root_node(), code);
            let mut tokens = Vec::new();
            leaves(tree.root_node(), code, name.as_deref(), &mut tokens);
            tokens.join(" ")
        }
        None => code.split_whitespace().collect::<Vec<_>>().join(" "),
    };
    let digest = Sha256::digest(tokens.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

fn own_class_name(root: Node, code: &str) -> Option<String> {
    let mut cursor = root.walk();
    let class = root.named_children(&mut cursor).find(|c| c.kind() == "class_declaration")?;
    class.child_by_field_name("name").and_then(|n| code.get(n.byte_range())).map(String::from)
}

fn leaves(node: Node, code: &str, own: Option<&str>, out: &mut Vec<String>) {
    if matches!(node.kind(), "line_comment" | "block_comment" | "package_declaration" | "import_declaration") {
        return;
    }
    if node.child_count() == 0 {
        let text = code.get(node.byte_range()).unwrap_or("");
        out.push(if Some(text) == own { "$MTC".to_string() } else { text.to_string() });
        return;
    }
    let mut cursor = node.walk();
    let children: Vec<Node> = node.children(&mut cursor).collect();
    for child in children {
        leaves(child, code, own, out);
    }
}

#[cfg(test)]
mod tests {
    use super::fingerprint;

    const A: &str = "package p;\nimport org.junit.Test;\n// first\npublic class A_MTC1Test {\n  @Test void m() { \
                     assertEquals(1, A_MTC1Test.f()); }\n  static int f() { return 1; }\n}\n";

    #[test]
    fn the_same_mtc_under_another_name_and_layout_is_the_same() {
        let b = "package q;\n\npublic class A_MTC2Test { /* again */\n\n@Test void m() { assertEquals(1, \
                 A_MTC2Test.f()); } static int f() { return 1; } }";
        assert_eq!(fingerprint(A), fingerprint(b));
    }

    #[test]
    fn another_input_is_another_mtc() {
        assert_ne!(fingerprint(A), fingerprint(&A.replace("return 1", "return 2")));
        assert_ne!(fingerprint(A), fingerprint(&A.replace("void m()", "void n()")));
    }
}
