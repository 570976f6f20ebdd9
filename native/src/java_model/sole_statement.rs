//! The one statement of a method's or constructor's body, read with tree-sitter: rooms that ask
//! "is the whole body `throw ...`?" or "is it only `this(...)`?" ask here, not by counting braces.

use tree_sitter::Node;

/// `read(statement, text)` on the only statement (comments aside) of the body of `declaration`,
/// a member's source text as written in class `class_name`; `None` when the body holds more or
/// fewer. `text` is the source the statement's byte ranges index.
pub fn sole_statement<T>(class_name: &str, declaration: &str, read: impl FnOnce(Node, &str) -> Option<T>) -> Option<T> {
    // Parsed inside a class of its own name: a member alone is no compilation unit, and a
    // constructor is one only in a class of its name.
    let wrapped = format!("class {class_name} {{\n{declaration}\n}}");
    let tree = super::parser().parse(&wrapped, None)?;
    let member = tree.root_node().named_child(0)?.child_by_field_name("body")?.named_child(0)?;
    let body = member.child_by_field_name("body")?;
    let mut cursor = body.walk();
    let statements: Vec<Node> = body.named_children(&mut cursor).filter(|s| !s.kind().ends_with("comment")).collect();
    let [only] = statements.as_slice() else { return None };
    read(*only, &wrapped)
}

#[cfg(test)]
mod tests {
    use super::sole_statement;

    fn kind(declaration: &str) -> Option<String> {
        sole_statement("Foo", declaration, |s, _| Some(s.kind().to_string()))
    }

    #[test]
    fn a_body_of_one_statement_comments_aside() {
        assert_eq!(
            kind("void f() { /* no */ throw new IllegalStateException(); }").as_deref(),
            Some("throw_statement")
        );
        assert_eq!(kind("Foo() { this(16); }").as_deref(), Some("explicit_constructor_invocation"));
        assert_eq!(kind("void f() { g(); throw new X(); }"), None, "two statements");
        assert_eq!(kind("void f() { }"), None, "none");
        assert_eq!(kind("abstract void f();"), None, "no body");
    }
}
