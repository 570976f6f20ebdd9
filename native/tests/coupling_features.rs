//! Algorithm 1 on fixtures written for it: every sub-feature, and a case where it must not fire.

mod common;

use common::*;
use mr_coupler::coupling::{analyse, Direction, FeatureKind::*};

#[test]
fn aes_pair_of_listing_2_shares_name_tokens_types_and_apis() {
    let file = fixture("com/acme/AESEncryption.java");
    let aes = class(&file, "AESEncryption");
    let f = features(aes, "encryptText", "decryptText");
    assert_eq!(kinds(&f), vec![SharedNameAndType, SharedInvokedApi]);
    assert_eq!(f[0].evidence.tokens, vec!["text"]);
    assert_eq!(f[0].evidence.types, vec!["SecretKey", "String", "byte[]"]);
    assert_eq!(f[1].evidence.apis, vec!["Cipher.doFinal", "Cipher.getInstance", "Cipher.init"]);
    assert!(f[1].sentence.contains("`Cipher.getInstance`"), "{}", f[1].sentence);
    assert!(f[0].sentence.contains("(String, SecretKey) -> byte[]"), "{}", f[0].sentence);
}

#[test]
fn same_api_name_on_another_type_is_not_a_shared_api() {
    // getSecretEncryptionKey calls KeyGenerator.getInstance/init, not Cipher's; it shares the
    // type SecretKey but no name token with encryptText.
    let file = fixture("com/acme/AESEncryption.java");
    let aes = class(&file, "AESEncryption");
    assert!(features(aes, "encryptText", "getSecretEncryptionKey").is_empty());
    assert!(features(aes, "encryptText", "keyLength").is_empty());
}

#[test]
fn overloads_are_coupled_and_delegation_is_a_direct_call() {
    let file = fixture("com/acme/Joiner.java");
    let joiner = class(&file, "Joiner");
    let f = features(joiner, "join(List<String>)", "join(List<String>, String)");
    assert_eq!(kinds(&f), vec![Overloading, DirectCall]);
    assert_eq!(f[1].evidence.direction, Some(Direction::TargetToCoupled));
    assert_eq!(f[1].evidence.calls[0].line, 11);
    // join(String...) delegates to the one-argument form only.
    let f = features(joiner, "join(String...)", "join(List<String>)");
    assert_eq!(kinds(&f), vec![Overloading, DirectCall]);
    let f = features(joiner, "join(String...)", "join(List<String>, String)");
    assert_eq!(kinds(&f), vec![Overloading]);
}

#[test]
fn direct_call_is_found_in_either_direction() {
    let file = fixture("com/acme/ElementStore.java");
    let store = class(&file, "ElementStore");
    let f = features(store, "size", "isEmpty");
    assert!(kinds(&f).contains(&DirectCall));
    assert_eq!(f.iter().find(|f| f.kind == DirectCall).unwrap().evidence.direction, Some(Direction::CoupledToTarget));
}

#[test]
fn a_name_token_without_a_shared_type_is_not_signature_commonality() {
    let file = fixture("com/acme/Joiner.java");
    let joiner = class(&file, "Joiner");
    // split(String) -> String shares the type String with join(List, String) but no name token.
    let f = features(joiner, "join(List<String>, String)", "split");
    assert!(!kinds(&f).contains(&SharedNameAndType));
}

#[test]
fn insert_and_get_elements_are_coupled_by_data_dependency() {
    let file = fixture("com/acme/ElementStore.java");
    let store = class(&file, "ElementStore");
    let f = features(store, "insertElement", "getElements");
    let dependency = f.iter().find(|f| f.kind == DataDependency).expect("data dependency");
    assert_eq!(dependency.evidence.fields, vec!["elements"]);
    assert_eq!(dependency.evidence.direction, Some(Direction::TargetToCoupled));
    assert!(dependency.sentence.contains("`insertElement` writes `elements` that `getElements` reads"));
}

