//! Per-method repair of last resort: a test class whose compile errors all sit inside some of its
//! test methods loses those methods, and the rest of the class lives. One bad input (or one
//! amplified method the model got wrong) then costs that method only.

use crate::protocol::{CompileDiagnostic, DiagnosticKind};

/// The class without the test methods that hold a compile error, and their names; None when an
/// error sits outside every test method (an import, a helper, a field) or no test method would
/// be left.
pub fn prune_methods(code: &str, diagnostics: &[CompileDiagnostic]) -> Option<(String, Vec<String>)> {
    let file = crate::java_model::parse_str(std::path::Path::new("Pruned.java"), code);
    let class = file.classes.first()?;
    let tests: Vec<_> = class.methods.iter().filter(|m| m.is_test()).collect();
    let mut broken: Vec<String> = Vec::new();
    for d in diagnostics.iter().filter(|d| d.kind == DiagnosticKind::Error) {
        let holder = tests.iter().find(|m| m.lines.0 <= d.line && d.line <= m.lines.1)?;
        if !broken.contains(&holder.name) {
            broken.push(holder.name.clone());
        }
    }
    let keep: Vec<String> = tests.iter().map(|m| m.name.clone()).filter(|n| !broken.contains(n)).collect();
    if broken.is_empty() || keep.is_empty() {
        return None;
    }
    Some((super::strip_tests(code, &keep), broken))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(line: usize) -> CompileDiagnostic {
        CompileDiagnostic { kind: DiagnosticKind::Error, line, column: 9, message: "cannot find symbol".into() }
    }

    const CLASS: &str =
        "class T {\n    @Test\n    void a() {\n        ok();\n    }\n\n    @Test\n    void b() {\n        \
                         SHIFT1.x();\n    }\n\n    void helper() {\n        y();\n    }\n}\n";

    #[test]
    fn the_methods_that_do_not_compile_go_and_the_rest_lives() {
        let (pruned, dropped) = prune_methods(CLASS, &[error(9)]).unwrap();
        assert_eq!(dropped, ["b"]);
        assert!(pruned.contains("void a()") && pruned.contains("void helper()") && !pruned.contains("SHIFT1"));
    }

    #[test]
    fn an_error_outside_the_test_methods_or_in_all_of_them_cannot_be_pruned() {
        assert_eq!(prune_methods(CLASS, &[error(13)]), None, "in the helper");
        assert_eq!(prune_methods(CLASS, &[error(4), error(9)]), None, "nothing would be left");
    }
}
