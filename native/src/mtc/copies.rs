//! Copies inside one reply's class: a small model repeats itself (ten test methods with one body,
//! a second `mr1`). A test method whose body an earlier one has already is dropped, and a test
//! method that takes an earlier one's name gets a name of its own, before anything compiles: javac
//! would reject the second `mr1` ("already defined"), and per-method pruning, which goes by name,
//! would then lose both.

use super::assertion::is_assertion_call;
use std::collections::BTreeSet;

/// The class without the copied test methods and with the renamed ones, and what was done (one
/// entry per method: "copy of mr1: mr2" or "renamed mr1 to mr1_2"); None when nothing is copied.
pub fn drop_copies(code: &str) -> Option<(String, Vec<String>)> {
    let methods = test_method_bodies(code);
    let (mut bodies, mut names) = (BTreeSet::new(), BTreeSet::new());
    let (mut cut, mut renames, mut done) = (Vec::new(), Vec::new(), Vec::new());
    for m in &methods {
        if !bodies.insert(m.body.clone()) {
            let first = methods.iter().find(|o| o.body == m.body).map_or("", |o| o.name.as_str());
            done.push(format!("copy of {first}: {}", m.name));
            cut.push(m.name_range.0);
            continue;
        }
        if names.insert(m.name.clone()) {
            continue;
        }
        let fresh = (2..).map(|n| format!("{}_{n}", m.name)).find(|n| !methods.iter().any(|o| &o.name == n));
        let fresh = fresh.unwrap_or_default();
        done.push(format!("renamed a second {} to {fresh}", m.name));
        names.insert(fresh.clone());
        renames.push((m.name_range, fresh));
    }
    if done.is_empty() {
        return None;
    }
    Some((rewrite(code, &methods, &cut, &renames), done))
}

/// `code` with the test methods of `before` it lost put back before its class's closing brace:
/// those whose name and body it has neither (a 1.5B model asked to amplify wrote `mr1_input1..5`
/// and left out `mr2` and `mr3`, though told to keep them), and their names; None when it lost none.
pub fn restore_lost_methods(code: &str, before: &str) -> Option<(String, Vec<String>)> {
    let now = test_method_bodies(code);
    let lost: Vec<TestMethod> = test_method_bodies(before)
        .into_iter()
        .filter(|m| !now.iter().any(|n| n.name == m.name || n.body == m.body))
        .collect();
    let end = code.rfind('}')?;
    if lost.is_empty() {
        return None;
    }
    let texts: String =
        lost.iter().filter_map(|m| before.get(m.range.0..m.range.1)).map(|t| format!("\n    {t}\n")).collect();
    let names = lost.into_iter().map(|m| m.name).collect();
    Some((format!("{}{texts}{}", code[..end].trim_end_matches([' ', '\t']), &code[end..]), names))
}

/// `code` (an amplified class) without the new test methods that keep their relation's input and
/// assert something else, with one note each; None when there is none. Asked for new inputs, a
/// 1.5B model wrote Dexx's `put(k, v)` then `remove(k)` on the same key again and again, asserting
/// `before - 1`, `before` and `before + 1` where the relation asserts `before` (unseen-28): other
/// relations, not inputs, and each failed as if it found a bug.
pub fn drop_changed_relations(code: &str, before: &str) -> Option<(String, Vec<String>)> {
    let (old, now) = (test_method_bodies(before), test_method_bodies(code));
    let (mut cut, mut done) = (Vec::new(), Vec::new());
    let new =
        now.iter().filter(|m| !old.iter().any(|o| o.name == m.name) && !super::catalogue::is_static_copy(&m.name));
    for m in new {
        let Some(relation) = relation_of(&m.name, &old) else { continue };
        let input = input_of(code, m).filter(|input| !input.is_empty());
        let same_input = input.is_some_and(|input| Some(input) == input_of(before, relation));
        if same_input && m.body != relation.body {
            done.push(format!(
                "{}: {}'s input with another assertion, another relation rather than a new input: left out",
                m.name, relation.name
            ));
            cut.push(m.name_range.0);
        }
    }
    (!done.is_empty()).then(|| (rewrite(code, &now, &cut, &[]), done))
}

