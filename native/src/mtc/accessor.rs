//! A static repair for a method written as a field: `DurationFieldType.days` where the class
//! declares `static DurationFieldType days()` and no field of that name (javac: `cannot find
//! symbol`, `symbol: variable days`, `location: class org.joda.time.DurationFieldType`; a
//! 1.5B model wrote it for joda-time's `MutablePeriod#get(DurationFieldType)`). The access gets
//! its parentheses. Only for a class of the project, whose members javac names: the method must
//! take nothing and be visible, static where the access goes through the class.

use crate::java_model::ClassModel;
use crate::protocol::{CompileDiagnostic, DiagnosticKind};

/// The code with each such access turned into a call; None when javac reports none.
pub fn accessor_calls<'c>(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Option<String> {
    let tree = crate::java_model::parser().parse(code, None)?;
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for d in diagnostics.iter().filter(|d| d.kind == DiagnosticKind::Error) {
        let Some((name, location)) = missing_variable(&d.message) else { continue };
        let (owner, through_class) = match location {
            Location::Class(q) => (q, true),
            Location::Variable(q) => (q, false),
        };
        let Some(class) = class_named(owner) else { continue };
        if !has_method_without_arguments(class, name, through_class) || class.fields.iter().any(|f| f.name == name) {
            continue;
        }
        for access in super::inputs::on_line(tree.root_node(), d.line, "field_access") {
            let field = access.child_by_field_name("field").and_then(|f| code.get(f.byte_range()));
            let called = access.parent().is_some_and(|p| p.kind() == "method_invocation");
            let end = access.end_byte();
            if field == Some(name) && !called && !edits.iter().any(|e| e.0 == end) {
                edits.push((end, end, "()".into()));
            }
        }
    }
    super::javac::apply_edits(code, edits)
}

enum Location<'m> {
    /// `location: class q.C`: the access went through the class.
    Class(&'m str),
    /// `location: variable v of type q.C`: through an instance.
    Variable(&'m str),
}

/// `cannot find symbol` with `symbol: variable NAME` and where javac looked.
fn missing_variable(message: &str) -> Option<(&str, Location<'_>)> {
    let missing = super::javac::missing_symbol(message).filter(|m| m.kind == "variable")?;
    let location = missing.location?;
    let location = match location.strip_prefix("class ") {
        Some(class) => Location::Class(class.trim()),
        None => Location::Variable(location.strip_prefix("variable ")?.split(" of type ").nth(1)?.trim()),
    };
    Some((missing.name, location))
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
    use super::accessor_calls;
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
}
