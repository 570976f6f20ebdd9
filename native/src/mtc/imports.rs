//! After a compile error and one refinement, the paper repairs unresolved simple names by adding
//! imports found in the project: here from every import statement and class of its sources, and
//! a few JDK packages models forget.

use super::normalize::insert_imports;
use crate::java_model::Project;
use crate::protocol::CompileDiagnostic;
use std::collections::BTreeMap;

const JDK: &[&str] = &[
    "java.util.List",
    "java.util.ArrayList",
    "java.util.Arrays",
    "java.util.Collections",
    "java.util.Map",
    "java.util.HashMap",
    "java.util.Set",
    "java.util.HashSet",
    "java.util.Random",
    "java.util.Objects",
    "java.util.Optional",
    "java.util.stream.Collectors",
    "java.util.stream.IntStream",
    "java.math.BigInteger",
    "java.math.BigDecimal",
    "java.nio.charset.StandardCharsets",
    "java.nio.ByteBuffer",
    "java.io.IOException",
    "java.util.function.Function",
    "java.util.Locale",
    "java.util.Iterator",
    "java.util.LinkedList",
    "java.util.TreeMap",
    "java.util.TreeSet",
    "java.util.regex.Pattern",
    "java.time.Instant",
    "java.time.Duration",
    // A key built in a test (java-otp's `Key`, unseen-24: `new SecretKeySpec(..)` left unresolved
    // in two of its four candidates).
    "java.security.Key",
    "java.security.MessageDigest",
    "java.security.SecureRandom",
    "java.security.InvalidKeyException",
    "java.security.NoSuchAlgorithmException",
    "javax.crypto.Cipher",
    "javax.crypto.KeyGenerator",
    "javax.crypto.Mac",
    "javax.crypto.SecretKey",
    "javax.crypto.spec.SecretKeySpec",
];

/// Simple name -> fully qualified name, from the project's imports and classes and the JDK list.
#[derive(Default)]
pub struct ImportIndex {
    known: BTreeMap<String, String>,
}

impl ImportIndex {
    pub fn from_projects(projects: &[&Project]) -> Self {
        let mut known = BTreeMap::new();
        for fq in JDK {
            known.insert(simple(fq).to_string(), fq.to_string());
        }
        for project in projects {
            for file in &project.files {
                for import in file.imports.iter().filter(|i| !i.starts_with("static") && !i.ends_with('*')) {
                    known.entry(simple(import).to_string()).or_insert_with(|| import.clone());
                }
            }
            for class in project.classes() {
                known.entry(class.name.clone()).or_insert_with(|| class.qualified_name.clone());
            }
        }
        ImportIndex { known }
    }

    /// The code with imports added for the unresolved names the diagnostics report, and an import
    /// of a class its package lacks replaced by the known one of that name, or None when none of
    /// them is known.
    pub fn repair(&self, code: &str, diagnostics: &[CompileDiagnostic]) -> Option<String> {
        let mut fixed = code.to_string();
        for written in diagnostics.iter().filter_map(|d| import_not_found(code, d)) {
            if let Some(fq) = self.known.get(simple(written)).filter(|fq| *fq != written) {
                fixed = fixed.replace(&format!("import {written};"), &format!("import {fq};"));
            }
        }
        let mut imports: Vec<String> = Vec::new();
        for name in unresolved_names(diagnostics) {
            if let Some(fq) = self.known.get(&name) {
                let line = format!("import {fq};");
                if !fixed.contains(&line) && !imports.contains(&line) {
                    imports.push(line);
                }
            }
        }
        if imports.is_empty() {
            (fixed != code).then_some(fixed)
        } else {
            Some(insert_imports(&fixed, &imports))
        }
    }
}

/// The code with a static import for each unresolved variable that is a static field the class
/// under test lets a test in its package read (`WORD_IN_BITS` for
/// `EWAHCompressedBitmap.WORD_IN_BITS`, unseen-9), or None when there is none.
pub fn static_field_imports(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    under_test: &crate::java_model::ClassModel,
) -> Option<String> {
    static_imports(code, diagnostics, |missing| {
        let field = under_test.fields.iter().find(|f| f.name == missing.name);
        let readable = field.is_some_and(|f| f.is_static() && !f.is_private());
        (missing.kind == "variable" && readable).then(|| under_test.qualified_name.clone())
    })
}

/// The code with `import static C.name;` for each missing symbol `class_of` gives a class `C` for;
/// None when it gives none the code lacks.
fn static_imports(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    class_of: impl Fn(&super::javac::MissingSymbol) -> Option<String>,
) -> Option<String> {
    let mut imports: Vec<String> = Vec::new();
    for missing in diagnostics.iter().filter_map(|d| super::javac::missing_symbol(&d.message)) {
        let Some(class) = class_of(&missing) else { continue };
        let line = format!("import static {class}.{};", missing.name);
        if !code.contains(&line) && !imports.contains(&line) {
            imports.push(line);
        }
    }
    (!imports.is_empty()).then(|| insert_imports(code, &imports))
}

