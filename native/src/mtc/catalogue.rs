//! New inputs for an LLM-written relation when the model gives too few: copies of the relation's
//! test method with its source input's literal replaced by other values of the literal's declared
//! type (the built-in generator's input catalogue supplies them). A small model mostly repeats its
//! first input under new names; the relation itself is what it got right. Only a literal changes,
//! so a copy compiles whenever the method did and the value is of the declared type. A local of a
//! primitive type or String initialised by a constant and passed to a call or constructor (`int x =
//! IntArrayList.DEFAULT_NULL_VALUE; list.pushInt(x)`) is a source input written so; it changes
//! alike.

use super::assertion::is_assertion_call;
use super::inputs::{collect, find_method};
use tree_sitter::Node;

/// Suffix of the copies' names: `mr1_catalogue2` is the relation `mr1`'s second catalogue input.
pub const SUFFIX: &str = "_catalogue";

/// Whether a test method is a copy MR-Coupler wrote without the LLM: the catalogue's
/// (`mr1_catalogue2`) or one with its numbers moved (`mr1_varied2`, `mtc::nearby`).
pub fn is_static_copy(method: &str) -> bool {
    method.contains(SUFFIX) || super::nearby::is_varied_copy(method)
}

/// The source input of a test method: the first local declaration initialised with a literal (or
/// with a constant, when the local is a call's argument), else the first string literal passed to
/// a call (a method that writes its inputs inline).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceLiteral {
    /// The declared type as written (`String`, `int`, `long`); never `var`.
    pub type_name: String,
    pub literal: String,
    /// Byte ranges in the method's text to replace: the declaration's literal, or every
    /// occurrence of the inline literal (`f("a")` and `g("a")` are the same source input).
    ranges: Vec<(usize, usize)>,
}

/// The text of test method `method` of the first class in `code`, and its source literal.
pub fn source_literal(code: &str, method: &str) -> Option<(String, SourceLiteral)> {
    let tree = crate::java_model::parser().parse(code, None)?;
    let node = find_method(tree.root_node(), code, method)?;
    let text = code.get(node.byte_range())?.to_string();
    let body = node.child_by_field_name("body")?;
    let base = node.start_byte();
    let mut cursor = body.walk();
    let statements: Vec<Node> = body.named_children(&mut cursor).collect();
    let declarations: Vec<Node> = statements.into_iter().filter(|s| s.kind() == "local_variable_declaration").collect();
    // A constant of the declared type's own (`BigRational a = BigRational.ZERO`) only where no
    // literal or constant of a type the catalogue always has values for is declared; an object
    // built from literals only where neither is.
    let declared_input = |kind: Declared| {
        declarations.iter().find_map(|&d| {
            let (type_name, value) = declared_value(d, code)?;
            let input = match kind {
                Declared::Literal => {
                    is_literal(value) && is_read(d, body, code)
                        || is_constant_input(value, code, type_name, d, body, false)
                }
                Declared::OwnConstant => is_constant_input(value, code, type_name, d, body, true),
                Declared::Built => is_built_input(value, code, type_name, d, body),
                Declared::Chance => is_chance_input(value, code, type_name, d, body),
            };
            if type_name == "var" || !input {
                return None;
            }
            let literal = code.get(value.byte_range())?.to_string();
            // A follow-up input declared with the same value (`double sourceInput = 5.0; ... double
            // followUpInput = 5.0;`) is the same input: a copy that changed one of them alone would
            // compare two different inputs. Two draws written alike are two values.
            let same_input = |v: Node| match kind {
                Declared::Chance => v == value,
                _ => code.get(v.byte_range()) == Some(literal.as_str()),
            };
            let ranges = declarations
                .iter()
                .filter_map(|&other| declared_value(other, code))
                .filter(|&(t, v)| t == type_name && same_input(v))
                .map(|(_, v)| (v.start_byte() - base, v.end_byte() - base))
                .collect();
            Some(SourceLiteral { type_name: type_name.to_string(), literal, ranges })
        })
    };
    let kinds = [Declared::Literal, Declared::OwnConstant, Declared::Built, Declared::Chance];
    let declared = kinds.into_iter().find_map(declared_input);
    let mut literal = declared.or_else(|| inline_string(body, &text, base))?;
    if literal.type_name == "String" {
        // The same text written again (`f(plainText)` beside `g("Hello AES!")`) is the same source
        // input: a copy that changed one of them would compare two different inputs.
        literal.ranges = same_strings(body, &text, base, &literal.literal);
    }
    Some((text, literal))
}

