//! Static repairs for a member reached as a field where the class offers a method:
//!
//! - a method written as a field: `DurationFieldType.days` where the class declares `static
//!   DurationFieldType days()` and no field of that name (javac: `cannot find symbol`, `symbol:
//!   variable days`, `location: class org.joda.time.DurationFieldType`; a 1.5B model wrote it for
//!   joda-time's `MutablePeriod#get(DurationFieldType)`). The access gets its parentheses. The
//!   method must take nothing and be visible, static where the access goes through the class.
//! - a private field read where its getter is public: `v.x` where commons-geometry's `Vector3D`
//!   keeps `private final double x` and offers `double getX()` (javac: `x has private access in
//!   ..Vector3D`; the model wrote it in two of three MTCs for `Vector3D#cross`). The read becomes
//!   the getter's call; a write (`v.x = 1`, `v.x++`) stays, as no getter can take it.
//!
//! Only for a class of the project, whose members javac names.

use super::javac::{missing_variable, Location};
use crate::java_model::ClassModel;
use crate::protocol::CompileDiagnostic;

/// The code with each such access turned into a call; None when javac reports none.
pub fn accessor_calls<'c>(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Option<String> {
    super::javac::edit_at_errors(code, diagnostics, |root, d| {
        let Some((name, location)) = missing_variable(&d.message) else { return Vec::new() };
        let (owner, through_class) = match location {
            Location::Class(q) => (q, true),
            Location::Variable(q) => (q, false),
        };
        let Some(class) = class_named(owner) else { return Vec::new() };
        if !has_method_without_arguments(class, name, through_class) || class.fields.iter().any(|f| f.name == name) {
            return Vec::new();
        }
        let accesses = super::inputs::on_line(root, d.line, "field_access").into_iter().filter(|access| {
            let field = access.child_by_field_name("field").and_then(|f| code.get(f.byte_range()));
            let called = access.parent().is_some_and(|p| p.kind() == "method_invocation");
            field == Some(name) && !called
        });
        accesses.map(|access| (access.end_byte(), access.end_byte(), "()".to_string())).collect()
    })
}

/// The code with each read of a private field turned into a call of its getter; None when javac
/// reports no private field that has one.
pub fn getter_reads<'c>(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Option<String> {
    super::javac::edit_at_errors(code, diagnostics, |root, d| {
        let Some((name, owner)) = private_field(&d.message) else { return Vec::new() };
        let Some(getter) = class_named(owner).and_then(|class| getter_of(class, name)) else { return Vec::new() };
        let reads = super::inputs::on_line(root, d.line, "field_access").into_iter().filter(|a| !is_written(*a));
        let fields = reads.filter_map(|access| access.child_by_field_name("field"));
        let named = fields.filter(|field| code.get(field.byte_range()) == Some(name));
        named.map(|field| (field.start_byte(), field.end_byte(), format!("{getter}()"))).collect()
    })
}

/// `x has private access in q.C`: a field (a method or constructor is named with its parameters).
fn private_field(message: &str) -> Option<(&str, &str)> {
    let (before, owner) = message.lines().next()?.split_once(" has private access in ")?;
    let name = before.split_whitespace().last()?;
    let identifier = name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '$');
    identifier.then_some((name, owner.trim()))
}

/// The getter a test may call for the class's private field `name`: `getX()`, `isX()` or `x()`,
/// taking nothing, returning the field's type, static exactly when the field is.
fn getter_of<'c>(class: &'c ClassModel, name: &str) -> Option<&'c str> {
    let field = class.fields.iter().find(|f| f.name == name)?;
    let capitalised: String = name.chars().take(1).flat_map(char::to_uppercase).chain(name.chars().skip(1)).collect();
    let names = [format!("get{capitalised}"), format!("is{capitalised}"), name.to_string()];
    names.iter().find_map(|wanted| {
        class
            .methods
            .iter()
            .find(|m| {
                m.name == *wanted
                    && !m.is_constructor
                    && m.params.is_empty()
                    && !m.is_private()
                    && m.is_static() == field.is_static()
                    && m.return_type.as_deref() == Some(field.type_name.as_str())
            })
            .map(|m| m.name.as_str())
    })
}

/// Whether the access is assigned to or updated (`v.x = ..`, `v.x += ..`, `v.x++`).
fn is_written(access: tree_sitter::Node) -> bool {
    let Some(parent) = access.parent() else { return false };
    match parent.kind() {
        "assignment_expression" => parent.child_by_field_name("left").is_some_and(|l| l.id() == access.id()),
        "update_expression" => true,
        _ => false,
    }
}

fn has_method_without_arguments(class: &ClassModel, name: &str, must_be_static: bool) -> bool {
    class.methods.iter().any(|m| {
        m.name == name
            && !m.is_constructor
            && m.params.is_empty()
            && !m.is_private()
            && (!must_be_static || m.is_static())
    })
}

#[cfg(test)]
mod tests {
    use super::{accessor_calls, getter_reads};
    use crate::java_model::{parse_str, ClassModel};
    use crate::protocol::{CompileDiagnostic, DiagnosticKind};

