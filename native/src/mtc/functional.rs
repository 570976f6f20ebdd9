//! A static repair for a lambda or method reference written where a project interface goes that
//! is no functional interface. Paguro's `Equator<T>` declares `hash(T)` and `eq(T, T)`; a 1.5B
//! model passed `String::hashCode` for one (javac: `incompatible types: ..Equator is not a
//! functional interface` / `multiple non-overriding abstract methods found in interface
//! ..Equator`, unseen-39). The lambda becomes the instance the interface itself offers: its
//! static factory taking nothing (`Equator.defaultEquator()`), else its constant of its own type.
//! What the lambda meant beyond that instance (one of the interface's methods, written alone) is
//! lost; whether the relation holds with the ordinary instance is for the trial to say. An
//! interface that offers no instance is left to the LLM.

use super::javac::{edit_at_errors, node_at};
use crate::java_model::types::erase_simple;
use crate::java_model::{ClassKind, ClassModel};
use crate::protocol::CompileDiagnostic;
use tree_sitter::Node;

const NOT_FUNCTIONAL: &str = " is not a functional interface";

/// The code with each lambda or method reference javac rejects as no functional interface of
/// the project made that interface's own instance; None when no error is one this repair can
/// place.
pub fn non_functional_lambdas<'c>(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Option<String> {
    edit_at_errors(code, diagnostics, |root, d| {
        let Some(instance) = not_functional(&d.message).and_then(class_named).and_then(own_instance) else {
            return Vec::new();
        };
        match node_at(root, code, d).and_then(lambda_starting_at) {
            Some(lambda) => vec![(lambda.start_byte(), lambda.end_byte(), instance)],
            None => Vec::new(),
        }
    })
}

/// The interface javac names in `incompatible types: q.Equator is not a functional interface`.
fn not_functional(message: &str) -> Option<&str> {
    let first = message.lines().next()?.trim_end();
    let named = first.strip_suffix(NOT_FUNCTIONAL)?;
    named.rsplit(": ").next().map(str::trim).filter(|n| !n.is_empty())
}

/// `Equator.defaultEquator()`: the first static method of the type taking nothing and giving the
/// type, else the first constant of the type; named through the outer class of a nested type.
fn own_instance(class: &ClassModel) -> Option<String> {
    let own = |written: &str| erase_simple(written) == class.name;
    let name = class.name_in_package();
    let factory = class.methods.iter().find(|m| {
        !m.is_constructor
            && m.params.is_empty()
            && m.is_static()
            && !m.is_private()
            && m.return_type.as_deref().is_some_and(own)
    });
    if let Some(factory) = factory {
        return Some(format!("{name}.{}()", factory.name));
    }
    // An interface's fields are constants whatever their modifiers say.
    let constant = class
        .fields
        .iter()
        .find(|f| own(&f.type_name) && (class.kind == ClassKind::Interface || (f.is_static() && !f.is_private())))?;
    Some(format!("{name}.{}", constant.name))
}

/// The lambda or method reference that starts where javac points.
fn lambda_starting_at(at: Node) -> Option<Node> {
    let mut node = at;
    loop {
        if matches!(node.kind(), "lambda_expression" | "method_reference") {
            return (node.start_byte() == at.start_byte()).then_some(node);
        }
        node = node.parent().filter(|p| p.start_byte() == at.start_byte())?;
    }
}

#[cfg(test)]
mod tests {
    use super::non_functional_lambdas;
    use crate::java_model::{parse_str, ClassModel};
    use crate::mtc::javac::error_at_column as error;

    fn equator() -> ClassModel {
        // Paguro 3.10.3's, its bodies and Javadoc shortened.
        let src = "package org.organicdesign.fp.collections;\npublic interface Equator<T> {\n    enum Equat implements Equator<Object> { DEFAULT; }\n    static <T> @NotNull Equator<T> defaultEquator() { return (Equator<T>) Equat.DEFAULT; }\n    static <T> @NotNull Comparator<T> defaultComparator() { return null; }\n    int hash(T t);\n    boolean eq(T o1, T o2);\n}\n";
        parse_str(std::path::Path::new("Equator.java"), src).classes.remove(0)
    }

    const MESSAGE: &str = "incompatible types: org.organicdesign.fp.collections.Equator is not a functional interface\n    multiple non-overriding abstract methods found in interface org.organicdesign.fp.collections.Equator";

    /// Qwen2.5-Coder-1.5B's reply for Paguro's `PersistentHashMap#assoc` (unseen-39), the line
    /// javac rejected, at the column it gave.
    const REPLY: &str = "class T {\n    void mr1() {\n        PersistentHashMap<String, Integer> source = new PersistentHashMap<>(String::hashCode, 10, null, false, null);\n    }\n}\n";

    #[test]
    fn a_real_reply_s_method_reference_becomes_the_interface_s_own_factory() {
        let class = equator();
        let named = |name: &str| (name == "org.organicdesign.fp.collections.Equator").then_some(&class);
        let fixed = non_functional_lambdas(REPLY, &[error(3, 77, MESSAGE)], &named).expect("a repair");
        assert!(fixed.contains("new PersistentHashMap<>(Equator.defaultEquator(), 10, null, false, null);"), "{fixed}");
    }

    #[test]
    fn a_lambda_takes_a_constant_where_no_factory_is_and_other_positions_and_classes_are_left_alone() {
        let src = "package p;\npublic interface Hasher {\n    Hasher STANDARD = null;\n    int hash(String s);\n    int seed();\n}\n";
        let hasher = parse_str(std::path::Path::new("Hasher.java"), src).classes.remove(0);
        let code = "class T {\n    void mr1() {\n        int h = digest(\"a\", s -> s.length());\n    }\n}\n";
        let message = "incompatible types: p.Hasher is not a functional interface";
        let fixed = non_functional_lambdas(code, &[error(3, 29, message)], &|_| Some(&hasher)).expect("a repair");
        assert!(fixed.contains("digest(\"a\", Hasher.STANDARD);"), "{fixed}");
        // javac's column inside the lambda, not at its start: no lambda starts there.
        assert_eq!(non_functional_lambdas(code, &[error(3, 34, message)], &|_| Some(&hasher)), None);
        // A type the project does not declare (the JDK's) offers nothing here.
        assert_eq!(non_functional_lambdas(code, &[error(3, 29, message)], &|_| None), None);
    }
}