/// The method of the class before amplification whose relation a new method applies: the longest
/// name that starts the new one's followed by `_` (`mr1` for `mr1_input2`, not for `mr10_input1`).
fn relation_of<'o>(name: &str, old: &'o [TestMethod]) -> Option<&'o TestMethod> {
    let applies = |o: &&TestMethod| name.strip_prefix(o.name.as_str()).is_some_and(|rest| rest.starts_with('_'));
    old.iter().filter(applies).max_by_key(|o| o.name.len())
}

/// A test method's input, without layout or comments: its statements other than its top-level
/// assertions (what it builds and calls), and the arguments of each call and creation inside an
/// assertion. A method that is one assertion holds its input there: `encryptText("a", k)` and
/// `encryptText("", k)` are two inputs, `before` and `before - 1` as what `assertEquals` expects
/// one input under two relations.
fn input_of(code: &str, m: &TestMethod) -> Option<String> {
    let wrapped = format!("class T {{\n{}\n}}", code.get(m.range.0..m.range.1)?);
    let tree = crate::java_model::parser().parse(&wrapped, None)?;
    let method = tree.root_node().named_child(0)?.child_by_field_name("body")?.named_child(0)?;
    let body = method.child_by_field_name("body")?;
    let mut cursor = body.walk();
    let statements: Vec<tree_sitter::Node> = body.named_children(&mut cursor).collect();
    let mut input = Vec::new();
    for s in statements.iter().filter(|s| !s.kind().ends_with("comment")) {
        match assertion_call(*s, &wrapped) {
            Some(call) => call_arguments(call, &wrapped, &mut input),
            None => input.push(without_layout(&wrapped[s.byte_range()])),
        }
    }
    Some(input.concat())
}

/// The assertion call a statement is, if it is one.
fn assertion_call<'t>(statement: tree_sitter::Node<'t>, source: &str) -> Option<tree_sitter::Node<'t>> {
    let call = statement.named_child(0).filter(|_| statement.kind() == "expression_statement")?;
    is_assertion_call(call, source, 0).then_some(call)
}

/// The argument lists of the calls and creations below `node`, in order, without layout.
fn call_arguments(node: tree_sitter::Node, source: &str, out: &mut Vec<String>) {
    let mut cursor = node.walk();
    for child in node.named_children(&mut cursor) {
        if matches!(child.kind(), "method_invocation" | "object_creation_expression") {
            if let Some(arguments) = child.child_by_field_name("arguments") {
                out.push(without_layout(&source[arguments.byte_range()]));
            }
        }
        call_arguments(child, source, out);
    }
}

/// A test method of a reply: its name, where the name stands, its whole text and its body as a
/// key (no comment lines, no whitespace outside literals).
pub struct TestMethod {
    pub name: String,
    name_range: (usize, usize),
    range: (usize, usize),
    pub body: String,
}

/// Test methods of `code` in order, each with its body as a key, so two methods that differ only in
/// name, comments and layout are the same.
pub fn test_method_bodies(code: &str) -> Vec<TestMethod> {
    let file = crate::java_model::parse_str(std::path::Path::new("T.java"), code);
    let methods = file.classes.into_iter().flat_map(|c| c.methods).filter(|m| m.is_test());
    methods
        .filter_map(|m| {
            let text = code.get(m.byte_range.0..m.byte_range.1)?;
            let at = name_offset(text, &m.name)?;
            let body: String = text[at..]
                .lines()
                .filter(|l| !l.trim_start().starts_with("//")) // a trailing `//` may sit in a literal
                .collect::<String>()
                .split_once('{')
                .map(|(_, b)| without_layout(b))
                .unwrap_or_default();
            let (start, range) = (m.byte_range.0 + at, m.byte_range);
            let name_range = (start, start + m.name.len());
            Some(TestMethod { name: m.name, name_range, range, body })
        })
        .collect()
}

