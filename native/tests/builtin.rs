//! The built-in generator's templates on fixtures written for each, and pairs where each must not
//! fire. (That the MTCs compile, run and survive validation is tested through the real executor by
//! the bridge's BuiltinSessionTest.)

mod common;

use common::{class, fixture, method};
use mr_coupler::builtin::{mtcs, BuiltinMtc};
use mr_coupler::context::TestIndex;
use mr_coupler::coupling::analyse;
use mr_coupler::mtc::JUnit;

fn generated(file: &str, class_name: &str, target: &str) -> Vec<BuiltinMtc> {
    let file = fixture(file);
    let class = class(&file, class_name);
    let target = method(class, target);
    let tests = TestIndex::load(&[], None);
    mtcs(class, target, &analyse(class, target), &tests, JUnit::Five)
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
    assert_eq!(templates(&found), vec![("equalsHashCode", "equal inputs give equal objects with equal hash codes")]);
    assert!(found[0].code.contains("assertEquals(0, a.compareTo(b));"));
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
