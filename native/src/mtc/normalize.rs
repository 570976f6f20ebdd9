//! A reply's class made ready to compile beside the class under test: its package, a name that
//! collides with nothing, the JUnit imports it forgot.

use crate::java_model::parse_str;
use std::path::Path;

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, serde::Serialize, Default)]
pub enum JUnit {
    #[serde(rename = "4")]
    Four,
    #[default]
    #[serde(rename = "5")]
    Five,
}

/// Put `code` in `package`, rename its top-level class to `name`, add missing JUnit imports.
/// `avoid` is the class under test's simple name, which a reply's class must not rename.
pub fn normalize(code: &str, package: &str, name: &str, avoid: &str, junit: JUnit) -> String {
    let code = set_package(code, package);
    let code = rename_class(&code, name, avoid);
    add_junit_imports(&code, junit)
}

fn set_package(code: &str, package: &str) -> String {
    let body: Vec<&str> = code.lines().filter(|l| !l.trim_start().starts_with("package ")).collect();
    let body = body.join("\n");
    if package.is_empty() {
        body
    } else {
        format!("package {package};\n\n{}", body.trim_start())
    }
}

/// Rename the first top-level class to `name` wherever its old name stands as a whole word.
fn rename_class(code: &str, name: &str, avoid: &str) -> String {
    let file = parse_str(Path::new("Reply.java"), code);
    let Some(old) = file.classes.first().map(|c| c.name.clone()) else { return code.to_string() };
    if old == name {
        return code.to_string();
    }
    if old == avoid {
        // Only the declaration: the old name is the class under test's.
        return code.replacen(&format!("class {old}"), &format!("class {name}"), 1);
    }
    replace_word(code, &old, name)
}

pub fn replace_word(text: &str, word: &str, with: &str) -> String {
    replace_where(text, word, with, |_, _| true)
}

/// `text` with each use of the local `word` replaced: the word alone, not a member (`x.word`) nor
/// a method called by that name (`word(`), which a local may share (`firstMatch =
/// trie.firstMatch(text)`).
pub fn replace_local(text: &str, word: &str, with: &str) -> String {
    replace_where(text, word, with, |before, after| before != Some('.') && after != Some('('))
}

/// `text` with each whole-word `word` for which `replaces(char before, char after)` holds
/// replaced by `with`.
fn replace_where(text: &str, word: &str, with: &str, replaces: impl Fn(Option<char>, Option<char>) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let is_ident = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    while let Some(i) = rest.find(word) {
        let before = rest[..i].chars().last().or_else(|| out.chars().last());
        let after = rest[i + word.len()..].chars().next();
        out.push_str(&rest[..i]);
        if before.is_some_and(is_ident) || after.is_some_and(is_ident) || !replaces(before, after) {
            out.push_str(word);
        } else {
            out.push_str(with);
        }
        rest = &rest[i + word.len()..];
    }
    out.push_str(rest);
    out
}

fn add_junit_imports(code: &str, junit: JUnit) -> String {
    let (test, assertions) = match junit {
        JUnit::Five => ("org.junit.jupiter.api.Test", "org.junit.jupiter.api.Assertions"),
        JUnit::Four => ("org.junit.Test", "org.junit.Assert"),
    };
    let mut imports = Vec::new();
    let has_import = |simple: &str| {
        code.lines().any(|l| {
            l.starts_with("import ")
                && (l.contains(&format!(".{simple};")) || l.contains(".*;"))
                && !l.contains("static")
        })
    };
    if code.contains("@Test") && !has_import("Test") {
        imports.push(format!("import {test};"));
    }
    if !assertions_in_scope(code) {
        imports.push(format!("import static {assertions}.*;"));
    }
    if imports.is_empty() {
        return code.to_string();
    }
    insert_imports(code, &imports)
}

/// Whether every JUnit assertion the code calls unqualified is in scope: imported on demand from a
/// JUnit class (a second such import would make `assertEquals` ambiguous), or each imported by
/// name. Another static import does not bring them (`import static java.util.Collections.*`, in a
/// reply of Qwen2.5-Coder-1.5B's for jopt-simple, unseen-30: every `assertEquals` was then a
/// missing symbol). A call written `Assertions.assertEquals(..)` counts as unqualified too: the
/// import is then unused, which is harmless.
fn assertions_in_scope(code: &str) -> bool {
    const ASSERTIONS: &[&str] = &[
        "assertEquals",
        "assertTrue",
        "assertFalse",
        "assertNotNull",
        "assertArrayEquals",
        "assertNull",
        "assertNotEquals",
        "assertThrows",
        "fail",
    ];
    let static_imports: Vec<&str> =
        code.lines().filter_map(|l| l.trim().strip_prefix("import static ")).map(str::trim).collect();
    if static_imports.iter().any(|i| i.starts_with("org.junit.") && i.ends_with(".*;")) {
        return true;
    }
    let called = ASSERTIONS.iter().filter(|a| code.contains(&format!("{a}(")));
    called.into_iter().all(|a| static_imports.iter().any(|i| i.ends_with(&format!(".{a};"))))
}

