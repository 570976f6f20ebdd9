//! MR-Scout's MTC properties on test classes a model would write for the paper's AES example.

use mr_coupler::java_model::parse_file;
use mr_coupler::mtc::shapes;
use std::path::PathBuf;

fn aes() -> mr_coupler::java_model::ClassModel {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../example/src/main/java/com/acme/crypto/AESEncryption.java");
    parse_file(&path).classes.remove(0)
}

const TESTS: &str = r#"
package com.acme.crypto;

import javax.crypto.SecretKey;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.*;

public class AESEncryption_encryptText_MTC1Test {
    @Test
    void decryptInvertsEncrypt() throws Exception {
        String plainText = "Hello AES!";
        SecretKey secKey = AESEncryption.getSecretEncryptionKey();
        byte[] cipherText = AESEncryption.encryptText(plainText, secKey);
        String decryptedText = AESEncryption.decryptText(cipherText, secKey);
        assertEquals(plainText, decryptedText);
    }

    @Test
    void decryptInvertsEncrypt_input1() throws Exception {
        checkRoundTrip("");
    }

    private void checkRoundTrip(String text) throws Exception {
        SecretKey key = AESEncryption.getSecretEncryptionKey();
        assertEquals(text, AESEncryption.decryptText(AESEncryption.encryptText(text, key), key));
    }

    @Test
    void encryptIsNotIdentity() throws Exception {
        byte[] cipherText = AESEncryption.encryptText("attack", AESEncryption.getSecretEncryptionKey());
        assertNotNull(cipherText);
    }

    @Test
    void onlyOneInvocation() throws Exception {
        SecretKey key = javax.crypto.KeyGenerator.getInstance("AES").generateKey();
        byte[] c = AESEncryption.encryptText("x", key);
        assertTrue(c.length > 0);
    }

    @Test
    void assertsSomethingElse() throws Exception {
        SecretKey key = AESEncryption.getSecretEncryptionKey();
        byte[] c = AESEncryption.encryptText("x", key);
        String d = AESEncryption.decryptText(c, key);
        int expected = 3;
        assertEquals(3, expected);
    }
}
"#;

#[test]
fn round_trips_are_mtcs_and_lone_calls_or_unrelated_assertions_are_not() {
    let result: Vec<(String, bool)> =
        shapes(TESTS, &[&aes()]).into_iter().map(|s| (s.name.clone(), s.is_mtc())).collect();
    assert_eq!(
        result,
        vec![
            ("decryptInvertsEncrypt".to_string(), true),
            ("decryptInvertsEncrypt_input1".to_string(), true),
            ("encryptIsNotIdentity".to_string(), true),
            ("onlyOneInvocation".to_string(), false),
            ("assertsSomethingElse".to_string(), false),
        ]
    );
}

fn fixture(name: &str) -> mr_coupler::java_model::ClassModel {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/builtin/com/acme/bag").join(name);
    parse_file(&path).classes.remove(0)
}

const DECORATED: &str = r#"
package com.acme.bag;

public class InsertionSetTest {
    @Test
    void containsWhatWasAdded() {
        InsertionSet<String> subject = new InsertionSet<>();
        subject.add("x");
        assertTrue(subject.contains("x"));
    }
}
"#;

#[test]
fn a_method_inherited_from_a_project_superclass_is_one_of_the_class_s_methods() {
    let (own, superclass) = (fixture("InsertionSet.java"), fixture("SetDecorator.java"));
    let mtc = |classes: &[&mr_coupler::java_model::ClassModel]| shapes(DECORATED, classes)[0].is_mtc();
    assert!(mtc(&[&own, &superclass]), "add and the inherited contains: two invocations");
    assert!(!mtc(&[&own]), "without the superclass, contains is no method of the class");
}

const HELPER_ASSERTS: &str = r#"
package com.acme.crypto;

public class AESEncryption_encryptText_MTC1Test {
    @Test
    void sameCipherText() throws Exception {
        assertSameLength(AESEncryption.encryptWithDefaultKey("a"), AESEncryption.encryptText("a", AESEncryption.defaultKey));
    }

    @Test
    void givenConstants() throws Exception {
        AESEncryption.encryptWithDefaultKey("a");
        AESEncryption.encryptText("a", AESEncryption.defaultKey);
        assertSameLength(new byte[1], new byte[1]);
    }

