//! The prompt context of a pair, on the bundled example project and its own tests.

use mr_coupler::context::{pair_context, ContextOptions, TestIndex};
use mr_coupler::coupling::analyse;
use mr_coupler::java_model::{parse_file, ClassModel, Project};
use std::path::PathBuf;

fn example(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../example").join(relative)
}

fn aes() -> ClassModel {
    parse_file(&example("src/main/java/com/acme/crypto/AESEncryption.java")).classes.remove(0)
}

/// The project of the fixture folder `name`, its main sources only.
fn fixture_project(name: &str) -> Project {
    Project::load_all(&[PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)])
}

fn context_for(options: &ContextOptions) -> mr_coupler::context::PairContext {
    let class = aes();
    let target = class.methods.iter().position(|m| m.name == "encryptText").unwrap();
    let analysis = analyse(&class, target);
    let decrypt = analysis.coupled.iter().find(|c| class.methods[c.method].name == "decryptText").unwrap();
    let tests = TestIndex::load(&[example("src/test/java")], None);
    let project = Project::load_all(&[example("src/main/java")]);
    pair_context(&class, target, Some(decrypt), &tests, options, &project)
}

#[test]
fn the_context_has_code_features_examples_and_skeleton() {
    let c = context_for(&ContextOptions::default());
    assert!(
        c.target_code.starts_with("public static byte[] encryptText(String plainText, SecretKey secKey)"),
        "{}",
        c.target_code
    );
    assert!(c.coupled_code.contains("decryptText(byte[] byteCipherText, SecretKey secKey)"));
    assert!(
        c.features.starts_with("### Intention:\n* `encryptText` and `decryptText` share the name token `text`"),
        "{}",
        c.features
    );
    assert!(c.features.contains("### Behavior:\n* both `encryptText` and `decryptText` invoke the same APIs"));
    assert!(
        c.skeleton.contains("public static String decryptText(byte[] byteCipherText, SecretKey secKey);"),
        "{}",
        c.skeleton
    );
    assert!(!c.skeleton.contains("return "), "no bodies");
    assert_eq!(c.examples.matches("```java").count(), 6, "three per method:\n{}", c.examples);
    assert!(c.examples.contains("encryptThenDecryptGivesThePlainTextBack"));
    assert!(c.trimmed.is_empty());
}

#[test]
fn tests_that_already_relate_the_pair_can_be_left_out() {
    let c = context_for(&ContextOptions { exclude_relating_tests: true, ..ContextOptions::default() });
    assert!(!c.examples.contains("encryptThenDecryptGivesThePlainTextBack"), "it invokes both: {}", c.examples);
    assert!(c.examples.contains("cipherTextIsNotThePlainText"));
}

#[test]
fn the_token_budget_trims_examples_first_and_says_so() {
    let full = context_for(&ContextOptions::default());
    let budget = full.estimated_tokens() - 50;
    let c = context_for(&ContextOptions { token_budget: budget, ..ContextOptions::default() });
    assert_eq!(c.examples.matches("```java").count(), 2);
    assert_eq!(c.trimmed, vec!["4 invocation example(s) beyond the first per method"]);
    let c = context_for(&ContextOptions { token_budget: 100, ..ContextOptions::default() });
    assert_eq!(c.trimmed.len(), 3, "{:?}", c.trimmed);
    assert!(c.examples.contains("none found"));
}

