//! The ranked coupling mode on fixtures written for it: each feature it adds, and a case where it
//! must not fire; what it selects and how Algorithm 1 stays as it was.

mod common;

use common::fixture_path;
use mr_coupler::coupling::hierarchy::{load_superclasses, ClassRef, Hierarchy};
use mr_coupler::coupling::{
    analyse, analyse_targets, ClassInput, CouplingAnalysis, CouplingOptions, Direction, Feature, FeatureKind,
    FeatureKind::*, Ranking, Tests, MAX_SELECTED,
};
use mr_coupler::java_model::{parse_str, ClassModel, MethodModel, Project};
use std::path::{Path, PathBuf};

fn main_root() -> PathBuf {
    fixture_path("ranked/main")
}

fn project() -> Project {
    Project::load_all(&[main_root()])
}

fn tests() -> Project {
    Project::load_all(&[fixture_path("ranked/test")])
}

fn class<'p>(project: &'p Project, name: &str) -> &'p ClassModel {
    project.classes().find(|c| c.name == name).unwrap_or_else(|| panic!("no class {name}"))
}

fn index(class: &ClassModel, name: &str) -> usize {
    class.methods.iter().position(|m| m.name == name).unwrap_or_else(|| panic!("no method {name}"))
}

fn ranked(input: &ClassInput, target: &str) -> CouplingAnalysis {
    let options = CouplingOptions { ranking: Ranking::Ranked, uncut: false };
    analyse_targets(input, &[index(input.class, target)], &options).remove(0)
}

/// The features the analysis found between the target and the method named `other`.
fn features(analysis: &CouplingAnalysis, class: &ClassModel, other: &str) -> Vec<Feature> {
    let found = analysis.coupled.iter().find(|c| c.model(class).name == other);
    found.map(|c| c.features.clone()).unwrap_or_default()
}

fn kinds(features: &[Feature]) -> Vec<FeatureKind> {
    features.iter().map(|f| f.kind).collect()
}

fn names(analysis: &CouplingAnalysis, class: &ClassModel) -> Vec<String> {
    analysis.coupled.iter().map(|c| c.model(class).name.clone()).collect()
}

#[test]
fn inverse_names_and_a_round_trip_put_decode_first() {
    let p = project();
    let codec = class(&p, "Codec");
    let a = ranked(&ClassInput::alone(codec), "encode");
    assert_eq!(names(&a, codec)[0], "decode");
    let f = features(&a, codec, "decode");
    assert!(kinds(&f).contains(&ComplementaryNames) && kinds(&f).contains(&TypeFlow), "{f:?}");
    let names_feature = f.iter().find(|f| f.kind == ComplementaryNames).unwrap();
    assert_eq!(names_feature.evidence.words, ["encode", "decode"]);
    assert_eq!(names_feature.evidence.relation.as_deref(), Some("inverse"));
    assert!(
        names_feature.sentence.contains("named as inverse operations (encode / decode)"),
        "{}",
        names_feature.sentence
    );
    let flow = f.iter().find(|f| f.kind == TypeFlow).unwrap();
    assert_eq!(flow.evidence.direction, Some(Direction::Both));
    assert_eq!(flow.evidence.types, ["byte[]", "String"]);
    assert!(flow.sentence.contains("a round trip such as `decode(encode(x))`"), "{}", flow.sentence);
    assert!(a.coupled[0].score > a.coupled.get(1).map_or(0.0, |c| c.score));
}

#[test]
fn no_inverse_word_no_complementary_names_and_one_way_flow_is_weaker() {
    let p = project();
    let codec = class(&p, "Codec");
    let a = ranked(&ClassInput::alone(codec), "encode");
    let f = features(&a, codec, "hash");
    assert!(!kinds(&f).contains(&ComplementaryNames), "{f:?}");
    let into_hash = ranked(&ClassInput::alone(codec), "decode");
    let flow = features(&into_hash, codec, "hash").into_iter().find(|f| f.kind == TypeFlow).expect("String flows");
    assert_eq!(flow.evidence.direction, Some(Direction::TargetToCoupled));
    let round_trip = features(&into_hash, codec, "encode").into_iter().find(|f| f.kind == TypeFlow).unwrap();
    assert!(flow.strength < round_trip.strength, "{} < {}", flow.strength, round_trip.strength);
}

