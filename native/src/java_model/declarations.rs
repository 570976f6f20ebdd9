//! Declarations: classes (top-level and nested), their fields, methods and constructors.
//! Method bodies are handed to [`super::body`] once the class's fields are known, because a
//! field may be declared after the methods that use it.

use super::body::{analyse_body, BodyContext};
use super::grammar::{is_comment, line, text, FIELDS};
use super::types::erase_simple;
use super::{ClassKind, ClassModel, FieldModel, MethodModel, Param};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use tree_sitter::Node;

pub struct ClassCollector<'s> {
    pub src: &'s str,
    pub source: Arc<str>,
    pub package: &'s str,
    pub path: Arc<PathBuf>,
    pub imports: Arc<[String]>,
    pub classes: Vec<ClassModel>,
}

/// Names of the enclosing classes, innermost last, for qualified names.
struct Outer<'a> {
    qualified: &'a str,
    binary: &'a str,
    /// Simple names of this class and every enclosing one (`Outer.Inner.foo()` is an own call).
    simple_names: &'a [String],
    /// Whether the enclosing type is an interface (or an annotation): its member types are
    /// implicitly public and static.
    interface: bool,
}

impl<'s> ClassCollector<'s> {
    pub fn collect_top_level(&mut self, root: Node) {
        let mut cursor = root.walk();
        for child in root.named_children(&mut cursor) {
            if class_kind(child.kind()).is_some() {
                self.collect_class(child, None);
            }
        }
    }

    fn collect_class(&mut self, node: Node, outer: Option<&Outer>) {
        let Some(kind) = class_kind(node.kind()) else {
            return;
        };
        let Some(name_node) = node.child_by_field_id(FIELDS.name.get()) else {
            return;
        };
        let name = text(name_node, self.src).to_string();
        let (qualified, binary) = qualified_names(self.package, outer, &name);
        let mut simple_names: Vec<String> = outer.map(|o| o.simple_names.to_vec()).unwrap_or_default();
        simple_names.push(name.clone());

        let members = members_of(node);
        let mut fields = record_components(node, self.src);
        fields.extend(members.iter().flat_map(|m| fields_of(*m, self.src)));
        if kind == ClassKind::Enum {
            fields.extend(enum_constants(node, self.src));
        }
        let field_types: HashMap<String, String> =
            fields.iter().map(|f| (f.name.clone(), f.type_name.clone())).collect();

        let ctx = BodyContext { src: self.src, own_names: &simple_names, fields: &field_types };
        let interface = kind == ClassKind::Interface || kind == ClassKind::Annotation;
        let record_params = (kind == ClassKind::Record).then(|| record_params(node, self.src));
        let methods =
            members.iter().filter_map(|m| method_of(*m, &ctx, &name, interface, record_params.as_deref())).collect();

        self.classes.push(ClassModel {
            name,
            qualified_name: qualified.clone(),
            binary_name: binary.clone(),
            package: self.package.to_string(),
            kind,
            modifiers: class_modifiers(node, self.src, kind, outer),
            header: header_of(node, self.src),
            superclass: superclass_of(node, self.src),
            interfaces: interfaces_of(node, self.src),
            fields,
            methods,
            lines: (line(node), node.end_position().row + 1),
            path: self.path.clone(),
            imports: self.imports.clone(),
            source: self.source.clone(),
        });

        let outer = Outer { qualified: &qualified, binary: &binary, simple_names: &simple_names, interface };
        for member in members {
            if class_kind(member.kind()).is_some() {
                self.collect_class(member, Some(&outer));
            }
        }
    }
}

