//! The relation each MTC method implements, in words: the `// MR:` line the prompt asks for (in
//! the method or just above it), else the first sentence of its Javadoc, else what its last
//! assertion checks (a small model copies the template's placeholder instead of stating one).
//! Never the reply's prose around the code, which says things like "Here is the test class:".

use tree_sitter::{Node, Tree};

/// `(test method, relation)` for every test method of the first class in `code` that states one.
pub fn stated_relations(code: &str) -> Vec<(String, String)> {
    let Some(tree) = crate::java_model::parser().parse(code, None) else { return Vec::new() };
    let mut out = Vec::new();
    let members = class_members(&tree);
    for (i, member) in members.iter().enumerate() {
        // A helper's comments say what it does (the value comparison `mtc::identity` adds says
        // why it is there), not a relation.
        if member.kind() != "method_declaration" || !super::shape::is_test(*member, code) {
            continue;
        }
        let name = member.child_by_field_name("name").and_then(|n| code.get(n.byte_range())).unwrap_or("");
        // Comments just above the method are siblings before it; those inside are in its body.
        let above = members[..i].iter().rev().take_while(|m| m.kind().ends_with("comment"));
        let inside = member.child_by_field_name("body").map(|b| comments_in(b)).unwrap_or_default();
        let comments: Vec<&str> = above
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .chain(inside.iter())
            .filter_map(|c| code.get(c.byte_range()))
            .collect();
        let stated = comments.iter().find_map(|c| mr_line(c)).or_else(|| javadoc(&comments));
        if let Some(relation) = stated.or_else(|| asserted(*member, code)) {
            out.push((name.to_string(), relation));
        }
    }
    out
}

/// What the last assertion of test method `method` checks, its outputs written as the calls that
/// made them (`escapeJsonMinimal(escapeJson(text)) equals text`), whatever its `// MR:` line says.
pub fn asserted_relation(code: &str, method: &str) -> Option<String> {
    let tree = crate::java_model::parser().parse(code, None)?;
    let members = class_members(&tree);
    let named = |m: &&Node| m.child_by_field_name("name").and_then(|n| code.get(n.byte_range())) == Some(method);
    let found = members.iter().filter(|m| m.kind() == "method_declaration").find(named)?;
    asserted(*found, code).map(|a| a.trim_start_matches("asserted: ").to_string())
}

/// The members (comments among them) of the first class the code declares; none without one.
fn class_members(tree: &Tree) -> Vec<Node<'_>> {
    let mut cursor = tree.root_node().walk();
    let classes: Vec<Node> = tree.root_node().named_children(&mut cursor).collect();
    let Some(body) =
        classes.iter().find(|c| c.kind() == "class_declaration").and_then(|c| c.child_by_field_name("body"))
    else {
        return Vec::new();
    };
    let mut cursor = body.walk();
    body.named_children(&mut cursor).collect()
}

/// The relations of a class in one line: the distinct stated ones, in order. Relations read off
/// assertions that differ only in their literals (one relation's copies, each on its own input)
/// count once, as the first of them.
pub fn relation_summary(code: &str) -> Option<String> {
    let mut distinct: Vec<(String, String)> = Vec::new();
    for (_, r) in stated_relations(code) {
        let shape = without_literals(&r);
        if !distinct.iter().any(|(s, _)| *s == shape) {
            distinct.push((shape, r));
        }
    }
    (!distinct.is_empty()).then(|| distinct.into_iter().map(|(_, r)| r).collect::<Vec<_>>().join("; "))
}

/// A relation without its string and char literals and its numbers: what its copies on other
/// inputs share.
fn without_literals(relation: &str) -> String {
    let code = crate::java_model::code_outside_literals(relation);
    let mut out = String::with_capacity(code.len());
    let mut previous = ' ';
    for c in code.chars() {
        // A digit starting a number, not one ending a name (`mr1`, `Base64`).
        if c.is_ascii_digit() && !(previous.is_alphanumeric() || previous == '_') {
            continue;
        }
        out.push(c);
        previous = c;
    }
    out
}