#[test]
fn private_methods_and_constructors_are_no_ranked_candidates_but_stay_in_algorithm1() {
    let p = project();
    let codec = class(&p, "Codec");
    let a = ranked(&ClassInput::alone(codec), "encode");
    assert!(!names(&a, codec).iter().any(|n| n == "rotate" || n == "Codec"), "{:?}", names(&a, codec));
    assert_eq!(a.candidates, 2, "decode and hash");
    let paper = analyse(codec, index(codec, "encode"));
    let paper_names: Vec<&str> = paper.coupled.iter().map(|c| codec.methods[c.method].name.as_str()).collect();
    assert!(paper_names.contains(&"rotate") && paper_names.contains(&"Codec"), "{paper_names:?}");
    assert_eq!(paper.ranking, Ranking::Algorithm1);
}

#[test]
fn fields_reached_through_a_setter_and_a_getter_are_a_data_dependency() {
    let p = project();
    let account = class(&p, "Account");
    let a = ranked(&ClassInput::alone(account), "rename");
    let dependency = features(&a, account, "greeting").into_iter().find(|f| f.kind == DataDependency);
    let dependency = dependency.expect("rename writes name through setName, greeting reads it through getName");
    assert_eq!(dependency.evidence.fields, ["name"]);
    assert_eq!(dependency.evidence.via, ["getName()", "setName(String)"]);
    assert!(dependency.sentence.contains("(through `getName()`, `setName(String)`)"), "{}", dependency.sentence);
    // Algorithm 1 sees only fields a method touches itself.
    let paper = analyse(account, index(account, "rename"));
    let greeting = index(account, "greeting");
    let paper_features = paper.coupled.iter().find(|c| c.method == greeting).map(|c| kinds(&c.features));
    assert!(!paper_features.unwrap_or_default().contains(&DataDependency));
    // A field no accessor of the pair reaches stays out.
    assert!(!kinds(&features(&a, account, "balance")).contains(&DataDependency));
}

#[test]
fn a_factory_writes_what_its_constructor_writes_other_callers_do_not() {
    let p = project();
    let money = class(&p, "Money");
    let a = ranked(&ClassInput::alone(money), "of");
    let dependency = features(&a, money, "cents").into_iter().find(|f| f.kind == DataDependency).expect("of -> cents");
    assert_eq!(dependency.evidence.via, ["Money(long)"]);
    assert_eq!(dependency.evidence.direction, Some(Direction::TargetToCoupled));
    // describe() builds a Money too, but returns a String: no field of the returned object.
    let b = ranked(&ClassInput::alone(money), "describe");
    assert!(!kinds(&features(&b, money, "cents")).contains(&DataDependency));
}

/// CountingStore with its project superclasses, parsed the way a session parses them.
fn with_superclasses() -> (Project, ClassRef) {
    let mut p = Project::new(&[main_root()]);
    p.parse(vec![main_root().join("com/acme/store/CountingStore.java")]);
    let store = ClassRef { file: 0, class: 0 };
    load_superclasses(&mut p, &[store]);
    (p, store)
}