    @Test
    void helperThatOnlyPrints() throws Exception {
        show(AESEncryption.encryptWithDefaultKey("a"), AESEncryption.encryptText("a", AESEncryption.defaultKey));
    }

    private static void assertSameLength(Object expected, Object actual) {
        byte[] e = (byte[]) expected;
        byte[] a = (byte[]) actual;
        assertEquals("length = " + e.length, "length = " + a.length);
    }

    private static void show(byte[] x, byte[] y) {
        System.out.println(x.length + " " + y.length);
    }
}
"#;

#[test]
fn a_helper_that_asserts_relates_the_values_it_is_given() {
    // The comparison `mtc::identity` writes for a class keeping Object's equals is such a helper.
    let result: Vec<(String, bool)> =
        shapes(HELPER_ASSERTS, &[&aes()]).into_iter().map(|s| (s.name.clone(), s.is_mtc())).collect();
    assert_eq!(
        result,
        vec![
            ("sameCipherText".to_string(), true),
            ("givenConstants".to_string(), false),
            ("helperThatOnlyPrints".to_string(), false),
        ]
    );
}

const REPEATS: &str = r#"
package com.acme.crypto;

public class AESEncryption_encryptText_MTC2Test {
    @Test
    void sameCallTwice() throws Exception {
        String text = "Hello";
        byte[] first = AESEncryption.encryptWithDefaultKey(text);
        byte[] second = AESEncryption.encryptWithDefaultKey(text);
        assertArrayEquals(first, second);
    }

    @Test
    void sameLiteralTwice() throws Exception {
        assertArrayEquals(AESEncryption.encryptWithDefaultKey("a"), AESEncryption.encryptWithDefaultKey( "a" ));
    }

    @Test
    void reassignedBetween() throws Exception {
        String text = "Hello";
        byte[] first = AESEncryption.encryptWithDefaultKey(text);
        text = text + "!";
        byte[] second = AESEncryption.encryptWithDefaultKey(text);
        assertEquals(first.length + 1, second.length);
    }

    @Test
    void anotherInput() throws Exception {
        byte[] first = AESEncryption.encryptWithDefaultKey("a");
        byte[] second = AESEncryption.encryptWithDefaultKey("ab");
        assertTrue(first.length <= second.length);
    }

    @Test
    void spacedText() throws Exception {
        byte[] first = AESEncryption.encryptWithDefaultKey("a b");
        byte[] second = AESEncryption.encryptWithDefaultKey("ab");
        assertTrue(first.length >= second.length);
    }

    @Test
    void twoLocalsGivenTheSameLiteral() throws Exception {
        // jodd's `CsvUtil` (unseen-42): kept, though it never called the target method.
        String sourceInput = "apple,banana,cherry";
        byte[] sourceOutput = AESEncryption.encryptWithDefaultKey(sourceInput);
        String followUpInput = "apple,banana,cherry";
        byte[] followUpOutput = AESEncryption.encryptWithDefaultKey(followUpInput);
        assertArrayEquals(sourceOutput, followUpOutput);
    }

    @Test
    void twoLocalsGivenOtherLiterals() throws Exception {
        String sourceInput = "apple";
        byte[] sourceOutput = AESEncryption.encryptWithDefaultKey(sourceInput);
        String followUpInput = "apple,banana";
        byte[] followUpOutput = AESEncryption.encryptWithDefaultKey(followUpInput);
        assertTrue(sourceOutput.length <= followUpOutput.length);
    }

    @Test
    void aLiteralLocalReassigned() throws Exception {
        String text = "apple";
        byte[] first = AESEncryption.encryptWithDefaultKey(text);
        text = "pear";
        byte[] second = AESEncryption.encryptWithDefaultKey(text);
        assertEquals(first.length, second.length);
    }

    @Test
    void givenAnObject() throws Exception {
        StringBuilder text = new StringBuilder("a");
        byte[] first = AESEncryption.encryptText(text.toString(), AESEncryption.defaultKey);
        byte[] second = AESEncryption.encryptText(text.toString(), AESEncryption.defaultKey);
        assertArrayEquals(first, second);
    }
}
"#;

