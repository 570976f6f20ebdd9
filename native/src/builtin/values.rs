//! Source inputs for the built-in MTCs, as Java expressions by erased type: first what the
//! project's own tests pass (literal arguments, how they build objects), then what the class
//! offers (public constants, factories without arguments), then boundary values by type.

use crate::context::TestIndex;
use crate::java_model::types::{erase_simple, is_type_variable};
use crate::java_model::{ClassModel, Project};
use std::collections::BTreeMap;
use tree_sitter::Node;

/// Inputs per MR, as the paper's amplification uses.
pub const INPUTS: usize = 10;

#[derive(Default)]
pub struct Values {
    /// Erased type -> expressions, best first, no duplicates.
    by_type: BTreeMap<String, Vec<String>>,
}

impl Values {
    /// Values for `class`'s methods: from the tests that call them, the class, and boundaries.
    pub fn for_class(class: &ClassModel, tests: &TestIndex) -> Self {
        let mut values = Values::default();
        values.gather_from_tests(class, tests.project());
        values.gather_from_class(class);
        values
    }

    fn add(&mut self, erased: &str, expression: String) {
        let list = self.by_type.entry(erased.to_string()).or_default();
        if !list.contains(&expression) {
            list.push(expression);
        }
    }

    /// Up to `n` expressions of type `written` (as a parameter declares it): found ones first,
    /// then boundary values. Type variables (`E`, `T`) are filled with strings.
    pub fn of(&self, written: &str, n: usize) -> Vec<String> {
        let erased = erase_simple(written);
        let erased = if is_type_variable(&erased) { "String".to_string() } else { erased };
        let mut out: Vec<String> = self.by_type.get(&erased).cloned().unwrap_or_default();
        for b in boundary(&erased) {
            if !out.contains(&b) {
                out.push(b);
            }
        }
        out.truncate(n);
        out
    }

    /// One ordinary value of the type, for arguments an MR does not vary: one the project uses,
    /// else a typical one (1, not 0: `getFraction(x, 0)` throws whatever x is).
    pub fn one(&self, written: &str) -> Option<String> {
        let erased = erase_simple(written);
        let erased = if is_type_variable(&erased) { "String".to_string() } else { erased };
        if let Some(found) = self.by_type.get(&erased).and_then(|v| v.first()) {
            return Some(found.clone());
        }
        typical(&erased).map(String::from).or_else(|| self.of(written, 1).into_iter().next())
    }

    /// Literal arguments of calls to the class's methods in tests, and locals whose initializer
    /// stands on its own (`SecretKey key = AESEncryption.getSecretEncryptionKey();`).
    fn gather_from_tests(&mut self, class: &ClassModel, tests: &Project) {
        let mut parser = crate::java_model::parser();
        for test_class in tests.classes().filter(|c| c.source.contains(class.name.as_str())) {
            for m in test_class.methods.iter().filter(|m| m.is_test()) {
                let code = &test_class.source[m.byte_range.0..m.byte_range.1];
                let Some(tree) = parser.parse(code, None) else { continue };
                self.walk(tree.root_node(), code, class);
            }
        }
    }

    fn walk(&mut self, node: Node, code: &str, class: &ClassModel) {
        match node.kind() {
            "method_invocation" => self.call_arguments(node, code, class),
            "local_variable_declaration" => self.standalone_local(node, code),
            _ => {}
        }
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        for child in children {
            self.walk(child, code, class);
        }
    }

    fn call_arguments(&mut self, call: Node, code: &str, class: &ClassModel) {
        let name = call.child_by_field_name("name").map(|n| &code[n.byte_range()]).unwrap_or("");
        let Some(args) = call.child_by_field_name("arguments") else { return };
        let mut cursor = args.walk();
        let args: Vec<Node> = args.named_children(&mut cursor).collect();
        for method in class.methods.iter().filter(|m| m.name == name && m.params.len() == args.len()) {
            for (arg, param) in args.iter().zip(&method.params) {
                if is_literal(*arg) {
                    self.add(&erase_simple(&param.type_name), code[arg.byte_range()].to_string());
                }
            }
        }
    }

