//! A static repair for a local declared twice in one test method (javac: `variable output is
//! already defined in method mr1()`): a model writing the follow-up execution after the source
//! one reuses the source's names, `String output = codec.decode(output);`. Java forbids the
//! second declaration; what the code means is a new variable from there on. The second one is
//! renamed (`output2`, a name the code does not use), and so is every later use of the name
//! in its scope, but not the uses in its own initializer, which still mean the first. (The issue's
//! first run against the model left such "duplicate local names" unrepaired.)

use super::javac::{apply_edits, Edit};
use crate::protocol::{CompileDiagnostic, DiagnosticKind};
use tree_sitter::Node;

/// The code with the first redeclared local javac reports renamed, from its declaration on;
/// None when no error reports one this repair can place. One a round: a rename moves the lines
/// of nothing, but a third declaration of the name is renamed against the second's new name.
pub fn redeclared_local(code: &str, diagnostics: &[CompileDiagnostic]) -> Option<String> {
    let tree = crate::java_model::parser().parse(code, None)?;
    diagnostics.iter().filter(|d| d.kind == DiagnosticKind::Error).find_map(|d| {
        let name = redeclared_name(&d.message)?;
        let declarator = super::inputs::on_line(tree.root_node(), d.line, "variable_declarator")
            .into_iter()
            .find(|v| v.child_by_field_name("name").is_some_and(|n| &code[n.byte_range()] == name))?;
        apply_edits(code, renamed(code, declarator, name))
    })
}

/// `output` from `variable output is already defined in method mr1()`.
fn redeclared_name(message: &str) -> Option<&str> {
    let rest = message.strip_prefix("variable ")?;
    let (name, _) = rest.split_once(" is already defined in ")?;
    (!name.is_empty() && !name.contains(' ')).then_some(name)
}

/// The declarator's name and each later use of it within the block that declares it.
fn renamed(code: &str, declarator: Node, name: &str) -> Vec<Edit> {
    let Some(scope) = enclosing_block(declarator) else { return Vec::new() };
    let fresh = fresh_name(code, name);
    let Some(declared) = declarator.child_by_field_name("name") else { return Vec::new() };
    let mut edits: Vec<Edit> = vec![(declared.start_byte(), declared.end_byte(), fresh.clone())];
    let mut stack = vec![scope];
    while let Some(node) = stack.pop() {
        if node.kind() == "identifier"
            && node.start_byte() >= declarator.end_byte()
            && is_variable_use(node, code, name)
        {
            edits.push((node.start_byte(), node.end_byte(), fresh.clone()));
        }
        let mut cursor = node.walk();
        stack.extend(node.named_children(&mut cursor));
    }
    edits
}

/// An identifier that names the variable: not a method's name, nor a field after a dot.
fn is_variable_use(node: Node, code: &str, name: &str) -> bool {
    if &code[node.byte_range()] != name {
        return false;
    }
    let Some(parent) = node.parent() else { return true };
    let is_field = |field: &str| parent.child_by_field_name(field).is_some_and(|f| f.id() == node.id());
    let names_a_member = match parent.kind() {
        "method_invocation" => is_field("name"),
        "field_access" => is_field("field"),
        _ => false,
    };
    !names_a_member
}

fn enclosing_block(node: Node) -> Option<Node> {
    let mut at = node.parent();
    while let Some(n) = at {
        if matches!(n.kind(), "block" | "switch_block_statement_group" | "constructor_body") {
            return Some(n);
        }
        at = n.parent();
    }
    None
}

/// `output2`, or the first of `output3`, `output4`, ... that the code does not hold as a word.
fn fresh_name(code: &str, name: &str) -> String {
    let is_word = |w: &str| {
        code.match_indices(w).any(|(i, _)| {
            let before = code[..i].chars().next_back();
            let after = code[i + w.len()..].chars().next();
            let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$');
            !ident(before) && !ident(after)
        })
    };
    (2..).map(|n| format!("{name}{n}")).find(|w| !is_word(w)).unwrap_or_else(|| format!("{name}_"))
}

#[cfg(test)]
mod tests {
    use super::redeclared_local;
    use crate::protocol::CompileDiagnostic;

    fn error(line: usize, name: &str) -> CompileDiagnostic {
        crate::mtc::javac::error_at(line, &format!("variable {name} is already defined in method mr1()"))
    }

    #[test]
    fn the_second_declaration_and_the_uses_after_it_are_renamed_not_its_own_initializer() {
        let code = "class T {\n    void mr1() {\n        String output = codec.encode(input);\n        String output2x = output;\n        String output = codec.decode(output);\n        assertEquals(input, output);\n        output.length();\n        other.output = 1;\n        output();\n    }\n}\n";
        let fixed = redeclared_local(code, &[error(5, "output")]).expect("a repair");
        assert!(fixed.contains("String output = codec.encode(input);"), "{fixed}");
        assert!(fixed.contains("String output2 = codec.decode(output);"), "{fixed}");
        assert!(fixed.contains("assertEquals(input, output2);\n        output2.length();"), "{fixed}");
        assert!(
            fixed.contains("other.output = 1;\n        output();"),
            "a field and a method keep their names: {fixed}"
        );
        assert_eq!(redeclared_local(code, &[error(5, "missing")]), None);
    }

    #[test]
    fn a_fresh_name_skips_those_the_code_uses() {
        let code = "class T {\n    void mr1() {\n        int x = 1;\n        int x2 = 2;\n        int x = x2 + x;\n        check(x);\n    }\n}\n";
        let fixed = redeclared_local(code, &[error(5, "x")]).expect("a repair");
        assert!(fixed.contains("int x3 = x2 + x;\n        check(x3);"), "{fixed}");
    }
}
