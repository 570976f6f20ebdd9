//! Target methods as users write them, resolved against the fixtures.

mod common;

use common::fixture_path;
use mr_coupler::java_model::Project;
use mr_coupler::targets::{load_and_resolve, parse_targets, TargetRef};

fn resolve(targets: &str) -> Result<(Project, Vec<TargetRef>), String> {
    let mut project = Project::new(&[fixture_path("")]);
    let specs = parse_targets(targets).map_err(|e| e.to_string())?;
    let refs = load_and_resolve(&mut project, &specs).map_err(|e| e.to_string())?;
    Ok((project, refs))
}

fn signatures(targets: &str) -> Vec<String> {
    let (project, refs) = resolve(targets).unwrap();
    refs.iter().map(|t| format!("{}#{}", t.class(&project).qualified_name, t.method(&project).signature())).collect()
}

#[test]
fn a_method_by_name_parses_only_its_file() {
    let (project, refs) = resolve("com.acme.AESEncryption#encryptText").unwrap();
    assert_eq!(refs.len(), 1);
    assert_eq!(project.files.len(), 1, "Algorithm 1 is intra-class: one file is enough");
}

#[test]
fn parameter_types_match_as_written_simple_or_qualified_generics_ignored() {
    let one = vec!["com.acme.AESEncryption#encryptText(String, SecretKey)".to_string()];
    assert_eq!(signatures("com.acme.AESEncryption#encryptText(String,SecretKey)"), one);
    assert_eq!(signatures("com.acme.AESEncryption#encryptText(java.lang.String, javax.crypto.SecretKey)"), one);
    assert_eq!(signatures("com.acme.Joiner#join(List)"), vec!["com.acme.Joiner#join(List<String>)"]);
    assert_eq!(
        signatures("com.acme.Joiner#join(java.util.List<String>,String)"),
        vec!["com.acme.Joiner#join(List<String>, String)"]
    );
    assert_eq!(signatures("com.acme.Joiner#join(String[])"), vec!["com.acme.Joiner#join(String...)"]);
}

#[test]
fn a_class_means_its_non_private_methods_with_bodies() {
    let s = signatures("com.acme.Joiner");
    assert_eq!(s.len(), 4, "{s:?}");
    assert!(s.iter().all(|m| !m.contains("Joiner(")), "no constructors: {s:?}");
}

#[test]
fn nested_classes_by_dot_or_dollar() {
    let by_dot = signatures("com.acme.Outer.Inner#hit");
    assert_eq!(by_dot, vec!["com.acme.Outer.Inner#hit()"]);
    assert_eq!(signatures("com.acme.Outer$Inner#hit"), by_dot);
    assert_eq!(signatures("com.acme.Outer#total"), vec!["com.acme.Outer#total()"]);
}

#[test]
fn package_globs_and_lists() {
    let all = signatures("com.acme.**");
    assert!(all.len() > 15, "{all:?}");
    assert!(all.iter().any(|s| s.starts_with("com.acme.Outer.Inner#")));
    let two = signatures("com.acme.Counter#reset, com.acme.Joiner#join(List<String>, String)");
    assert_eq!(two, vec!["com.acme.Counter#reset()", "com.acme.Joiner#join(List<String>, String)"]);
    assert_eq!(
        signatures("Counter#reset"),
        vec!["com.acme.Counter#reset()"],
        "a simple class name is enough when unique"
    );
}

#[test]
fn a_method_by_name_means_its_overloads_a_test_can_call() {
    // JavaEWAH's `set` (unseen-9): the private `set(int, boolean)` it delegates to was a target,
    // and every MTC written for it failed to compile.
    assert_eq!(signatures("com.acme.Bits#set"), vec!["com.acme.Bits#set(int)"]);
    let err = resolve("com.acme.Bits#set(int, boolean)").unwrap_err();
    assert!(err.contains("com.acme.Bits#set(int, boolean) is private: a test class cannot call it"), "{err}");
    assert!(err.contains("Name a method that calls it: set(int)"), "{err}");
    let err = resolve("com.acme.Bits#mask").unwrap_err();
    assert!(err.contains("com.acme.Bits#mask(int) is private"), "{err}");
}

#[test]
fn an_unknown_method_lists_the_closest_names() {
    let err = resolve("com.acme.AESEncryption#encrypText").unwrap_err();
    assert!(err.contains("has no method `encrypText`"), "{err}");
    assert!(err.contains("Closest methods: encryptText(String, SecretKey)"), "{err}");
}

#[test]
fn a_class_with_only_constructors_points_to_the_class_it_inherits_from() {
    let err = resolve("com.acme.StartedCounter").unwrap_err();
    assert!(err.contains("class com.acme.StartedCounter has no non-private method with a body"), "{err}");
    assert!(err.contains("it inherits from Counter: name that class"), "{err}");
}

#[test]
fn an_unknown_class_lists_the_closest_classes() {
    let err = resolve("com.acme.AESEncryptoin#encryptText").unwrap_err();
    assert!(err.contains("no class `com.acme.AESEncryptoin`"), "{err}");
    assert!(err.contains("Closest classes: com.acme.AESEncryption"), "{err}");
}

#[test]
fn wrong_parameter_types_list_the_overloads() {
    let err = resolve("com.acme.Joiner#join(int)").unwrap_err();
    assert!(err.contains("join(List<String>), join(List<String>, String), join(String...)"), "{err}");
}

#[test]
fn an_empty_source_root_says_so() {
    let empty = std::env::temp_dir().join(format!("mrc-empty-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let mut project = Project::new(std::slice::from_ref(&empty));
    let specs = parse_targets("com.acme.Aes#encryptText").unwrap();
    let err = load_and_resolve(&mut project, &specs).unwrap_err().to_string();
    assert!(err.contains("No classes were found under the source roots"), "{err}");
    std::fs::remove_dir_all(&empty).ok();
}

#[test]
fn an_unknown_target_names_the_source_problems_that_may_hide_it() {
    let dir = std::env::temp_dir().join(format!("mrc-broken-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("p")).unwrap();
    std::fs::write(
        dir.join("p/Ledger.java"),
        "package p;\npublic class Ledger {\n  int total( { if (x.isEmpty( { %% }\n",
    )
    .unwrap();
    let mut project = Project::new(std::slice::from_ref(&dir));
    let err = load_and_resolve(&mut project, &parse_targets("p.Ledger#total").unwrap()).unwrap_err().to_string();
    assert!(err.contains("Ledger.java:2:1: syntax error"), "the syntax error is named: {err}");
    std::fs::remove_dir_all(&dir).ok();
}