/// Where the method's name stands in its text: the first `name(` after its annotations.
fn name_offset(text: &str, name: &str) -> Option<usize> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    text.match_indices(name).map(|(i, _)| i).find(|&i| {
        let before = text[..i].chars().last();
        let after = text[i + name.len()..].trim_start().chars().next();
        !before.is_some_and(is_ident) && after == Some('(')
    })
}

/// `code` with the methods whose name starts at an offset in `cut` removed (with their line) and
/// the names in `renames` replaced.
fn rewrite(code: &str, methods: &[TestMethod], cut: &[usize], renames: &[((usize, usize), String)]) -> String {
    let mut edits: Vec<(usize, usize, &str)> = Vec::new();
    for m in methods.iter().filter(|m| cut.contains(&m.name_range.0)) {
        let line_start = code[..m.range.0].rfind('\n').map_or(0, |i| i + 1);
        let mut end = if code[m.range.1..].starts_with('\n') { m.range.1 + 1 } else { m.range.1 };
        if code[..line_start].ends_with("\n\n") && code[end..].starts_with('\n') {
            end += 1; // the blank line that separated it goes with it
        }
        edits.push((line_start, end, ""));
    }
    edits.extend(renames.iter().map(|((start, end), name)| (*start, *end, name.as_str())));
    edits.sort_by_key(|e| e.0);
    let (mut out, mut pos) = (String::with_capacity(code.len()), 0);
    for (start, end, with) in edits {
        out.push_str(&code[pos..start.max(pos)]);
        out.push_str(with);
        pos = end.max(pos);
    }
    out.push_str(&code[pos..]);
    out
}