#[test]
fn a_static_call_repeated_with_the_same_fixed_arguments_is_one_invocation() {
    let shapes = shapes(REPEATS, &[&aes()]);
    let mtc = |name: &str| shapes.iter().find(|s| s.name == name).is_some_and(|s| s.is_mtc());
    assert!(!mtc("sameCallTwice"), "f(x) = f(x) relates no follow-up input");
    assert!(!mtc("sameLiteralTwice"), "the same literal, spaced otherwise");
    assert!(mtc("reassignedBetween"), "the local holds another value at the second call");
    assert!(mtc("anotherInput"), "two inputs");
    assert!(mtc("spacedText"), "a space inside a text makes another input");
    assert!(mtc("givenAnObject"), "an argument that is no fixed value may differ between calls");
    assert!(!mtc("twoLocalsGivenTheSameLiteral"), "two names, one value");
    assert!(mtc("twoLocalsGivenOtherLiterals"), "two values");
    assert!(mtc("aLiteralLocalReassigned"), "the literal no longer its value");
}

/// A registry of commands shaped as JCommander's (unseen-46): `addCommand` changes it,
/// `getParsedCommand` and `commandCount` only read it.
const REGISTRY: &str = r#"
package com.acme.cli;

import java.util.*;

public class Registry {
    private final Map<String, Object> commands = new HashMap<>();
    private String parsedCommand;
    public void addCommand(String name, Object command) { commands.put(name, command); }
    public void removeCommand(String name) { commands.remove(name); }
    public String getParsedCommand() { return parsedCommand; }
    public int commandCount() { return count; }
    private int count;
    public Integer getInt(String key) { return (Integer) get(key); }
    public Object get(String key) { return commands.get(key); }
    public Object take(String key) { return remove(key); }
    private Object remove(String key) { return commands.remove(key); }
}
"#;

const READS: &str = r#"
package com.acme.cli;

public class Registry_addCommand_MTC1Test {
    @Test
    void sameReadTwice() {
        Registry registry = new Registry();
        registry.addCommand("test", new Object());
        // Construct the follow-up input
        String followUpInput = registry.getParsedCommand();
        // Invoke getParsedCommand
        String followUpOutput = registry.getParsedCommand();
        assertEquals(followUpInput, followUpOutput);
    }

    @Test
    void sameReadInline() {
        Registry registry = new Registry();
        registry.addCommand("test", new Object());
        String before = registry.getParsedCommand();
        assertEquals(before, registry.getParsedCommand(), "unchanged");
    }

    @Test
    void oneLocalWithItself() {
        Registry registry = new Registry();
        registry.addCommand("test", new Object());
        int count = registry.commandCount();
        assertEquals(count, count);
    }

    @Test
    void aQueryThroughAnotherTwice() {
        Registry registry = new Registry();
        Integer sourceOutput = registry.getInt("key");
        Integer followUpOutput = registry.getInt("key");
        assertEquals(sourceOutput, followUpOutput);
    }

    @Test
    void aTakingCallTwice() {
        Registry registry = new Registry();
        registry.addCommand("key", 1);
        Object first = registry.take("key");
        Object second = registry.take("key");
        assertEquals(first, second);
    }

    @Test
    void changedBetweenTheReads() {
        Registry registry = new Registry();
        int before = registry.commandCount();
        registry.addCommand("test", new Object());
        registry.removeCommand("test");
        int after = registry.commandCount();
        assertEquals(before, after);
    }

    @Test
    void aChangingCallTwice() {
        Registry registry = new Registry();
        registry.addCommand("a", new Object());
        int first = registry.commandCount();
        registry.addCommand("a", new Object());
        int second = registry.commandCount();
        assertEquals(first, second);
    }
}
"#;

#[test]
fn an_assertion_of_one_read_with_itself_relates_nothing() {
    let registry = mr_coupler::java_model::parse_str(&PathBuf::from("Registry.java"), REGISTRY).classes.remove(0);
    let shapes = shapes(READS, &[&registry]);
    let mtc = |name: &str| shapes.iter().find(|s| s.name == name).map(|s| s.is_mtc());
    assert_eq!(mtc("sameReadTwice"), Some(false), "the same query twice, nothing between");
    assert_eq!(mtc("sameReadInline"), Some(false), "a local and the same query just after it");
    assert_eq!(mtc("oneLocalWithItself"), Some(false), "one value compared with itself");
    assert_eq!(mtc("aQueryThroughAnotherTwice"), Some(false), "getInt reads through get, get a field's get");
    assert_eq!(mtc("aTakingCallTwice"), Some(true), "take changes the registry through a field's remove");
    assert_eq!(mtc("changedBetweenTheReads"), Some(true), "add then remove between two reads: a relation");
    assert_eq!(mtc("aChangingCallTwice"), Some(true), "the reads are not adjacent");
}