/// Insert import lines after the package declaration (or at the top).
pub fn insert_imports(code: &str, imports: &[String]) -> String {
    let lines: Vec<&str> = code.lines().collect();
    let at = lines.iter().position(|l| l.trim_start().starts_with("package ")).map_or(0, |i| i + 1);
    let mut out: Vec<String> = lines[..at].iter().map(|l| l.to_string()).collect();
    if at > 0 {
        out.push(String::new());
    }
    out.extend(imports.iter().cloned());
    out.extend(lines[at..].iter().map(|l| l.to_string()));
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_name_and_imports() {
        let code = "package wrong;\npublic class AESEncryptionTest {\n  @Test void a() { assertEquals(1, new AESEncryptionTest().hashCode()); }\n}";
        let out =
            normalize(code, "com.acme.crypto", "AESEncryption_encryptText_MTC1Test", "AESEncryption", JUnit::Five);
        assert!(out.starts_with("package com.acme.crypto;\n\nimport org.junit.jupiter.api.Test;\nimport static org.junit.jupiter.api.Assertions.*;\n"), "{out}");
        assert!(out.contains("public class AESEncryption_encryptText_MTC1Test {"));
        assert!(out.contains("new AESEncryption_encryptText_MTC1Test()"));
        assert!(!out.contains("package wrong"));
    }

    #[test]
    fn a_reply_class_named_like_the_class_under_test_keeps_its_references() {
        let code = "import org.junit.Test;\nimport static org.junit.Assert.*;\npublic class Aes { @Test public void a() { Aes.encrypt(\"x\"); } }";
        let out = normalize(code, "p", "Aes_MTC1Test", "Aes", JUnit::Four);
        assert!(out.contains("class Aes_MTC1Test") && out.contains("Aes.encrypt"), "{out}");
    }

    #[test]
    fn the_assertions_are_imported_beside_another_static_import() {
        // The imports of a reply of Qwen2.5-Coder-1.5B's for jopt-simple's OptionSet#has (unseen-30).
        let code = "package joptsimple;\n\nimport org.junit.jupiter.api.Test;\nimport java.util.Map;\nimport static \
                    java.util.Collections.*;\nimport static java.util.Objects.*;\n\npublic class T {\n    @Test\n    \
                    void mr1() { assertEquals(true, new OptionSet().has(\"a\")); }\n}\n";
        let out = add_junit_imports(code, JUnit::Five);
        assert!(out.contains("import static org.junit.jupiter.api.Assertions.*;"), "{out}");
        assert_eq!(out.matches("import org.junit.jupiter.api.Test;").count(), 1, "{out}");
    }

    #[test]
    fn assertions_in_scope_are_not_imported_again() {
        let on_demand = "import static org.junit.Assert.*;\nclass T { @Test void a() { assertEquals(1, 1); } }";
        assert!(!add_junit_imports(on_demand, JUnit::Five).contains("Assertions"), "a second wildcard is ambiguous");
        let by_name =
            "import static org.junit.jupiter.api.Assertions.assertTrue;\nclass T { void a() { assertTrue(x); } }";
        assert_eq!(add_junit_imports(by_name, JUnit::Five), by_name);
        let one_missing = "import static org.junit.jupiter.api.Assertions.assertTrue;\nclass T { void a() { \
                           assertTrue(x); assertEquals(1, y); } }";
        assert!(
            add_junit_imports(one_missing, JUnit::Five).contains("import static org.junit.jupiter.api.Assertions.*;")
        );
        let no_assertion = "class T { void a() { int x = 1; } }";
        assert_eq!(add_junit_imports(no_assertion, JUnit::Four), no_assertion);
    }

    #[test]
    fn whole_words_only() {
        assert_eq!(replace_word("T x = new T(); Tx t;", "T", "U"), "U x = new U(); Tx t;");
    }
}