/// The class's modifiers with those the language implies written out (JLS 8.9, 8.10, 9.1.1.3,
/// 9.5): a member type of an interface is public and static, a nested enum, record or interface
/// static. Without them a class nested in an interface (bcrypt's `Radix64Encoder.Default`) read
/// as an inner class no test can build, and a model's receiver-less call on it stayed unrepaired.
fn class_modifiers(node: Node, src: &str, kind: ClassKind, outer: Option<&Outer>) -> Vec<String> {
    let mut modifiers = modifiers_of(node, src);
    let Some(outer) = outer else { return modifiers };
    let mut implied = Vec::new();
    if outer.interface && !modifiers.iter().any(|m| m == "private" || m == "protected") {
        implied.push("public");
    }
    if outer.interface || kind != ClassKind::Class {
        implied.push("static");
    }
    for word in implied {
        if !modifiers.iter().any(|m| m == word) {
            modifiers.push(word.to_string());
        }
    }
    modifiers
}

fn class_kind(kind: &str) -> Option<ClassKind> {
    Some(match kind {
        "class_declaration" => ClassKind::Class,
        "interface_declaration" => ClassKind::Interface,
        "enum_declaration" => ClassKind::Enum,
        "record_declaration" => ClassKind::Record,
        "annotation_type_declaration" => ClassKind::Annotation,
        _ => return None,
    })
}

fn qualified_names(package: &str, outer: Option<&Outer>, name: &str) -> (String, String) {
    match outer {
        Some(o) => (format!("{}.{name}", o.qualified), format!("{}${name}", o.binary)),
        None if package.is_empty() => (name.to_string(), name.to_string()),
        None => (format!("{package}.{name}"), format!("{package}.{name}")),
    }
}