fn comments_in(node: Node) -> Vec<Node> {
    let mut out = Vec::new();
    let mut cursor = node.walk();
    let children: Vec<Node> = node.named_children(&mut cursor).collect();
    for child in children {
        if child.kind().ends_with("comment") {
            out.push(child);
        } else if !matches!(child.kind(), "lambda_expression" | "class_body") {
            out.extend(comments_in(child));
        }
    }
    out
}

/// `// MR: decode(encode(x)) equals x` -> the relation; the template's own placeholder is not one.
fn mr_line(comment: &str) -> Option<String> {
    comment.lines().find_map(|line| {
        let line = line.trim().trim_start_matches("//").trim_start_matches("/*").trim_start_matches('*').trim();
        let rest =
            line.strip_prefix("MR:").or_else(|| line.strip_prefix("MR -")).or_else(|| line.strip_prefix("MR "))?;
        let rest = rest.trim().trim_end_matches("*/").trim();
        (!rest.is_empty() && !is_placeholder(rest) && states_a_relation(rest)).then(|| rest.to_string())
    })
}

/// Words without which a line states no relation between values: a comparison, a sameness or a
/// difference, an undoing, an order, a truth. A small model sometimes fills the `// MR:` line with
/// what each method returns ("The parseCidr(String) method returns an Ipv4Range, and the
/// toStringInCidrNotation() method returns a String.", commons-ip-math, unseen-44): the assertion
/// says more than that.
const RELATION_WORDS: &str = "= < > equal same identi invers invert revers undo original round restor unchanged \
     preserv consisten match differ contain includ greater less larger smaller more fewer \
     longer shorter increas decreas true false hold always never impl commut symmetr before \
     after then sum twice double half negat opposite plus minus times agree correspond back \
     order sort";

/// Whether a stated `// MR:` line names a relation at all (`RELATION_WORDS`). The angle brackets
/// of a type's arguments (`returns a List<String>`) compare nothing, so they are left out first.
fn states_a_relation(stated: &str) -> bool {
    let lower = without_type_arguments(stated).to_lowercase();
    RELATION_WORDS.split_whitespace().any(|w| lower.contains(w))
}

/// `a Map<String, List<Integer>> of names` -> `a Map of names`: innermost first, a `<...>` that
/// follows a capitalised name and holds only names, dots, `?`, `[]` and commas.
fn without_type_arguments(text: &str) -> String {
    let mut text = text.to_string();
    while let Some((open, close)) = innermost_type_arguments(&text) {
        text.replace_range(open..=close, "");
    }
    text
}

fn innermost_type_arguments(text: &str) -> Option<(usize, usize)> {
    let is_name = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices('<').map(|(open, _)| open).find_map(|open| {
        let name_start = text[..open].rfind(|c: char| !is_name(c)).map_or(0, |i| i + 1);
        let follows_a_type = text[name_start..open].starts_with(|c: char| c.is_uppercase());
        let close = open + 1 + text[open + 1..].find('>')?;
        let inside = &text[open + 1..close];
        let only_types = !inside.trim().is_empty()
            && inside.chars().all(|c| is_name(c) || matches!(c, '.' | '?' | '[' | ']' | ',' | ' '))
            && !inside.contains("  ");
        (follows_a_type && only_types).then_some((open, close))
    })
}

/// The template's placeholder, `<the relation between f and g, in one line>`, copied with or
/// without its angle brackets or its first words (a small model does all three: `flip(long) and
/// cardinality(), in one line`).
fn is_placeholder(stated: &str) -> bool {
    let lower = stated.to_lowercase();
    stated.starts_with('<') || lower.trim_end_matches(['>', '.', ' ']).ends_with(", in one line")
}

/// Longest relation read off an assertion.
const ASSERTED_WIDTH: usize = 200;

