//! The skeleton of the container class: its package and imports (a model that sees no import
//! writes `SecretKey` without one), header, fields and member signatures, no bodies; how to build
//! the project's types its methods take; and what the project's types they return offer.

use crate::java_model::types::erase_simple;
use crate::java_model::{ClassKind, ClassModel, MethodModel};

/// `private` members are listed only when `with_private` (the token budget may drop them), and
/// private constructors never; constructors that are not public only when `internal_constructors`.
pub fn skeleton(class: &ClassModel, with_private: bool, internal_constructors: bool) -> String {
    let mut out = String::new();
    if !class.package.is_empty() {
        out.push_str(&format!("package {};\n\n", class.package));
    }
    for import in class.imports.iter() {
        out.push_str(&format!("import {import};\n"));
    }
    if !class.imports.is_empty() {
        out.push('\n');
    }
    out.push_str(&class.header);
    out.push_str(" {\n");
    for f in class.fields.iter().filter(|f| with_private || !f.modifiers.iter().any(|m| m == "private")) {
        let mods = join_modifiers(&f.modifiers);
        out.push_str(&format!("    {mods}{} {};\n", f.type_name, f.name));
    }
    // A private constructor never: a test cannot call it, and a model shown one writes `new
    // Fraction(2, 3)` where only `Fraction.of(2, 3)` compiles. A package-private one is how the
    // project builds the class internally: a model shown exp4j's `Expression(Token[])` built tokens
    // by hand instead of calling the `ExpressionBuilder` listed below the class.
    let listed = |m: &&MethodModel| match () {
        _ if m.is_constructor && !public(m) => internal_constructors && !m.is_private(),
        _ => with_private || !m.is_private(),
    };
    for m in class.methods.iter().filter(listed) {
        out.push_str(&format!("    {};\n", signature_line(m)));
    }
    out.push('}');
    out
}

fn join_modifiers(modifiers: &[String]) -> String {
    modifiers.iter().map(|m| format!("{m} ")).collect()
}

/// `public static byte[] encryptText(String plainText, SecretKey secKey)`.
pub fn signature_line(m: &MethodModel) -> String {
    let params: Vec<String> = m.params.iter().map(|p| format!("{} {}", p.type_name, p.name)).collect();
    let ret = m.return_type.as_deref().map(|r| format!("{r} ")).unwrap_or_default();
    format!("{}{ret}{}({})", join_modifiers(&m.modifiers), m.name, params.join(", "))
}

/// The source of a declaration from the start of its first line, dedented.
pub fn code_of(source: &str, range: (usize, usize)) -> String {
    let line_start = source[..range.0].rfind('\n').map_or(0, |i| i + 1);
    let text = &source[line_start..range.1.min(source.len())];
    let indent =
        text.lines().filter(|l| !l.trim().is_empty()).map(|l| l.len() - l.trim_start().len()).min().unwrap_or(0);
    text.lines().map(|l| l.get(indent..).unwrap_or(l.trim_start())).collect::<Vec<_>>().join("\n")
}

/// For each project class (other than `class` itself) that `methods` take as a parameter: its
/// public constructors and the public static methods that return it, so a test can build one.
pub fn builders<'p>(
    class: &ClassModel,
    methods: &[&MethodModel],
    project_class: &dyn Fn(&str) -> Option<&'p ClassModel>,
) -> String {
    let mut out = String::new();
    let taken = methods.iter().flat_map(|m| &m.params).map(|p| p.type_name.as_str());
    for (simple, param_class) in project_types(class, taken, project_class) {
        let lines: Vec<String> = param_class
            .methods
            .iter()
            .filter(|m| public(m) && builds(m, &simple))
            .map(|m| format!("    {};", signature_line(m)))
            .collect();
        if !lines.is_empty() {
            out.push_str(&format!("// {}\n{}\n", param_class.qualified_name, lines.join("\n")));
        }
    }
    out.trim_end().to_string()
}