/// What makes a local declaration a source input, in the order tried.
#[derive(Clone, Copy)]
enum Declared {
    /// A literal, or a constant of a type the catalogue always has values for.
    Literal,
    /// A constant of the declared type's own.
    OwnConstant,
    /// An object of a project type built from literals only.
    Built,
    /// A value drawn at random or read from the clock (`UUID.randomUUID()`).
    Chance,
}

/// Whether `value`, the initializer of declaration `declaration` in `body`, draws a random value
/// or reads the clock (`UUID u = UUID.randomUUID()`, `long seed = System.nanoTime()`) for a local
/// that goes into a call. Such an input is another one on every run, and often of a kind the class
/// rejects: uuid-creator's `getClockSequence` takes time-based UUIDs only, and both of a model's
/// MTCs of `setVersion` failed on `randomUUID()`'s (unseen-31). The catalogue's values of the type
/// are fixed, and of every kind it knows.
fn is_chance_input(value: Node, code: &str, type_name: &str, declaration: Node, body: Node) -> bool {
    value.kind() == "method_invocation"
        && !type_name.contains('<')
        && code.get(value.byte_range()).is_some_and(crate::builtin::is_clock_or_chance)
        && declares_a_call_argument(declaration, body, code)
}

/// Whether `value`, the initializer of declaration `declaration` in `body`, builds an object of the
/// declared type, not generic, from literals only (`OpenLocationCode c = new
/// OpenLocationCode("12345678901234567890")`, `Fraction f = Fraction.of(1, 2)`), and the local goes
/// into a call or receives one. The catalogue builds such a type with every builder the class has;
/// a literal the class rejects (a text that is no valid code) is then no longer the only input.
fn is_built_input(value: Node, code: &str, type_name: &str, declaration: Node, body: Node) -> bool {
    let text = |n: Option<Node>| n.and_then(|n| code.get(n.byte_range()));
    let builds_the_type = match value.kind() {
        "object_creation_expression" => text(value.child_by_field_name("type")) == Some(type_name),
        "method_invocation" => text(value.child_by_field_name("object")) == Some(type_name),
        _ => false,
    };
    let Some(arguments) = value.child_by_field_name("arguments") else { return false };
    let mut cursor = arguments.walk();
    let literals = arguments.named_child_count() > 0 && arguments.named_children(&mut cursor).all(is_literal);
    !is_literal_type(type_name)
        && !type_name.contains('<')
        && builds_the_type
        && literals
        && declares_a_call_argument(declaration, body, code)
}

/// The declared type as written and the initializer of a local declaration of one variable.
fn declared_value<'t>(declaration: Node<'t>, code: &'t str) -> Option<(&'t str, Node<'t>)> {
    let type_name = declaration.child_by_field_name("type").and_then(|t| code.get(t.byte_range()))?;
    Some((type_name, declaration.child_by_field_name("declarator")?.child_by_field_name("value")?))
}

/// Every string literal of the body equal to `literal`, as ranges in the method's text.
fn same_strings(body: Node, text: &str, base: usize, literal: &str) -> Vec<(usize, usize)> {
    let mut strings = Vec::new();
    collect(body, "string_literal", &mut strings);
    strings
        .iter()
        .map(|n| (n.start_byte() - base, n.end_byte() - base))
        .filter(|&(a, b)| text.get(a..b) == Some(literal))
        .collect()
}

/// The first string literal among the arguments of the body's calls, with every occurrence of it.
fn inline_string(body: Node, text: &str, base: usize) -> Option<SourceLiteral> {
    let mut strings = Vec::new();
    collect(body, "string_literal", &mut strings);
    let first =
        strings.iter().find(|n| n.parent().is_some_and(|p| p.kind() == "argument_list" && !asserts(p, text, base)))?;
    let literal = text.get(first.start_byte() - base..first.end_byte() - base)?.to_string();
    Some(SourceLiteral { type_name: "String".into(), literal, ranges: Vec::new() })
}