/// Java text without the whitespace outside its string and char literals.
fn without_layout(text: &str) -> String {
    let (mut out, mut quote, mut escaped) = (String::with_capacity(text.len()), None, false);
    for c in text.chars() {
        match quote {
            Some(q) => {
                (escaped, quote) = (c == '\\' && !escaped, if c == q && !escaped { None } else { quote });
            }
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c.is_whitespace() => continue,
            None => {}
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn method(name: &str, mr: &str, call: &str) -> String {
        format!("    @Test\n    void {name}() throws Exception {{\n        // MR: {mr}\n        {call};\n    }}\n\n")
    }

    fn class(methods: &[String]) -> String {
        format!("package p;\n\npublic class T {{\n\n{}    private void helper() {{}}\n}}\n", methods.concat())
    }

    #[test]
    fn a_method_repeating_an_earlier_body_goes_whatever_its_name_and_comment() {
        let code = class(&[
            method("mr1", "decode(encode(x)) equals x", "f(\"a b\")"),
            method("mr2", "encode twice", "f( \"a b\" )"),
            method("mr3", "other", "f(\"ab\")"),
        ]);
        let (fixed, done) = drop_copies(&code).unwrap();
        assert_eq!(done, ["copy of mr1: mr2"]);
        assert_eq!(
            fixed,
            class(&[method("mr1", "decode(encode(x)) equals x", "f(\"a b\")"), method("mr3", "other", "f(\"ab\")")])
        );
    }

    #[test]
    fn a_second_method_of_one_name_is_renamed_not_lost() {
        let code = class(&[method("mr1", "a", "f(1)"), method("mr1", "b", "f(2)"), method("mr1_2", "c", "f(3)")]);
        let (fixed, done) = drop_copies(&code).unwrap();
        assert_eq!(done, ["renamed a second mr1 to mr1_3"]);
        assert_eq!(fixed, code.replacen("void mr1()", "void mr1_3()", 2).replacen("void mr1_3()", "void mr1()", 1));
    }

    #[test]
    fn a_class_without_copies_is_left_alone() {
        let code = class(&[method("mr1", "a", "f(1)"), method("mr2", "a", "f(2)")]);
        assert!(drop_copies(&code).is_none());
        assert!(drop_copies("not java at all {").is_none());
    }

    #[test]
    fn layout_goes_but_the_spaces_of_a_literal_stay() {
        assert_eq!(without_layout("f( \" \" ,\n  '\\'' , \"a\\\" b\" );"), "f(\" \",'\\'',\"a\\\" b\");");
    }

    #[test]
    fn the_methods_an_amplified_class_lost_are_put_back() {
        let before = "class T {\n    @Test\n    void mr1() { f(1); }\n\n    @Test\n    void mr2() { g(1); }\n\n    @Test\n    void mr3() { h(1); }\n}\n";
        let after = "class T {\n    @Test\n    void mr1_input1() { f(1); }\n\n    @Test\n    void mr1_input2() { f(2); }\n\n    @Test\n    void mr3() { h(3); }\n}\n";
        let (restored, names) = restore_lost_methods(after, before).unwrap();
        assert_eq!(names, vec!["mr2".to_string()], "mr1's body and mr3's name are still there");
        assert!(restored.contains("void mr3() { h(3); }\n\n    @Test\n    void mr2() { g(1); }\n}\n"), "{restored}");
        assert!(restore_lost_methods(&restored, before).is_none());
    }
}

#[cfg(test)]
mod changed_relations {
    use super::drop_changed_relations;

    fn method(name: &str, key: &str, expected: &str) -> String {
        format!(
            "    @Test\n    void {name}() {{\n        // MR: size() after put then remove = size() before\n        TreeMap<String, String> subject = new TreeMap<>();\n        String key = \"{key}\";\n        int before = subject.size();\n        subject = subject.put(key, \"v\");\n        subject = subject.remove(key);\n        assertEquals({expected}, subject.size());\n    }}\n"
        )
    }

    fn class(methods: &[String]) -> String {
        format!("class TreeMapTest {{\n{}}}\n", methods.join("\n"))
    }

    #[test]
    fn a_new_method_on_its_relations_input_asserting_something_else_is_left_out() {
        let before = class(&[method("mr1", "a", "before")]);
        let amplified = class(&[
            method("mr1", "a", "before"),
            method("mr1_input2", "b", "before"),
            method("mr1_input3", "a", "before - 1"),
            method("mr10_input1", "a", "before + 1"),
        ]);
        let (fewer, notes) = drop_changed_relations(&amplified, &before).expect("one relation changed");
        assert!(!fewer.contains("mr1_input3") && fewer.contains("mr1_input2"), "{fewer}");
        assert!(fewer.contains("mr10_input1"), "no method of the class before is mr10's relation: {fewer}");
        assert_eq!(notes.len(), 1, "{notes:?}");
        let only_new_inputs = class(&[method("mr1", "a", "before"), method("mr1_input2", "b", "before")]);
        assert!(drop_changed_relations(&only_new_inputs, &before).is_none());
    }

    #[test]
    fn a_new_method_whose_assertion_calls_on_another_value_is_a_new_input() {
        let one = |name: &str, x: &str| {
            format!("    @Test\n    void {name}() {{\n        Key k = Key.fresh();\n        assertEquals({x}, g(f({x}, k), k));\n    }}\n")
        };
        let before = class(&[one("mr1", "\"a\"")]);
        let amplified = class(&[one("mr1", "\"a\""), one("mr1_input1", "\"\""), one("mr1_input2", "\"x\".repeat(3)")]);
        assert!(drop_changed_relations(&amplified, &before).is_none(), "its inputs stand in its assertion");
        let other =
            class(&[one("mr1", "\"a\""), one("mr1_input1", "\"a\"").replace("assertEquals", "assertNotEquals")]);
        assert!(drop_changed_relations(&other, &before).is_some(), "the same input under another assertion");
        let bare =
            |name: &str, x: &str| format!("    @Test\n    void {name}() {{\n        assertEquals({x}, {x});\n    }}\n");
        let before = class(&[bare("mr1", "1")]);
        let amplified = class(&[bare("mr1", "1"), bare("mr1_input1", "2")]);
        assert!(drop_changed_relations(&amplified, &before).is_none(), "no call, no input to hold against it");
    }
}