/// What the method's last assertion checks, the locals that hold outputs written as the calls
/// that made them: `asserted: decryptText(encryptText(plainText, key), key) equals plainText`. A
/// local made by a call without arguments (`getSecretEncryptionKey()`) is a fixture, not an
/// output, and keeps its name.
fn asserted(method: Node, code: &str) -> Option<String> {
    let body = method.child_by_field_name("body")?;
    let mut calls = Vec::new();
    nodes_of(body, "method_invocation", &mut calls);
    let text = |n: Node| code.get(n.byte_range()).unwrap_or("").to_string();
    let assertion =
        calls.iter().rev().find(|c| c.child_by_field_name("name").is_some_and(|n| text(n).starts_with("assert")))?;
    let name = text(assertion.child_by_field_name("name")?);
    let args = assertion.child_by_field_name("arguments")?;
    let mut cursor = args.walk();
    let args: Vec<String> = args.named_children(&mut cursor).map(|a| outputs_inlined(&text(a), body, code)).collect();
    let relation = match (name.as_str(), args.as_slice()) {
        ("assertTrue", [x, ..]) => x.clone(),
        ("assertFalse", [x, ..]) => format!("not {x}"),
        ("assertNotEquals", [a, b, ..]) => format!("{b} differs from {a}"),
        (_, [a, b, ..]) => format!("{b} equals {a}"),
        _ => return None,
    };
    let relation = unqualified(&relation);
    let relation = match relation.char_indices().nth(ASSERTED_WIDTH) {
        Some((at, _)) => format!("{}...", &relation[..at]),
        None => relation,
    };
    Some(format!("asserted: {relation}"))
}

/// `expression` with each local of `body` that a call with arguments initialises replaced by that
/// call, a few levels deep.
fn outputs_inlined(expression: &str, body: Node, code: &str) -> String {
    let mut declarators = Vec::new();
    nodes_of(body, "variable_declarator", &mut declarators);
    let locals: Vec<&str> =
        declarators.iter().filter_map(|d| code.get(d.child_by_field_name("name")?.byte_range())).collect();
    let outputs: Vec<(String, String)> = declarators
        .iter()
        .filter_map(|d| {
            let value = d.child_by_field_name("value")?;
            let mut calls = Vec::new();
            nodes_of(value, "method_invocation", &mut calls);
            if value.kind() == "method_invocation" {
                calls.push(value);
            }
            let with_arguments =
                calls.iter().any(|c| c.child_by_field_name("arguments").is_some_and(|a| a.named_child_count() > 0));
            let name = code.get(d.child_by_field_name("name")?.byte_range())?;
            // `Ipv4Range sourceOutput = source;`: another name of an output.
            let alias =
                value.kind() == "identifier" && code.get(value.byte_range()).is_some_and(|v| locals.contains(&v));
            let output = with_arguments || alias || called_on_a_local(value, &locals, code);
            output.then(|| (name.to_string(), code.get(value.byte_range()).unwrap_or("").to_string()))
        })
        .collect();
    let mut out = expression.split_whitespace().collect::<Vec<_>>().join(" ");
    for _ in 0..3 {
        let before = out.clone();
        for (reading, call) in super::buffers::written_outputs(body, code) {
            out = super::normalize::replace_local(&out, &reading, &call);
        }
        for (name, value) in &outputs {
            out = super::normalize::replace_local(
                &out,
                name,
                value.split_whitespace().collect::<Vec<_>>().join(" ").as_str(),
            );
        }
        if out == before {
            break;
        }
    }
    out
}

/// `b.previous()` where `b` is a local of the test: an output of the object under test, though
/// the call takes nothing (`Ipv4 c = b.previous()` after `Ipv4 b = a.next()`, commons-ip-math,
/// unseen-44, read `c equals a` before). A call without arguments on nothing, or on a class, makes
/// a fixture (`getSecretEncryptionKey()`) and keeps its name.
fn called_on_a_local(value: Node, locals: &[&str], code: &str) -> bool {
    let receiver = (value.kind() == "method_invocation").then(|| value.child_by_field_name("object")).flatten();
    receiver.is_some_and(|r| r.kind() == "identifier" && code.get(r.byte_range()).is_some_and(|n| locals.contains(&n)))
}