/// Whether `arguments` are an assertion's (`assertTrue(ok, "message")`, `assertEquals("abc",
/// f(x))`, `fail("…")`): a string there is its message or an expected output, never a source input
/// (base62's `assertTrue(.., "isBase62Encoding should return true ..")` was taken for one, unseen-22).
fn asserts(arguments: Node, text: &str, base: usize) -> bool {
    arguments.parent().is_some_and(|call| is_assertion_call(call, text, base))
}

/// `code` with a copy of test method `method` (whose text and source literal `source_literal`
/// gave) per value, named `<method>_catalogue<k>` from `first` on, inserted after the method.
pub fn with_copies(
    code: &str,
    method: &str,
    found: &(String, SourceLiteral),
    values: &[String],
    first: usize,
) -> String {
    with_named_copies(code, method, found, values, &format!("{method}{SUFFIX}"), first)
}

/// `with_copies` with the copies named `<prefix><k>`: the LLM's own values for a source input are
/// its relation's inputs (`mr1_input6`), not the catalogue's.
pub fn with_named_copies(
    code: &str,
    method: &str,
    (text, source): &(String, SourceLiteral),
    values: &[String],
    prefix: &str,
    first: usize,
) -> String {
    let copies: Vec<String> = values.iter().map(|value| replaced(text, &source.ranges, |_| value.clone())).collect();
    insert_copies(code, method, text, &copies, prefix, first)
}

/// The test method of `relation` whose inputs copies vary: the relation's own method, else the
/// shortest-named of its inputs; never a copy MR-Coupler wrote.
pub fn relation_method(code: &str, relation: &str) -> Option<String> {
    let methods = super::test_method_bodies(code);
    let method = methods
        .into_iter()
        .filter(|m| m.name.starts_with(relation) && !is_static_copy(&m.name))
        .min_by_key(|m| (m.name != relation, m.name.len()))?;
    Some(method.name)
}

/// The one literal a source input of a project type is built from, when it is built from one:
/// `new Expression("2.4*sin(3)")` -> its text before the literal, the literal, its text after,
/// and the literal's type (`String`). A small model asked for other `Expression`s repeats this
/// one, or appends to it (`new Expression("..") + " + 1"`, a String); asked for the text, it
/// writes other texts.
pub fn built_from_one_literal(built: &str) -> Option<(String, String, String, &'static str)> {
    let declaration = format!("Object f() {{ return {built}; }}");
    crate::java_model::sole_statement("X", &declaration, |statement, text| {
        let value = statement.named_child(0).filter(|_| !statement.has_error())?;
        if !matches!(value.kind(), "object_creation_expression" | "method_invocation") {
            return None;
        }
        let arguments = value.child_by_field_name("arguments")?;
        let literal = arguments.named_child(0).filter(|_| arguments.named_child_count() == 1)?;
        let type_name = match literal.kind() {
            "string_literal" => "String",
            "decimal_integer_literal" => "int",
            "decimal_floating_point_literal" => "double",
            _ => return None,
        };
        let (start, end) = (literal.start_byte(), literal.end_byte());
        let range = value.byte_range();
        Some((
            text.get(range.start..start)?.into(),
            text.get(start..end)?.into(),
            text.get(end..range.end)?.into(),
            type_name,
        ))
    })
}

/// How much longer than the copies it makes the list a project type's values are spread over.
const SPREAD: usize = 12;

/// Up to `missing` values for copies of a source input, other than its own; `catalogue` gives the
/// first n values of its type. A project type's catalogue builds a dozen or so values from the
/// same arguments, each builder in turn (`BigRational.ZERO`, `valueOf(0)`, `valueOf(0.0)`, ...:
/// zero every time, and a class that rejects zero rejects them all); its copies take values spread
/// over a longer list, so that they differ in what they are built from. A literal type's values
/// differ one by one, boundaries first. A text with numbers in it, alone or what an object is built
/// from, first gets its own shape with the numbers moved (`"1.0.1"` -> `"2.1.2"`, `new
/// Semver("1.0.0")` -> `new Semver("2.1.1")`: a parser takes another version, seldom `""`).
pub fn copy_values(source: &SourceLiteral, missing: usize, catalogue: impl Fn(usize) -> Vec<String>) -> Vec<String> {
    let mut values = super::nearby::varied_text(&source.literal, missing);
    let missing = missing - values.len();
    if missing == 0 {
        return values;
    }
    let spread = if is_literal_type(&source.type_name) { 1 } else { SPREAD };
    let others: Vec<String> = catalogue((missing + 1) * spread).into_iter().filter(|v| *v != source.literal).collect();
    let step = (others.len() / missing).clamp(1, spread);
    values.extend(others.into_iter().step_by(step).take(missing));
    values
}