#[test]
fn the_skeleton_shows_the_imports_and_how_to_build_the_parameter_types() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/builders");
    let project = Project::load_all(&[root]);
    let class = project.classes().find(|c| c.name == "GeoHash").unwrap().clone();
    let target = class.methods.iter().position(|m| m.name == "encodeHash").unwrap();
    let analysis = analyse(&class, target);
    let decode = analysis.coupled.iter().find(|c| class.methods[c.method].name == "decodeHash").unwrap();
    let tests = TestIndex::load(&[], None);
    let c = pair_context(&class, target, Some(decode), &tests, &ContextOptions::default(), &project);
    assert!(c.skeleton.contains("import java.util.Locale;"), "{}", c.skeleton);
    assert!(
        c.skeleton.contains("// com.acme.geo.LatLong\n    public LatLong(double lat, double lon);"),
        "{}",
        c.skeleton
    );
    assert!(c.skeleton.contains("public static LatLong of(double lat, double lon);"), "{}", c.skeleton);
    assert!(!c.skeleton.contains("origin()"), "not public: {}", c.skeleton);
    let (taken, returned) =
        c.skeleton.split_once("// What the project's types the paired methods return offer:").unwrap();
    assert!(!taken.contains("getLat"), "not a builder: {}", c.skeleton);
    // `decodeHash` returns a `LatLong`: its other members follow, its builders are not repeated.
    assert!(returned.contains("public final class LatLong {\n    public double getLat();"), "{}", c.skeleton);
    assert!(!returned.contains("of(double lat") && !returned.contains("origin()"), "{}", c.skeleton);
}

#[test]
fn the_skeleton_shows_what_a_returned_project_type_offers() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/builders");
    let project = Project::load_all(&[root]);
    let class = project.classes().find(|c| c.name == "GeoHash").unwrap().clone();
    let target = class.methods.iter().position(|m| m.name == "area").unwrap();
    let tests = TestIndex::load(&[], None);
    let c = pair_context(&class, target, None, &tests, &ContextOptions::default(), &project);
    let returned = c.skeleton.split("// What the project's types the paired methods return offer:\n").nth(1);
    assert_eq!(
        returned,
        Some(
            "// com.acme.geo.Area\npublic final class Area {\n    public boolean contains(LatLong point);\n    \
             public double width();\n}"
        ),
        "public members only: {}",
        c.skeleton
    );
    let full = c.estimated_tokens();
    let trimmed = pair_context(
        &class,
        target,
        None,
        &tests,
        &ContextOptions { token_budget: full - 10, ..ContextOptions::default() },
        &project,
    );
    assert_eq!(trimmed.trimmed, vec!["the members of the project's types the pair returns"]);
    assert!(!trimmed.skeleton.contains("width()"), "{}", trimmed.skeleton);
}

/// The ranked fixtures: CountingStore with its superclass, Codec with its tests.
fn ranked_fixture(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ranked").join(relative)
}

#[test]
fn an_inherited_coupled_method_shows_its_own_code_and_says_where_it_is_declared() {
    use mr_coupler::coupling::hierarchy::{load_superclasses, ClassRef, Hierarchy};
    use mr_coupler::coupling::{analyse_targets, ClassInput, CouplingOptions};
    let mut project = mr_coupler::java_model::Project::new(&[ranked_fixture("main")]);
    project.parse(vec![ranked_fixture("main/com/acme/store/CountingStore.java")]);
    let store = ClassRef { file: 0, class: 0 };
    load_superclasses(&mut project, &[store]);
    let hierarchy = Hierarchy::new(&project);
    let class = store.get(&project);
    let superclasses = hierarchy.superclasses(&project, store).iter().map(|c| c.get(&project)).collect();
    let target = class.methods.iter().position(|m| m.name == "addTwice").unwrap();
    let input = ClassInput { class, superclasses, tests: None };
    let analysis = analyse_targets(&input, &[target], &CouplingOptions::default()).remove(0);
    let contains = analysis.coupled.iter().find(|c| c.model(class).name == "contains").unwrap();
    let tests = TestIndex::load(&[], None);
    let c = pair_context(class, target, Some(contains), &tests, &ContextOptions::default(), &project);
    assert!(c.coupled_code.starts_with("public boolean contains(E item) {"), "{}", c.coupled_code);
    assert!(
        c.features
            .starts_with("### Declaration:\n* `contains` is inherited from the superclass `com.acme.base.BaseStore`"),
        "{}",
        c.features
    );
    assert!(
        c.features.contains("### Intention:\n* `addTwice` and `contains` are named as complementary"),
        "{}",
        c.features
    );
}

