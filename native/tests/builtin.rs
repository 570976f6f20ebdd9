//! The built-in generator's templates on fixtures written for each, and pairs where each must not
//! fire. (That the MTCs compile, run and survive validation is tested through the real executor by
//! the bridge's BuiltinSessionTest.)

mod common;

use common::{fixture, method};
use mr_coupler::builtin::{mtcs, relations, BuiltinMtc};
use mr_coupler::context::TestIndex;
use mr_coupler::coupling::analyse;
use mr_coupler::java_model::{MethodModel, Project};
use mr_coupler::mtc::JUnit;

fn generated(file: &str, class_name: &str, target: &str) -> Vec<BuiltinMtc> {
    generated_in(&[file], class_name, target)
}

/// The MTCs for `target` of `class_name`, the project being the given fixture files.
fn generated_in(files: &[&str], class_name: &str, target: &str) -> Vec<BuiltinMtc> {
    let mut project = Project::new(&[]);
    project.files = files.iter().map(|f| fixture(f)).collect();
    let class = project.classes().find(|c| c.name == class_name).expect("the class is in the fixtures");
    let target = method(class, target);
    let tests = TestIndex::load(&[], None);
    mtcs(class, target, &analyse(class, target), &project, &tests, JUnit::Five)
}

fn mtc<'m>(found: &'m [BuiltinMtc], template: &str) -> &'m BuiltinMtc {
    found.iter().find(|m| m.template == template).unwrap_or_else(|| panic!("no {template} in {:?}", templates(found)))
}

fn templates(mtcs: &[BuiltinMtc]) -> Vec<(&str, &str)> {
    mtcs.iter().map(|m| (m.template, m.relation.as_str())).collect()
}

#[test]
fn round_trip_for_inverse_pairs_whose_types_chain() {
    let found = generated("builtin/com/acme/text/Codec.java", "Codec", "encodeBase64");
    let t = templates(&found);
    assert!(t.contains(&("roundTrip", "decodeBase64(encodeBase64(x, ...), ...) = x")), "{t:?}");
    let m = found.iter().find(|m| m.template == "roundTrip").unwrap();
    assert_eq!(m.code.matches("@Test").count(), 10, "the MR on ten inputs");
    assert!(m.code.contains("String text = \"\";\n        String sourceOutput = Codec.encodeBase64(text);\n        String followUpOutput = Codec.decodeBase64(sourceOutput);\n        assertEquals(text, followUpOutput);"), "{}", m.code);
    assert!(m.code.contains("void mr1_roundTrip_input10() throws Exception"));
}

/// The relations the catalogue finds for the pair of `target` and `coupled` (the LLM's prompt).
fn relations_for_pair(file: &str, class_name: &str, target: &str, coupled: &str) -> Vec<String> {
    let mut project = Project::new(&[]);
    project.files = vec![fixture(file)];
    let class = project.classes().find(|c| c.name == class_name).expect("the class is in the fixture");
    let target = method(class, target);
    let analysis = analyse(class, target);
    let coupled = analysis.coupled.iter().find(|c| c.model(class).name == coupled).expect("the pair is coupled");
    let catalogue = relations(class, target, &analysis, &project, &TestIndex::load(&[], None));
    catalogue.of_pair(class, coupled).into_iter().map(|found| found.relation.clone()).collect()
}

#[test]
fn a_pair_is_told_the_relations_the_catalogue_finds_for_it_and_no_other_pairs() {
    let codec = "builtin/com/acme/text/Codec.java";
    let inverse = relations_for_pair(codec, "Codec", "encodeBase64", "decodeBase64");
    assert!(inverse.contains(&"decodeBase64(encodeBase64(x, ...), ...) = x".to_string()), "{inverse:?}");
    // The target's own relations count for the pair whose partner they call, and only for it.
    let validator = relations_for_pair(codec, "Codec", "isBase64", "encodeBase64");
    assert_eq!(validator, vec!["isBase64(encodeBase64(x)) holds".to_string()]);
    let other = relations_for_pair(codec, "Codec", "isBase64", "decodeBase64");
    assert!(other.is_empty(), "{other:?}");
}

#[test]
fn an_overload_of_the_target_is_told_the_pair_s_relations_not_the_target_s_own() {
    let ratio = "builtin/com/acme/money/Ratio.java";
    let overload = relations_for_pair(ratio, "Ratio", "multiplyBy(Ratio)", "multiplyBy");
    assert!(
        !overload.iter().any(|r| r.contains("b.multiplyBy(a)")),
        "commutativity couples nothing to multiplyBy(long): {overload:?}"
    );
    let inverse = relations_for_pair(ratio, "Ratio", "multiplyBy(Ratio)", "divideBy");
    assert!(inverse.contains(&"a.multiplyBy(b).divideBy(b) = a".to_string()), "{inverse:?}");
}

#[test]
fn no_round_trip_when_the_types_do_not_chain() {
    let found = generated("builtin/com/acme/text/Codec.java", "Codec", "encrypt");
    assert!(!found.iter().any(|m| m.template == "roundTrip"), "{:?}", templates(&found));
}

#[test]
fn round_trip_shares_the_key_both_ways() {
    let found = generated("com/acme/AESEncryption.java", "AESEncryption", "encryptText");
    let m = found.iter().find(|m| m.template == "roundTrip").expect("encryptText/decryptText");
    assert!(m.code.contains("SecretKey secKey = AESEncryption.getSecretEncryptionKey();"), "{}", m.code);
    assert!(m.code.contains("String followUpOutput = AESEncryption.decryptText(sourceOutput, secKey);"));
}

#[test]
fn round_trip_passes_the_key_both_methods_name_and_sends_the_other_text_round() {
    // cedarsoftware's EncryptionUtilities (unseen-38): the output went into decrypt's key and the
    // key was asserted back, so every input failed.
    let found = generated("builtin/com/acme/crypto/TextCipher.java", "TextCipher", "encrypt");
    let m = mtc(&found, "roundTrip");
    assert!(m.code.contains("String sourceOutput = TextCipher.encrypt(key, content);"), "{}", m.code);
    assert!(m.code.contains("String followUpOutput = TextCipher.decrypt(key, sourceOutput);"), "{}", m.code);
    assert!(m.code.contains("assertEquals(content, followUpOutput);"), "{}", m.code);
}

#[test]
fn delegation_repeats_the_argument_the_short_form_passes() {
    let found = generated("com/acme/Joiner.java", "Joiner", "join(List<String>)");
    let m = found.iter().find(|m| m.template == "delegation").expect("join(parts) delegates");
    assert_eq!(m.relation, "join(x) = join(parts, DEFAULT_SEPARATOR)");
    assert!(
        m.code.contains("String followUpOutput = second.join(parts, \", \");"),
        "the private constant's value: {}",
        m.code
    );
    // join(String...) passes Arrays.asList(parts): an expression a test cannot repeat safely.
    let found = generated("com/acme/Joiner.java", "Joiner", "join(String...)");
    assert!(!found.iter().any(|m| m.template == "delegation"), "{:?}", templates(&found));
}

#[test]
fn producer_consumer_on_shared_state() {
    let found = generated("com/acme/ElementStore.java", "ElementStore", "insertElement");
    let t = templates(&found);
    assert!(t.contains(&("producerConsumer", "x is in getElements() just after insertElement(x)")), "{t:?}");
    assert!(t.contains(&("producerConsumer", "size() grows by one with insertElement(x)")), "{t:?}");
    let m = found.iter().find(|m| m.relation.starts_with("size()")).unwrap();
    assert!(m.code.contains("ElementStore<String> subject = new ElementStore<>();"), "{}", m.code);
    // hasElement's parameter shadows the field: no state shared, nothing to write.
    let found = generated("com/acme/ElementStore.java", "ElementStore", "hasElement");
    assert!(found.is_empty(), "{:?}", templates(&found));
}

#[test]
fn value_types_equals_hash_code_and_their_binary_operations() {
    let found = generated("builtin/com/acme/money/Money.java", "Money", "equals");
    let equals = mtc(&found, "equalsContract");
    assert!(equals.code.contains("assertEquals(a.equals(b), b.equals(a));"), "{}", equals.code);
    assert!(equals.code.contains("Money a = new Money(0L, \"Hello, World!\");"), "typed inputs: {}", equals.code);
    assert!(equals.code.contains("Money b = new Money(1L, \"Hello, World!\");"), "a differs from b: {}", equals.code);
    let found = generated("builtin/com/acme/money/Money.java", "Money", "compareTo");
    let compare = mtc(&found, "compareToContract");
    assert!(compare.code.contains("assertEquals(Integer.signum(a.compareTo(b)), -Integer.signum(b.compareTo(a)));"));
    assert!(compare.code.contains("if (a.equals(b)) {"), "consistent with equals: {}", compare.code);
    let found = generated("builtin/com/acme/money/Money.java", "Money", "add");
    let t = templates(&found);
    assert!(t.contains(&("inverseOperation", "a.add(b).subtract(b) = a")), "{t:?}");
    assert!(t.contains(&("commutativity", "a.add(b) = b.add(a)")), "{t:?}");
    // scale is not a name of a commutative operation and has no inverse here.
    let found = generated("builtin/com/acme/money/Money.java", "Money", "scale");
    assert!(
        !found.iter().any(|m| m.template == "commutativity" || m.template == "inverseOperation"),
        "{:?}",
        templates(&found)
    );
}

#[test]
fn idempotence_only_for_transforms_named_so() {
    let found = generated("builtin/com/acme/text/Codec.java", "Codec", "normalizeSpace");
    assert!(templates(&found).contains(&("idempotence", "normalizeSpace(normalizeSpace(x)) = normalizeSpace(x)")));
    let found = generated("builtin/com/acme/text/Codec.java", "Codec", "reverse");
    assert!(!found.iter().any(|m| m.template == "idempotence"), "reverse twice is not reverse once");
}

#[test]
fn static_only_classes_are_called_through_their_name_in_java_8_source() {
    let found = generated("builtin/com/acme/text/Codec.java", "Codec", "reverse");
    let m = mtc(&found, "involution");
    assert!(m.code.contains("String once = Codec.reverse(x);"), "static calls are qualified: {}", m.code);
    for m in generated("builtin/com/acme/text/Codec.java", "Codec", "encodeBase64") {
        assert!(!m.code.contains(".repeat(") && !m.code.contains("List.of("), "Java 8 source: {}", m.code);
    }
}

#[test]
fn symmetric_measures_compare_doubles_with_a_tolerance() {
    let found = generated("builtin/com/acme/geo/Point.java", "Point", "distance");
    let m = mtc(&found, "symmetricPredicate");
    assert_eq!(m.relation, "a.distance(b) = b.distance(a), and a.distance(a) = 0");
    // The distance to a twin is 0 but for NaN: most arithmetic mutants keep a distance symmetric.
    let to_itself = "Point twinOfA = new Point(0.0, -2.0);\n        double toItself = a.distance(twinOfA);\n        if (toItself == toItself) {\n            assertEquals(0.0, toItself, Math.abs(0.0) > 1.0 ? 1e-9 * Math.abs(0.0) : 1e-9);\n        }";
    assert!(m.code.contains(to_itself), "{}", m.code);
    // The second coordinate differs from the first's ordinary value: no point on a diagonal.
    assert!(m.code.contains("Point a = new Point(0.0, -2.0);"), "{}", m.code);
    assert!(
        m.code.contains(
            "assertEquals(sourceOutput, followUpOutput, Math.abs(sourceOutput) > 1.0 ? 1e-9 * Math.abs(sourceOutput) : 1e-9);"
        ),
        "{}",
        m.code
    );
    let found = generated("builtin/com/acme/geo/Point.java", "Point", "isAdjacent");
    assert_eq!(mtc(&found, "symmetricPredicate").relation, "a.isAdjacent(b) = b.isAdjacent(a)");
    let found = generated("builtin/com/acme/geo/Point.java", "Point", "isOverlappedBy");
    assert_eq!(mtc(&found, "symmetricPredicate").relation, "a.isOverlappedBy(b) = b.isOverlappedBy(a)");
    // translate takes a double, not a Point: not a binary predicate.
    let found = generated("builtin/com/acme/geo/Point.java", "Point", "translate");
    assert!(!found.iter().any(|m| m.template == "symmetricPredicate"), "{:?}", templates(&found));
}

#[test]
fn setters_and_getters_found_by_name_with_a_tolerance_for_doubles() {
    let found = generated("builtin/com/acme/geo/Point.java", "Point", "setX");
    // Coupled by their field, the producer-consumer template writes it first; by name alone, the
    // class-level one (one MTC per relation).
    let m = found.iter().find(|m| m.relation == "getX() = v just after setX(v)").expect("set/get");
    assert!(
        m.code.contains("subject.setX(x);\n        assertEquals(x, subject.getX(), Math.abs(x) > 1.0 ? 1e-9"),
        "{}",
        m.code
    );
}

#[test]
fn parsers_read_back_what_their_class_prints_and_ordering_has_duals() {
    let file = "builtin/com/acme/version/Version.java";
    let found = generated(file, "Version", "toString");
    let m = mtc(&found, "textRoundTrip");
    assert_eq!(m.relation, "parse(a.toString()) = a");
    assert!(m.code.contains("Version followUp = Version.parse(a.toString());"), "{}", m.code);
    assert!(m.code.contains("Version a = Version.ZERO;"), "the class's constants are instances: {}", m.code);
    let found = generated(file, "Version", "isGreaterThan");
    let m = mtc(&found, "orderingDuality");
    assert!(m.code.contains("assertEquals(a.isGreaterThan(b), b.isLowerThan(a));"), "{}", m.code);
    assert!(m.code.contains("assertEquals(a.isGreaterThan(b), a.compareTo(b) > 0);"), "{}", m.code);
}