/// The distinct project classes, other than `class` itself, that the types `written` name, each
/// with its simple name.
fn project_types<'p, 'w>(
    class: &ClassModel,
    written: impl Iterator<Item = &'w str>,
    project_class: &dyn Fn(&str) -> Option<&'p ClassModel>,
) -> Vec<(String, &'p ClassModel)> {
    let mut out: Vec<(String, &'p ClassModel)> = Vec::new();
    for simple in written.map(erase_simple) {
        if simple == class.name || out.iter().any(|(s, _)| *s == simple) {
            continue;
        }
        if let Some(found) = project_class(&simple) {
            out.push((simple, found));
        }
    }
    out
}

/// A constructor, or a static method that returns the type `simple` names.
pub(super) fn builds(m: &MethodModel, simple: &str) -> bool {
    m.is_constructor || (m.is_static() && m.return_type.as_deref().map(erase_simple).as_deref() == Some(simple))
}

/// The most members listed for one returned type: past it the prompt grows more than it helps.
const MOST_RETURNED_MEMBERS: usize = 40;

/// For each project class (other than `class` itself) that `methods` return: its header and
/// public members (but the builders `builders` lists, where `methods` also take it), so a test
/// calls what the returned object has. A model never shown commons-csv's
/// `CSVParser`, which `CSVFormat#parse` returns, wrote `parser.getHeader()` and `new
/// CSVParser(reader)`, neither of which exists.
pub fn returned_api<'p>(
    class: &ClassModel,
    methods: &[&MethodModel],
    project_class: &dyn Fn(&str) -> Option<&'p ClassModel>,
) -> String {
    let mut out = String::new();
    let returned = methods.iter().filter_map(|m| m.return_type.as_deref());
    for (simple, returned_class) in project_types(class, returned, project_class) {
        let taken = methods.iter().flat_map(|m| &m.params).any(|p| erase_simple(&p.type_name) == simple);
        let offered = |m: &&MethodModel| match returned_class.kind {
            ClassKind::Interface => !m.is_private(),
            _ => public(m),
        };
        let members: Vec<String> = returned_class
            .methods
            .iter()
            .filter(offered)
            .filter(|m| !(taken && builds(m, &simple)))
            .map(|m| format!("    {};", signature_line(m)))
            .collect();
        if members.is_empty() {
            continue;
        }
        let more = members.len().saturating_sub(MOST_RETURNED_MEMBERS);
        let listed = &members[..members.len() - more];
        out.push_str(&format!(
            "// {}\n{} {{\n{}\n",
            returned_class.qualified_name,
            returned_class.header,
            listed.join("\n")
        ));
        if more > 0 {
            out.push_str(&format!("    // ... {more} more public members\n"));
        }
        out.push_str("}\n");
    }
    out.trim_end().to_string()
}

/// The most lines listed for one class that builds the class under test.
const MOST_BUILDER_LINES: usize = 12;
/// The most classes listed as building the class under test.
const MOST_BUILDING_CLASSES: usize = 3;

/// How to get an instance of `class` when it has no public constructor or factory of its own (one
/// that needs no instance already): the public methods of other project classes that return it,
/// each with that class's public constructors and the methods that return that class itself (a
/// fluent builder's steps). exp4j's `Expression` is built only by `new
/// ExpressionBuilder("x + 1").variable("x").build()`; a model not shown it built tokens by hand.
pub fn builders_elsewhere<'p>(class: &ClassModel, project: impl Iterator<Item = &'p ClassModel>) -> String {
    let own_builder = |m: &MethodModel| {
        public(m) && builds(m, &class.name) && !m.params.iter().any(|p| erase_simple(&p.type_name) == class.name)
    };
    // A class that declares no constructor has Java's default one.
    let default_constructor = class.kind == ClassKind::Class && !class.methods.iter().any(|m| m.is_constructor);
    if default_constructor || class.methods.iter().any(own_builder) {
        return String::new();
    }
    let returns = |m: &MethodModel, simple: &str| m.return_type.as_deref().map(erase_simple).as_deref() == Some(simple);
    let builds_class = |o: &&ClassModel| {
        o.qualified_name != class.qualified_name
            && o.modifiers.iter().any(|m| m == "public")
            && o.methods.iter().any(|m| public(m) && returns(m, &class.name))
    };
    let mut out = String::new();
    for other in project.filter(builds_class).take(MOST_BUILDING_CLASSES) {
        // What returns the class under test first, then how to build the other class, then its
        // fluent steps: the cap drops steps before the call that matters.
        let rank = |m: &MethodModel| match () {
            _ if returns(m, &class.name) => Some(0),
            _ if builds(m, &other.name) => Some(1),
            _ if returns(m, &other.name) => Some(2),
            _ => None,
        };
        let mut ranked: Vec<(u8, &MethodModel)> =
            other.methods.iter().filter(|m| public(m)).filter_map(|m| rank(m).map(|r| (r, m))).collect();
        ranked.sort_by_key(|(r, _)| *r);
        let lines: Vec<String> =
            ranked.iter().take(MOST_BUILDER_LINES).map(|(_, m)| format!("    {};", signature_line(m))).collect();
        out.push_str(&format!("// {}\n{}\n", other.qualified_name, lines.join("\n")));
    }
    out.trim_end().to_string()
}

pub(super) fn public(m: &MethodModel) -> bool {
    m.modifiers.iter().any(|x| x == "public")
}