#[test]
fn co_usage_is_told_under_its_own_heading() {
    use mr_coupler::coupling::{analyse_targets, ClassInput, CouplingOptions, Tests};
    let file = parse_file(&ranked_fixture("main/com/acme/codec/Codec.java"));
    let codec = &file.classes[0];
    let tests = TestIndex::load(&[ranked_fixture("test")], None);
    let input = ClassInput {
        class: codec,
        superclasses: Vec::new(),
        tests: Some(Tests { project: tests.project(), exclude: None }),
    };
    let target = codec.methods.iter().position(|m| m.name == "encode").unwrap();
    let analysis = analyse_targets(&input, &[target], &CouplingOptions::default()).remove(0);
    let text = mr_coupler::context::features_text(&analysis.coupled[0]);
    assert!(
        text.ends_with(
            "### Usage in the project's tests:\n* the project's tests call `encode` and `decode` together in 1 test \
             method (e.g. `CodecTest.roundTrip`): developers already relate them."
        ),
        "{text}"
    );
}

#[test]
fn only_the_tests_that_mention_a_class_are_parsed_for_its_co_usage() {
    let with = TestIndex::load_mentioning(&[ranked_fixture("test")], None, &["Codec"]);
    assert_eq!(with.project().files.len(), 1);
    let without = TestIndex::load_mentioning(&[ranked_fixture("test")], None, &["Ledger"]);
    assert!(without.project().files.is_empty());
}

#[test]
fn the_skeleton_never_shows_a_private_constructor() {
    // commons-numbers' Fraction (a fixture alike): a model shown `private Fraction(int, int)`
    // wrote `new Fraction(2, 3)` in every MTC; `Fraction.of(2, 3)` is how a test builds one.
    let fixture = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/builtin/com/acme/exact/Fraction.java");
    let class = parse_file(&fixture).classes.remove(0);
    let target = class.methods.iter().position(|m| m.name == "subtract").unwrap();
    let analysis = analyse(&class, target);
    let add = analysis.coupled.iter().find(|c| class.methods[c.method].name == "add").expect("add is coupled");
    let project = Project::load_all(&[fixture.parent().unwrap().to_path_buf()]);
    let c = pair_context(&class, target, Some(add), &TestIndex::load(&[], None), &ContextOptions::default(), &project);
    assert!(!c.skeleton.contains("private Fraction("), "{}", c.skeleton);
    assert!(c.skeleton.contains("public static Fraction of(int numerator, int denominator);"), "{}", c.skeleton);
    assert!(c.skeleton.contains("private static int gcd(int a, int b);"), "other private members stay: {}", c.skeleton);
}

#[test]
fn a_class_built_only_by_another_shows_how_to_get_one() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/builders");
    let project = Project::load_all(std::slice::from_ref(&root));
    let class = project.classes().find(|c| c.name == "Area").unwrap().clone();
    let target = class.methods.iter().position(|m| m.name == "width").unwrap();
    let tests = TestIndex::load(&[], None);
    let c = pair_context(&class, target, None, &tests, &ContextOptions::default(), &project);
    assert!(
        c.skeleton.ends_with(
            "// How to get an instance of the class under test (it has no public constructor or factory of its own):\n\
             // com.acme.geo.GeoHash\n    public static Area area(String hash);"
        ),
        "{}",
        c.skeleton
    );
    // Its package-private constructor is how the project builds it inside: left out where
    // another class builds it publicly; its other package-private members stay.
    assert!(!c.skeleton.contains("Area(LatLong southWest, LatLong northEast);"), "{}", c.skeleton);
    assert!(c.skeleton.contains("    double area();"), "{}", c.skeleton);
    // Where nothing else builds it, the package-private constructor is the only way, and shown.
    let mut alone = Project::new(std::slice::from_ref(&root));
    alone.parse(vec![root.join("com/acme/geo/Area.java")]);
    let c = pair_context(&class, target, None, &tests, &ContextOptions::default(), &alone);
    assert!(c.skeleton.contains("    Area(LatLong southWest, LatLong northEast);"), "{}", c.skeleton);
    assert!(!c.skeleton.contains("How to get an instance"), "{}", c.skeleton);
    // A class with a public constructor of its own needs none, nor one with Java's default one.
    for own in ["LatLong", "GeoHash"] {
        let class = project.classes().find(|c| c.name == own).unwrap().clone();
        let c = pair_context(&class, 0, None, &tests, &ContextOptions::default(), &project);
        assert!(!c.skeleton.contains("How to get an instance"), "{}", c.skeleton);
    }
}