#[test]
fn a_parser_of_a_format_of_its_own_reads_the_printer_of_that_format() {
    // geohash-java's GeoHash: `fromBinaryString` reads `toBinaryString()`, not `toString()`.
    let file = "builtin/com/acme/geo/Cell.java";
    let found = generated(file, "Cell", "toBinaryString");
    let m = mtc(&found, "textRoundTrip");
    assert_eq!(m.relation, "fromBinaryString(a.toBinaryString()) = a");
    assert!(m.code.contains("Cell followUp = Cell.fromBinaryString(a.toBinaryString());"), "{}", m.code);
    let found = generated(file, "Cell", "toString");
    assert!(!has(&found, "textRoundTrip"), "toString's text is no binary string: {:?}", templates(&found));
}

#[test]
fn delegation_without_parameters_varies_the_instance() {
    // `next() { return next(1); }`: the same cell's next(1), on each instance the values build.
    let found = generated("builtin/com/acme/geo/Cell.java", "Cell", "next()");
    let m = mtc(&found, "delegation");
    assert_eq!(m.relation, "next() = next(1)");
    assert!(m.code.contains("Cell sourceOutput = first.next();"), "{}", m.code);
    assert!(m.code.contains("Cell followUpOutput = second.next(1);"), "{}", m.code);
    assert!(m.code.matches("@Test").count() > 1, "one test per instance: {}", m.code);
}

#[test]
fn type_variables_are_filled_within_their_bounds() {
    let files = ["builtin/com/acme/graph/Graph.java", "builtin/com/acme/graph/Body.java"];
    let found = generated_in(&files, "Graph", "add");
    let m = mtc(&found, "collectionState");
    assert!(m.code.contains("Graph<Body> subject = new Graph<>();"), "{}", m.code);
    assert!(m.code.contains("Body x = new Body(\"\");"), "a Body from its constructor, no String: {}", m.code);
    assert!(!m.code.contains("Graph<String>"), "{}", m.code);
}

#[test]
fn collections_of_the_project_keep_their_observers_consistent() {
    let file = "builtin/com/acme/bag/LinkedBag.java";
    let found = generated(file, "LinkedBag", "size");
    let m = mtc(&found, "containerState");
    assert_eq!(m.relation, "isEmpty() = (size() == 0) whatever was added");
    assert!(
        m.code.contains("LinkedBag<String> subject = new LinkedBag<>();\n        subject.add(\"\");"),
        "{}",
        m.code
    );
    assert!(m.code.contains("assertEquals(subject.size() == 0, subject.isEmpty());"), "{}", m.code);
    let found = generated(file, "LinkedBag", "iterator");
    assert_eq!(mtc(&found, "containerState").relation, "iterating visits size() elements");
    // No set: what `add` answers is the collection's own business.
    let found = generated(file, "LinkedBag", "add");
    assert_eq!(mtc(&found, "containerState").relation, "contains(x) after add(x)");
    // A list that keeps a set beside it: `contains` and `indexOf` agree after a removal.
    let found = generated("builtin/com/acme/bag/UniqueList.java", "UniqueList", "remove");
    let m = mtc(&found, "containerState");
    assert!(m.code.contains("subject.remove(before - 1);\n        assertEquals(before - 1, subject.size());\n        assertEquals(subject.indexOf(x) >= 0, subject.contains(x));"), "{}", m.code);
    // A value class is no container.
    let found = generated("builtin/com/acme/money/Money.java", "Money", "add");
    assert!(!found.iter().any(|m| m.template == "containerState"), "{:?}", templates(&found));
}

#[test]
fn a_collection_without_type_parameters_holds_what_its_interfaces_give_list() {
    // Joda Primitives' `ArrayIntList` (unseen-44) is a `List<Integer>` through `IntList extends
    // PrimitiveList<Integer>` and `PrimitiveList<E> extends List<E>`: a guessed `String` element
    // made `subject.add("")`, which did not compile.
    let files = [
        "builtin/com/acme/bag/IntSeq.java",
        "builtin/com/acme/bag/IntSequence.java",
        "builtin/com/acme/bag/PrimitiveSequence.java",
    ];
    let found = generated_in(&files, "IntSeq", "size");
    let m = mtc(&found, "containerState");
    assert!(m.code.contains("IntSeq subject = new IntSeq();\n        subject.add(0);"), "{}", m.code);
    assert!(!m.code.contains("\"\""), "no text where ints go: {}", m.code);
    // A removal by index under a name of its own answers what `get` read there.
    let removal = generated_in(&files, "IntSeq", "removeAt");
    let m = mtc(&removal, "containerState");
    assert_eq!(m.relation, "removeAt(i) answers get(i) and size() drops by one");
    assert!(m.code.contains("assertEquals(expected, subject.removeAt(last));"), "{}", m.code);
    let void = generated_in(&files, "IntSeq", "removeFromIndex");
    assert!(!void.iter().any(|m| m.template == "containerState"), "nothing answered: {:?}", templates(&void));
    // Without the interface that extends `List`, nothing says the class is a collection.
    let found = generated_in(&files[..2], "IntSeq", "size");
    assert!(!found.iter().any(|m| m.template == "containerState"), "{:?}", templates(&found));
}

#[test]
fn a_decorator_answers_with_the_observers_it_inherits() {
    let files = ["builtin/com/acme/bag/InsertionSet.java", "builtin/com/acme/bag/SetDecorator.java"];
    let found = generated_in(&files, "InsertionSet", "add");
    // `contains` and `size` are the project superclass's: still callable on the instance.
    let m = mtc(&found, "collectionState");
    assert!(m.code.contains("assertTrue(subject.contains(x));"), "{}", m.code);
    assert!(m.code.contains("int before = subject.size();"), "{}", m.code);
    assert!(m.code.contains("if (!had) {\n            assertTrue(changed);\n        }"), "{}", m.code);
    // A `Set` through its superclass: the container relations hold for it too.
    let m = mtc(&found, "containerState");
    assert_eq!(m.relation, "contains(x) after add(x), and add(x) = !contains(x) before it");
    assert!(m.code.contains("boolean changed = subject.add(x);\n        assertTrue(subject.contains(x));\n        assertEquals(!had, changed);"), "{}", m.code);
    // Alone, the subclass has neither observer nor a collection supertype in sight.
    let alone = generated("builtin/com/acme/bag/InsertionSet.java", "InsertionSet", "add");
    assert!(!alone.iter().any(|m| m.template == "containerState"), "{:?}", templates(&alone));
}

#[test]
fn rearrangements_in_place_are_undone_or_keep_the_elements() {
    let file = "builtin/com/acme/util/Shelf.java";
    let m = mtc(&generated(file, "Shelf", "reverse"), "inPlaceInvolution").clone();
    assert!(m.code.contains("int[] before = x.clone();"), "{}", m.code);
    // Doing nothing is an involution too: the first call must have put the first element last.
    let moved = "Shelf.reverse(a);\n        if (a.length > 1) {\n            assertTrue(java.util.Objects.equals(before[0], a[a.length - 1]));\n        }\n        Shelf.reverse(a);";
    assert!(m.code.contains(moved), "{}", m.code);
    assert!(m.code.contains("assertTrue(java.util.Arrays.equals(before, a));"), "{}", m.code);
    let swap = mtc(&generated(file, "Shelf", "swap"), "inPlaceInvolution").clone();
    assert!(swap.code.contains("Shelf.swap(a, i, j);\n        if (i >= 0 && j >= 0 && i < a.length && j < a.length) {\n            assertTrue(java.util.Objects.equals(before[i], a[j]));"), "{}", swap.code);
    // Indices within the array too, where a swap moves something (the catalogue's are mostly outside).
    for within in ["int i = 0;\n        int j = a.length / 2;", "int i = a.length - 1;\n        int j = a.length / 2;"]
    {
        assert!(swap.code.contains(within), "{}", swap.code);
    }
    assert!(swap.code.contains("int i = -1;") || swap.code.contains("int i = 42;"), "{}", swap.code);
    let rotate = mtc(&generated(file, "Shelf", "rotate"), "inPlaceShift").clone();
    assert!(rotate.code.contains("List<String> before = new java.util.ArrayList<>(x);"), "{}", rotate.code);
    assert!(rotate.code.contains("Shelf.rotate(a, 1);\n        if (a.size() > 0) {\n            assertTrue(java.util.Objects.equals(before.get(0), a.get(Math.floorMod(1, a.size()))) || java.util.Objects.equals(before.get(0), a.get(Math.floorMod(-1, a.size()))));\n        }\n        Shelf.rotate(a, -1);"), "{}", rotate.code);
    let shuffle = mtc(&generated(file, "Shelf", "shuffle(double[], Random)"), "inPlacePermutation").clone();
    // The shuffled array shuffled again (the follow-up input) still holds the same elements.
    let first_body = shuffle.code.split("@Test").nth(1).unwrap_or_default();
    assert_eq!(first_body.matches("Shelf.shuffle(a, ").count(), 2, "{}", shuffle.code);
    assert!(shuffle.code.contains("java.util.Arrays.sort(a);"), "{}", shuffle.code);
    // Neither a fill nor a shuffle of booleans (no order to sort them by) has such a relation.
    for target in ["fill", "shuffle(boolean[])"] {
        let found = generated(file, "Shelf", target);
        assert!(!found.iter().any(|m| m.template.starts_with("inPlace")), "{target}: {:?}", templates(&found));
    }
}

#[test]
fn validators_accept_what_the_encoder_produces() {
    let found = generated("builtin/com/acme/text/Codec.java", "Codec", "isBase64");
    let m = mtc(&found, "validatorAcceptsOutput");
    assert_eq!(m.relation, "isBase64(encodeBase64(x)) holds");
    assert!(
        m.code.contains("String encoded = Codec.encodeBase64(x);\n        assertTrue(Codec.isBase64(encoded));"),
        "{}",
        m.code
    );
}

#[test]
fn getters_return_what_the_constructor_stored_and_successors_grow() {
    let found = generated("builtin/com/acme/money/Money.java", "Money", "getCents");
    let m = mtc(&found, "constructorGetter");
    assert_eq!(m.relation, "new Money(.., x, ..).getCents() = x, and new Money(.., that, ..).getCents() = that");
    // What the getter read back is the follow-up input: two invocations, as an MTC has.
    let expected = "long x = 0L;\n        Money subject = new Money(x, \"Hello, World!\");\n        long readBack = subject.getCents();\n        Money rebuilt = new Money(readBack, \"Hello, World!\");\n        assertEquals(x, readBack);\n        assertEquals(readBack, rebuilt.getCents());";
    assert!(m.code.contains(expected), "{}", m.code);
    let found = generated("builtin/com/acme/money/Money.java", "Money", "next");
    assert_eq!(mtc(&found, "successor").relation, "a.next() > a");
}

const TEXT_MATH: &str = "builtin/com/acme/util/TextMath.java";

fn has(found: &[BuiltinMtc], template: &str) -> bool {
    found.iter().any(|m| m.template == template)
}

#[test]
fn symmetric_static_functions_swap_and_rotate_their_operands() {
    let found = generated(TEXT_MATH, "TextMath", "gcd");
    let m = mtc(&found, "symmetricFunction");
    assert_eq!(m.relation, "gcd(a, b) = gcd(b, a)");
    assert!(m.code.contains("int sourceOutput = TextMath.gcd(arg0, arg1);"), "{}", m.code);
    assert!(m.code.contains("int followUpOutput = TextMath.gcd(arg1, arg0);"), "{}", m.code);
    assert_eq!(m.code.matches("@Test").count(), 10, "the MR on ten inputs");
    let found = generated(TEXT_MATH, "TextMath", "max");
    let m = mtc(&found, "symmetricFunction");
    assert!(
        m.code.contains("int rotatedOutput = TextMath.max(arg1, arg2, arg0);"),
        "a third operand rotates: {}",
        m.code
    );
    assert_eq!(m.relation, "max(a, b, c) = max(b, a, c) = max(b, c, a), and it is the greatest of its operands");
    let selected = "if (arg0 == arg0 && arg1 == arg1 && arg2 == arg2) {\n            assertTrue(sourceOutput >= arg0 && sourceOutput >= arg1 && sourceOutput >= arg2);\n            assertTrue(sourceOutput == arg0 || sourceOutput == arg1 || sourceOutput == arg2);";
    assert!(m.code.contains(selected), "a constant answer is symmetric too: {}", m.code);
    let found = generated(TEXT_MATH, "TextMath", "equalsIgnoreSpace");
    let m = mtc(&found, "symmetricFunction");
    assert_eq!(m.relation, "equalsIgnoreSpace(a, b) = equalsIgnoreSpace(b, a), and equalsIgnoreSpace(a, a) holds");
    assert!(
        m.code.contains("if (arg0 != null) {\n            assertTrue(TextMath.equalsIgnoreSpace(arg0, arg0));"),
        "{}",
        m.code
    );
    assert!(
        !mtc(&generated(TEXT_MATH, "TextMath", "gcd"), "symmetricFunction").code.contains("(arg0, arg0)"),
        "gcd(a, a) is no truth"
    );
    let found = generated(TEXT_MATH, "TextMath", "equalsWithin");
    let m = mtc(&found, "symmetricFunction");
    assert_eq!(m.relation, "equalsWithin(a, b) = equalsWithin(b, a)", "NaN is not equal to itself");
    // Two ints do not make a symmetric function: the name must say so.
    let found = generated(TEXT_MATH, "TextMath", "difference");
    assert!(!has(&found, "symmetricFunction"), "{:?}", templates(&found));
    // Only operands named alike rotate: `q` is the point tested against `p1` and `p2`.
    let found = generated(TEXT_MATH, "TextMath", "intersects");
    let m = mtc(&found, "symmetricFunction");
    assert_eq!(m.relation, "intersects(a, b) = intersects(b, a)");
    assert!(!m.code.contains("rotatedOutput"), "{}", m.code);
    // `x1` and `y1` are one point's two coordinates: swapping them is no symmetry.
    let found = generated(TEXT_MATH, "TextMath", "distance");
    assert!(!has(&found, "symmetricFunction"), "{:?}", templates(&found));
}