/// JDK static methods a test calls without their class as though imported statically (a 1.5B
/// model wrote `combination(asList(1, 2, 3))` in both of combinatoricslib3's candidates,
/// unseen-41), with the class each comes from. Only methods whose name says what they build: `max` or `abs`
/// could as well be the project's.
const JDK_STATIC_METHODS: &[(&str, &str)] = &[
    ("asList", "java.util.Arrays"),
    ("emptyList", "java.util.Collections"),
    ("singletonList", "java.util.Collections"),
    ("emptySet", "java.util.Collections"),
    ("singleton", "java.util.Collections"),
    ("emptyMap", "java.util.Collections"),
    ("singletonMap", "java.util.Collections"),
    ("nCopies", "java.util.Collections"),
];

/// The code with a static import for each JDK method of `JDK_STATIC_METHODS` javac could not find
/// in the test class, unless the class under test declares a method of that name (its own
/// method, called without a receiver, is `qualify`'s); None when there is none.
pub fn jdk_static_method_imports(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    under_test: &crate::java_model::ClassModel,
) -> Option<String> {
    static_imports(code, diagnostics, |missing| {
        let declared = under_test.methods.iter().any(|m| m.name == missing.name);
        let listed = JDK_STATIC_METHODS.iter().find(|(name, _)| *name == missing.name);
        listed.filter(|_| missing.kind == "method" && !declared).map(|(_, class)| class.to_string())
    })
}

fn simple(fq: &str) -> &str {
    fq.rsplit('.').next().unwrap_or(fq)
}

/// Names javac could not resolve that look like types: `symbol: class X`, or `variable X` with
/// a capital (a static member through an unimported class: `Cipher.ENCRYPT_MODE`), or a
/// `package X does not exist` with a capital (a nested type through an unimported class:
/// jheaps' `AddressableHeap.Handle`, which the built-in generator wrote too).
fn unresolved_names(diagnostics: &[CompileDiagnostic]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for d in diagnostics {
        let name = if let Some(missing) = super::javac::missing_symbol(&d.message) {
            let looks_like_type = match missing.kind {
                "class" => true,
                "variable" => missing.name.starts_with(char::is_uppercase),
                _ => false,
            };
            looks_like_type.then_some(missing.name)
        } else {
            outer_class_taken_for_a_package(&d.message)
        };
        if let Some(name) = name.filter(|n| !out.iter().any(|o| o == n)) {
            out.push(name.to_string());
        }
    }
    out
}

/// The class an import names that javac did not find in its package (`import
/// com.google.i18n.phonenumbers.PhoneNumber;` where the class is nested in `Phonenumber`; a 1.5B
/// model wrote it for libphonenumber, unseen-42): `symbol: class X`, `location: package ..` at an
/// import's line.
fn import_not_found<'c>(code: &'c str, d: &CompileDiagnostic) -> Option<&'c str> {
    let missing = super::javac::missing_symbol(&d.message).filter(|m| m.kind == "class")?;
    missing.location?.strip_prefix("package ")?;
    let line = code.lines().nth(d.line.checked_sub(1)?)?.trim();
    let written = line.strip_prefix("import ")?.strip_suffix(';')?.trim();
    (!written.starts_with("static ") && simple(written) == missing.name).then_some(written)
}