    fn standalone_local(&mut self, declaration: Node, code: &str) {
        let Some(t) = declaration.child_by_field_name("type").map(|t| erase_simple(&code[t.byte_range()])) else {
            return;
        };
        let mut cursor = declaration.walk();
        let declarators: Vec<Node> =
            declaration.named_children(&mut cursor).filter(|c| c.kind() == "variable_declarator").collect();
        for d in declarators {
            if let Some(value) = d.child_by_field_name("value").filter(|v| stands_alone(*v, code)) {
                self.add(&t, code[value.byte_range()].to_string());
            }
        }
    }

    /// Public static fields and public static factories without parameters of the class.
    fn gather_from_class(&mut self, class: &ClassModel) {
        let public_static = |m: &[String]| m.iter().any(|x| x == "public") && m.iter().any(|x| x == "static");
        for f in class.fields.iter().filter(|f| public_static(&f.modifiers)) {
            self.add(&erase_simple(&f.type_name), format!("{}.{}", class.name, f.name));
        }
        for m in class.methods.iter().filter(|m| public_static(&m.modifiers) && m.params.is_empty()) {
            if let Some(r) = m.return_type.as_deref().filter(|r| *r != "void") {
                self.add(&erase_simple(r), format!("{}.{}()", class.name, m.name));
            }
        }
    }
}

fn is_literal(node: Node) -> bool {
    match node.kind() {
        "string_literal"
        | "character_literal"
        | "decimal_integer_literal"
        | "hex_integer_literal"
        | "decimal_floating_point_literal"
        | "true"
        | "false" => true,
        "unary_expression" => {
            node.named_child(0).is_some_and(is_literal) || node.child_by_field_name("operand").is_some_and(is_literal)
        }
        _ => false,
    }
}

/// An initializer that names no local: literals, `new T(literals)`, calls on class names.
fn stands_alone(value: Node, code: &str) -> bool {
    let mut stack = vec![value];
    while let Some(n) = stack.pop() {
        if n.kind() == "identifier" {
            let name = &code[n.byte_range()];
            let parent_is_call_name =
                n.parent().is_some_and(|p| p.kind() == "method_invocation" && p.child_by_field_name("name") == Some(n));
            let field_name =
                n.parent().is_some_and(|p| p.kind() == "field_access" && p.child_by_field_name("field") == Some(n));
            if !parent_is_call_name && !field_name && !name.starts_with(char::is_uppercase) {
                return false;
            }
        }
        if matches!(n.kind(), "lambda_expression" | "method_reference") {
            return false;
        }
        let mut cursor = n.walk();
        stack.extend(n.named_children(&mut cursor));
    }
    true
}

fn typical(erased: &str) -> Option<&'static str> {
    Some(match erased {
        "int" | "Integer" => "1",
        "long" | "Long" => "1L",
        "short" | "Short" => "(short) 1",
        "byte" | "Byte" => "(byte) 1",
        "double" | "Double" => "1.5",
        "float" | "Float" => "1.5f",
        "char" | "Character" => "'a'",
        "boolean" | "Boolean" => "true",
        "String" | "CharSequence" | "Object" => "\"Hello, World!\"",
        "byte[]" => "new byte[] {1, 2, 3}",
        _ => return None,
    })
}

