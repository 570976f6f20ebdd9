//! A static repair for an anonymous class of a project interface or abstract class written from
//! memory. java-diff-utils' `DiffAlgorithmListener` declares `diffStart()`, `diffStep(int, int)`
//! and `diffEnd()`; a 1.5B model wrote `new DiffAlgorithmListener() { @Override public void
//! progress(int progress) {} }` (javac: `<anonymous T$1> is not abstract and does not override
//! abstract method diffEnd() in ..DiffAlgorithmListener`, and `method does not override or
//! implement a method from a supertype` at its `@Override`). Each method the type leaves abstract
//! and the body does not declare is added, doing nothing and answering its return type's default
//! (javac names only one of them); an `@Override` that overrides nothing is dropped, and its
//! method stays, called by nobody. The listener then listens to nothing, which the relation under
//! test never asked of it. A generic type is left alone: its methods' types depend on the type
//! arguments the reply gave.

use super::inputs::on_line;
use super::javac::{edit_at_errors, Edit};
use crate::java_model::types::{default_value, erase_simple};
use crate::java_model::{ClassKind, ClassModel, MethodModel};
use crate::protocol::CompileDiagnostic;
use tree_sitter::Node;

const NOT_ABSTRACT: &str = "is not abstract and does not override abstract method";
const OVERRIDES_NOTHING: &str = "method does not override or implement a method from a supertype";

/// The code with the anonymous classes javac names completed and the `@Override`s it rejects
/// dropped; None when no error is one of these.
pub fn anonymous_implementation<'c>(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Option<String> {
    edit_at_errors(code, diagnostics, |root, d| {
        if d.message.contains(OVERRIDES_NOTHING) {
            return dropped_overrides(root, d.line, code);
        }
        let Some((_, implemented)) = d.message.split_once(NOT_ABSTRACT).filter(|_| d.message.starts_with("<anonymous"))
        else {
            return Vec::new();
        };
        let type_name = implemented.rsplit(" in ").next().unwrap_or("").trim();
        match class_named(type_name) {
            Some(class) => stubs(root, d.line, code, class, class_named),
            None => Vec::new(),
        }
    })
}

/// The `@Override` annotations on the line, with the whitespace after each.
fn dropped_overrides(root: Node, line: usize, code: &str) -> Vec<Edit> {
    on_line(root, line, "marker_annotation")
        .into_iter()
        .filter(|a| code.get(a.byte_range()).is_some_and(|t| t == "@Override" || t == "@java.lang.Override"))
        .map(|a| {
            let after = code[a.end_byte()..].len() - code[a.end_byte()..].trim_start().len();
            (a.start_byte(), a.end_byte() + after, String::new())
        })
        .collect()
}

/// The missing methods, inserted before the closing brace of the anonymous class body that
/// starts on the line.
fn stubs<'c>(
    root: Node,
    line: usize,
    code: &str,
    implemented: &'c ClassModel,
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Vec<Edit> {
    let Some(body) = on_line(root, line, "object_creation_expression").into_iter().find_map(class_body) else {
        return Vec::new();
    };
    let declared = declared_methods(body, code);
    let Some(abstract_methods) = abstract_methods(implemented, class_named) else { return Vec::new() };
    let indent = indentation(code, body.start_byte());
    let added: Vec<String> = abstract_methods
        .into_iter()
        .filter(|m| !declared.contains(&(m.name.as_str(), m.params.len())))
        .map(|m| format!("{indent}    @Override\n{indent}    public {}", stub(m)))
        .collect();
    if added.is_empty() {
        return Vec::new();
    }
    let close = body.end_byte() - 1;
    let before_close = code[..close].trim_end().len();
    let gap = if code[..before_close].ends_with('{') { "\n" } else { "\n\n" };
    vec![(before_close, close, format!("{gap}{}\n{indent}", added.join("\n\n")))]
}

fn class_body(creation: Node) -> Option<Node> {
    let mut cursor = creation.walk();
    let body = creation.named_children(&mut cursor).find(|c| c.kind() == "class_body");
    body
}

/// Name and arity of each method the anonymous class declares.
fn declared_methods<'c>(body: Node, code: &'c str) -> Vec<(&'c str, usize)> {
    let mut cursor = body.walk();
    let methods: Vec<Node> = body.named_children(&mut cursor).filter(|c| c.kind() == "method_declaration").collect();
    methods
        .into_iter()
        .filter_map(|m| {
            let name = code.get(m.child_by_field_name("name")?.byte_range())?;
            let params = m.child_by_field_name("parameters")?;
            let mut cursor = params.walk();
            let arity = params.named_children(&mut cursor).filter(|p| p.kind().ends_with("parameter")).count();
            Some((name, arity))
        })
        .collect()
}

/// The methods `class` and the project types above it leave abstract; None when one of them is
/// generic or is no interface or abstract class (nothing to complete, or not without guessing).
fn abstract_methods<'c>(
    class: &'c ClassModel,
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Option<Vec<&'c MethodModel>> {
    let mut out: Vec<&MethodModel> = Vec::new();
    let mut pending = vec![class];
    let mut seen: Vec<&str> = Vec::new();
    while let Some(c) = pending.pop() {
        if seen.contains(&c.qualified_name.as_str()) {
            continue;
        }
        seen.push(&c.qualified_name);
        let is_interface = c.kind == ClassKind::Interface;
        if c.header.contains(&format!("{}<", c.name)) || !(is_interface || c.modifiers.iter().any(|m| m == "abstract"))
        {
            return None;
        }
        let left_abstract = |m: &&MethodModel| {
            !m.is_constructor
                && (m.modifiers.iter().any(|x| x == "abstract") || (is_interface && !m.has_body))
                && !is_object_method(m)
        };
        for m in c.methods.iter().filter(left_abstract) {
            if !out.iter().any(|o| o.name == m.name && o.params.len() == m.params.len()) {
                out.push(m);
            }
        }
        let above = c.interfaces.iter().chain(&c.superclass);
        pending.extend(above.filter_map(|written| class_named(&erase_simple(written))));
    }
    Some(out)
}

