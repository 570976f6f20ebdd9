//! The compiler's feedback as the LLM's refinement request shows it: each error with the statement
//! it stands in and the declarations of the class under test's methods that statement calls. A
//! small model cannot find a line by its number alone, nor tell from `incompatible types:
//! List<Entity> cannot be converted to String` which call took what: twitter-text's extractors
//! (unseen-32) were composed `extractMentionedScreennames(extractMentionsOrListsWithIndices(x))`
//! in every reply, and two refinement rounds on the bare message wrote the same line again.

use super::refine::{cut, FEEDBACK_ENTRIES, STATEMENT_CHARS};
use crate::java_model::{ClassModel, MethodModel};
use crate::protocol::{CompileDiagnostic, DiagnosticKind};

/// Overloads of one name shown for a statement, at most this many.
const OVERLOADS: usize = 3;

pub(super) fn compile_feedback(diagnostics: &[CompileDiagnostic], code: &str, class: &ClassModel) -> String {
    let lines: Vec<&str> = code.lines().collect();
    let errors = diagnostics.iter().filter(|d| d.kind == DiagnosticKind::Error).take(FEEDBACK_ENTRIES);
    let entries: Vec<String> = errors
        .map(|d| {
            let mut entry = format!("line {}:{}: error: {}", d.line, d.column, d.message);
            let statement = d.line.checked_sub(1).and_then(|l| lines.get(l)).map(|s| s.trim());
            if let Some(statement) = statement.filter(|s| !s.is_empty()) {
                entry.push_str(&format!("\n        line {}: {}", d.line, cut(statement, STATEMENT_CHARS)));
                for declared in called_declarations(statement, class) {
                    entry.push_str(&format!("\n        where {} declares {declared}", class.name));
                }
            }
            entry
        })
        .collect();
    entries.join("\n")
}

/// The declarations (`public List<String> extractHashtags(String text)`) of the methods of `class`
/// a statement calls by name, in the order it calls them, constructors and private methods left
/// out (the prompt's skeleton has them, and a test cannot call the latter).
fn called_declarations(statement: &str, class: &ClassModel) -> Vec<String> {
    let mut names: Vec<&str> = Vec::new();
    for (at, _) in statement.match_indices('(') {
        let before = &statement[..at];
        let start = before.rfind(|c: char| !(c.is_alphanumeric() || c == '_')).map_or(0, |i| i + 1);
        let name = &before[start..];
        if !name.is_empty() && !names.contains(&name) {
            names.push(name);
        }
    }
    let callable = |m: &&MethodModel| !m.is_constructor && !m.is_private();
    names
        .into_iter()
        .flat_map(|name| class.methods.iter().filter(callable).filter(move |m| m.name == name).take(OVERLOADS))
        .map(declaration)
        .collect()
}

fn declaration(m: &MethodModel) -> String {
    let params: Vec<String> = m.params.iter().map(|p| format!("{} {}", p.type_name, p.name)).collect();
    let statik = if m.is_static() { "static " } else { "" };
    let returns = m.return_type.as_deref().unwrap_or("void");
    format!("{statik}{returns} {}({})", m.name, params.join(", "))
}

#[cfg(test)]
mod tests {
    use super::compile_feedback;
    use crate::protocol::{CompileDiagnostic, DiagnosticKind};

    /// twitter-text 3.1.0's `Extractor`, cut to the methods its first run's replies called.
    const EXTRACTOR: &str = "package com.twitter.twittertext;\nimport java.util.List;\npublic class Extractor {\n    \
        public Extractor() {}\n    \
        public List<String> extractMentionedScreennames(String text) { return null; }\n    \
        public List<Entity> extractMentionsOrListsWithIndices(String text) { return null; }\n    \
        private List<Entity> extractHashtagsWithIndices(String text, boolean checkUrlOverlap) { return null; }\n    \
        public static boolean isValidHostAndLength(int length, String protocol, String host) { return true; }\n}\n";

    /// The class the model answered the refinement request with (unseen-32, recorded reply), cut
    /// to its test method: line 9 is the one javac rejected.
    const REPLY: &str =
        "package com.twitter.twittertext;\n\nimport java.util.List;\n\npublic class ExtractorTest {\n    \
        @Test\n    void mr1() throws Exception {\n        Extractor extractor = new Extractor();\n        \
        List<Entity> followUpOutput = extractor.extractMentionedScreennames(followUpInput);\n        \
        assertEquals(sourceOutput, followUpOutput);\n    }\n}\n";

    fn error(line: usize, message: &str) -> CompileDiagnostic {
        CompileDiagnostic { kind: DiagnosticKind::Error, line, column: 77, message: message.into() }
    }

    #[test]
    fn an_error_is_shown_with_its_statement_and_the_declarations_it_calls() {
        let file = crate::java_model::parse_str(std::path::Path::new("Extractor.java"), EXTRACTOR);
        let class = &file.classes[0];
        let message = "incompatible types: java.util.List<Entity> cannot be converted to java.lang.String";
        let feedback = compile_feedback(&[error(9, message)], REPLY, class);
        let expected = format!(
            "line 9:77: error: {message}\n        \
             line 9: List<Entity> followUpOutput = extractor.extractMentionedScreennames(followUpInput);\n        \
             where Extractor declares List<String> extractMentionedScreennames(String text)"
        );
        assert_eq!(feedback, expected);
    }

    #[test]
    fn constructors_private_methods_and_other_classes_calls_are_not_declared() {
        let file = crate::java_model::parse_str(std::path::Path::new("Extractor.java"), EXTRACTOR);
        let class = &file.classes[0];
        let feedback = compile_feedback(&[error(8, "cannot find symbol")], REPLY, class);
        assert!(!feedback.contains("declares"), "a constructor call: {feedback}");
        let code = "x\ny = extractHashtagsWithIndices(t, true) + List.of(1).size() + isValidHostAndLength(1, p, h);\n";
        let feedback = compile_feedback(&[error(2, "cannot find symbol")], code, class);
        assert!(!feedback.contains("extractHashtagsWithIndices(String"), "private: {feedback}");
        assert!(feedback
            .ends_with("declares static boolean isValidHostAndLength(int length, String protocol, String host)"));
        let feedback = compile_feedback(&[error(40, "cannot find symbol")], code, class);
        assert_eq!(feedback, "line 40:77: error: cannot find symbol", "a line past the code");
    }
}