/// Without the class qualifier of static calls: `AESEncryption.decryptText(` -> `decryptText(`;
/// a constant (`IOCase.SENSITIVE`) and a call on an object keep theirs.
fn unqualified(text: &str) -> String {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let word_len = rest.find(|x: char| !is_ident(x)).unwrap_or(rest.len());
        let starts_word = !out.chars().last().is_some_and(|p| is_ident(p) || p == '.');
        if word_len > 0 && starts_word && c.is_uppercase() && rest[word_len..].starts_with('.') {
            let member = &rest[word_len + 1..];
            let member_len = member.find(|x: char| !is_ident(x)).unwrap_or(member.len());
            if member.starts_with(char::is_lowercase) && member[member_len..].starts_with('(') {
                rest = member; // the class qualifier of a static call
                continue;
            }
        }
        let take = if word_len > 0 { word_len } else { c.len_utf8() };
        out.push_str(&rest[..take]);
        rest = &rest[take..];
    }
    out
}

/// Nodes of `kind` under `node`, in source order, not inside lambdas or nested classes.
fn nodes_of<'t>(node: Node<'t>, kind: &str, out: &mut Vec<Node<'t>>) {
    let mut cursor = node.walk();
    let children: Vec<Node<'t>> = node.named_children(&mut cursor).collect();
    for child in children {
        if child.kind() == kind {
            out.push(child);
        }
        if !matches!(child.kind(), "lambda_expression" | "class_body") {
            nodes_of(child, kind, out);
        }
    }
}