/// `equals`, `hashCode`, `toString` as an interface may redeclare them (`Comparator#equals`):
/// `Object` implements them for every class, and a stub would replace its answer.
fn is_object_method(m: &MethodModel) -> bool {
    matches!((m.name.as_str(), m.params.len()), ("equals", 1) | ("hashCode", 0) | ("toString", 0))
}

/// `void diffEnd() {}`, `boolean accept(Delta delta) { return false; }`.
fn stub(m: &MethodModel) -> String {
    let params: Vec<String> = m.params.iter().map(|p| format!("{} {}", p.type_name, p.name)).collect();
    let returned = m.return_type.as_deref().unwrap_or("void");
    let body = if returned == "void" { String::new() } else { format!(" return {}; ", default_value(returned)) };
    format!("{returned} {}({}) {{{body}}}", m.name, params.join(", "))
}

/// The leading spaces and tabs of the line `at` is on.
fn indentation(code: &str, at: usize) -> &str {
    let start = code[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = &code[start..at];
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

#[cfg(test)]
mod tests {
    use super::anonymous_implementation;
    use crate::java_model::{parse_str, ClassModel};
    use crate::mtc::javac::error_at as error;

    fn listener() -> ClassModel {
        // java-diff-utils 4.12's, as written (its Javadoc left out).
        let src = "package com.github.difflib.algorithm;\npublic interface DiffAlgorithmListener {\n    void diffStart();\n    void diffStep(int value, int max);\n    void diffEnd();\n}\n";
        parse_str(std::path::Path::new("DiffAlgorithmListener.java"), src).classes.remove(0)
    }

    /// Qwen2.5-Coder-1.5B's reply for java-diff-utils' `DiffUtils#patch` (unseen-11), its first test
    /// method, with the errors javac gave it.
    const REPLY: &str = "package com.github.difflib;\n\nclass T {\n    @Test\n    void mr1() throws Exception {\n        List<String> original = Arrays.asList(\"a\", \"b\", \"c\");\n        List<String> revised = Arrays.asList(\"a\", \"b\", \"d\");\n        DiffAlgorithmListener progress = new DiffAlgorithmListener() {\n            @Override\n            public void progress(int progress) {\n                // No progress is needed for this test\n            }\n        };\n        Patch<String> patch = DiffUtils.diff(original, revised, progress);\n        assertEquals(revised, DiffUtils.patch(original, patch));\n    }\n}\n";

    #[test]
    fn a_real_reply_s_listener_gets_the_methods_its_interface_declares_and_loses_the_stray_override() {
        let class = listener();
        let errors = [
            error(8, "<anonymous com.github.difflib.T$1> is not abstract and does not override abstract method diffEnd() in com.github.difflib.algorithm.DiffAlgorithmListener"),
            error(9, "method does not override or implement a method from a supertype"),
        ];
        let named = |name: &str| name.ends_with("DiffAlgorithmListener").then_some(&class);
        let fixed = anonymous_implementation(REPLY, &errors, &named).expect("a repair");
        let expected = "        DiffAlgorithmListener progress = new DiffAlgorithmListener() {\n            public void progress(int progress) {\n                // No progress is needed for this test\n            }\n\n            @Override\n            public void diffStart() {}\n\n            @Override\n            public void diffStep(int value, int max) {}\n\n            @Override\n            public void diffEnd() {}\n        };\n";
        assert!(fixed.contains(expected), "{fixed}");
        assert!(crate::java_model::parser().parse(&fixed, None).is_some_and(|t| !t.root_node().has_error()), "{fixed}");
    }

    #[test]
    fn methods_with_results_answer_their_default_and_object_s_methods_and_generic_types_are_left_alone() {
        let src = "package p;\npublic interface Filter {\n    boolean accept(String line);\n    long weight(int[] counts);\n    boolean equals(Object other);\n    default int order() { return 0; }\n}\n";
        let filter = parse_str(std::path::Path::new("Filter.java"), src).classes.remove(0);
        let code = "class T {\n    void mr1() {\n        Filter f = new Filter() {\n        };\n    }\n}\n";
        let message = "<anonymous T$1> is not abstract and does not override abstract method weight(int[]) in p.Filter";
        let fixed = anonymous_implementation(code, &[error(3, message)], &|_| Some(&filter)).expect("a repair");
        assert!(fixed.contains("public boolean accept(String line) { return false; }"), "{fixed}");
        assert!(fixed.contains("public long weight(int[] counts) { return 0L; }"), "{fixed}");
        assert!(!fixed.contains("equals") && !fixed.contains("order"), "{fixed}");
        let generic = parse_str(
            std::path::Path::new("G.java"),
            "package p;\npublic interface Filter<T> {\n    boolean accept(T t);\n}\n",
        )
        .classes
        .remove(0);
        assert_eq!(anonymous_implementation(code, &[error(3, message)], &|_| Some(&generic)), None);
    }
}
