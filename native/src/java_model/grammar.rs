//! Field ids of tree-sitter-java, looked up once: `child_by_field_id` is much faster than
//! `child_by_field_name`, which matters when every method of Guava is analysed.

use once_cell::sync::Lazy;
use std::num::NonZeroU16;
use tree_sitter::{Language, Node, Parser};

pub struct Fields {
    pub name: NonZeroU16,
    pub body: NonZeroU16,
    pub type_: NonZeroU16,
    pub parameters: NonZeroU16,
    pub object: NonZeroU16,
    pub arguments: NonZeroU16,
    pub field: NonZeroU16,
    pub left: NonZeroU16,
    pub right: NonZeroU16,
    pub operator: NonZeroU16,
    pub declarator: NonZeroU16,
    pub value: NonZeroU16,
    pub array: NonZeroU16,
    pub constructor: NonZeroU16,
    pub index: NonZeroU16,
    pub dimensions: NonZeroU16,
}

pub fn language() -> Language {
    tree_sitter_java::LANGUAGE.into()
}

/// A parser for Java: the one way every room gets one. The grammar is compiled into this library,
/// so a grammar the tree-sitter library cannot load is a build defect (the unit test below fails
/// on it), never something a user's input causes: it panics rather than make each caller guess.
/// `Parser::parse` still gives `None` (cancelled or timed out); callers say what that means.
pub fn parser() -> Parser {
    let mut parser = Parser::new();
    if let Err(e) = parser.set_language(&language()) {
        panic!("the tree-sitter-java grammar does not fit the tree-sitter library ({e}): align their versions in Cargo.toml");
    }
    parser
}

/// Every node under `node` (itself included) of one of `kinds`, in document order, nested class
/// bodies and lambdas too.
pub fn descendants<'t>(node: Node<'t>, kinds: &[&str], out: &mut Vec<Node<'t>>) {
    if kinds.contains(&node.kind()) {
        out.push(node);
    }
    let mut cursor = node.walk();
    for child in node.named_children(&mut cursor) {
        descendants(child, kinds, out);
    }
}

pub static FIELDS: Lazy<Fields> = Lazy::new(|| {
    let lang = language();
    let id = |name: &str| {
        lang.field_id_for_name(name)
            .unwrap_or_else(|| panic!("tree-sitter-java has no field `{name}`: grammar version mismatch"))
    };
    Fields {
        name: id("name"),
        body: id("body"),
        type_: id("type"),
        parameters: id("parameters"),
        object: id("object"),
        arguments: id("arguments"),
        field: id("field"),
        left: id("left"),
        right: id("right"),
        operator: id("operator"),
        declarator: id("declarator"),
        value: id("value"),
        array: id("array"),
        constructor: id("constructor"),
        index: id("index"),
        dimensions: id("dimensions"),
    }
});

pub fn text<'s>(node: Node, src: &'s str) -> &'s str {
    src.get(node.byte_range()).unwrap_or("")
}

pub fn is_comment(node: Node) -> bool {
    matches!(node.kind(), "line_comment" | "block_comment")
}

/// 1-based line of a node's start.
pub fn line(node: Node) -> usize {
    node.start_position().row + 1
}

#[cfg(test)]
mod parser_tests {
    #[test]
    fn the_grammar_fits_the_tree_sitter_library() {
        let tree = super::parser().parse("class A { void m() {} }", None).expect("a tree");
        assert_eq!(tree.root_node().kind(), "program");
        assert!(!tree.root_node().has_error());
    }
}