/// `text` with each byte range replaced by what `value` gives for the text it held.
pub(super) fn replaced(text: &str, ranges: &[(usize, usize)], value: impl Fn(&str) -> String) -> String {
    let edits: Vec<((usize, usize), String)> = ranges.iter().map(|&(a, b)| ((a, b), value(&text[a..b]))).collect();
    edited(text, &edits)
}

/// `text` with each byte range (in order, not overlapping) replaced by its new text.
pub(super) fn edited(text: &str, edits: &[((usize, usize), String)]) -> String {
    let mut copy = String::with_capacity(text.len());
    let mut pos = 0;
    for ((start, end), value) in edits {
        copy.push_str(&text[pos..*start]);
        copy.push_str(value);
        pos = *end;
    }
    copy.push_str(&text[pos..]);
    copy
}

/// `code` with `copies` (texts of test method `method`, whose own text is `text`) inserted after
/// it, each renamed `<prefix><k>` from `first` on.
pub(super) fn insert_copies(
    code: &str,
    method: &str,
    text: &str,
    copies: &[String],
    prefix: &str,
    first: usize,
) -> String {
    let Some(at) = code.find(text) else { return code.to_string() };
    let indent = code[..at].rsplit('\n').next().unwrap_or("");
    let copies: String = copies
        .iter()
        .enumerate()
        .map(|(k, copy)| {
            let copy = crate::mtc::replace_word(copy, method, &format!("{prefix}{}", first + k));
            format!("\n\n{indent}{copy}")
        })
        .collect();
    let end = at + text.len();
    format!("{}{copies}{}", &code[..end], &code[end..])
}

/// Whether values of the type are written as literals (a primitive type or String): the catalogue
/// lists them boundary first, each a different value; a project type's values are built.
pub fn is_literal_type(type_name: &str) -> bool {
    crate::java_model::types::is_primitive(type_name) || type_name == "String"
}

/// Whether `value`, the initializer of declaration `declaration` in `body`, is a constant
/// (`Integer.MAX_VALUE`, `IntArrayList.DEFAULT_NULL_VALUE`, `SIZE`) of a type the catalogue has
/// values for, or with `own_type` one of the declared type's own (`BigRational a =
/// BigRational.ZERO`: the catalogue builds a project type from its constants and factories), and
/// the declared local goes into a call other than an assertion, or receives one: an input, not an
/// expected value.
fn is_constant_input(value: Node, code: &str, type_name: &str, declaration: Node, body: Node, own_type: bool) -> bool {
    let own_constant = value.kind() == "field_access"
        && value.child_by_field_name("object").and_then(|o| code.get(o.byte_range())) == Some(type_name);
    let name = match value.kind() {
        "field_access" => value.child_by_field_name("field"),
        "identifier" => Some(value),
        _ => None,
    };
    let constant = name.and_then(|n| code.get(n.byte_range())).is_some_and(|n| {
        n.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
            && n.chars().any(|c| c.is_ascii_uppercase())
    });
    constant
        && (is_literal_type(type_name) || own_type && own_constant)
        && declares_a_call_argument(declaration, body, code)
}

/// Whether the local that `declaration` declares is `passed_to_a_call` in `body`.
fn declares_a_call_argument(declaration: Node, body: Node, code: &str) -> bool {
    let local = declaration.child_by_field_name("declarator").and_then(|d| d.child_by_field_name("name"));
    local.and_then(|n| code.get(n.byte_range())).is_some_and(|local| passed_to_a_call(body, code, local))
}

/// Whether the local that `declaration` declares is read anywhere in `body`. A literal the test
/// never reads is no source input: JCommander's `String sourceInput = "Hello, World!"` stood beside
/// `Strings.join(",", List.of("Hello", "World!"))` (unseen-46), and copies that changed it changed
/// nothing the relation saw.
fn is_read(declaration: Node, body: Node, code: &str) -> bool {
    let Some(local) = declaration.child_by_field_name("declarator").and_then(|d| d.child_by_field_name("name")) else {
        return false;
    };
    let mut names = Vec::new();
    collect(body, "identifier", &mut names);
    names.iter().any(|n| *n != local && code.get(n.byte_range()) == code.get(local.byte_range()))
}