/// Boundary and ordinary values of a type: zero, one, minus one, the extremes, 1 << 16; the empty,
/// blank, non-ASCII and special strings; empty, one- and many-element arrays and collections.
pub fn boundary(erased: &str) -> Vec<String> {
    let v = |xs: &[&str]| xs.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    match erased {
        "int" | "Integer" => {
            v(&["0", "1", "-1", "42", "Integer.MAX_VALUE", "Integer.MIN_VALUE", "1 << 16", "7", "-100", "1000"])
        }
        "long" | "Long" => {
            v(&["0L", "1L", "-1L", "42L", "Long.MAX_VALUE", "Long.MIN_VALUE", "1L << 32", "7L", "-100L", "123456789L"])
        }
        "short" | "Short" => {
            v(&["(short) 0", "(short) 1", "(short) -1", "Short.MAX_VALUE", "Short.MIN_VALUE", "(short) 42"])
        }
        "byte" | "Byte" => v(&["(byte) 0", "(byte) 1", "(byte) -1", "Byte.MAX_VALUE", "Byte.MIN_VALUE", "(byte) 42"]),
        "char" | "Character" => v(&["'a'", "'Z'", "'0'", "' '", "'\\u00e9'", "'~'", "'\\n'"]),
        "double" | "Double" => v(&[
            "0.0",
            "1.0",
            "-1.0",
            "0.5",
            "1e10",
            "-1e-10",
            "Double.MAX_VALUE",
            "Double.MIN_VALUE",
            "3.14159",
            "100.0",
        ]),
        "float" | "Float" => v(&["0.0f", "1.0f", "-1.0f", "0.5f", "1e10f", "Float.MAX_VALUE", "3.5f"]),
        "boolean" | "Boolean" => v(&["true", "false"]),
        "String" | "CharSequence" | "Object" => v(&[
            "\"\"",
            "\" \"",
            "\"a\"",
            "\"Hello, World!\"",
            "\"\\u00dcn\\u00efc\\u00f6d\\u00e9 \\u2713\"",
            "\"~!@#$%^&*()_+\"",
            "\"line1\\nline2\\ttab\"",
            "\"x\".repeat(1000)",
            "\"0123456789\"",
            "\"MiXeD CaSe\"",
        ]),
        "byte[]" => v(&[
            "new byte[0]",
            "new byte[] {0}",
            "new byte[] {1, 2, 3}",
            "\"Hello\".getBytes(java.nio.charset.StandardCharsets.UTF_8)",
            "new byte[] {(byte) 0xFF, 0x00, 0x7F, (byte) 0x80}",
            "new byte[256]",
            "new byte[] {-1}",
            "\"\\u00e9\\u2713\".getBytes(java.nio.charset.StandardCharsets.UTF_8)",
            "new byte[] {10, 13, 9}",
            "new byte[1 << 16]",
        ]),
        "char[]" => v(&[
            "new char[0]",
            "\"a\".toCharArray()",
            "\"Hello, World!\".toCharArray()",
            "\"0f1e\".toCharArray()",
            "new char[] {'\\u00e9'}",
        ]),
        "int[]" => v(&[
            "new int[0]",
            "new int[] {1}",
            "new int[] {3, 1, 2}",
            "new int[] {-1, 0, Integer.MAX_VALUE}",
            "new int[100]",
        ]),
        "String[]" => v(&[
            "new String[0]",
            "new String[] {\"a\"}",
            "new String[] {\"a\", \"b\", \"c\"}",
            "new String[] {\"\", \" \"}",
        ]),
        "List" | "Collection" | "Iterable" => v(&[
            "new java.util.ArrayList<>()",
            "new java.util.ArrayList<>(java.util.List.of(\"a\"))",
            "new java.util.ArrayList<>(java.util.List.of(\"a\", \"b\", \"c\"))",
            "new java.util.ArrayList<>(java.util.List.of(\"\", \" \"))",
        ]),
        "Set" => v(&[
            "new java.util.HashSet<>()",
            "new java.util.HashSet<>(java.util.List.of(\"a\"))",
            "new java.util.HashSet<>(java.util.List.of(\"a\", \"b\"))",
        ]),
        "Map" => v(&["new java.util.HashMap<>()", "new java.util.HashMap<>(java.util.Map.of(\"a\", \"1\"))"]),
        _ => Vec::new(),
    }
}