/// The member declarations of a class body, looking inside an enum's body declarations.
fn members_of(class: Node) -> Vec<Node> {
    let Some(body) = class.child_by_field_id(FIELDS.body.get()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut cursor = body.walk();
    for child in body.named_children(&mut cursor) {
        if child.kind() == "enum_body_declarations" {
            let mut inner = child.walk();
            out.extend(child.named_children(&mut inner));
        } else {
            out.push(child);
        }
    }
    out
}

/// `extends T` of a class declaration: the type as written.
fn superclass_of(class: Node, src: &str) -> Option<String> {
    let clause = class.child_by_field_name("superclass")?;
    let mut cursor = clause.walk();
    let found = clause.named_children(&mut cursor).find(|c| !is_comment(*c)).map(|t| text(t, src).to_string());
    found
}

/// The interfaces after `implements` (a class, enum or record) or `extends` (an interface), as
/// written (`Comparable<Interval>`).
fn interfaces_of(class: Node, src: &str) -> Vec<String> {
    let mut cursor = class.walk();
    let clause = class.children(&mut cursor).find(|c| matches!(c.kind(), "super_interfaces" | "extends_interfaces"));
    let Some(list) = clause.and_then(|c| {
        let mut inner = c.walk();
        let list = c.named_children(&mut inner).find(|n| n.kind() == "type_list");
        list
    }) else {
        return Vec::new();
    };
    let mut cursor = list.walk();
    let types =
        list.named_children(&mut cursor).filter(|t| !is_comment(*t)).map(|t| text(t, src).to_string()).collect();
    types
}

/// The declaration text before the body, on one line, without annotations and comments.
fn header_of(class: Node, src: &str) -> String {
    let end = class.child_by_field_id(FIELDS.body.get()).map_or(class.end_byte(), |b| b.start_byte());
    let mut cursor = class.walk();
    let mut parts = Vec::new();
    for child in class.children(&mut cursor).take_while(|c| c.start_byte() < end) {
        if child.kind() == "modifiers" {
            parts.extend(modifiers_of(class, src));
        } else if let (Some(last), "type_parameters") = (parts.last_mut(), child.kind()) {
            last.push_str(text(child, src)); // `Codec<K>`, not `Codec <K>`
        } else if !is_comment(child) {
            parts.push(text(child, src).to_string());
        }
    }
    parts.join(" ").split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Annotation names on a declaration, as written, without arguments.
fn annotations_of(node: Node, src: &str) -> Vec<String> {
    let mut cursor = node.walk();
    let mut out = Vec::new();
    let children: Vec<Node> = node.named_children(&mut cursor).collect();
    for child in children {
        let holders: Vec<Node> = if child.kind() == "modifiers" {
            let mut inner = child.walk();
            child.named_children(&mut inner).collect()
        } else {
            vec![child]
        };
        for a in holders.into_iter().filter(|a| a.kind().ends_with("annotation")) {
            if let Some(name) = a.child_by_field_id(FIELDS.name.get()) {
                out.push(text(name, src).to_string());
            }
        }
    }
    out
}

pub fn modifiers_of(node: Node, src: &str) -> Vec<String> {
    let mut cursor = node.walk();
    let Some(mods) = node.named_children(&mut cursor).find(|c| c.kind() == "modifiers") else {
        return Vec::new();
    };
    let mut inner = mods.walk();
    let words: Vec<String> = mods
        .children(&mut inner)
        .filter(|c| !c.kind().contains("annotation") && !is_comment(*c))
        .map(|c| text(c, src).to_string())
        .collect();
    words
}

fn fields_of(member: Node, src: &str) -> Vec<FieldModel> {
    if !matches!(member.kind(), "field_declaration" | "constant_declaration") {
        return Vec::new();
    }
    let type_name = member.child_by_field_id(FIELDS.type_.get()).map(|t| text(t, src).to_string()).unwrap_or_default();
    let mut modifiers = modifiers_of(member, src);
    if member.kind() == "constant_declaration" {
        // Interface fields are implicitly public static final.
        modifiers.extend(["public", "static", "final"].map(String::from));
    }
    let mut cursor = member.walk();
    let declarators: Vec<Node> = member.children_by_field_id(FIELDS.declarator, &mut cursor).collect();
    declarators
        .into_iter()
        .filter_map(|d| Some((d.child_by_field_id(FIELDS.name.get())?, d.child_by_field_id(FIELDS.value.get()))))
        .map(|(n, value)| FieldModel {
            name: text(n, src).to_string(),
            type_name: type_name.clone(),
            modifiers: modifiers.clone(),
            line: line(n),
            literal: value.filter(|v| is_literal(*v)).map(|v| text(v, src).to_string()),
        })
        .collect()
}

fn is_literal(value: Node) -> bool {
    value.kind().ends_with("_literal")
        || matches!(value.kind(), "true" | "false")
        || (value.kind() == "unary_expression" && value.named_child(0).is_some_and(is_literal))
}

fn enum_constants(enum_node: Node, src: &str) -> Vec<FieldModel> {
    let Some(body) = enum_node.child_by_field_id(FIELDS.body.get()) else {
        return Vec::new();
    };
    let enum_name =
        enum_node.child_by_field_id(FIELDS.name.get()).map(|n| text(n, src).to_string()).unwrap_or_default();
    let mut cursor = body.walk();
    let constants: Vec<Node> = body.named_children(&mut cursor).filter(|c| c.kind() == "enum_constant").collect();
    constants
        .into_iter()
        .filter_map(|c| c.child_by_field_id(FIELDS.name.get()))
        .map(|n| FieldModel {
            name: text(n, src).to_string(),
            type_name: enum_name.clone(),
            modifiers: ["public", "static", "final"].map(String::from).to_vec(),
            line: line(n),
            literal: None,
        })
        .collect()
}

fn record_params(record: Node, src: &str) -> Vec<Param> {
    record.child_by_field_id(FIELDS.parameters.get()).map(|p| params_of(p, src)).unwrap_or_default()
}

/// A record's components are its private final fields.
fn record_components(class: Node, src: &str) -> Vec<FieldModel> {
    if class.kind() != "record_declaration" {
        return Vec::new();
    }
    record_params(class, src)
        .into_iter()
        .map(|p| FieldModel {
            name: p.name,
            type_name: p.type_name,
            modifiers: vec!["private".into(), "final".into()],
            line: line(class),
            literal: None,
        })
        .collect()
}

pub fn params_of(formal_parameters: Node, src: &str) -> Vec<Param> {
    let mut cursor = formal_parameters.walk();
    let mut out = Vec::new();
    for p in formal_parameters.named_children(&mut cursor) {
        match p.kind() {
            "formal_parameter" => {
                let type_name = p.child_by_field_id(FIELDS.type_.get()).map(|t| text(t, src)).unwrap_or("");
                let dims = p.child_by_field_id(FIELDS.dimensions.get()).map(|d| text(d, src)).unwrap_or("");
                let name = p.child_by_field_id(FIELDS.name.get()).map(|n| text(n, src)).unwrap_or("");
                out.push(Param { type_name: format!("{type_name}{dims}"), name: name.into(), varargs: false });
            }
            "spread_parameter" => out.push(spread_param(p, src)),
            _ => {}
        }
    }
    out
}

/// `String... values`: the type child, then a variable_declarator with the name.
fn spread_param(p: Node, src: &str) -> Param {
    let mut cursor = p.walk();
    let mut type_name = String::new();
    let mut name = String::new();
    for c in p.named_children(&mut cursor) {
        match c.kind() {
            "modifiers" | "annotation" | "marker_annotation" => {}
            "variable_declarator" => {
                name = c.child_by_field_id(FIELDS.name.get()).map(|n| text(n, src)).unwrap_or("").into()
            }
            _ if type_name.is_empty() => type_name = text(c, src).to_string(),
            _ => {}
        }
    }
    Param { type_name: format!("{type_name}..."), name, varargs: true }
}

fn method_of(
    member: Node,
    ctx: &BodyContext,
    class_name: &str,
    in_interface: bool,
    record_params: Option<&[Param]>,
) -> Option<MethodModel> {
    let kind = member.kind();
    let is_constructor = match kind {
        "method_declaration" => false,
        "constructor_declaration" | "compact_constructor_declaration" => true,
        _ => return None,
    };
    let src = ctx.src;
    let name = member.child_by_field_id(FIELDS.name.get()).map(|n| text(n, src).to_string())?;
    let params = match (kind, record_params) {
        ("compact_constructor_declaration", Some(p)) => p.to_vec(),
        _ => member.child_by_field_id(FIELDS.parameters.get()).map(|p| params_of(p, src)).unwrap_or_default(),
    };
    let return_type = (!is_constructor).then(|| {
        let t = member.child_by_field_id(FIELDS.type_.get()).map(|t| text(t, src)).unwrap_or("void");
        let dims = member.child_by_field_id(FIELDS.dimensions.get()).map(|d| text(d, src)).unwrap_or("");
        format!("{t}{dims}")
    });
    let mut modifiers = modifiers_of(member, src);
    if in_interface && !modifiers.iter().any(|m| m == "private") && !modifiers.iter().any(|m| m == "public") {
        modifiers.insert(0, "public".into());
    }
    let body = member.child_by_field_id(FIELDS.body.get());
    let facts = analyse_body(ctx, &params, member, body);
    let mut throws = declared_throws(member, src);
    throws.extend(facts.thrown.iter().filter(|t| !throws.contains(t)).cloned().collect::<Vec<_>>());
    debug_assert!(!is_constructor || name == class_name || kind == "compact_constructor_declaration");
    Some(MethodModel {
        name,
        is_constructor,
        params,
        return_type,
        modifiers,
        annotations: annotations_of(member, src),
        lines: (line(member), member.end_position().row + 1),
        byte_range: (member.start_byte(), member.end_byte()),
        has_body: body.is_some(),
        invocations: facts.invocations,
        field_reads: facts.reads,
        field_writes: facts.writes,
        locals: facts.locals,
        throws,
    })
}

/// The simple names of a `throws` clause.
fn declared_throws(member: Node, src: &str) -> Vec<String> {
    let mut cursor = member.walk();
    let clause = member.named_children(&mut cursor).find(|c| c.kind() == "throws");
    let Some(clause) = clause else {
        return Vec::new();
    };
    let mut cursor = clause.walk();
    clause.named_children(&mut cursor).filter(|c| !is_comment(*c)).map(|t| erase_simple(text(t, src))).collect()
}