/// `X` of javac's `package X does not exist` when `X` is a simple capitalised name: the outer
/// class of a nested type written `X.Inner`, not imported.
fn outer_class_taken_for_a_package(message: &str) -> Option<&str> {
    let name = message.strip_prefix("package ")?.strip_suffix(" does not exist")?;
    let simple = name.starts_with(char::is_uppercase) && name.chars().all(|c| c.is_alphanumeric() || c == '_');
    simple.then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diagnostic(message: &str) -> CompileDiagnostic {
        CompileDiagnostic { kind: crate::protocol::DiagnosticKind::Error, line: 5, column: 9, message: message.into() }
    }

    #[test]
    fn adds_imports_for_names_the_project_imports_somewhere() {
        let mut index = ImportIndex::default();
        index.known.insert("SecretKey".into(), "javax.crypto.SecretKey".into());
        index.known.insert("Cipher".into(), "javax.crypto.Cipher".into());
        let code = "package p;\nclass T {}";
        let d = [
            diagnostic("cannot find symbol\n  symbol:   class SecretKey\n  location: class T"),
            diagnostic("cannot find symbol\n  symbol:   variable Cipher\n  location: class T"),
            diagnostic("cannot find symbol\n  symbol:   variable plainText\n  location: class T"),
        ];
        let fixed = index.repair(code, &d).unwrap();
        assert_eq!(fixed, "package p;\n\nimport javax.crypto.SecretKey;\nimport javax.crypto.Cipher;\nclass T {}");
        assert_eq!(index.repair(code, &[diagnostic("';' expected")]), None);
    }

    #[test]
    fn a_key_spec_a_test_builds_is_imported_from_the_jdk_in_a_project_that_never_imports_it() {
        // java-otp (unseen-24) takes a `java.security.Key` and imports `javax.crypto.Mac` only.
        let index = ImportIndex::from_projects(&[]);
        let code = "package com.eatthepath.otp;\nclass T {}";
        let d = [diagnostic("cannot find symbol\n  symbol:   class SecretKeySpec\n  location: class T")];
        let fixed = index.repair(code, &d).expect("a JDK class");
        assert!(fixed.contains("import javax.crypto.spec.SecretKeySpec;"), "{fixed}");
    }

    #[test]
    fn a_static_field_of_the_class_under_test_written_alone_is_imported_statically() {
        let class = "package com.acme;\npublic class Bits { public static final int WORD_IN_BITS = 64; \
            private static int secret; long word; }";
        let file = crate::java_model::parse_str(std::path::Path::new("Bits.java"), class);
        let bits = &file.classes[0];
        let code = "package com.acme;\nclass T {}";
        let missing =
            |name: &str| diagnostic(&format!("cannot find symbol\n  symbol:   variable {name}\n  location: class T"));
        let fixed = static_field_imports(code, &[missing("WORD_IN_BITS"), missing("WORD_IN_BITS")], bits).unwrap();
        assert_eq!(fixed, "package com.acme;\n\nimport static com.acme.Bits.WORD_IN_BITS;\nclass T {}");
        assert_eq!(static_field_imports(code, &[missing("secret")], bits), None, "private");
        assert_eq!(static_field_imports(code, &[missing("word")], bits), None, "not static");
        assert_eq!(static_field_imports(code, &[missing("LIMIT")], bits), None, "not a field of the class");
    }

    #[test]
    fn an_import_of_a_nested_class_written_as_its_package_s_becomes_the_known_one() {
        // libphonenumber (unseen-42): `PhoneNumber` is nested in `Phonenumber`.
        let mut index = ImportIndex::default();
        index.known.insert("PhoneNumber".into(), "com.google.i18n.phonenumbers.Phonenumber.PhoneNumber".into());
        let code = "package com.google.i18n.phonenumbers;\n\nimport com.google.i18n.phonenumbers.PhoneNumber;\n\
                    \nclass T {}";
        let at_import = CompileDiagnostic {
            line: 3,
            ..diagnostic(
                "cannot find symbol\n  symbol:   class PhoneNumber\n  location: package com.google.i18n.phonenumbers",
            )
        };
        let fixed = index.repair(code, std::slice::from_ref(&at_import)).expect("repaired");
        assert!(fixed.contains("\nimport com.google.i18n.phonenumbers.Phonenumber.PhoneNumber;\n"), "{fixed}");
        assert!(!fixed.contains("import com.google.i18n.phonenumbers.PhoneNumber;"), "{fixed}");
        assert_eq!(fixed.matches("import ").count(), 1, "replaced, not added: {fixed}");
        assert_eq!(ImportIndex::default().repair(code, &[at_import]), None, "a name the project does not know");
    }

    #[test]
    fn the_outer_class_of_a_nested_type_javac_took_for_a_package_is_imported() {
        // jheaps 0.14 (unseen-13): `AddressableHeap.Handle<K, V>` in a test of `org.jheaps.tree`.
        let mut index = ImportIndex::default();
        index.known.insert("AddressableHeap".into(), "org.jheaps.AddressableHeap".into());
        index.known.insert("util".into(), "java.util".into());
        let code = "package org.jheaps.tree;\nclass T {}";
        let fixed = index.repair(code, &[diagnostic("package AddressableHeap does not exist")]);
        assert_eq!(
            fixed.as_deref(),
            Some("package org.jheaps.tree;\n\nimport org.jheaps.AddressableHeap;\nclass T {}")
        );
        assert_eq!(index.repair(code, &[diagnostic("package util does not exist")]), None, "a package's name");
        assert_eq!(index.repair(code, &[diagnostic("package org.jheaps.Missing does not exist")]), None);
    }

    #[test]
    fn a_jdk_list_factory_written_alone_is_imported_statically_unless_the_class_declares_its_name() {
        // combinatoricslib3's `Generator` (unseen-41), as the reply called it.
        let class = "package org.paukov.combinatorics3;\npublic class Generator { \
            public static <T> CombinationGenerator<T> combination(Collection<T> c) { return null; } }";
        let file = crate::java_model::parse_str(std::path::Path::new("Generator.java"), class);
        let code = "package org.paukov.combinatorics3;\nclass T {}";
        let missing = |call: &str| {
            diagnostic(&format!(
                "cannot find symbol\n  symbol:   method {call}\n  location: class org.paukov.combinatorics3.T"
            ))
        };
        let fixed = jdk_static_method_imports(code, &[missing("asList(int,int,int)")], &file.classes[0]);
        assert_eq!(
            fixed.as_deref(),
            Some("package org.paukov.combinatorics3;\n\nimport static java.util.Arrays.asList;\nclass T {}")
        );
        assert_eq!(jdk_static_method_imports(code, &[missing("max(int,int)")], &file.classes[0]), None, "not listed");
        let own = "package p;\npublic class Lists { public static java.util.List<Integer> asList(int... xs) { return null; } }";
        let own = crate::java_model::parse_str(std::path::Path::new("Lists.java"), own);
        assert_eq!(jdk_static_method_imports(code, &[missing("asList(int)")], &own.classes[0]), None, "its own");
    }
}