#[test]
fn a_class_whose_constructors_take_arguments_shows_one_way_to_build_it() {
    // concurrent-trees: `ConcurrentRadixTree(NodeFactory)` takes an interface, and a model shown
    // only that signature wrote an anonymous factory whose nodes were null.
    let project = fixture_project("strategies");
    let tests = TestIndex::load(&[], None);
    let trie = project.classes().find(|c| c.name == "Trie").unwrap().clone();
    let put = trie.methods.iter().position(|m| m.name == "put").unwrap();
    let c = pair_context(&trie, put, None, &tests, &ContextOptions::default(), &project);
    assert!(
        c.skeleton.contains("// One way to build the class under test:\n// new Trie<>(new ArrayNodeFactory())"),
        "{}",
        c.skeleton
    );
    // A class built without arguments needs no such line: its skeleton says how.
    let factory = project.classes().find(|c| c.name == "ArrayNodeFactory").unwrap().clone();
    let c = pair_context(&factory, 0, None, &tests, &ContextOptions::default(), &project);
    assert!(!c.skeleton.contains("One way to build"), "{}", c.skeleton);
}

#[test]
fn an_abstract_class_shows_a_project_class_below_it_to_call_its_methods_on() {
    // decimal4j: a model shown `AbstractDecimal<S, D extends AbstractDecimal<S, D>>` with no way to
    // build one wrote `D x = createOrAssign(10L)`, its protected factory called on no instance.
    let project = fixture_project("abstract_base");
    let tests = TestIndex::load(&[], None);
    let base = project.classes().find(|c| c.name == "AbstractDecimal").unwrap().clone();
    let add = base.methods.iter().position(|m| m.name == "add").unwrap();
    let c = pair_context(&base, add, None, &tests, &ContextOptions::default(), &project);
    // The class without type parameters, though the generic one sorts first; named from the
    // package of the class under test.
    let expected = "// `AbstractDecimal` is abstract: a test calls the paired methods on an instance of a project \
                    class that extends it, for example:\n// com.acme.decimal.scaled.Hundredths instance = \
                    com.acme.decimal.scaled.Hundredths.valueOf(";
    assert!(c.skeleton.contains(expected), "{}", c.skeleton);
    // A class a test builds itself needs no such line.
    let hundredths = project.classes().find(|c| c.name == "Hundredths").unwrap().clone();
    let c = pair_context(&hundredths, 0, None, &tests, &ContextOptions::default(), &project);
    assert!(!c.skeleton.contains("a test calls the paired methods on"), "{}", c.skeleton);
}

#[test]
fn an_interface_shows_a_project_class_implementing_it() {
    let project = fixture_project("strategies");
    let tests = TestIndex::load(&[], None);
    let factory = project.classes().find(|c| c.name == "NodeFactory").unwrap().clone();
    let c = pair_context(&factory, 0, None, &tests, &ContextOptions::default(), &project);
    let expected = "// `NodeFactory` is an interface: a test calls the paired methods on an instance of a project \
                    class that implements it, for example:\n// ArrayNodeFactory instance = new ArrayNodeFactory();";
    assert!(c.skeleton.contains(expected), "{}", c.skeleton);
}