#[test]
fn a_class_named_for_a_measure_measures_symmetrically_whatever_its_function_is_called() {
    const DISTANCE: &str = "builtin/com/acme/util/PrefixDistance.java";
    let found = generated(DISTANCE, "PrefixDistance", "apply");
    let m = mtc(&found, "symmetricFunction");
    assert_eq!(m.relation, "apply(a, b) = apply(b, a)");
    assert!(m.code.contains("Integer followUpOutput = second.apply(arg1, arg0);"), "{}", m.code);
    // Only a number: what else it answers may depend on the order.
    let found = generated(DISTANCE, "PrefixDistance", "explain");
    assert!(!has(&found, "symmetricFunction"), "{:?}", templates(&found));
}

#[test]
fn comparison_functions_are_antisymmetric() {
    let found = generated(TEXT_MATH, "TextMath", "compareLength");
    let m = mtc(&found, "compareContract");
    assert!(
        m.code.contains("assertEquals(Integer.signum(sourceOutput), -Integer.signum(followUpOutput));"),
        "{}",
        m.code
    );
    assert!(m.code.contains("assertEquals(0, TextMath.compareLength(arg0, arg0));"), "{}", m.code);
    assert!(mr_coupler::builtin::is_contract_template(m.template), "a violated comparison contract is a bug");
    let found = generated(TEXT_MATH, "TextMath", "compareAndKeep");
    assert!(!has(&found, "compareContract"), "a boolean is no comparison: {:?}", templates(&found));
}

#[test]
fn negated_predicates_answer_the_opposite() {
    let found = generated(TEXT_MATH, "TextMath", "isNotBlank");
    let m = mtc(&found, "negatedPredicate");
    assert!(m.code.contains("assertEquals(!sourceOutput, followUpOutput);"), "{}", m.code);
    // `isNotBlank` is `!isBlank(..)`: the relation tests the negation, not `isBlank`.
    let found = generated(TEXT_MATH, "TextMath", "isBlank");
    assert!(!has(&found, "negatedPredicate"), "{:?}", templates(&found));
    let found = generated(TEXT_MATH, "TextMath", "isPalindrome");
    assert!(!has(&found, "negatedPredicate"), "no isNotPalindrome: {:?}", templates(&found));
}

#[test]
fn search_functions_agree_with_each_other() {
    let found = generated(TEXT_MATH, "TextMath", "indexOf(String, char)");
    let m = mtc(&found, "searchConsistency");
    assert_eq!(m.relation, "indexOf(x) <= lastIndexOf(x), both -1 or neither; contains(x) = indexOf(x) >= 0");
    assert!(m.code.contains("int last = TextMath.lastIndexOf(arg0, arg1);"), "{}", m.code);
    assert!(m.code.contains("assertEquals(first >= 0, TextMath.contains(arg0, arg1));"), "{}", m.code);
    let found = generated(TEXT_MATH, "TextMath", "indexOf(String, char, int)");
    assert!(!has(&found, "searchConsistency"), "a start position: {:?}", templates(&found));
}

#[test]
fn idempotent_transforms_with_fixed_extra_arguments() {
    let found = generated(TEXT_MATH, "TextMath", "abbreviate");
    let m = mtc(&found, "idempotence");
    assert_eq!(m.relation, "abbreviate(abbreviate(x, ...), ...) = abbreviate(x, ...)");
    assert!(m.code.contains("String twice = TextMath.abbreviate(once, arg1);"), "{}", m.code);
    let found = generated(TEXT_MATH, "TextMath", "repeatTwice");
    assert!(!has(&found, "idempotence"), "{:?}", templates(&found));
}

#[test]
fn delegation_repeats_a_computed_argument_of_the_parameters_only() {
    let found = generated(TEXT_MATH, "TextMath", "firstHalf");
    let m = mtc(&found, "delegation");
    assert_eq!(m.relation, "firstHalf(x) = truncate(text, text.length() / 2)");
    assert!(m.code.contains("String followUpOutput = TextMath.truncate(text, text.length() / 2);"), "{}", m.code);
    let found = generated(TEXT_MATH, "TextMath", "lastHalf");
    assert!(!has(&found, "delegation"), "a guarded return delegates for some inputs only: {:?}", templates(&found));
    // defaultWidth() is the class's own, unqualified: the test cannot write it as the body does.
    let found = generated(TEXT_MATH, "TextMath", "truncateToDefault");
    assert!(!has(&found, "delegation"), "{:?}", templates(&found));
}

#[test]
fn round_trip_for_the_two_sides_of_to_swapped() {
    let found = generated(TEXT_MATH, "TextMath", "intToHex");
    let m = mtc(&found, "roundTrip");
    assert_eq!(m.relation, "hexToInt(intToHex(x, ...), ...) = x");
    // From text the other way: most strings are no hexadecimal number.
    let found = generated(TEXT_MATH, "TextMath", "hexToInt");
    assert!(!has(&found, "roundTrip"), "{:?}", templates(&found));
}

#[test]
fn search_methods_observe_the_mutator_that_sets_their_state() {
    let found = generated("builtin/com/acme/bag/SparseBits.java", "SparseBits", "nextSetBit");
    let m = mtc(&found, "searchAfterMutation");
    assert_eq!(
        m.relation,
        "get(i), nextSetBit(i) = i just after set(i); !get(i), nextClearBit(i) = i just after clear(i)"
    );
    assert!(
        m.code.contains(
            "subject.set(i);\n        assertTrue(subject.get(i));\n        assertTrue(subject.nextSetBit(i) == i);"
        ),
        "{}",
        m.code
    );
    assert!(m.code.contains("subject.clear(i);\n        assertFalse(subject.get(i));\n        assertTrue(subject.nextClearBit(i) == i);"), "{}", m.code);
    assert!(m.code.contains("SparseBits subject = new SparseBits();"), "{}", m.code);
    // get(int) answers an int here: no bit to observe, no search method either.
    let found = generated("builtin/com/acme/bag/Tally.java", "Tally", "get");
    assert!(!has(&found, "searchAfterMutation"), "{:?}", templates(&found));
}

#[test]
fn padding_functions_reach_their_width_and_keep_their_text() {
    let found = generated(TEXT_MATH, "TextMath", "leftPad");
    let m = mtc(&found, "padLength");
    assert_eq!(m.relation, "|leftPad(s, n + 1)| = max(|leftPad(s, n)|, n + 1), and leftPad(s, n + 1).endsWith(s)");
    assert!(m.code.contains("int arg1 = 13;"), "{}", m.code);
    assert!(m.code.contains("String followUpOutput = TextMath.leftPad(arg0, arg1 + 1, arg2);"), "{}", m.code);
    assert!(
        m.code.contains("assertEquals(Math.max(sourceOutput.length(), arg1 + 1), followUpOutput.length());"),
        "{}",
        m.code
    );
    let found = generated(TEXT_MATH, "TextMath", "leftPadBy");
    assert!(!has(&found, "padLength"), "a long count is no int width: {:?}", templates(&found));
}

#[test]
fn multiplying_is_undone_by_dividing_only_without_floating_point_state() {
    let found = generated("builtin/com/acme/money/Ratio.java", "Ratio", "multiplyBy");
    let t = templates(&found);
    assert!(t.contains(&("inverseOperation", "a.multiplyBy(b).divideBy(b) = a")), "{t:?}");
    assert!(t.contains(&("commutativity", "a.multiplyBy(b) = b.multiplyBy(a)")), "{t:?}");
    let found = generated("builtin/com/acme/geo/Scale.java", "Scale", "multiplyBy");
    let t = templates(&found);
    assert!(!found.iter().any(|m| m.template == "inverseOperation"), "{t:?}");
    assert!(t.contains(&("commutativity", "a.multiplyBy(b) = b.multiplyBy(a)")), "commutes exactly: {t:?}");
}

#[test]
fn the_numeric_views_of_a_number_agree() {
    let found = generated("builtin/com/acme/money/Rational.java", "Rational", "intValue");
    let m = mtc(&found, "numericViews");
    assert_eq!(
        m.relation,
        "intValue() = (int) longValue(), longValue() = (long) doubleValue(), floatValue() = (float) doubleValue()"
    );
    assert!(m.code.contains("Rational a = new Rational("), "{}", m.code);
    assert!(m.code.contains("assertEquals(a.intValue(), (int) a.longValue());"), "{}", m.code);
    let found = generated("builtin/com/acme/money/Rational.java", "Rational", "numeratorValue");
    assert!(!has(&found, "numericViews"), "{:?}", templates(&found));
}

#[test]
fn equality_contracts_meet_equal_objects_that_are_not_the_same_and_objects_differing_in_one_field() {
    let found = generated("builtin/com/acme/range/Span.java", "Span", "compareTo");
    let compare = mtc(&found, "compareToContract");
    // Constants and both factories take turns: ten inputs reach past the constants.
    assert!(compare.code.contains("Span a = Span.of(0);\n        Span sameAgain = Span.of(0);"), "{}", compare.code);
    assert!(compare.code.contains("Span a = Span.EMPTY;\n        Span sameAgain = a;"), "{}", compare.code);
    assert!(!compare.code.contains("Span.parse("), "a builder from text comes last: {}", compare.code);
    let found = generated("builtin/com/acme/range/Span.java", "Span", "equals");
    let equals = mtc(&found, "equalsContract");
    assert!(
        equals
            .code
            .contains("Span a = Span.of(0);\n        Span sameAgain = Span.of(0);\n        Span b = Span.notOf(0);"),
        "{}",
        equals.code
    );
    assert!(equals.code.contains("assertEquals(a.hashCode(), a.hashCode());"), "{}", equals.code);
    // Without a builder there is no equal object but the same one.
    let found = generated("builtin/com/acme/range/Level.java", "Level", "equals");
    let equals = mtc(&found, "equalsContract");
    assert!(equals.code.contains("Level sameAgain = a;"), "{}", equals.code);
    assert!(!equals.code.contains("Level sameAgain = Level."), "{}", equals.code);
}

#[test]
fn a_builder_reading_the_clock_builds_no_input() {
    // `new Moment()` is now: two of them differ, and a relation over them fails on correct code
    // (joda-time's LocalTime gave two false suspects that way).
    let found = generated("builtin/com/acme/time/Moment.java", "Moment", "equals");
    assert!(!found.is_empty(), "the other constructor still builds inputs");
    for m in &found {
        assert!(!m.code.contains("new Moment()"), "{}", m.code);
        assert!(!m.code.contains("Moment.now()"), "the system clock, by the name: {}", m.code);
        assert!(!m.code.contains("Moment.randomWithin("), "chance, by the name: {}", m.code);
    }
    assert!(found.iter().any(|m| m.code.contains("Moment.random(new java.util.Random(")), "a seeded one stays");
    assert!(found.iter().any(|m| m.code.contains("new Moment(")), "{:?}", templates(&found));
}

const BUFFER: &str = "builtin/com/acme/state/Buffer.java";

#[test]
fn a_delegating_constructor_builds_what_it_delegates_to() {
    let found = generated(BUFFER, "Buffer", "getName");
    let m = mtc(&found, "constructorDelegation");
    assert_eq!(m.relation, "new Buffer(capacity).getName() = new Buffer(capacity, \"buffer\").getName() = \"buffer\"");
    assert!(
        m.code.contains("int capacity = 0;\n        Buffer source = new Buffer(capacity);\n        Buffer followUp = new Buffer(capacity, \"buffer\");\n        assertEquals(source.getName(), followUp.getName());\n        assertEquals(\"buffer\", source.getName());"),
        "{}",
        m.code
    );
    assert_eq!(m.code.matches("@Test").count(), 10, "the first parameter varies");
    // The getter mutated answers alike for both: what the delegated-to constructor stores tells
    // a mutant, here the parameter passed through.
    let found = generated(BUFFER, "Buffer", "getCapacity");
    let m = mtc(&found, "constructorDelegation");
    assert!(m.relation.ends_with(".getCapacity() = capacity"), "{}", m.relation);
    assert!(m.code.contains("assertEquals(capacity, source.getCapacity());"), "{}", m.code);
    // describedSize computes: not a getter of what the constructor stored.
    let found = generated(BUFFER, "Buffer", "describedSize");
    assert!(!has(&found, "constructorDelegation"), "{:?}", templates(&found));
    // A counter makes two tickets built alike differ.
    let found = generated("builtin/com/acme/state/Ticket.java", "Ticket", "getDesk");
    assert!(!has(&found, "constructorDelegation"), "{:?}", templates(&found));
}