    fn field_type() -> ClassModel {
        let src = "package org.joda.time;\npublic abstract class DurationFieldType {\n    static final byte DAYS = 7;\n    public static DurationFieldType days() { return null; }\n    public abstract String getName();\n    private static DurationFieldType hidden() { return null; }\n}\n";
        parse_str(std::path::Path::new("DurationFieldType.java"), src).classes.remove(0)
    }

    fn missing(line: usize, variable: &str, location: &str) -> CompileDiagnostic {
        let message = format!("cannot find symbol\n  symbol:   variable {variable}\n  location: {location}");
        CompileDiagnostic { kind: DiagnosticKind::Error, line, column: 40, message }
    }

    fn repaired(code: &str, diagnostic: CompileDiagnostic) -> Option<String> {
        let class = field_type();
        accessor_calls(code, &[diagnostic], &|q| (q == class.qualified_name).then_some(&class))
    }

    #[test]
    fn a_real_reply_s_static_method_written_as_a_field_is_called() {
        // Qwen2.5-Coder-1.5B's reply for joda-time's MutablePeriod#setDays ~ get(DurationFieldType).
        let code = "class T {\n    void mr1() {\n        MutablePeriod source = new MutablePeriod();\n        source.setDays(15);\n        int followUp = source.get(DurationFieldType.days);\n    }\n}\n";
        let fixed = repaired(code, missing(5, "days", "class org.joda.time.DurationFieldType")).unwrap();
        assert!(fixed.contains("int followUp = source.get(DurationFieldType.days());"), "{fixed}");
    }

    #[test]
    fn an_instance_method_written_as_a_field_of_a_local_is_called() {
        let code = "class T {\n    void mr1(DurationFieldType t) {\n        String n = t.getName;\n    }\n}\n";
        let fixed =
            repaired(code, missing(3, "getName", "variable t of type org.joda.time.DurationFieldType")).unwrap();
        assert!(fixed.contains("String n = t.getName();"), "{fixed}");
    }

    #[test]
    fn no_repair_without_a_visible_method_of_that_name_or_through_the_class_for_an_instance_one() {
        let at = |name: &str| {
            format!("class T {{\n    void mr1() {{\n        Object o = DurationFieldType.{name};\n    }}\n}}\n")
        };
        let through_class = |name: &str| repaired(&at(name), missing(3, name, "class org.joda.time.DurationFieldType"));
        assert!(through_class("hidden").is_none(), "private");
        assert!(through_class("getName").is_none(), "an instance method through the class");
        assert!(through_class("weeks").is_none(), "no such method");
        let elsewhere = at("days");
        assert!(repaired(&elsewhere, missing(3, "days", "class org.joda.time.Other")).is_none(), "another class");
    }

    /// commons-geometry 1.0's `Vector3D`, its fields and getters as declared.
    fn vector() -> ClassModel {
        let src = "package org.apache.commons.geometry.euclidean.threed;\npublic class Vector3D {\n    private final double x;\n    private final double y;\n    private final double z;\n    private int hash;\n    private static int count;\n    public double getX() { return x; }\n    public double getY() { return y; }\n    public double getZ() { return z; }\n    public long hash() { return hash; }\n    public int count() { return count; }\n}\n";
        parse_str(std::path::Path::new("Vector3D.java"), src).classes.remove(0)
    }

    fn private(line: usize, field: &str) -> CompileDiagnostic {
        let message = format!("{field} has private access in org.apache.commons.geometry.euclidean.threed.Vector3D");
        CompileDiagnostic { kind: DiagnosticKind::Error, line, column: 40, message }
    }

    fn read_through_getters(code: &str, diagnostics: &[CompileDiagnostic]) -> Option<String> {
        let class = vector();
        getter_reads(code, diagnostics, &|q| (q == class.qualified_name).then_some(&class))
    }

    #[test]
    fn a_real_reply_s_private_fields_are_read_through_their_getters() {
        // Qwen2.5-Coder-1.5B's reply for commons-geometry's Vector3D#cross ~ normSq().
        let code = "class T {\n    void mr3() {\n        Vector3D source = Vector3D.of(1, 2, 3);\n        assertEquals(n, source.x * source.x + source.y * source.y + source.z * source.z);\n    }\n}\n";
        let errors: Vec<CompileDiagnostic> = ["x", "x", "y", "y", "z", "z"].iter().map(|f| private(4, f)).collect();
        let fixed = read_through_getters(code, &errors).unwrap();
        let expected = "source.getX() * source.getX() + source.getY() * source.getY() + source.getZ() * source.getZ()";
        assert!(fixed.contains(expected), "{fixed}");
    }

    #[test]
    fn no_getter_for_a_write_a_getter_of_another_type_or_staticness_or_a_private_constructor() {
        let write = "class T {\n    void mr1(Vector3D v) {\n        v.x = 2; v.y++;\n    }\n}\n";
        assert!(read_through_getters(write, &[private(3, "x"), private(3, "y")]).is_none(), "a write stays");
        let other = "class T {\n    void mr1(Vector3D v) {\n        long h = v.hash; int c = v.count;\n    }\n}\n";
        assert!(read_through_getters(other, &[private(3, "hash"), private(3, "count")]).is_none(), "type, static");
        let constructor = "class T {\n    void mr1() {\n        Vector3D v = new Vector3D(1, 2, 3);\n    }\n}\n";
        assert!(read_through_getters(constructor, &[private(3, "Vector3D(double,double,double)")]).is_none());
    }
}