#[test]
fn two_readers_share_a_field_but_have_no_data_dependency() {
    let file = fixture("com/acme/ElementStore.java");
    let store = class(&file, "ElementStore");
    let f = features(store, "getElements", "size");
    assert_eq!(kinds(&f), vec![SharedField]);
    assert_eq!(f[0].evidence.shared_reads, vec!["elements"]);
}

#[test]
fn two_writers_share_a_written_field() {
    let file = fixture("com/acme/Counter.java");
    let counter = class(&file, "Counter");
    let f = features(counter, "reset", "start");
    assert_eq!(kinds(&f), vec![SharedField]);
    assert_eq!(f[0].evidence.shared_writes, vec!["count"]);
    assert!(f[0].evidence.shared_reads.is_empty());
}

#[test]
fn compound_assignment_array_elements_and_shadowing() {
    let file = fixture("com/acme/Counter.java");
    let counter = class(&file, "Counter");
    // this.count += delta reads and writes count: a dependency with current() and reset().
    assert_eq!(kinds(&features(counter, "bump", "current")), vec![DataDependency]);
    assert_eq!(features(counter, "bump", "reset")[0].evidence.direction, Some(Direction::CoupledToTarget),);
    // history[slot] = value writes history; recorded reads it.
    let f = features(counter, "record", "recorded");
    assert_eq!(kinds(&f), vec![DataDependency]);
    assert_eq!(f[0].evidence.fields, vec!["history"]);
    // A local `count` shadows the field: shadow() touches no state.
    assert!(features(counter, "shadow", "current").is_empty());
    let m = &counter.methods[method(counter, "shadow")];
    assert!(m.field_reads.is_empty() && m.field_writes.is_empty());
}

#[test]
fn a_parameter_shadowing_a_field_is_not_a_field_read() {
    let file = fixture("com/acme/ElementStore.java");
    let store = class(&file, "ElementStore");
    assert!(features(store, "getElements", "hasElement").is_empty());
}

#[test]
fn nothing_is_coupled_to_greet() {
    let file = fixture("com/acme/Greeter.java");
    let greeter = class(&file, "Greeter");
    let analysis = analyse(greeter, method(greeter, "greet"));
    assert_eq!(analysis.candidates, 2);
    assert!(analysis.coupled.is_empty(), "{:?}", coupled_names(greeter, &analysis));
}

#[test]
fn coupled_methods_are_ranked_stronger_first() {
    let file = fixture("com/acme/ElementStore.java");
    let store = class(&file, "ElementStore");
    let analysis = analyse(store, method(store, "insertElement"));
    let names = coupled_names(store, &analysis);
    // Data dependency (getElements, size, clear, modificationCount) outranks nothing weaker here;
    // every score is positive and the list is sorted.
    assert!(names.contains(&"getElements()".to_string()), "{names:?}");
    assert!(analysis.coupled.windows(2).all(|w| w[0].score >= w[1].score));
    let joiner_file = fixture("com/acme/Joiner.java");
    let joiner = class(&joiner_file, "Joiner");
    let analysis = analyse(joiner, method(joiner, "join(List<String>)"));
    let names = coupled_names(joiner, &analysis);
    assert_eq!(names[0], "join(List<String>, String)", "overload + call first: {names:?}");
}

#[test]
fn constructors_are_candidates() {
    let file = mr_coupler::java_model::parse_str(
        std::path::Path::new("Box.java"),
        "class Box { private int v; Box(int v) { this.v = v; } int get() { return v; } Box() { this(0); } }",
    );
    let boxed = class(&file, "Box");
    let analysis = analyse(boxed, method(boxed, "get"));
    assert_eq!(analysis.candidates, 2);
    let names = coupled_names(boxed, &analysis);
    assert_eq!(names, vec!["Box(int)"], "the writing constructor is coupled; Box() only calls it");
    let f = features(boxed, "Box()", "Box(int)");
    assert_eq!(kinds(&f), vec![Overloading, DirectCall]);
}