/// The first sentence of a Javadoc comment.
fn javadoc(comments: &[&str]) -> Option<String> {
    let doc = comments.iter().find(|c| c.starts_with("/**"))?;
    let text: Vec<&str> = doc
        .trim_start_matches("/**")
        .trim_end_matches("*/")
        .lines()
        .map(|l| l.trim().trim_start_matches('*').trim())
        .filter(|l| !l.is_empty() && !l.starts_with('@'))
        .collect();
    let text = text.join(" ");
    let first = text.split(". ").next().unwrap_or(&text).trim().trim_end_matches('.');
    (!first.is_empty()).then(|| first.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASS: &str = r#"
package p;
class T {
    @Test
    void mr1() throws Exception {
        // MR: decryptText(encryptText(x, k), k) equals x
        String x = "a";
    }

    // MR: encrypting twice with one key gives the same cipher text
    @Test
    void mr2() {}

    /** Encoding then decoding is the identity. Holds for any input. */
    @Test
    void mr3() {}

    @Test
    void mr4() {
        // MR: <the relation between encryptText and decryptText, in one line>
    }

    @Test
    void mr1_input2() {
        // MR: decryptText(encryptText(x, k), k) equals x
    }

    /** Added by MR-Coupler: p.Data keeps Object's equals (identity), so its values are compared. */
    private static void assertEqualDataValues(Object expected, Object actual) {
        assertEquals("x = " + ((Data) expected).x, "x = " + ((Data) actual).x);
    }
}
"#;

    #[test]
    fn mr_lines_inside_or_above_and_javadoc() {
        let found = stated_relations(CLASS);
        let names: Vec<&str> = found.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(names, ["mr1", "mr2", "mr3", "mr1_input2"], "a helper states none: {found:?}");
        assert_eq!(found[0].1, "decryptText(encryptText(x, k), k) equals x");
        assert_eq!(found[1].1, "encrypting twice with one key gives the same cipher text");
        assert_eq!(found[2].1, "Encoding then decoding is the identity");
    }

    #[test]
    fn without_a_stated_relation_the_last_assertion_says_what_is_checked() {
        let code = r#"
class T {
    @Test
    void mr1() throws Exception {
        // MR: <the relation between encryptText(String, SecretKey) and decryptText(byte[], SecretKey), in one line>
        String plainText = "Hello AES!";
        SecretKey secKey = AESEncryption.getSecretEncryptionKey();
        byte[] cipherText = AESEncryption.encryptText(plainText, secKey);
        String decryptedText = AESEncryption.decryptText(cipherText, secKey);
        assertEquals(plainText, decryptedText);
    }

    @Test
    void mr2() {
        assertTrue(IOCase.SENSITIVE.checkEquals(FilenameUtils.normalize("a"), "a"));
    }

    @Test
    void mr3() {
        // MR: The relation between negate(Boolean) and toBoolean(Boolean), in one line
        assertEquals(BooleanUtils.toBoolean(b), !BooleanUtils.toBoolean(BooleanUtils.negate(b)));
    }

    @Test
    void mr4() {
        // MR: flip(long) and cardinality(), in one line
        assertEquals(before + 1, after);
    }
}
"#;
        let found = stated_relations(code);
        assert_eq!(found[0].1, "asserted: decryptText(encryptText(plainText, secKey), secKey) equals plainText");
        assert_eq!(found[1].1, "asserted: IOCase.SENSITIVE.checkEquals(normalize(\"a\"), \"a\")");
        assert_eq!(found[2].1, "asserted: !toBoolean(negate(b)) equals toBoolean(b)", "the placeholder without <>");
        assert_eq!(found[3].1, "asserted: after equals before + 1", "the placeholder without its first words");
        assert!(stated_relations("class T { @Test void m() { f(1); } }").is_empty(), "no assertion, no relation");
    }

    #[test]
    fn an_mr_line_that_only_says_what_methods_return_gives_way_to_the_assertion() {
        // Qwen2.5-Coder-1.5B's reply for commons-ip-math's `Ipv4Range#parseCidr(String)` ~
        // `toStringInCidrNotation()` (unseen-44).
        let code = r#"
class T {
    @Test
    void mr1_input1() throws Exception {
        // MR: The parseCidr(String) method returns an Ipv4Range, and the toStringInCidrNotation() method returns a String.
        Ipv4Range source = Ipv4Range.parseCidr("192.168.1.0/24");
        String followUpOutput = source.toStringInCidrNotation();
        assertEquals("192.168.1.0/24", followUpOutput);
    }

    @Test
    void mr2() {
        // MR: parsing the CIDR notation a range prints gives back the range
        assertEquals(a, b);
    }
}
"#;
        let found = stated_relations(code);
        assert_eq!(
            found[0].1,
            "asserted: parseCidr(\"192.168.1.0/24\").toStringInCidrNotation() equals \"192.168.1.0/24\""
        );
        // Another name for an output is read through (`Ipv4Range sourceOutput = source;`).
        let aliased = code.replace(
            "String followUpOutput = source.",
            "Ipv4Range sourceOutput = source;\n        String followUpOutput = sourceOutput.",
        );
        assert_eq!(stated_relations(&aliased)[0].1, found[0].1);
        assert_eq!(found[1].1, "parsing the CIDR notation a range prints gives back the range", "a relation stated");
    }

    #[test]
    fn the_brackets_of_a_type_state_no_relation() {
        assert!(!states_a_relation("join(String, List<String>) returns a String"));
        assert!(!states_a_relation("getCommands() returns a Map<String, List<JCommander>>"));
        assert!(states_a_relation("a.size() < b.size()"));
        assert!(states_a_relation("x<y for List<String> inputs"));
        assert!(states_a_relation("A<B by entries"), "not a type's arguments");
        assert_eq!(without_type_arguments("Map<K, V> and Optional<T[]>"), "Map and Optional");
    }

    #[test]
    fn copies_of_a_relation_on_other_literals_are_summarised_once() {
        let method = |name: &str, input: &str| {
            format!("    @Test\n    void {name}() {{\n        assertEquals(\"{input}\", print(parse(\"{input}\", 2)));\n    }}\n")
        };
        let code = format!(
            "class T {{\n{}{}{}}}\n",
            method("mr1", "10.0.0.0/8"),
            method("mr1_input2", "a \\\" b"),
            "    @Test\n    void mr2() {\n        assertEquals(x1, base64(x1));\n    }\n"
        );
        assert_eq!(
            relation_summary(&code).unwrap(),
            "asserted: print(parse(\"10.0.0.0/8\", 2)) equals \"10.0.0.0/8\"; asserted: base64(x1) equals x1"
        );
    }

    #[test]
    fn an_output_taken_from_a_local_without_arguments_is_inlined() {
        // Qwen2.5-Coder-1.5B's reply for commons-ip-math's `Ipv4#next()` ~ `previous()`
        // (unseen-44), read `c equals a` before; a call without arguments on no object stays a
        // fixture.
        let code = "class T {\n    @Test\n    void mr1() {\n        Ipv4 a = Ipv4.of(\"10.0.0.1\");\n        \
                    Ipv4 b = a.next();\n        Ipv4 c = b.previous();\n        Key k = newKey();\n        \
                    assertEquals(a, c);\n        assertEquals(k, c);\n    }\n}\n";
        assert_eq!(asserted_relation(code, "mr1").unwrap(), "of(\"10.0.0.1\").next().previous() equals k");
    }

    #[test]
    fn a_local_named_as_the_method_that_made_it_is_inlined_once() {
        // Qwen2.5-Coder-1.5B's reply for Aho-Corasick's `Trie#containsMatch` ~ `firstMatch`
        // (unseen-23): read as `trie.trie.trie.firstMatch(text)(text)(text)` before.
        let code =
            "class T {\n    @Test\n    void mr1_assert2() {\n        Trie trie = Trie.builder().build();\n        \
                    String text = \"hello world\";\n        Emit firstMatch = trie.firstMatch(text);\n        \
                    assertEquals(\"hello\", firstMatch.getKeyword());\n    }\n}\n";
        assert_eq!(
            asserted_relation(code, "mr1_assert2").unwrap(),
            "trie.firstMatch(text).getKeyword() equals \"hello\""
        );
    }

    #[test]
    fn a_buffer_a_call_writes_into_reads_as_that_call() {
        // Qwen2.5-Coder-1.5B's reply for json-simple's `escape(String, StringBuffer)` ~
        // `escape(String)` (unseen-23), whose failures were reported as a suspected bug.
        let code = "class T {\n    @Test\n    void mr1_input3() {\n        String source = \"Hello, World! \\n\";\n        \
                    StringBuffer sb = new StringBuffer();\n        JSONValue.escape(source, sb);\n        \
                    String followUp = JSONValue.escape(sb.toString());\n        assertEquals(source, followUp);\n    }\n}\n";
        assert_eq!(asserted_relation(code, "mr1_input3").unwrap(), "escape(escape(source)) equals source");
        let twice = code
            .replace("JSONValue.escape(source, sb);", "JSONValue.escape(source, sb);\n        sb.append(source, sb);");
        assert_eq!(
            asserted_relation(&twice, "mr1_input3").unwrap(),
            "escape(sb.toString()) equals source",
            "two writers"
        );
        let added =
            code.replace("JSONValue.escape(source, sb);", "sb.append(\"x\");\n        JSONValue.escape(source, sb);");
        assert_eq!(
            asserted_relation(&added, "mr1_input3").unwrap(),
            "escape(sb.toString()) equals source",
            "more in it"
        );
    }

    #[test]
    fn the_summary_names_each_relation_once() {
        let summary = relation_summary(CLASS).unwrap();
        assert_eq!(summary.matches("decryptText").count(), 1, "{summary}");
        assert_eq!(relation_summary("class T { @Test void a() {} }"), None);
    }
}