#[test]
fn a_private_constant_is_repeated_as_a_literal_of_its_type() {
    let code = "package p; public class Box { private static final long SIZE = 8; private final long size; \
                public Box() { this(SIZE); } public Box(long size) { this.size = size; } \
                public long getSize() { return size; } }";
    let dir = std::env::temp_dir().join(format!("mrc-box-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("Box.java");
    std::fs::write(&path, code).expect("written");
    let mut project = Project::new(&[]);
    project.files = vec![mr_coupler::java_model::parse_str(&path, code)];
    let class = project.classes().next().expect("Box");
    let target = common::method(class, "getSize");
    let found = mtcs(class, target, &analyse(class, target), &project, &TestIndex::load(&[], None), JUnit::Four);
    let m = mtc(&found, "constructorDelegation");
    assert_eq!(m.relation, "new Box().getSize() = new Box((long) 8).getSize() = (long) 8");
    assert_eq!(m.code.matches("@Test").count(), 1, "nothing to vary");
}

#[test]
fn search_methods_find_what_the_mutator_just_inserted() {
    let found = generated(BUFFER, "Buffer", "indexOf");
    let m = mtc(&found, "searchAfterInsert");
    assert_eq!(m.relation, "indexOf(x) >= 0 just after append(x), lastIndexOf(x) >= indexOf(x), get(indexOf(x)) = x");
    assert!(
        m.code.contains("subject.append(x);\n        int first = subject.indexOf(x);\n        assertTrue(first >= 0);\n        assertTrue(subject.lastIndexOf(x) >= first);\n        assertEquals(x, subject.get(first));"),
        "{}",
        m.code
    );
    assert!(m.code.contains("Buffer subject = new Buffer("), "a fresh instance: {}", m.code);
}

#[test]
fn remove_all_of_nothing_answers_false() {
    let files = ["builtin/com/acme/graph/Graph.java", "builtin/com/acme/graph/Body.java"];
    let found = generated_in(&files, "Graph", "addAll");
    let m = mtc(&found, "collectionState");
    assert!(m.code.contains("assertEquals(!x.isEmpty(), subject.removeAll(x));"), "{}", m.code);
}

#[test]
fn remove_undoes_add_with_or_without_contains() {
    let found = generated("builtin/com/acme/state/Pile.java", "Pile", "remove");
    let m = mtc(&found, "collectionState");
    assert_eq!(m.relation, "size() is 0 again after add(x) then remove(x) on an empty instance");
    assert!(m.code.contains("boolean removed = subject.remove(x);\n        if (afterAdd == before + 1) {\n            assertTrue(removed);"), "{}", m.code);
    assert!(m.code.contains("if (before == 0) {\n            assertEquals(0, subject.size());"), "{}", m.code);
    // `none()` hands out one shared pile: no receiver a test may change.
    assert!(m.code.contains("Pile subject = new Pile();") && !m.code.contains("Pile.none()"), "{}", m.code);
    let found = generated("builtin/com/acme/state/Network.java", "Network", "removeNode");
    let m = mtc(&found, "collectionState");
    assert_eq!(m.relation, "containsNode(x) after addNode(x), and not after removeNode(x) unless it was there before");
    assert!(m.code.contains("assertTrue(subject.removeNode(x));"), "{}", m.code);
    assert!(!m.code.contains("size()"), "size() counts more than one family: {}", m.code);
    let files = ["builtin/com/acme/graph/Graph.java", "builtin/com/acme/graph/Body.java"];
    let found = generated_in(&files, "Graph", "remove");
    let m = mtc(&found, "collectionState");
    assert!(
        m.code.contains("assertTrue(subject.remove(x));\n        if (!had) {\n            assertFalse(subject.contains(x));\n            assertEquals(before, subject.size());"),
        "{}",
        m.code
    );
}

#[test]
fn a_remove_at_an_index_does_not_undo_an_add() {
    // Hjson's `JsonArray` (unseen-37): `add(int value)` then `remove(int index)` with the same x
    // removed at index x, out of bounds for every x but 0. On an instance empty before, the
    // element `add(x)` put in is at 0.
    for target in ["add", "remove"] {
        let found = generated("builtin/com/acme/state/IntRow.java", "IntRow", target);
        let m = mtc(&found, "collectionState");
        assert_eq!(m.relation, "size() is 0 again after add(x) then remove(0) on an empty instance");
        assert!(m.code.contains("if (before == 0 && afterAdd == 1) {\n            subject.remove(0);\n            assertEquals(0, subject.size());"), "{}", m.code);
        assert!(!m.code.contains("remove(x)"), "{target}: {}", m.code);
    }
    let found = generated("builtin/com/acme/state/Pile.java", "Pile", "remove");
    assert!(mtc(&found, "collectionState").code.contains("subject.remove(x)"), "an element removed");
    // A set of indices names its element alike in `add` and `remove`: no position.
    let found = generated("builtin/com/acme/state/IndexSet.java", "IndexSet", "remove");
    let m = mtc(&found, "collectionState");
    assert_eq!(m.relation, "contains(x) after add(x), and not after remove(x) unless it was there before");
}

#[test]
fn a_project_s_own_list_is_no_jdk_collection() {
    // bifurcan's `List#addLast(V)` ~ `forked()` (unseen-37): `forked()` returns the project's
    // `List`, which has no `contains`; `subject.forked().contains(x)` did not compile.
    let found = generated("builtin/com/acme/persistent/List.java", "List", "addLast");
    assert!(!has(&found, "producerConsumer"), "{:?}", templates(&found));
}

const TIME_OF_DAY: &str = "builtin/com/acme/time/TimeOfDay.java";

#[test]
fn withers_set_what_their_getters_read() {
    // Not `getHour() = v`: a wither may keep v normalised (a time of day wraps at midnight), no bug.
    for target in ["withHour", "getHour"] {
        let found = generated(TIME_OF_DAY, "TimeOfDay", target);
        let m = mtc(&found, "wither");
        assert_eq!(
            m.relation,
            "a.withHour(v).getHour() = b.withHour(v).getHour() = a.withHour(kept).getHour() where kept = \
             a.withHour(v).getHour(), and a.withHour(a.getHour()) = a"
        );
        assert!(
            m.code.contains("assertEquals(a, a.withHour(a.getHour()));\n        int v = 0;\n        int kept = a.withHour(v).getHour();\n        assertEquals(kept, b.withHour(v).getHour());\n        assertEquals(kept, a.withHour(kept).getHour());"),
            "{}",
            m.code
        );
        assert!(!m.code.contains("assertEquals(v, "), "{}", m.code);
    }
}

#[test]
fn adding_an_integral_amount_is_undone_by_subtracting_it() {
    let found = generated(TIME_OF_DAY, "TimeOfDay", "plusHours");
    let m = mtc(&found, "inverseOperation");
    assert_eq!(m.relation, "a.plusHours(n).minusHours(n) = a = a.minusHours(n).plusHours(n)");
    assert!(m.code.contains("int n = 0;\n        assertEquals(a, a.plusHours(n).minusHours(n));"), "{}", m.code);
    let found = generated(TIME_OF_DAY, "TimeOfDay", "plusMonths");
    assert!(!has(&found, "inverseOperation"), "months clamp: {:?}", templates(&found));
    let files = ["builtin/com/acme/time/Weeks.java", "builtin/com/acme/time/BasePeriod.java"];
    let found = generated_in(&files, "Weeks", "minus");
    let m = mtc(&found, "inverseOperation");
    assert_eq!(m.relation, "a.plus(n).minus(n) = a = a.minus(n).plus(n)", "equals inherited");
    assert!(m.code.contains("Weeks a = Weeks.weeks("), "{}", m.code);
    let found = generated("builtin/com/acme/time/Temperature.java", "Temperature", "plusDegrees");
    assert!(!has(&found, "inverseOperation"), "floating-point state rounds: {:?}", templates(&found));
}

const STREAMS: &str = "builtin/com/acme/io/Streams.java";

#[test]
fn copying_a_stream_or_a_file_preserves_its_content() {
    let found = generated(STREAMS, "Streams", "copy(InputStream, OutputStream)");
    let m = mtc(&found, "copyPreservesContent");
    assert_eq!(m.relation, "copy(source holding x, sink) leaves x in sink");
    assert!(m.code.contains("java.io.InputStream source = new java.io.ByteArrayInputStream(content.getBytes(java.nio.charset.StandardCharsets.UTF_8));\n        java.io.ByteArrayOutputStream sink = new java.io.ByteArrayOutputStream();\n        Streams.copy(source, sink);\n        assertEquals(content, new String(sink.toByteArray(), java.nio.charset.StandardCharsets.UTF_8));"), "{}", m.code);
    let found = generated(STREAMS, "Streams", "copyFile");
    let m = mtc(&found, "copyPreservesContent");
    assert!(m.code.contains("java.io.File source = java.nio.file.Files.write(java.nio.file.Files.createTempFile(\"mrcoupler\", \".tmp\"), content.getBytes(java.nio.charset.StandardCharsets.UTF_8)).toFile();"), "{}", m.code);
    assert!(m.code.contains("assertEquals(content, new String(java.nio.file.Files.readAllBytes(sink.toPath()), java.nio.charset.StandardCharsets.UTF_8));"), "{}", m.code);
    // Bytes to characters in the platform's charset: ASCII text only.
    let found = generated(STREAMS, "Streams", "copy(InputStream, Writer)");
    let m = mtc(&found, "copyPreservesContent");
    assert!(!m.code.contains("\\u"), "{}", m.code);
    for target in ["copyLarge", "copyFileToDirectory"] {
        let found = generated(STREAMS, "Streams", target);
        assert!(!has(&found, "copyPreservesContent"), "an offset, a directory: {:?}", templates(&found));
    }
    for m in generated(STREAMS, "Streams", "copyFile") {
        assert!(!m.code.contains("Files.readString") && !m.code.contains("Files.writeString"), "Java 8: {}", m.code);
        assert!(!m.code.contains("new File(") && !m.code.contains("Paths.get("), "temporary files only: {}", m.code);
    }
}

#[test]
fn what_a_writer_writes_its_reader_reads_back() {
    for target in ["write", "toString(InputStream, Charset)"] {
        let found = generated(STREAMS, "Streams", target);
        let m = mtc(&found, "writeReadRoundTrip");
        assert_eq!(m.relation, "toString(write(x, sink)) = x");
        assert!(m.code.contains("Streams.write(x, sink, java.nio.charset.StandardCharsets.UTF_8);\n        java.io.InputStream written = new java.io.ByteArrayInputStream(sink.toByteArray());\n        String followUpOutput = Streams.toString(written, java.nio.charset.StandardCharsets.UTF_8);"), "{}", m.code);
    }
    let found = generated(STREAMS, "Streams", "writeStringToFile");
    let m = mtc(&found, "writeReadRoundTrip");
    assert_eq!(m.relation, "readFileToString(writeStringToFile(x, sink)) = x");
    assert!(m.code.contains("Streams.writeStringToFile(sink, x, java.nio.charset.StandardCharsets.UTF_8, false);\n        java.io.File written = sink;"), "{}", m.code);
}

#[test]
fn a_reader_reads_what_its_source_holds() {
    let found = generated(STREAMS, "Streams", "toByteArray");
    let m = mtc(&found, "readBack");
    assert!(m.code.contains("byte[] x = new byte[0];\n        java.io.InputStream source = new java.io.ByteArrayInputStream(x);\n        byte[] followUpOutput = Streams.toByteArray(source);\n        assertArrayEquals(x, followUpOutput);"), "{}", m.code);
    let found = generated(STREAMS, "Streams", "toString(Reader)");
    let m = mtc(&found, "readBack");
    assert!(m.code.contains("java.io.Reader source = new java.io.StringReader(x);"), "{}", m.code);
}

#[test]
fn a_project_class_with_two_type_parameters_is_built_by_its_constructor() {
    let found = generated("builtin/com/acme/bag/Duo.java", "Duo", "equals");
    let m = mtc(&found, "equalsContract");
    assert!(m.code.contains("Duo<String, String> a = new Duo<>(\"\", \"Hello, World!\");"), "{}", m.code);
}

#[test]
fn a_static_factory_named_after_a_property_is_read_back_by_its_getter() {
    let files = ["builtin/com/acme/time/Weeks.java", "builtin/com/acme/time/BasePeriod.java"];
    for target in ["weeks", "getWeeks"] {
        let found = generated_in(&files, "Weeks", target);
        let m = mtc(&found, "factoryGetter");
        assert_eq!(m.relation, "Weeks.weeks(v).getWeeks() = v");
        assert!(
            m.code.contains(
                "int v = 0;\n        Weeks built = Weeks.weeks(v);\n        assertEquals(v, built.getWeeks());"
            ),
            "{}",
            m.code
        );
    }
}

#[test]
fn predicates_taking_an_interface_the_class_implements_are_on_its_type() {
    let files = ["builtin/com/acme/range/Window.java", "builtin/com/acme/range/Bounded.java"];
    let found = generated_in(&files, "Window", "overlaps");
    assert_eq!(mtc(&found, "symmetricPredicate").relation, "a.overlaps(b) = b.overlaps(a)");
    let found = generated_in(&files, "Window", "overlap");
    assert!(
        !has(&found, "symmetricPredicate"),
        "an object result may carry its receiver's context: {:?}",
        templates(&found)
    );
    let found = generated_in(&files, "Window", "isBefore");
    let m = mtc(&found, "orderingDuality");
    assert_eq!(m.relation, "a.isAfter(b) = b.isBefore(a), and not both a.isAfter(b) and a.isBefore(b)");
    assert!(!m.code.contains("compareTo"), "isAfter(Bounded) is no compareTo on Window's type: {}", m.code);
}

#[test]
fn the_inverse_side_of_a_round_trip_writes_again_what_it_read() {
    let found = generated("builtin/com/acme/text/Codec.java", "Codec", "decodeBase64");
    let t = templates(&found);
    assert!(t.contains(&("roundTrip", "decodeBase64(encodeBase64(x, ...), ...) = x")), "{t:?}");
    let m = found
        .iter()
        .find(|m| m.relation == "encodeBase64(decodeBase64(encodeBase64(x, ...), ...), ...) = encodeBase64(x, ...)")
        .unwrap_or_else(|| panic!("{t:?}"));
    assert!(
        m.code.contains(
            "String reEncoded = Codec.encodeBase64(followUpOutput);\n        assertEquals(sourceOutput, reEncoded);"
        ),
        "{}",
        m.code
    );
    // From the encoder's side only the plain round trip.
    let found = generated("builtin/com/acme/text/Codec.java", "Codec", "encodeBase64");
    assert!(
        !found.iter().any(|m| m.relation.contains("decodeBase64(encodeBase64(x, ...), ...), ...)")),
        "{:?}",
        templates(&found)
    );
}

const FLAGS: &str = "builtin/com/acme/util/Flags.java";

#[test]
fn overloads_agree_across_boxing_and_integral_widening() {
    let found = generated(FLAGS, "Flags", "toString(char)");
    let m = mtc(&found, "widerOverload");
    assert!(m.code.contains("char arg0 = "), "{}", m.code);
    assert!(m.code.contains("String followUpOutput = Flags.toString((Character) arg0);"), "{}", m.code);
    let found = generated(FLAGS, "Flags", "gcd(int, int)");
    let m = mtc(&found, "widerOverload");
    assert!(m.code.contains("long sourceOutput = Flags.gcd(arg0, arg1);"), "{}", m.code);
    assert!(m.code.contains("Flags.gcd((long) arg0, (long) arg1)"), "{}", m.code);
    assert!(!m.code.contains("MAX_VALUE"), "an int overload may overflow where the long one does not: {}", m.code);
    let found = generated(FLAGS, "Flags", "and(boolean...)");
    let m = mtc(&found, "widerOverload");
    assert!(m.code.contains("Boolean[] arg0Boxed = new Boolean[arg0.length];"), "{}", m.code);
    assert!(m.code.contains("Boolean followUpOutput = Flags.and(arg0Boxed);"), "{}", m.code);
}

#[test]
fn no_overload_agreement_where_widening_changes_the_meaning() {
    // Hex of an int and of a long differ on negative values; append(char) is not append(int).
    for target in ["toHex(int)", "append(StringBuilder, char)"] {
        let found = generated(FLAGS, "Flags", target);
        assert!(!found.iter().any(|m| m.template == "widerOverload"), "{target}: {:?}", templates(&found));
    }
}

#[test]
fn a_predicate_validates_only_a_producer_its_name_names() {
    // isFalse takes a Boolean, toBooleanObject makes one: that is no relation between them.
    let found = generated(FLAGS, "Flags", "isFalse");
    assert!(!found.iter().any(|m| m.template == "validatorAcceptsOutput"), "{:?}", templates(&found));
}

#[test]
fn aggregates_of_many_operands_ignore_their_order() {
    let found = generated(FLAGS, "Flags", "and(boolean...)");
    let m = mtc(&found, "orderInsensitiveAggregate");
    assert_eq!(m.relation, "and(a1, ..., an) = and(an, ..., a1)");
    assert!(m.code.contains("boolean[] reversed = new boolean[operands.length];"), "{}", m.code);
    assert!(m.code.contains("boolean followUpOutput = Flags.and(reversed);"), "{}", m.code);
    // The index of the largest operand depends on where it stands.
    let found = generated(FLAGS, "Flags", "maxIndex");
    assert!(!found.iter().any(|m| m.template == "orderInsensitiveAggregate"), "{:?}", templates(&found));
}

const TICKER: &str = "builtin/com/acme/state/Ticker.java";

#[test]
fn inverse_mutators_leave_the_object_as_it_was() {
    let found = generated(TICKER, "Ticker", "add");
    let m = mtc(&found, "inverseMutators");
    assert_eq!(m.relation, "a.add(n); a.subtract(n) leaves a as it was");
    assert!(
        m.code.contains("subject.add(arg0);\n        subject.subtract(arg0);\n        assertEquals(twin, subject);"),
        "{}",
        m.code
    );
    assert!(!m.code.contains("arg0 = Integer.MAX_VALUE"), "small amounts only: {}", m.code);
    let found = generated(TICKER, "Ticker", "decrement");
    assert_eq!(mtc(&found, "inverseMutators").relation, "a.increment(); a.decrement() leaves a as it was");
    // getAndAdd returns a value: it is no void mutator, and getValue has no inverse.
    let found = generated(TICKER, "Ticker", "getValue");
    assert!(!found.iter().any(|m| m.template == "inverseMutators"), "{:?}", templates(&found));
}

#[test]
fn get_and_update_answers_before_what_update_and_get_answers_after() {
    let found = generated(TICKER, "Ticker", "getAndAdd");
    let m = mtc(&found, "getAndUpdate");
    assert_eq!(m.relation, "after a.getAndAdd(x), a.getAndAdd(x) = b.addAndGet(x) for a twin b");
    assert!(m.code.contains("a.getAndAdd(arg0);\n        int sourceOutput = a.getAndAdd(arg0);\n        int followUpOutput = b.addAndGet(arg0);"), "{}", m.code);
    let found = generated(TICKER, "Ticker", "incrementAndGet");
    assert_eq!(
        mtc(&found, "getAndUpdate").relation,
        "after a.getAndIncrement(), a.getAndIncrement() = b.incrementAndGet() for a twin b"
    );
}

const DATES: &str = "builtin/com/acme/time/Dates.java";

#[test]
fn static_date_arithmetic_is_undone_by_the_opposite_amount_except_for_clamping_units() {
    let found = generated(DATES, "Dates", "addDays");
    let m = mtc(&found, "inverseOperation");
    assert_eq!(m.relation, "addDays(addDays(x, n), -n) = x");
    assert!(m.code.contains("Date x = new java.util.Date(0L);"), "{}", m.code);
    assert!(m.code.contains("Date back = Dates.addDays(there, -n);"), "{}", m.code);
    for target in ["addMonths", "addPadding"] {
        let found = generated(DATES, "Dates", target);
        assert!(!found.iter().any(|m| m.template == "inverseOperation"), "{target}: {:?}", templates(&found));
    }
}

#[test]
fn same_day_is_symmetric_and_truncated_comparisons_antisymmetric() {
    let found = generated(DATES, "Dates", "isSameDay");
    assert_eq!(mtc(&found, "symmetricFunction").relation, "isSameDay(a, b) = isSameDay(b, a)");
    let found = generated(DATES, "Dates", "truncatedCompareTo");
    assert!(found.iter().any(|m| m.template == "compareContract"), "{:?}", templates(&found));
}

#[test]
fn conversions_named_for_their_results_take_a_converted_value_back() {
    let found = generated(FLAGS, "Flags", "toBoolean");
    let m = mtc(&found, "conversionRoundTrip");
    assert_eq!(m.relation, "toBoolean(toInteger(toBoolean(x))) = toBoolean(x)");
    assert!(
        m.code.contains(
            "int back = Flags.toInteger(sourceOutput);\n        boolean followUpOutput = Flags.toBoolean(back);"
        ),
        "{}",
        m.code
    );
    // Types that chain both ways are not enough: hash(spaces(n)) says nothing of n.
    let found = generated(FLAGS, "Flags", "hash");
    assert!(!found.iter().any(|m| m.template == "conversionRoundTrip"), "{:?}", templates(&found));
}

#[test]
fn an_element_is_before_inside_or_after_a_range_exactly_once() {
    let files = ["builtin/com/acme/range/Window.java", "builtin/com/acme/range/Bounded.java"];
    let found = generated_in(&files, "Window", "isAfter");
    let m = mtc(&found, "elementTrichotomy");
    assert!(m.code.contains("long x = "), "{}", m.code);
    assert!(
        m.code.contains(
            "int holds = (range.isBefore(x) ? 1 : 0) + (range.contains(x) ? 1 : 0) + (range.isAfter(x) ? 1 : 0);\n        assertEquals(1, holds);"
        ),
        "{}",
        m.code
    );
    // A range that can be empty may be none of the three there.
    let found = generated("builtin/com/acme/range/DayRange.java", "DayRange", "contains");
    let m = mtc(&found, "elementTrichotomy");
    assert!(m.code.contains("assertTrue(holds == 1 || holds == 0 && range.isEmpty());"), "{}", m.code);
    assert!(m.relation.ends_with(", or none for an empty range"), "{}", m.relation);
    // Window against window: no contains(Bounded), and two windows may overlap in part.
    let found = generated_in(&files, "Window", "isBefore(Bounded)");
    assert!(!found.iter().any(|m| m.template == "elementTrichotomy"), "{:?}", templates(&found));
}

#[test]
fn a_setter_of_the_getters_primitive_is_its_pair() {
    let found = generated(TICKER, "Ticker", "getCount");
    let m = mtc(&found, "property");
    assert_eq!(m.relation, "getCount() = v just after setCount(v)");
    assert!(m.code.contains("int x = "), "the primitive overload, not setCount(Number): {}", m.code);
    assert!(m.code.contains("assertEquals((Integer) x, subject.getCount());"), "{}", m.code);
}

const WRAPPER: &str = "builtin/com/acme/text/Wrapper.java";

#[test]
fn no_round_trip_when_the_inverse_is_configured_by_something_else() {
    // wrap(str, wrapWith) and unwrap(str, wrapChar): an arbitrary char undoes no wrapping.
    let found = generated(WRAPPER, "Wrapper", "wrap");
    assert!(!found.iter().any(|m| m.template == "roundTrip"), "{:?}", templates(&found));
}

#[test]
fn no_delegation_from_a_return_in_one_branch() {
    let found = generated(WRAPPER, "Wrapper", "removeElement");
    assert!(
        !found.iter().any(|m| m.template == "delegation" && m.relation.contains("copy")),
        "{:?}",
        templates(&found)
    );
}

#[test]
fn boxing_conversions_take_a_converted_value_back_and_null_to_empty_is_idempotent() {
    let found = generated(FLAGS, "Flags", "toObject");
    assert_eq!(mtc(&found, "conversionRoundTrip").relation, "toObject(toPrimitive(toObject(x))) = toObject(x)");
    let found = generated(FLAGS, "Flags", "nullToEmpty");
    assert_eq!(mtc(&found, "idempotence").relation, "nullToEmpty(nullToEmpty(x)) = nullToEmpty(x)");
}

#[test]
fn a_static_copy_equals_what_it_copied() {
    let found = generated(WRAPPER, "Wrapper", "copy");
    let m = mtc(&found, "copyRoundTrip");
    assert_eq!(m.relation, "copy(copy(x)) = copy(x) = x");
    // The copy is the follow-up input: two invocations, as an MTC has.
    assert!(m.code.contains("int[] copy = Wrapper.copy(x);\n        int[] copyOfCopy = Wrapper.copy(copy);\n        assertArrayEquals(x, copy);\n        assertArrayEquals(copy, copyOfCopy);"), "{}", m.code);
}

#[test]
fn a_copy_equals_its_original_through_the_class_s_own_equals_and_hash_code() {
    let found = generated("builtin/com/acme/money/Money.java", "Money", "copy");
    let m = mtc(&found, "copyRoundTrip");
    assert_eq!(m.relation, "a.copy() equals a, with a's hash code");
    assert!(m.code.contains("Object followUp = a.copy();\n        assertTrue(a.equals(followUp));\n        assertEquals(a.hashCode(), followUp.hashCode());"), "{}", m.code);
}

#[test]
fn a_search_by_object_finds_the_element_the_mutator_inserted() {
    let file = "builtin/com/acme/bag/OrderedSet.java";
    for target in ["indexOf", "get"] {
        let found = generated(file, "OrderedSet", target);
        let m = mtc(&found, "searchAfterInsert");
        assert_eq!(m.relation, "indexOf(x) >= 0 just after add(x), get(indexOf(x)) = x", "{target}");
    }
}

#[test]
fn appending_text_is_no_element_added() {
    let file = "builtin/com/acme/text/TextBuffer.java";
    for target in ["append(String)", "append(int)"] {
        let found = generated(file, "TextBuffer", target);
        let t = templates(&found);
        assert!(!t.iter().any(|(_, r)| r.contains("grows by one")), "{target}: {t:?}");
    }
    // One character is one more of length().
    let by_char = generated(file, "TextBuffer", "append(char)");
    assert!(templates(&by_char).contains(&("producerConsumer", "length() grows by one with append(x)")));
}

#[test]
fn a_setter_that_changes_its_argument_is_no_property() {
    let file = "builtin/com/acme/text/TextBuffer.java";
    let normalising = generated(file, "TextBuffer", "setNullText");
    let t = templates(&normalising);
    assert!(!t.iter().any(|(_, r)| r.contains("getNullText")), "{t:?}");
    // A guard stores the argument as given.
    let guarded = templates(&generated(file, "TextBuffer", "setTabSize"))
        .into_iter()
        .any(|(_, r)| r == "getTabSize() = v just after setTabSize(v)");
    assert!(guarded);
}

#[test]
fn round_trips_share_numbers_only_by_name() {
    let file = "builtin/com/acme/util/Radix.java";
    // Positions and counts are no configuration the inverse can take from the other side.
    for target in ["intToHex", "hexDigitToBinary"] {
        let found = generated(file, "Radix", target);
        assert!(!found.iter().any(|m| m.template == "roundTrip"), "{target}: {:?}", templates(&found));
    }
    let by_radix = generated(file, "Radix", "toBase");
    let m = mtc(&by_radix, "roundTrip");
    assert!(m.code.contains("int followUpOutput = Radix.fromBase(sourceOutput, radix);"), "{}", m.code);
}

#[test]
fn searches_asked_about_a_text_of_known_parts() {
    let file = "builtin/com/acme/text/Matching.java";
    let on_a_choice = generated(file, "Matching", "checkStartsWith");
    let m = mtc(&on_a_choice, "textOfKnownParts");
    assert_eq!(m.relation, "checkStartsWith(a + b, a) = checkStartsWith(a, a), which holds");
    // The part alone is the source input, the longer text the follow-up: two invocations.
    let expected = "boolean alone = subject.checkStartsWith(a, a);\n        boolean longer = subject.checkStartsWith(a + b, a);\n        assertTrue(alone);\n        assertEquals(alone, longer);";
    assert!(m.code.contains(expected), "{}", m.code);
    // An enum's constants take turns as the subject.
    assert!(m.code.contains("Matching subject = Matching.SENSITIVE;"), "{}", m.code);
    assert!(m.code.contains("Matching subject = Matching.INSENSITIVE;"), "{}", m.code);
    let part_first = generated(file, "Matching", "endsWith");
    assert!(mtc(&part_first, "textOfKnownParts").code.contains("boolean longer = Matching.endsWith(b, a + b);"));
    let last = generated(file, "Matching", "lastIndexOfIgnoreCase");
    let m = mtc(&last, "textOfKnownParts");
    assert_eq!(m.relation, "lastIndexOfIgnoreCase(a + b, b) >= |a| + lastIndexOfIgnoreCase(b, b)");
    assert!(m.code.contains("assertTrue(found >= a.length() + alone, \"found at \" + found);"), "{}", m.code);
    let other_promise = generated(file, "Matching", "containsAny");
    assert!(!other_promise.iter().any(|m| m.template == "textOfKnownParts"), "{:?}", templates(&other_promise));
}

#[test]
fn keyed_properties_read_back_what_was_set_under_the_same_keys() {
    let file = "builtin/com/acme/state/Permissions.java";
    let flags = generated(file, "Permissions", "hasPermission");
    let m = mtc(&flags, "keyedProperty");
    assert_eq!(m.relation, "hasPermission(k, k) = v just after setPermission(k, k, v)");
    assert!(m.code.contains("int key0 = Permissions.USER_ACCESS;"), "the class's own constants as keys: {}", m.code);
    assert!(
        m.code.contains(
            "subject.setPermission(key0, key1, x);\n        assertEquals(x, subject.hasPermission(key0, key1));"
        ),
        "{}",
        m.code
    );
    let labels = generated(file, "Permissions", "setLabel");
    assert_eq!(mtc(&labels, "keyedProperty").relation, "getLabel(k) = v just after setLabel(k, v)");
    // A note is stored trimmed: what is read back is not what was set.
    let notes = generated(file, "Permissions", "setNote");
    assert!(!notes.iter().any(|m| m.template == "keyedProperty"), "{:?}", templates(&notes));
}

#[test]
fn an_indexed_view_and_the_array_view_agree() {
    let file = "builtin/com/acme/bag/ByteMark.java";
    for target in ["get", "length", "getBytes"] {
        let found = generated(file, "ByteMark", target);
        let m = mtc(&found, "indexedAndArrayViews");
        assert_eq!(m.relation, "getBytes().length = length() and getBytes()[i] = get(i)");
        assert!(m.code.contains("assertEquals(view[i], (byte) subject.get(i));"), "{}", m.code);
        assert!(m.code.contains("ByteMark subject = ByteMark.UTF_16BE;"), "{}", m.code);
    }
    let names = generated(file, "ByteMark", "toNameArray");
    assert!(!names.iter().any(|m| m.template == "indexedAndArrayViews"), "{:?}", templates(&names));
}

#[test]
fn an_element_accessor_and_the_list_named_in_its_plural_agree() {
    let file = "builtin/com/acme/bag/Row.java";
    for target in ["getField", "getFields", "getFieldCount"] {
        let found = generated(file, "Row", target);
        let m = mtc(&found, "namedElementAndList");
        assert_eq!(m.relation, "getFields().get(i) = getField(i) and getFields().size() = getFieldCount()");
        assert!(m.code.contains("List<String> view = subject.getFields();"), "{}", m.code);
        assert!(m.code.contains("assertEquals(subject.getFieldCount(), view.size());"), "{}", m.code);
        assert!(m.code.contains("assertEquals(view.get(i), subject.getField(i));"), "{}", m.code);
    }
    let names = generated(file, "Row", "toNameArray");
    assert!(!names.iter().any(|m| m.template == "namedElementAndList"), "{:?}", templates(&names));
}

#[test]
fn a_round_trip_reads_a_string_back_where_a_char_sequence_goes() {
    let found = generated("builtin/com/acme/text/Escaping.java", "Escaping", "escapeText");
    let m = mtc(&found, "roundTrip");
    assert_eq!(m.relation, "unescapeText(escapeText(x, ...), ...) = x");
    assert!(m.code.contains("String followUpOutput = Escaping.unescapeText(sourceOutput);"), "{}", m.code);
}

#[test]
fn nested_types_are_named_through_their_class() {
    let found = generated("builtin/com/acme/state/Machine.java", "Machine", "getType");
    let m = mtc(&found, "constructorGetter");
    assert!(m.code.contains("Machine.Type x = Machine.Type.SMALL;"), "{}", m.code);
    assert!(!m.code.contains(" Type x") && !m.code.contains("(Type"), "{}", m.code);
}

#[test]
fn non_strict_ordering_duals_on_an_enum_cover_every_pair() {
    let found = generated("builtin/com/acme/version/Release.java", "Release", "atLeast");
    let m = mtc(&found, "orderingDuality");
    assert!(m.code.contains("assertEquals(a.atLeast(b), b.atMost(a));"), "{}", m.code);
    assert!(m.code.contains("assertTrue(a.atLeast(b) || a.atMost(b));"), "{}", m.code);
    assert!(!m.code.contains("assertFalse(a.atLeast(b) && a.atMost(b));"), "equal releases are both: {}", m.code);
    assert!(m.code.contains("Release.R1_5"), "{}", m.code);
}

#[test]
fn quantified_predicates_negate_their_de_morgan_duals() {
    let found = generated("builtin/com/acme/util/Flags.java", "Flags", "anyNull");
    let m = mtc(&found, "negatedPredicate");
    assert_eq!(m.relation, "anyNull(x) = !allNotNull(x)");
    assert!(m.code.contains("boolean followUpOutput = Flags.allNotNull(arg0);"), "{}", m.code);
    // `anyNull` negates `allNotNull` by calling it: no mutant of `allNotNull` can break the relation.
    let negated = generated("builtin/com/acme/util/Flags.java", "Flags", "allNotNull");
    assert!(!negated.iter().any(|m| m.template == "negatedPredicate"), "{:?}", templates(&negated));
}

#[test]
fn an_operation_repeated_is_the_operation_once_with_the_amounts_combined() {
    let found = generated(TIME_OF_DAY, "TimeOfDay", "plusHours");
    let m = mtc(&found, "composition");
    assert_eq!(
        m.relation,
        "a.plusHours(m).plusHours(n) = a.plusHours(m + n), a.plusHours(0) = a, and a.plusHours(m) != a.plusHours(m + 1)"
    );
    assert!(m.code.contains("int m = 5;\n        int n = -3;\n        assertEquals(a.plusHours(m + n), a.plusHours(m).plusHours(n));\n        assertEquals(a, a.plusHours(0));\n        assertFalse(a.plusHours(m).equals(a.plusHours(m + 1)));"), "{}", m.code);
    let files = ["builtin/com/acme/time/Weeks.java", "builtin/com/acme/time/BasePeriod.java"];
    assert!(has(&generated_in(&files, "Weeks", "minus"), "composition"), "equals inherited");
    let found = generated("builtin/com/acme/state/Ticker.java", "Ticker", "add");
    let m = mtc(&found, "composition");
    assert!(
        m.code.contains("a.add(m);\n        a.add(n);\n        b.add(m + n);\n        assertEquals(b, a);"),
        "{}",
        m.code
    );
    assert!(
        m.code.contains("c.add(m);\n        d.add(m + 1);\n        assertFalse(c.equals(d));"),
        "an amount ignored: {}",
        m.code
    );
    let found = generated("builtin/com/acme/time/Dates.java", "Dates", "addDays");
    let m = mtc(&found, "composition");
    assert_eq!(
        m.relation,
        "addDays(addDays(x, m), n) = addDays(x, m + n), addDays(x, 0) = x, and addDays(x, m) != addDays(x, m + 1)"
    );
    assert!(m.code.contains("Date twice = Dates.addDays(Dates.addDays(x, m), n);"), "{}", m.code);
    let turns = "builtin/com/acme/util/Turns.java";
    let m = mtc(&generated(turns, "Turns", "rotate"), "composition").clone();
    assert!(!m.code.contains("m + 1"), "a rotation by one more may give the same text: {}", m.code);
    let m = mtc(&generated(turns, "Turns", "repeat"), "composition").clone();
    assert_eq!(m.relation, "repeat(repeat(x, m), n) = repeat(x, m * n), and repeat(x, 1) = x");
    assert!(m.code.contains("int m = 0;\n        int n = 5;"), "a product's amounts are never negative: {}", m.code);
    assert!(has(&generated(turns, "Turns", "pow"), "composition"));
}

#[test]
fn no_composition_where_sums_clamp_round_or_mean_something_else() {
    let cases = [
        (TIME_OF_DAY, "TimeOfDay", "plusMonths"),
        ("builtin/com/acme/time/Temperature.java", "Temperature", "plusDegrees"),
        ("builtin/com/acme/time/Dates.java", "Dates", "addMonths"),
        ("builtin/com/acme/time/Dates.java", "Dates", "addPadding"),
        ("builtin/com/acme/util/Turns.java", "Turns", "add"),
        ("builtin/com/acme/util/TextMath.java", "TextMath", "repeatTwice"),
    ];
    for (file, class, target) in cases {
        let found = generated(file, class, target);
        assert!(!has(&found, "composition"), "{class}.{target}: {:?}", templates(&found));
    }
}

#[test]
fn what_the_getters_read_back_builds_the_same_object_again() {
    const QUOTIENT: &str = "builtin/com/acme/money/Quotient.java";
    for target in ["getNumerator", "getDenominator", "of"] {
        let found = generated(QUOTIENT, "Quotient", target);
        let m = mtc(&found, "readBackRebuilds");
        assert_eq!(m.relation, "of(a.getNumerator(), a.getDenominator()) reads back what a reads back and equals a");
        let expected = "Quotient built = Quotient.of(arg0, arg1);\n        int read0 = built.getNumerator();\n        int read1 = built.getDenominator();\n        Quotient rebuilt = Quotient.of(read0, read1);\n        assertEquals(read0, rebuilt.getNumerator());\n        assertEquals(read1, rebuilt.getDenominator());\n        assertEquals(built, rebuilt);";
        assert!(m.code.contains(expected), "{}", m.code);
        assert!(!m.code.contains("assertEquals(arg0, "), "the factory may normalise: {}", m.code);
    }
    let found = generated(QUOTIENT, "Quotient", "doubleValue");
    assert!(!has(&found, "readBackRebuilds"), "no parameter is named after it: {:?}", templates(&found));
    let found = generated("builtin/com/acme/money/Money.java", "Money", "getCents");
    assert!(!has(&found, "readBackRebuilds"), "stored as given, constructorGetter says more: {:?}", templates(&found));
}

#[test]
fn a_date_truncated_again_stays_as_it_was() {
    let found = generated(DATES, "Dates", "truncate");
    let m = mtc(&found, "idempotence");
    assert_eq!(m.relation, "truncate(truncate(x, ...), ...) = truncate(x, ...)");
    assert!(m.code.contains("Date twice = Dates.truncate(once, arg1);"), "{}", m.code);
    let found = generated(DATES, "Dates", "ceiling");
    assert!(!has(&found, "idempotence"), "the next boundary moves on: {:?}", templates(&found));
}

#[test]
fn an_operation_is_its_inverse_applied_to_the_opposite() {
    const FRACTION: &str = "builtin/com/acme/money/Fraction.java";
    let relation = |target: &str| mtc(&generated(FRACTION, "Fraction", target), "oppositeOperand").relation.clone();
    assert_eq!(relation("add"), "a.add(b) = a.subtract(b.negate())");
    // The inverse and the opposite share one relation: a `negate` that returns `a` unchanged breaks it.
    assert_eq!(relation("subtract"), "a.subtract(b) = a.add(b.negate())");
    assert_eq!(relation("negate"), "a.subtract(b) = a.add(b.negate())");
    assert_eq!(relation("invert"), "a.divideBy(b) = a.multiplyBy(b.invert())");
    let m = mtc(&generated(FRACTION, "Fraction", "divideBy"), "oppositeOperand").clone();
    assert!(m.code.contains("assertEquals(a.divideBy(b), a.multiplyBy(b.invert()));"), "{}", m.code);
    // Money has no `negate`; a floating-point factor divided rounds otherwise than multiplied by its inverse.
    let found = generated("builtin/com/acme/money/Money.java", "Money", "subtract");
    assert!(!has(&found, "oppositeOperand"), "{:?}", templates(&found));
    let found = generated("builtin/com/acme/geo/Scale.java", "Scale", "divideBy");
    assert!(!has(&found, "oppositeOperand"), "{:?}", templates(&found));
}

#[test]
fn an_amount_and_its_opposite_take_the_other_way() {
    let found =
        generated_in(&["builtin/com/acme/time/Weeks.java", "builtin/com/acme/time/BasePeriod.java"], "Weeks", "minus");
    let m = mtc(&found, "oppositeAmount");
    assert_eq!(m.relation, "a.minus(n) = a.plus(-n)");
    assert!(m.code.contains("int n = -3;\n        assertEquals(a.minus(n), a.plus(-n));"), "{}", m.code);
    let m = mtc(&generated("builtin/com/acme/state/Ticker.java", "Ticker", "add"), "oppositeAmount").clone();
    assert_eq!(m.relation, "a.add(n) leaves a as b.subtract(-n) leaves b");
    assert!(m.code.contains("a.add(n);\n        b.subtract(-n);\n        assertEquals(b, a);"), "{}", m.code);
    // `x - n` is `x + (-n)` exactly, floating point or not.
    let found = generated("builtin/com/acme/time/Temperature.java", "Temperature", "plusDegrees");
    assert_eq!(mtc(&found, "oppositeAmount").relation, "a.plusDegrees(n) = a.minusDegrees(-n)");
}

#[test]
fn an_amount_operation_returning_a_self_bounded_type_variable_returns_the_class() {
    // decimal4j's `AbstractDecimal<S, D extends AbstractDecimal<S, D>>`: `add(long)` returns `D`,
    // and `subtract(long)` comes after another one-parameter `subtract`.
    let files = [
        "abstract_base/com/acme/decimal/AbstractDecimal.java",
        "abstract_base/com/acme/decimal/scaled/GenericDecimal.java",
        "abstract_base/com/acme/decimal/scaled/Hundredths.java",
    ];
    let m = mtc(&generated_in(&files, "AbstractDecimal", "add"), "oppositeAmount").clone();
    assert_eq!(m.relation, "a.add(n) = a.subtract(-n)");
    // Declared raw (no type argument satisfies `D`'s bound), built as the subclass without type
    // parameters.
    assert!(m.code.contains("AbstractDecimal a = com.acme.decimal.scaled.Hundredths.valueOf("), "{}", m.code);
}

#[test]
fn an_element_inserted_is_removed_from_where_it_was_put() {
    const SLOTS: &str = "builtin/com/acme/util/Slots.java";
    let m = mtc(&generated(SLOTS, "Slots", "add(int[], int)"), "insertionRemoval").clone();
    assert_eq!(m.relation, "remove(add(a, x), a.length) = a, add(a, x)[a.length] = x, and a is left as it was");
    let body = "int[] longer = Slots.add(a, x);\n        assertEquals(a.length + 1, longer.length);\n        assertTrue(java.util.Objects.equals(x, longer[a.length]));\n        int[] back = Slots.remove(longer, a.length);\n        assertTrue(java.util.Arrays.equals(before, back));";
    assert!(m.code.contains(body), "{}", m.code);
    let m = mtc(&generated(SLOTS, "Slots", "addFirst"), "insertionRemoval").clone();
    assert!(m.code.contains("int[] back = Slots.remove(longer, 0);"), "{}", m.code);
    let m = mtc(&generated(SLOTS, "Slots", "insert"), "insertionRemoval").clone();
    assert!(m.code.contains("int i = Math.floorMod("), "an index within the array: {}", m.code);
    assert!(m.code.contains("int[] longer = Slots.insert(i, a, new int[] {x});"), "{}", m.code);
    assert!(m.code.contains("int[] back = Slots.remove(longer, i);"), "{}", m.code);
    // The removal's relation is the append's.
    let m = mtc(&generated(SLOTS, "Slots", "remove(int[], int)"), "insertionRemoval").clone();
    assert!(m.relation.starts_with("remove(add(a, x), a.length) = a"), "{}", m.relation);
    let found = generated(SLOTS, "Slots", "add(long[], long)");
    assert!(!has(&found, "insertionRemoval"), "no removal of longs: {:?}", templates(&found));
}

#[test]
fn the_slices_of_an_array_rejoin_into_it() {
    const SLOTS: &str = "builtin/com/acme/util/Slots.java";
    for target in ["subarray", "addAll"] {
        let m = mtc(&generated(SLOTS, "Slots", target), "slicesRejoin").clone();
        assert_eq!(m.relation, "addAll(subarray(a, 0, k), subarray(a, k, a.length)) = a, and |subarray(a, 0, k)| = k");
        let body = "int[] head = Slots.subarray(a, 0, k);\n        int[] tail = Slots.subarray(a, k, a.length);\n        assertEquals(k, head.length);\n        int[] joined = Slots.addAll(head, tail);";
        assert!(m.code.contains(body), "{}", m.code);
    }
    let found = generated(SLOTS, "Slots", "add(int[], int)");
    assert!(!has(&found, "slicesRejoin"), "{:?}", templates(&found));
}

#[test]
fn removing_an_element_removes_it_where_the_search_finds_it() {
    let m = mtc(&generated("builtin/com/acme/util/Slots.java", "Slots", "removeElement"), "removeFound").clone();
    assert_eq!(m.relation, "removeElement(a, x) = remove(a, indexOf(a, x)) where x is in a, else a");
    assert!(m.code.contains("int x = a.length > 0 ? a[0] : "), "an element the array holds: {}", m.code);
    let body = "int at = Slots.indexOf(a, x);\n        int[] removed = Slots.removeElement(a, x);\n        int[] expected = at >= 0 ? Slots.remove(a, at) : a;";
    assert!(m.code.contains(body), "{}", m.code);
}

#[test]
fn a_method_over_many_given_one_answers_as_its_singular() {
    const SLOTS: &str = "builtin/com/acme/util/Slots.java";
    let m = mtc(&generated(SLOTS, "Slots", "removeAll"), "oneOfMany").clone();
    assert_eq!(m.relation, "removeAll(..., x) = remove(..., x): one element of many is the one");
    assert!(m.code.contains("int arg1 = Math.floorMod("), "indices within the array: {}", m.code);
    let body = "int[] sourceOutput = Slots.removeAll(arg0, arg1);\n        int[] followUpOutput = Slots.remove(arg0, arg1);\n        assertArrayEquals(sourceOutput, followUpOutput);";
    assert!(m.code.contains(body), "{}", m.code);
    // Ordinary values only: a method over many may answer early for an empty or null operand.
    assert!(!m.code.contains("new int[0]") && !m.code.contains("int[] arg0 = null;"), "{}", m.code);
    let m = mtc(&generated(SLOTS, "Slots", "addAll"), "oneOfMany").clone();
    assert!(m.code.contains("Slots.add(arg0, arg1);") && !m.code.contains("floorMod"), "{}", m.code);
    let found = generated(SLOTS, "Slots", "removeElements");
    assert!(!has(&found, "oneOfMany"), "an array of values is no varargs: {:?}", templates(&found));
}

const BOX: &str = "builtin/com/acme/geo/Box.java";
const SEGMENT: &str = "builtin/com/acme/geo/Segment.java";

#[test]
fn a_box_contains_what_it_was_told_to_include_and_including_twice_is_including_once() {
    for target in ["expandToInclude", "contains"] {
        let found = generated(BOX, "Box", target);
        let m = mtc(&found, "includesWhatItWasTold");
        assert_eq!(
            m.relation,
            "a.contains(x) holds just after a.expandToInclude(x), and including x twice is including it once"
        );
        // A point off the diagonal, and no argument built from nothing (an empty box includes nothing).
        assert!(m.code.contains("double arg0 = 0.0;\n        double arg1 = 1.0;"), "{}", m.code);
        assert!(
            m.code.contains("a.expandToInclude(arg0, arg1);\n        assertTrue(a.contains(arg0, arg1));"),
            "{}",
            m.code
        );
        assert!(m.code.contains("twin.expandToInclude(arg0, arg1);\n        twin.expandToInclude(arg0, arg1);\n        assertEquals(a, twin);"), "{}", m.code);
    }
    // A method whose whole body passes its parameters on is no delegation to test: both sides
    // run the same code, on every mutant.
    assert!(!has(&generated(BOX, "Box", "covers"), "delegation"), "{:?}", templates(&generated(BOX, "Box", "covers")));
    // `isEmpty` asks, but nothing includes its (no) argument.
    assert!(!has(&generated(BOX, "Box", "isEmpty"), "includesWhatItWasTold"));
}

#[test]
fn qualified_symmetric_names_are_symmetric_predicates() {
    let found = generated(BOX, "Box", "intersectsInterior");
    assert_eq!(mtc(&found, "symmetricPredicate").relation, "a.intersectsInterior(b) = b.intersectsInterior(a)");
    // The bounds differ per position: no box of zero height.
    assert!(
        mtc(&found, "symmetricPredicate").code.contains("new Box(0.0, -2.0, 3.25, 0.75)"),
        "{}",
        mtc(&found, "symmetricPredicate").code
    );
}

#[test]
fn in_place_involutions_and_normalisers_on_the_receiver() {
    let found = generated(SEGMENT, "Segment", "reverse");
    let m = mtc(&found, "receiverInvolution");
    assert_eq!(m.relation, "a.reverse() twice leaves a equal to its twin");
    let twice = "Segment twin = new Segment(0, 1, 1, 1);\n        Segment a = new Segment(0, 1, 1, 1);\n        a.reverse();\n        a.reverse();\n        assertEquals(twin, a);";
    assert!(m.code.contains(twice), "{}", m.code);
    let found = generated(SEGMENT, "Segment", "normalize");
    let m = mtc(&found, "receiverNormaliser");
    assert!(m.code.contains("once.normalize();\n        twice.normalize();\n        twice.normalize();\n        assertEquals(once, twice);"), "{}", m.code);
    // Not named so: no involution. Floating-point state: normalising twice may round.
    assert!(!has(&generated(SEGMENT, "Segment", "stretch"), "receiverInvolution"));
    assert!(!has(&generated(BOX, "Box", "normalize"), "receiverNormaliser"));
}

const WORD_BITS: &str = "builtin/com/acme/bag/WordBits.java";

#[test]
fn commutative_updates_in_place_give_the_same_whichever_operand_receives_them() {
    let found = generated(WORD_BITS, "WordBits", "or");
    let m = mtc(&found, "receiverCommutativity");
    assert_eq!(m.relation, "a.or(b) leaves a equal to what b.or(a) leaves in b");
    let body = "WordBits a = new WordBits(0L);\n        WordBits b = new WordBits(1L);\n        WordBits otherA = new WordBits(0L);\n        WordBits otherB = new WordBits(1L);\n        a.or(b);\n        otherB.or(otherA);\n        assertEquals(a, otherB);";
    assert!(m.code.contains(body), "{}", m.code);
    assert!(has(&generated(WORD_BITS, "WordBits", "xor"), "receiverCommutativity"));
    assert!(!has(&generated(WORD_BITS, "WordBits", "andNot"), "receiverCommutativity"));
}

#[test]
fn an_equality_holds_just_after_a_setter_not_after_any_producer() {
    let relations = |target: &str| -> Vec<String> {
        generated(WORD_BITS, "WordBits", target).into_iter().map(|m| m.relation).collect()
    };
    assert!(relations("set").contains(&"equals(x) holds just after set(x)".to_string()), "{:?}", relations("set"));
    assert!(!relations("add").iter().any(|r| r.starts_with("equals(x) holds")), "{:?}", relations("add"));
}

#[test]
fn an_abstract_class_s_methods_run_on_the_classes_that_extend_it() {
    let files = ["builtin/com/acme/geo/Tuple.java", "builtin/com/acme/geo/Offset.java"];
    let found = generated_in(&files, "Tuple", "negate");
    let m = mtc(&found, "receiverInvolution");
    assert!(
        m.code.contains("Tuple twin = new Offset(0.0, -2.0);\n        Tuple a = new Offset(0.0, -2.0);"),
        "{}",
        m.code
    );
    // Alone, the abstract class has no instance to call them on.
    assert!(generated("builtin/com/acme/geo/Tuple.java", "Tuple", "negate").is_empty());
}

const WEEK_OF_YEAR: &str = "builtin/com/acme/time/WeekOfYear.java";

#[test]
fn a_unit_method_is_the_general_plus_with_its_unit() {
    let found = generated(WEEK_OF_YEAR, "WeekOfYear", "plusWeeks");
    let m = mtc(&found, "unitGeneralForm");
    assert_eq!(m.relation, "a.plusWeeks(n) = a.plus(n, ChronoUnit.WEEKS)");
    assert!(
        m.code.contains("assertEquals(a.plusWeeks(n), a.plus(n, java.time.temporal.ChronoUnit.WEEKS));"),
        "{}",
        m.code
    );
    // Its instances are built from java.time's values: the class takes a `LocalDate`.
    assert!(m.code.contains("WeekOfYear.containing(java.time.LocalDate.of(2020, 2, 29))"), "{}", m.code);
    // The general form gets it too, with each unit method of the class.
    let found = generated(WEEK_OF_YEAR, "WeekOfYear", "plus");
    assert_eq!(mtc(&found, "unitGeneralForm").relation, "a.plusWeeks(n) = a.plus(n, ChronoUnit.WEEKS)");
    // `minus(long, TemporalUnit)` is not declared: no relation for `minusWeeks`.
    let found = generated(WEEK_OF_YEAR, "WeekOfYear", "minusWeeks");
    assert!(!has(&found, "unitGeneralForm"), "{:?}", templates(&found));
}

#[test]
fn a_backport_s_general_plus_takes_its_own_units() {
    // threetenbp's `LocalDate.plus(long, TemporalUnit)` takes org.threeten.bp's units: the JDK's
    // `ChronoUnit.DAYS` does not convert (the template failed to compile on all of unseen-14's).
    let files = [
        "builtin/com/acme/backport/Day.java",
        "builtin/com/acme/backport/temporal/TemporalUnit.java",
        "builtin/com/acme/backport/temporal/ChronoUnit.java",
    ];
    let found = generated_in(&files, "Day", "plusDays");
    let m = mtc(&found, "unitGeneralForm");
    assert!(m.code.contains("a.plus(n, com.acme.backport.temporal.ChronoUnit.DAYS));"), "{}", m.code);
    assert!(!m.code.contains("java.time"), "{}", m.code);
    // Without the backport's ChronoUnit no constant of its TemporalUnit is known: no relation.
    let found = generated_in(&files[..2], "Day", "plusDays");
    assert!(!has(&found, "unitGeneralForm"), "{:?}", templates(&found));
}

#[test]
fn java_time_values_only_for_a_name_the_project_does_not_declare() {
    let mut project = Project::new(&[]);
    project.files = vec![fixture(WEEK_OF_YEAR)];
    let class = project.classes().find(|c| c.name == "WeekOfYear").expect("fixture");
    let tests = TestIndex::load(&[], None);
    let dates = mr_coupler::builtin::catalogue_values(class, &project, &tests, &MethodModel::default(), "LocalDate", 3);
    assert_eq!(dates[0], "java.time.LocalDate.of(2020, 2, 29)", "{dates:?}");
    let mut project = Project::new(&[]);
    project.files =
        vec![fixture("builtin/com/acme/calendar/LocalDate.java"), fixture("builtin/com/acme/calendar/Diary.java")];
    let class = project.classes().find(|c| c.name == "Diary").expect("fixture");
    let dates = mr_coupler::builtin::catalogue_values(class, &project, &tests, &MethodModel::default(), "LocalDate", 3);
    assert!(!dates.is_empty() && dates.iter().all(|d| !d.contains("java.time")), "the project's own: {dates:?}");
}

const HOURS: &str = "builtin/com/acme/time/Hours.java";

#[test]
fn scaling_by_an_integer_is_undone_by_dividing_by_it() {
    let found = generated(HOURS, "Hours", "multipliedBy");
    let m = mtc(&found, "inverseOperation");
    assert_eq!(m.relation, "a.multipliedBy(n).dividedBy(n) = a");
    assert!(m.code.contains("assertEquals(a, a.multipliedBy(n).dividedBy(n));"), "{}", m.code);
    assert!(!m.code.contains("int n = 0;"), "no division by zero: {}", m.code);
    assert!(has(&generated(HOURS, "Hours", "dividedBy"), "inverseOperation"), "attached to both");
}

#[test]
fn an_operation_on_an_interface_the_class_implements_is_undone_but_not_commuted() {
    let relations = relations_for_pair(HOURS, "Hours", "plus", "minus");
    assert!(relations.iter().any(|r| r.contains("a.plus(b).minus(b) = a")), "{relations:?}");
    let found = generated(HOURS, "Hours", "plus");
    assert!(!has(&found, "commutativity"), "another Amount may not know Hours: {:?}", templates(&found));
}

#[test]
fn a_static_double_constant_is_no_floating_point_state() {
    // commons-numbers' Fraction: exact int state beside a `double` constant for `from(double)`.
    let fraction = "builtin/com/acme/exact/Fraction.java";
    let relations = relations_for_pair(fraction, "Fraction", "subtract", "add");
    assert!(relations.contains(&"a.subtract(b).add(b) = a".to_string()), "{relations:?}");
    let found = generated(fraction, "Fraction", "reciprocal");
    let m = mtc(&found, "involution");
    assert_eq!(m.relation, "reciprocal(reciprocal(x)) = x");
    assert!(m.code.contains("Fraction.of("), "built through its factory: {}", m.code);
}

#[test]
fn an_inverse_on_floating_point_state_is_no_involution() {
    // 1 / (1 / x) rounds in doubles: 1 / (1 / 0.9) is 0.8999999999999999.
    for inverse in ["invert", "reciprocal"] {
        let found = generated("builtin/com/acme/geo/Scale.java", "Scale", inverse);
        assert!(!has(&found, "involution"), "{inverse}: {:?}", templates(&found));
    }
}

#[test]
fn an_abstract_class_is_built_by_the_classes_below_it_not_by_classes_taking_it_as_a_type_argument() {
    // la4j 0.6.0 (unseen-10): `InPlaceCopyMatrixToMatrix extends SimpleMatrixMatrixOperation<Matrix>`
    // was taken for a `Matrix`, and the involution of `transpose` did not compile; its concrete
    // matrices sit below the abstract `DenseMatrix`, two levels down.
    let source = |path: &str, text: &str| mr_coupler::java_model::parse_str(std::path::Path::new(path), text);
    let mut project = Project::new(&[]);
    project.files = vec![
        source("Matrix.java", "package org.la4j;\npublic abstract class Matrix {\n    public Matrix transpose() { return this; }\n}\n"),
        source("DenseMatrix.java", "package org.la4j.matrix;\npublic abstract class DenseMatrix extends org.la4j.Matrix {\n    public DenseMatrix(int rows, int columns) {}\n}\n"),
        source("Basic2DMatrix.java", "package org.la4j.matrix.dense;\npublic class Basic2DMatrix extends DenseMatrix {\n    public Basic2DMatrix(int rows, int columns) {}\n}\n"),
        source("Copy.java", "package org.la4j.operation;\npublic class Copy extends Operation<Matrix> {\n    public Copy() {}\n}\n"),
    ];
    let class = project.classes().find(|c| c.name == "Matrix").expect("fixture");
    let tests = TestIndex::load(&[], None);
    let matrices = mr_coupler::builtin::catalogue_values(class, &project, &tests, &MethodModel::default(), "Matrix", 3);
    assert!(!matrices.is_empty() && matrices.iter().all(|m| m.contains("Basic2DMatrix(")), "{matrices:?}");
}

/// The catalogue's first `n` values of the type `written` for tests of `class_name`, the project
/// being the given (file name, source) pairs.
fn catalogue_of(files: &[(&str, &str)], class_name: &str, written: &str, n: usize) -> Vec<String> {
    let mut project = Project::new(&[]);
    project.files =
        files.iter().map(|(name, text)| mr_coupler::java_model::parse_str(std::path::Path::new(name), text)).collect();
    let class = project.classes().find(|c| c.name == class_name).expect("the class is in the files");
    mr_coupler::builtin::catalogue_values(
        class,
        &project,
        &TestIndex::load(&[], None),
        &MethodModel::default(),
        written,
        n,
    )
}

#[test]
fn a_class_built_from_text_only_is_built_on_the_texts_its_javadoc_quotes_first() {
    // semver4j 3.1.0 (unseen-11): `Semver` has only constructors from text, and every value the
    // catalogue built was no version (`new Semver("")`, `new Semver("a")`), so each input was
    // rejected. Its Javadoc quotes versions in prose (`Example: for "1.2.3" = 1`).
    let text = "package com.vdurmont.semver4j;\n/**\n * Semver object that makes it easy to compare versions, in the \"natural\" way.\n */\npublic class Semver {\n    public Semver(String value) {}\n    /**\n     * Get the major part of the version.\n     * Example: for \"1.2.3\" = 1\n     */\n    public Integer getMajor() { return 1; }\n    /** Example: for \"1.2.3-beta.4+sha98450956\" = {\"beta\", \"4\"} */\n    public String[] getSuffixTokens() { return null; }\n    public Semver nextMinor() { return this; }\n}\n";
    let versions = catalogue_of(&[("Semver.java", text)], "Semver", "Semver", 4);
    let documented = ["1.2.3", "1.2.3-beta.4+sha98450956", "4"].map(|v| format!("new Semver(\"{v}\")"));
    assert_eq!(versions[..3], documented, "texts with digits, in the order written, not prose: {versions:?}");
    assert_eq!(versions[3], "new Semver(\"\")", "the boundary texts come after: {versions:?}");
}

#[test]
fn an_array_a_class_documents_the_length_of_is_built_at_that_length() {
    // IPAddress 5.5.1 (unseen-12): `new IPv4Address(new byte[] {0})` throws (an IPv4 address has
    // `BYTE_COUNT = 4` bytes), so every input built on a one-element array was rejected.
    let text = "package inet.ipaddr.ipv4;\npublic class IPv4Address {\n    public static final int BITS_PER_SEGMENT = 8;\n    public static final int BYTE_COUNT = 4;\n    public IPv4Address(byte[] bytes) {}\n    public IPv4Address increment(long n) { return this; }\n}\n";
    let addresses = catalogue_of(&[("IPv4Address.java", text)], "IPv4Address", "IPv4Address", 3);
    assert_eq!(addresses.len(), 3, "{addresses:?}");
    for address in &addresses {
        let bytes = address.split_once('{').and_then(|(_, rest)| rest.split_once('}')).map(|(inside, _)| inside);
        assert_eq!(bytes.map(|b| b.split(", ").count()), Some(4), "four bytes: {address}");
    }
}

#[test]
fn an_argument_of_a_supertype_of_the_class_under_test_is_first_of_the_class_s_own_kind() {
    // IPAddress 5.5.1 (unseen-12): `IPv4Address#mask(IPAddress)` throws on an `IPv6Address`; the
    // catalogue took IPAddress' implementations in turns, so every other input was rejected.
    let files = [
        ("IPAddress.java", "package inet.ipaddr;\npublic abstract class IPAddress {}\n"),
        (
            "IPv6Address.java",
            "package inet.ipaddr.ipv6;\npublic class IPv6Address extends inet.ipaddr.IPAddress {\n    public IPv6Address(long high, long low) {}\n}\n",
        ),
        (
            "IPv4Address.java",
            "package inet.ipaddr.ipv4;\nimport inet.ipaddr.IPAddress;\npublic class IPv4Address extends IPAddress {\n    public IPv4Address(int address) {}\n    public IPv4Address(String text) {}\n    public IPv4Address mask(IPAddress mask) { return this; }\n}\n",
        ),
    ];
    let masks = catalogue_of(&files, "IPv4Address", "IPAddress", 6);
    assert_eq!(masks.len(), 6, "{masks:?}");
    assert!(masks.iter().all(|m| m.starts_with("new IPv4Address(")), "the class under test's own first: {masks:?}");
}

#[test]
fn a_class_parameter_is_given_a_class_literal() {
    // JGraphT 1.5.2 (unseen-13): its graphs are built from their edge class,
    // `new DefaultDirectedGraph<>(DefaultEdge.class)`; with no value for `Class<? extends E>` the
    // catalogue built no graph, and no template fit `removeVertex` and `addVertex`.
    let text = "package org.jgrapht.graph;\npublic class DefaultDirectedGraph<V, E> {\n    public DefaultDirectedGraph(Class<? extends E> edgeClass) {}\n    public boolean addVertex(V v) { return true; }\n    public boolean containsVertex(V v) { return true; }\n}\n";
    let graphs =
        catalogue_of(&[("DefaultDirectedGraph.java", text)], "DefaultDirectedGraph", "DefaultDirectedGraph<V, E>", 3);
    assert_eq!(graphs, ["new DefaultDirectedGraph<>(String.class)"], "E stands for String in the test");
}

#[test]
fn no_delegation_comparing_results_that_are_equal_only_to_themselves() {
    // jheaps 0.14 (unseen-13): `insert(key)` is `insert(key, null)`, and each answers a new node;
    // `assertEquals(first.insert(key), second.insert(key, null))` failed on every input.
    let files = ["builtin/org/jheaps/AddressableHeap.java", "builtin/org/jheaps/tree/PairingHeap.java"];
    let found = generated_in(&files, "PairingHeap", "insert(K)");
    assert!(!found.iter().any(|m| m.template == "delegation"), "{:?}", templates(&found));
}

#[test]
fn a_store_of_its_own_reads_back_what_was_put_and_a_remove_undoes_the_put() {
    let file = "builtin/com/acme/store/Registry.java";
    for target in ["put", "getValueForExactKey"] {
        let found = generated(file, "Registry", target);
        let m = mtc(&found, "storeReadAfterPut");
        assert_eq!(m.relation, "getValueForExactKey(k) = v just after put(k, v)");
        assert!(
            m.code.contains("subject.put(key, value);\n        assertEquals(value, subject.getValueForExactKey(key));"),
            "{}",
            m.code
        );
        assert!(m.code.contains("Registry<String> subject = new Registry<>();"), "{}", m.code);
    }
    for target in ["put", "remove", "size"] {
        let found = generated(file, "Registry", target);
        let m = mtc(&found, "storeRemoveUndoesPut");
        assert!(
            m.code.contains(
                "int before = subject.size();\n        subject.put(key, value);\n        assertEquals(before + 1, subject.size());\n        subject.remove(key);\n        assertEquals(before, subject.size());"
            ),
            "{}",
            m.code
        );
    }
    // A reader of many values is no reader of the one just put.
    let many = generated(file, "Registry", "getValuesStartingWith");
    assert!(!many.iter().any(|m| m.template.starts_with("store")), "{:?}", templates(&many));
    // A java.util.Map is tested as a map, by containers.rs.
    let map = generated("builtin/com/acme/store/TinyMap.java", "TinyMap", "put");
    assert!(!map.iter().any(|m| m.template.starts_with("store")), "{:?}", templates(&map));
    assert!(map.iter().any(|m| m.template == "containerState"), "{:?}", templates(&map));
}

#[test]
fn a_store_without_a_remover_is_only_read_back() {
    let found = generated("builtin/com/acme/store/Ledger.java", "Ledger", "put");
    let m = mtc(&found, "storeReadAfterPut");
    assert!(m.code.contains("assertEquals(value, subject.get(key));"), "{}", m.code);
    assert!(!found.iter().any(|m| m.template == "storeRemoveUndoesPut"), "{:?}", templates(&found));
}

#[test]
fn a_reader_of_any_type_the_caller_declares_reads_back_what_was_dumped() {
    let found = generated("builtin/com/acme/store/Snapshots.java", "Snapshots", "dump");
    let m = mtc(&found, "roundTrip");
    assert_eq!(m.relation, "load(dump(x, ...), ...) = x");
    assert!(
        m.code.contains("String sourceOutput = subject.dump(data);\n        Object followUpOutput = subject.load(sourceOutput);\n        assertEquals(data, followUpOutput);"),
        "{}",
        m.code
    );
    // `loadAs(text, type)`: the type token decides what comes back, and a picked one undoes nothing.
    assert!(!found.iter().any(|m| m.relation.starts_with("loadAs")), "{:?}", templates(&found));
}

#[test]
fn the_relation_a_pair_is_told_is_checked_on_an_ordinary_input_not_an_edge() {
    let mut project = Project::new(&[]);
    project.files = vec![fixture("builtin/com/acme/store/Registry.java")];
    let class = project.classes().find(|c| c.name == "Registry").expect("the class is in the fixture");
    let target = method(class, "put");
    let analysis = analyse(class, target);
    let catalogue = relations(class, target, &analysis, &project, &TestIndex::load(&[], None));
    let examples: Vec<&str> = catalogue.of_target().filter_map(|found| found.example.as_deref()).collect();
    assert!(!examples.is_empty(), "the store templates fit Registry#put");
    for example in examples {
        assert!(!example.contains("= \"\";") && !example.contains("= \" \";"), "{example}");
    }
}

#[test]
fn a_parser_of_another_type_reads_back_what_the_value_it_read_writes() {
    // minimal-json's `Json.parse(String)`: the relation the model had right on unseen-25.
    let files = [
        "builtin/com/acme/json/Json.java",
        "builtin/com/acme/json/JsonValue.java",
        "builtin/com/acme/json/JsonArray.java",
        "builtin/com/acme/json/JsonNumber.java",
        "builtin/com/acme/json/Token.java",
    ];
    let found = generated_in(&files, "Json", "parse");
    let m = mtc(&found, "reparsePrinted");
    assert_eq!(m.relation, "parse(parse(s).toString()) = parse(s)");
    assert!(m.code.contains("JsonValue followUp = Json.parse(source.toString());"), "{}", m.code);
    assert!(m.code.contains("JsonValue source = Json.parse(new JsonArray().toString());"), "{}", m.code);
    let sources: Vec<&str> = m.code.lines().filter(|l| l.contains("JsonValue source = ")).collect();
    assert!(sources.len() > 1, "{}", m.code);
    assert!(sources.iter().all(|l| l.ends_with(".toString());")), "texts the value type writes: {sources:?}");
    let scanned = generated_in(&files, "Json", "parseToken");
    assert!(!has(&scanned, "reparsePrinted"), "a Token compares by identity: {:?}", templates(&scanned));
}

/// A class configured by a text, as argparse4j's `PrefixPattern` (unseen-46).
const PREFIXES: &str = r#"
package com.acme.cli;

public class Prefixes {
    private final java.util.regex.Pattern pattern;
    public Prefixes(String prefixChars) { pattern = java.util.regex.Pattern.compile("^[" + prefixChars + "]+"); }
    public String removePrefix(String s) { return pattern.matcher(s).replaceFirst(""); }
}
"#;

#[test]
fn a_receiver_is_built_from_a_text_neither_empty_nor_blank() {
    let mut project = Project::new(&[]);
    project.files = vec![mr_coupler::java_model::parse_str(std::path::Path::new("Prefixes.java"), PREFIXES)];
    let class = project.classes().find(|c| c.name == "Prefixes").expect("parsed");
    let fresh = mr_coupler::builtin::fresh_instance(class, &project, &TestIndex::load(&[], None));
    assert_eq!(fresh.as_deref(), Some("new Prefixes(\"a\")"), "the catalogue's first texts are \"\" and \" \"");
}
