//! Static types of expressions inside one method, as far as declarations, literals, own methods'
//! return types and a few well-known JDK methods tell. `None` means "unsure": the operators then
//! skip a site rather than risk a mutant that does not compile.

use crate::java_model::types::{erase_simple, literal_type};
use crate::java_model::{ClassModel, MethodModel};
use tree_sitter::Node;

pub struct TypeEnv<'a> {
    pub src: &'a str,
    pub class: &'a ClassModel,
    pub method: &'a MethodModel,
}

pub fn is_numeric(t: &str) -> bool {
    matches!(t, "byte" | "short" | "char" | "int" | "long" | "float" | "double")
}

pub fn is_integral(t: &str) -> bool {
    matches!(t, "byte" | "short" | "char" | "int" | "long")
}

/// Unary and binary numeric promotion: byte, short and char become int.
fn promote(t: &str) -> &str {
    match t {
        "byte" | "short" | "char" => "int",
        other => other,
    }
}

fn promote2(a: &str, b: &str) -> Option<String> {
    if !is_numeric(a) || !is_numeric(b) {
        return None;
    }
    for wide in ["double", "float", "long"] {
        if a == wide || b == wide {
            return Some(wide.into());
        }
    }
    Some("int".into())
}

/// Return types of JDK methods common enough to matter, whatever the receiver.
fn well_known_return(name: &str) -> Option<&'static str> {
    Some(match name {
        "size"
        | "length"
        | "indexOf"
        | "lastIndexOf"
        | "compareTo"
        | "compare"
        | "hashCode"
        | "ordinal"
        | "intValue"
        | "signum"
        | "bitCount"
        | "numberOfLeadingZeros"
        | "numberOfTrailingZeros" => "int",
        "longValue" | "currentTimeMillis" | "nanoTime" => "long",
        "doubleValue" => "double",
        "floatValue" => "float",
        "equals" | "isEmpty" | "contains" | "containsKey" | "containsValue" | "startsWith" | "endsWith" | "hasNext"
        | "matches" | "equalsIgnoreCase" | "isBlank" | "booleanValue" => "boolean",
        "toString" | "substring" | "trim" | "strip" | "name" | "toUpperCase" | "toLowerCase" | "concat" => "String",
        "charAt" => "char",
        _ => return None,
    })
}

impl<'a> TypeEnv<'a> {
    fn text(&self, node: Node) -> &'a str {
        self.src.get(node.byte_range()).unwrap_or("")
    }

    /// The declared type of a name at a position: a local in scope, else a field of the class.
    pub fn variable_type(&self, name: &str, at: usize) -> Option<String> {
        if let Some(local) = self.method.local_at(name, at) {
            return local.type_name.as_deref().map(erase_simple);
        }
        self.class.fields.iter().find(|f| f.name == name).map(|f| erase_simple(&f.type_name))
    }

    /// The erased static type of an expression, when evident.
    pub fn type_of(&self, node: Node) -> Option<String> {
        let child = |field: &str| node.child_by_field_name(field);
        if let Some(t) = literal_type(node.kind(), self.text(node)) {
            return Some(t.to_string());
        }
        Some(match node.kind() {
            "this" => self.class.name.clone(),
            "identifier" => self.variable_type(self.text(node), node.start_byte())?,
            "parenthesized_expression" => self.type_of(node.named_child(0)?)?,
            "cast_expression" => erase_simple(self.text(child("type")?)),
            "object_creation_expression" => erase_simple(self.text(child("type")?)),
            "array_creation_expression" => format!("{}[]", erase_simple(self.text(child("type")?))),
            "array_access" => self.type_of(child("array")?)?.strip_suffix("[]")?.to_string(),
            "assignment_expression" => self.type_of(child("left")?)?,
            "update_expression" => self.type_of(node.named_child(0)?)?,
            "ternary_expression" => self
                .type_of(child("consequence")?)
                .or_else(|| self.type_of(node.child_by_field_name("alternative")?))?,
            "instanceof_expression" => "boolean".into(),
            "field_access" => self.field_access_type(node)?,
            "method_invocation" => self.invocation_type(node)?,
            "unary_expression" => self.unary_type(node)?,
            "binary_expression" => self.binary_type(node)?,
            _ => return None,
        })
    }

    fn field_access_type(&self, node: Node) -> Option<String> {
        let object = node.child_by_field_name("object")?;
        let field = self.text(node.child_by_field_name("field")?);
        if field == "length" && self.type_of(object).is_some_and(|t| t.ends_with("[]")) {
            return Some("int".into());
        }
        if object.kind() == "this" || self.text(object) == self.class.name {
            return self.class.fields.iter().find(|f| f.name == field).map(|f| erase_simple(&f.type_name));
        }
        None
    }

    fn invocation_type(&self, node: Node) -> Option<String> {
        let name = self.text(node.child_by_field_name("name")?);
        let object = node.child_by_field_name("object");
        let own = object.is_none_or(|o| o.kind() == "this" || self.text(o) == self.class.name);
        if own {
            let mut returns = self
                .class
                .methods
                .iter()
                .filter(|m| m.name == name && !m.is_constructor)
                .map(|m| m.return_type.as_deref());
            let first = returns.next()??;
            if returns.all(|r| r == Some(first)) && !first.contains('<') && first.len() > 1 {
                return Some(erase_simple(first));
            }
            return None;
        }
        well_known_return(name).map(String::from)
    }

    fn unary_type(&self, node: Node) -> Option<String> {
        let op = self.text(node.child_by_field_name("operator")?);
        let operand = self.type_of(node.child_by_field_name("operand")?)?;
        match op {
            "!" => Some("boolean".into()),
            _ if is_numeric(&operand) => Some(promote(&operand).to_string()),
            _ => None,
        }
    }

    fn binary_type(&self, node: Node) -> Option<String> {
        let op = self.text(node.child_by_field_name("operator")?);
        match op {
            "<" | "<=" | ">" | ">=" | "==" | "!=" | "&&" | "||" => return Some("boolean".into()),
            _ => {}
        }
        let left = self.type_of(node.child_by_field_name("left")?);
        let right = self.type_of(node.child_by_field_name("right")?);
        match (op, left.as_deref(), right.as_deref()) {
            ("+", Some("String"), _) | ("+", _, Some("String")) => Some("String".into()),
            ("<<" | ">>" | ">>>", Some(l), _) if is_integral(l) => Some(promote(l).to_string()),
            ("&" | "|" | "^", Some("boolean"), Some("boolean")) => Some("boolean".into()),
            (_, Some(l), Some(r)) => promote2(l, r),
            _ => None,
        }
    }
}
