//! Static repair for a constant made up from memory: `Tag.DEFAULT` and `FlowStyle.DEFAULT` where
//! SnakeYAML's `Tag` and `DumperOptions.FlowStyle` declare neither (javac: `cannot find symbol`,
//! `symbol: variable DEFAULT`, `location: class org.yaml.snakeyaml.nodes.Tag`; a 1.5B model wrote
//! both for `Yaml#dump`). The name becomes that of one of the class's own constants (a public
//! static field of its own type, an enum's constants among them): the one nearest the missing name
//! (as `method_name`'s nearest name: strsim's normalized Damerau-Levenshtein, clearly nearest),
//! else, for an enum, its first constant, which Java's enums conventionally declare as the default
//! (`FlowStyle.AUTO`). A class that is no enum and has no near name keeps the error: which of its
//! constants the reply meant is not known.
//!
//! Only for a class of the project reached through its name, that declares no field or method of
//! the missing name (those are other repairs' cases).

use super::javac::{missing_variable, Location};
use super::method_name::clearly_nearest;
use crate::java_model::types::erase_simple;
use crate::java_model::{ClassKind, ClassModel};
use crate::protocol::CompileDiagnostic;

/// The code with each made-up constant renamed to one of its class's own; None when javac
/// reports none that has one.
pub fn made_up_constants<'c>(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Option<String> {
    super::javac::edit_at_errors(code, diagnostics, |root, d| {
        let Some((name, Location::Class(owner))) = missing_variable(&d.message) else { return Vec::new() };
        let Some(class) = class_named(owner.split('<').next().unwrap_or(owner).trim()) else { return Vec::new() };
        let declared = class.fields.iter().any(|f| f.name == name) || class.methods.iter().any(|m| m.name == name);
        let Some(constant) = (!declared).then(|| constant_for(class, name)).flatten() else { return Vec::new() };
        let accesses = super::inputs::on_line(root, d.line, "field_access").into_iter();
        let fields = accesses.filter_map(|access| access.child_by_field_name("field"));
        let named = fields.filter(|field| code.get(field.byte_range()) == Some(name));
        named.map(|field| (field.start_byte(), field.end_byte(), constant.to_string())).collect()
    })
}

/// The class's own constant a made-up `missing` stands for: the clearly nearest name, else an
/// enum's first constant.
fn constant_for<'c>(class: &'c ClassModel, missing: &str) -> Option<&'c str> {
    let own: Vec<&str> = class
        .fields
        .iter()
        .filter(|f| f.modifiers.iter().any(|m| m == "public") && f.is_static())
        .filter(|f| erase_simple(&f.type_name) == class.name)
        .map(|f| f.name.as_str())
        .collect();
    let enum_default = || (class.kind == ClassKind::Enum).then(|| own.first().copied()).flatten();
    clearly_nearest(missing, &own).or_else(enum_default)
}

#[cfg(test)]
mod tests {
    use super::made_up_constants;
    use crate::java_model::{parse_str, ClassModel};
    use crate::protocol::{CompileDiagnostic, DiagnosticKind};

    fn classes() -> Vec<ClassModel> {
        let options = "package org.yaml.snakeyaml;\npublic class DumperOptions {\n    public enum FlowStyle { AUTO, FLOW, BLOCK }\n    public enum ScalarStyle { PLAIN, DOUBLE_QUOTED }\n    public static final int DEFAULT_INDENT = 2;\n}\n";
        let tag = "package org.yaml.snakeyaml.nodes;\npublic final class Tag {\n    public static final Tag YAML = new Tag(\"y\");\n    public static final Tag STR = new Tag(\"s\");\n    public static final Tag MAP = new Tag(\"m\");\n    public static final String PREFIX = \"tag:\";\n    public Tag(String v) {}\n    public static Tag string() { return STR; }\n}\n";
        let mut all = parse_str(std::path::Path::new("DumperOptions.java"), options).classes;
        all.extend(parse_str(std::path::Path::new("Tag.java"), tag).classes);
        all
    }

    fn missing(line: usize, variable: &str, class: &str) -> CompileDiagnostic {
        CompileDiagnostic {
            line,
            kind: DiagnosticKind::Error,
            message: format!("cannot find symbol\n  symbol:   variable {variable}\n  location: class {class}"),
            ..CompileDiagnostic::default()
        }
    }

    fn repaired(code: &str, d: CompileDiagnostic) -> Option<String> {
        let classes = classes();
        made_up_constants(code, &[d], &|q| classes.iter().find(|c| c.qualified_name == q))
    }

    fn at(line: &str) -> String {
        format!("class T {{\n  void t() {{\n    {line}\n  }}\n}}\n")
    }

    #[test]
    fn an_enum_s_made_up_default_becomes_its_first_constant() {
        let code = at("String s = yaml.dumpAs(x, Tag.MAP, DumperOptions.FlowStyle.DEFAULT);");
        let fixed = repaired(&code, missing(3, "DEFAULT", "org.yaml.snakeyaml.DumperOptions.FlowStyle")).unwrap();
        assert!(fixed.contains("DumperOptions.FlowStyle.AUTO);"), "{fixed}");
    }

    #[test]
    fn a_slip_becomes_the_nearest_constant_of_the_class_s_own_type() {
        let code = at("Tag tag = Tag.STRING;");
        let fixed = repaired(&code, missing(3, "STRING", "org.yaml.snakeyaml.nodes.Tag")).unwrap();
        assert!(fixed.contains("Tag tag = Tag.STR;"), "{fixed}");
        let flow = at("Object f = DumperOptions.FlowStyle.BLOK;");
        let fixed = repaired(&flow, missing(3, "BLOK", "org.yaml.snakeyaml.DumperOptions.FlowStyle")).unwrap();
        assert!(fixed.contains("FlowStyle.BLOCK;"), "nearest before first: {fixed}");
    }

    #[test]
    fn no_guess_where_the_meaning_is_not_known() {
        // Tag is no enum and DEFAULT is near none of its constants; PREFIX is no Tag.
        assert!(repaired(&at("Tag t = Tag.DEFAULT;"), missing(3, "DEFAULT", "org.yaml.snakeyaml.nodes.Tag")).is_none());
        // A method of that name is the accessor repair's case.
        assert!(repaired(&at("Tag t = Tag.string;"), missing(3, "string", "org.yaml.snakeyaml.nodes.Tag")).is_none());
        // Not a class of the project.
        assert!(repaired(&at("int x = Integer.MAXIMUM;"), missing(3, "MAXIMUM", "java.lang.Integer")).is_none());
        // DumperOptions is no enum and has no constant of its own type.
        let options = missing(3, "DEFAULT", "org.yaml.snakeyaml.DumperOptions");
        assert!(repaired(&at("Object o = DumperOptions.DEFAULT;"), options).is_none());
    }
}