#[test]
fn members_inherited_from_project_superclasses_are_candidates() {
    let (p, store) = with_superclasses();
    let hierarchy = Hierarchy::new(&p);
    let supers: Vec<&ClassModel> = hierarchy.superclasses(&p, store).iter().map(|s| s.get(&p)).collect();
    assert_eq!(supers.iter().map(|c| c.qualified_name.as_str()).collect::<Vec<_>>(), ["com.acme.base.BaseStore"]);
    let class = store.get(&p);
    let input = ClassInput { class, superclasses: supers, tests: None };
    let a = ranked(&input, "addTwice");
    let contains = a.coupled.iter().find(|c| c.model(class).name == "contains").expect("add / contains");
    let inherited = contains.inherited.as_ref().expect("declared in the superclass");
    assert_eq!((inherited.class.as_str(), inherited.method.name.as_str()), ("com.acme.base.BaseStore", "contains"));
    assert!(inherited.source.contains("class BaseStore"), "the code shown is the superclass's");
    // contains returns a verdict and is public: an observable result and the public API, added to
    // the coupling by names.
    assert_eq!(kinds(&contains.features), [ComplementaryNames, ObservableResult, PublicApi]);
    // add is overridden: one candidate, the own one; the superclass's private check is none.
    let adds: Vec<_> = a.coupled.iter().filter(|c| c.model(class).name == "add").collect();
    assert_eq!(adds.len(), 1);
    assert!(adds[0].inherited.is_none());
    assert!(!a.coupled.iter().any(|c| c.model(class).name == "check"));
    // count() observes the whole state addTwice changes; it is inherited, so it shows only as that.
    let count = a.coupled.iter().find(|c| c.model(class).name == "count").expect("addTwice then count()");
    assert_eq!(kinds(&count.features), [StateObservation, ObservableResult, PublicApi]);
}

#[test]
fn without_superclasses_inherited_members_are_not_seen() {
    let (p, store) = with_superclasses();
    let class = store.get(&p);
    let a = ranked(&ClassInput::alone(class), "addTwice");
    assert!(a.coupled.iter().all(|c| c.inherited.is_none()));
    assert!(!a.coupled.iter().any(|c| c.model(class).name == "contains"));
}

#[test]
fn co_usage_in_the_projects_tests_is_a_feature_naming_the_tests() {
    let p = project();
    let codec = class(&p, "Codec");
    let t = tests();
    let input =
        ClassInput { class: codec, superclasses: Vec::new(), tests: Some(Tests { project: &t, exclude: None }) };
    let a = ranked(&input, "encode");
    let usage = features(&a, codec, "decode").into_iter().find(|f| f.kind == CoUsage).expect("roundTrip calls both");
    assert_eq!(usage.evidence.tests, ["CodecTest.roundTrip"]);
    assert_eq!(usage.evidence.test_count, Some(1));
    assert!(usage.sentence.contains("together in 1 test method (e.g. `CodecTest.roundTrip`)"), "{}", usage.sentence);
    // hashesDiffer calls hash and encode on a Codec; unknownReceivers calls nothing certainly on one.
    let hash = features(&a, codec, "hash").into_iter().find(|f| f.kind == CoUsage).expect("hashesDiffer");
    assert_eq!(hash.evidence.tests, ["CodecTest.hashesDiffer"]);
    let b = ranked(&input, "decode");
    let decode_hash = features(&b, codec, "hash");
    assert!(!kinds(&decode_hash).contains(&CoUsage), "unknownReceivers proves nothing: {decode_hash:?}");
}

#[test]
fn a_left_out_test_gives_no_co_usage() {
    let p = project();
    let codec = class(&p, "Codec");
    let t = tests();
    let skip = |_: &Path, m: &MethodModel| m.name == "roundTrip";
    let input =
        ClassInput { class: codec, superclasses: Vec::new(), tests: Some(Tests { project: &t, exclude: Some(&skip) }) };
    let a = ranked(&input, "encode");
    assert!(!kinds(&features(&a, codec, "decode")).contains(&CoUsage));
}

#[test]
fn the_ranked_selection_keeps_the_best_few_algorithm1_keeps_all() {
    let overloads: String =
        (0..15).map(|i| format!("    public int f(int a{}) {{ return {i}; }}\n", "0".repeat(i))).collect();
    let src = format!("class Many {{\n{overloads}}}\n");
    let file = parse_str(Path::new("Many.java"), &src);
    let many = &file.classes[0];
    // Fifteen overloads of f(int) with distinct parameter names: same signature for the analysis.
    let a = ranked(&ClassInput::alone(many), "f");
    assert_eq!(a.candidates, 14);
    assert_eq!(a.coupled.len(), MAX_SELECTED);
    assert_eq!(analyse(many, 0).coupled.len(), 14);
}