/// Whether `local` is an argument of a call in `body` that is not an assertion, or of a
/// constructor, or the receiver of a call (`a.reciprocal()`).
fn passed_to_a_call(body: Node, code: &str, local: &str) -> bool {
    let mut names = Vec::new();
    collect(body, "identifier", &mut names);
    let receives = |n: &Node| {
        n.parent().is_some_and(|p| p.kind() == "method_invocation" && p.child_by_field_name("object") == Some(*n))
    };
    names.iter().filter(|n| code.get(n.byte_range()) == Some(local)).any(|n| {
        if receives(n) {
            return true;
        }
        let Some(call) = n.parent().filter(|p| p.kind() == "argument_list").and_then(|a| a.parent()) else {
            return false;
        };
        let called = call.child_by_field_name("name").and_then(|m| code.get(m.byte_range()));
        call.kind() == "object_creation_expression" || called.is_some_and(|m| !m.starts_with("assert") && m != "fail")
    })
}

fn is_literal(node: Node) -> bool {
    let kind = node.kind();
    kind.ends_with("_literal") && kind != "class_literal" && kind != "null_literal"
        || matches!(kind, "true" | "false")
        || kind == "unary_expression" && node.named_child(0).is_some_and(|n| n.kind().ends_with("_literal"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASS: &str = r#"package p;

class T {

    @Test
    void mr1_input1() throws Exception {
        // MR: decryptText(encryptText(x)) equals x
        SecretKey key = AESEncryption.getSecretEncryptionKey();
        String plainText = "Hello AES!";
        byte[] cipherText = AESEncryption.encryptText(plainText, key);
        assertEquals(plainText, AESEncryption.decryptText(cipherText, key));
    }
}
"#;

    #[test]
    fn the_source_input_is_the_first_literal_declaration() {
        let (_, source) = source_literal(CLASS, "mr1_input1").unwrap();
        assert_eq!((source.type_name.as_str(), source.literal.as_str()), ("String", "\"Hello AES!\""));
        let negative = "class T { @Test void m() { var a = 1; long n = -5L; f(a, n); } }";
        let (_, source) = source_literal(negative, "m").unwrap();
        assert_eq!((source.type_name.as_str(), source.literal.as_str()), ("long", "-5L"), "var is no declared type");
        assert!(source_literal("class T { @Test void m() { String s = f(); } }", "m").is_none(), "no literal");
        let inline = "class T { @Test void m() { assertEquals(f(\"a\", 2), g(\"a\")); // \"a\"\n } }";
        let found = source_literal(inline, "m").unwrap();
        assert_eq!((found.1.type_name.as_str(), found.1.literal.as_str()), ("String", "\"a\""));
        let code = with_copies(inline, "m", &found, &["\"xy\"".into()], 1);
        assert!(code.contains("void m_catalogue1() { assertEquals(f(\"xy\", 2), g(\"xy\")); // \"a\""), "{code}");
        assert!(source_literal(CLASS, "missing").is_none());
    }

    #[test]
    fn a_literal_the_test_never_reads_is_no_source_input() {
        // JCommander's `Strings#join` (unseen-46): the declared text stood beside the call.
        let unread = "class T { @Test void mr1() { String sourceInput = \"Hello, World!\"; \
                      String a = Strings.join(\",\", List.of(\"Hello\", \"World!\")); \
                      String b = Strings.join(\",\", new Object[]{\"Hello\", \"World!\"}); assertEquals(a, b); } }";
        let found = source_literal(unread, "mr1").unwrap();
        assert_eq!(found.1.literal, "\",\"", "the first text passed to a call");
        let code = with_copies(unread, "mr1", &found, &["\";\"".into()], 1);
        assert!(
            code.contains("Strings.join(\";\", List.of(") && code.contains("Strings.join(\";\", new Object[]"),
            "{code}"
        );
        let read = unread.replace("List.of(\"Hello\", \"World!\")", "List.of(sourceInput)");
        assert_eq!(source_literal(&read, "mr1").unwrap().1.literal, "\"Hello, World!\"");
    }

    #[test]
    fn an_assertions_message_or_expected_text_is_no_source_input() {
        // base62's reply (unseen-22): the only inline string was assertTrue's message.
        let message =
            "class T { @Test void mr1() { byte[] in = new byte[] {1, 2}; boolean ok = b.isBase62Encoding(in); \
                       assertTrue(ok, \"should be true\"); fail(\"no\"); } }";
        assert!(source_literal(message, "mr1").is_none(), "no source input to replace");
        let reply = include_str!("../../tests/fixtures/replies/qwen-base62-isbase62encoding.java");
        assert!(source_literal(reply, "mr1").is_none(), "the real reply: its one string is assertTrue's message");
        let expected = "class T { @Test void m() { assertEquals(\"abc\", f(g(\"x\"))); } }";
        let found = source_literal(expected, "m").unwrap();
        assert_eq!(found.1.literal, "\"x\"", "the argument of the method under test, not the expected output");
    }

    #[test]
    fn a_value_drawn_at_random_is_a_source_input_the_catalogue_replaces() {
        // uuid-creator (unseen-31): both of the model's MTCs of `setVersion` drew a random-based
        // UUID, which `getClockSequence` rejects.
        let reply = include_str!("../../tests/fixtures/replies/qwen-uuid-creator-setversion.java");
        let found = source_literal(reply, "mr1").expect("the drawn UUID");
        assert_eq!((found.1.type_name.as_str(), found.1.literal.as_str()), ("UUID", "UUID.randomUUID()"));
        let v1 = "java.util.UUID.fromString(\"6ba7b810-9dad-11d1-80b4-00c04fd430c8\")";
        let copy = with_copies(reply, "mr1", &found, &[v1.into()], 1);
        assert!(copy.contains("void mr1_catalogue1() throws Exception {"), "{copy}");
        assert!(copy.contains(&format!("UUID sourceUuid = {v1};")), "{copy}");
        // Two draws written alike are two values: only the first changes.
        let two = "class T { @Test void m() { UUID a = UUID.randomUUID(); UUID b = UUID.randomUUID(); f(a, b); } }";
        let found = source_literal(two, "m").unwrap();
        let copy = with_copies(two, "m", &found, &["X".into()], 1);
        assert!(copy.contains("void m_catalogue1() { UUID a = X; UUID b = UUID.randomUUID(); f(a, b); }"), "{copy}");
        // A literal is still the source input first; a draw no call takes is none.
        let literal = "class T { @Test void m() { UUID a = UUID.randomUUID(); int v = 3; f(a, v); } }";
        assert_eq!(source_literal(literal, "m").unwrap().1.literal, "3");
        let unused = "class T { @Test void m() { long t = System.nanoTime(); assertTrue(t > 0); } }";
        assert!(source_literal(unused, "m").is_none(), "only asserted on: no input of the class");
        let computed = "class T { @Test void m() { UUID a = make(); f(a); } }";
        assert!(source_literal(computed, "m").is_none(), "a call that draws nothing");
    }

    #[test]
    fn the_source_input_written_again_inline_changes_with_it() {
        let code = "class T { @Test void mr2() { String p = \"Hi\"; assertArrayEquals(f(p), g(\"Hi\", \"Hi!\")); } }";
        let found = source_literal(code, "mr2").unwrap();
        let copy = with_copies(code, "mr2", &found, &["\"x\"".into()], 1);
        assert!(
            copy.contains("void mr2_catalogue1() { String p = \"x\"; assertArrayEquals(f(p), g(\"x\", \"Hi!\")); }"),
            "{copy}"
        );
    }

    #[test]
    fn a_follow_up_input_declared_with_the_same_value_changes_with_it() {
        // Qwen2.5-Coder-1.5B's reply for la4j's Vector#innerProduct ~ outerProduct (unseen-10): a
        // copy that changed `sourceInput` alone failed as a suspected bug.
        let code =
            "class T { @Test void mr1() { double sourceInput = 5.0; Vector s = Vector.constant(1, sourceInput); \
            double followUpInput = 5.0; double other = 5; int n = 5; Vector f = Vector.constant(1, followUpInput); } }";
        let found = source_literal(code, "mr1").unwrap();
        let copy = with_copies(code, "mr1", &found, &["-1.5".into()], 1);
        let copied = &copy[copy.find("mr1_catalogue1").unwrap()..];
        assert!(
            copied.contains("double sourceInput = -1.5;") && copied.contains("double followUpInput = -1.5;"),
            "{copy}"
        );
        assert!(
            copied.contains("double other = 5;") && copied.contains("int n = 5;"),
            "another literal or type: {copy}"
        );
    }

    #[test]
    fn a_constant_passed_to_a_call_is_a_source_input_and_one_only_asserted_is_not() {
        // Qwen2.5-Coder-1.5B's reply for agrona's IntArrayList#pushInt ~ popInt (unseen-6).
        let pushed = "class T { @Test void mr1() { IntArrayList source = new IntArrayList(); \
            int x = IntArrayList.DEFAULT_NULL_VALUE; source.pushInt(x); assertEquals(x, source.popInt()); } }";
        let found = source_literal(pushed, "mr1").unwrap();
        assert_eq!((found.1.type_name.as_str(), found.1.literal.as_str()), ("int", "IntArrayList.DEFAULT_NULL_VALUE"));
        let copy = with_copies(pushed, "mr1", &found, &["42".into()], 1);
        assert!(
            copy.contains("void mr1_catalogue1() { IntArrayList source = new IntArrayList(); int x = 42;"),
            "{copy}"
        );
        let asserted = "class T { @Test void m() { int expected = Integer.MAX_VALUE; assertEquals(expected, f()); } }";
        assert!(source_literal(asserted, "m").is_none(), "an expected value");
        let object = "class T { @Test void m() { Locale l = Locale.ROOT; g(l); } }";
        assert_eq!(source_literal(object, "m").unwrap().1.literal, "Locale.ROOT", "one of the type's own");
        let other = "class T { @Test void m() { Locale l = Text.LOCALE; g(l); } }";
        assert!(source_literal(other, "m").is_none(), "another class's constant of a type not always catalogued");
        let later = "class T { @Test void m() { Locale l = Locale.ROOT; int n = 3; g(l, n); } }";
        assert_eq!(source_literal(later, "m").unwrap().1.literal, "3", "a literal first");
        let built = "class T { @Test void m() { int n = BitSet.SIZE; BitSet b = new BitSet(n); h(b); } }";
        assert_eq!(source_literal(built, "m").unwrap().1.literal, "BitSet.SIZE", "a constructor's argument");
        let not_constant = "class T { @Test void m() { int n = list.size; g(n); } }";
        assert!(source_literal(not_constant, "m").is_none(), "a field, not a constant");
    }

    #[test]
    fn a_constant_of_the_type_that_receives_a_call_is_a_source_input() {
        // Qwen2.5-Coder-1.5B's reply for big-math's BigRational#reciprocal ~ add(BigRational)
        // (unseen-10), in both rounds: `ZERO.reciprocal()` divides by zero.
        let reply = "class T { @Test void mr1() { BigRational a = BigRational.ZERO; BigRational b = BigRational.ONE; \
            BigRational c = a.reciprocal(); BigRational d = b.add(c); assertEquals(b, d); } }";
        let found = source_literal(reply, "mr1").unwrap();
        assert_eq!((found.1.type_name.as_str(), found.1.literal.as_str()), ("BigRational", "BigRational.ZERO"));
        let copy = with_copies(reply, "mr1", &found, &["BigRational.valueOf(2)".into()], 1);
        assert!(
            copy.contains(
                "void mr1_catalogue1() { BigRational a = BigRational.valueOf(2); BigRational b = BigRational.ONE;"
            ),
            "{copy}"
        );
        let expected = "class T { @Test void m() { BigRational e = BigRational.ONE; assertEquals(e, f()); } }";
        assert!(source_literal(expected, "m").is_none(), "an expected value only");
    }

    #[test]
    fn an_object_built_from_literals_is_a_source_input_where_no_literal_is_declared() {
        // Qwen2.5-Coder-1.5B's reply for Open Location Code's shorten ~ isFull (unseen-9): the class
        // rejects the code, and so it does every text the catalogue has.
        let reply = "class T { @Test void mr1() { OpenLocationCode sourceCode = new OpenLocationCode(\"12345678901234567890\"); \
            OpenLocationCode shortenCode = sourceCode.shorten(0.5, 0.5); assertTrue(shortenCode.isFull()); } }";
        let found = source_literal(reply, "mr1").unwrap();
        assert_eq!(found.1.type_name, "OpenLocationCode");
        assert_eq!(found.1.literal, "new OpenLocationCode(\"12345678901234567890\")");
        let copy = with_copies(reply, "mr1", &found, &["new OpenLocationCode(1.5, 2.5)".into()], 1);
        assert!(
            copy.contains("mr1_catalogue1() { OpenLocationCode sourceCode = new OpenLocationCode(1.5, 2.5);"),
            "{copy}"
        );
        let declared = "class T { @Test void m() { Fraction f = Fraction.of(1, 2); int n = 3; f.pow(n); } }";
        assert_eq!(source_literal(declared, "m").unwrap().1.literal, "3", "a declared literal first");
        let computed = "class T { @Test void m() { Fraction f = Fraction.of(x, 2); f.pow(2); } }";
        assert_eq!(source_literal(computed, "m").map(|f| f.1.type_name), None, "an argument that is no literal");
        let generic = "class T { @Test void m() { Box<String> b = new Box<String>(\"a\"); b.get(); } }";
        assert_eq!(source_literal(generic, "m").unwrap().1.type_name, "String", "a generic type is not rebuilt");
    }

    #[test]
    fn a_project_type_s_copies_differ_in_what_they_are_built_from() {
        // big-math's BigRational: each builder in turn on 0, then on 1, then on -1, ...
        let builders = ["BigRational.valueOf({})", "BigRational.valueOf({}.0)", "BigRational.valueOf({}, 1)"];
        let catalogue = |n: usize| -> Vec<String> {
            let args = ["0", "1", "-1", "42", "7", "1000"];
            let all = args.iter().flat_map(|a| builders.iter().map(move |b| b.replace("{}", a)));
            all.take(n).collect()
        };
        let source = |type_name: &str, literal: &str| SourceLiteral {
            type_name: type_name.into(),
            literal: literal.into(),
            ranges: Vec::new(),
        };
        let values = copy_values(&source("BigRational", "BigRational.valueOf(0)"), 3, catalogue);
        assert_eq!(values.len(), 3, "{values:?}");
        let zeros = values.iter().filter(|v| v.contains("(0")).count();
        assert!(zeros <= 1, "spread over the arguments, not the builders: {values:?}");
        let ints = |n: usize| (0..n).map(|i| i.to_string()).collect::<Vec<_>>();
        assert_eq!(copy_values(&source("int", "5"), 3, ints), ["0", "1", "2"], "a literal type's in order");
        let texts = |n: usize| ["\"\"", "\"a\""].iter().map(|s| s.to_string()).take(n).collect::<Vec<_>>();
        assert_eq!(copy_values(&source("String", "\"1.0\""), 3, texts), ["\"2.1\"", "\"2.0\"", "\"8.7\""]);
        let shape = copy_values(&source("String", "\"v0\""), 9, texts);
        assert_eq!(shape.len(), 9, "{shape:?}");
        assert_eq!(shape[..2], ["\"v1\"", "\"v7\""], "moved first: {shape:?}");
        assert_eq!(shape[7..], ["\"\"", "\"a\""], "then the catalogue's: {shape:?}");
        let built = copy_values(&source("Semver", "new Semver(\"1.0.0\")"), 1, |_| vec!["new Semver(\"\")".into()]);
        assert_eq!(built, ["new Semver(\"2.1.1\")"], "semver4j (unseen-11): a version, not the catalogue's text");
    }

    #[test]
    fn each_value_makes_a_copy_named_after_the_relation() {
        let found = source_literal(CLASS, "mr1_input1").unwrap();
        let code = with_copies(CLASS, "mr1_input1", &found, &["\"\"".into(), "\"a b\"".into()], 1);
        assert!(code.contains("void mr1_input1() throws"), "the original stays");
        assert!(code.contains("void mr1_input1_catalogue1() throws Exception {\n        // MR: decryptText"), "{code}");
        assert!(code.contains("String plainText = \"\";") && code.contains("String plainText = \"a b\";"), "{code}");
        assert_eq!(code.matches("@Test").count(), 3);
        let file = crate::java_model::parse_str(std::path::Path::new("T.java"), &code);
        assert_eq!(file.classes[0].methods.len(), 3, "still one class of whole methods:\n{code}");
    }
}
