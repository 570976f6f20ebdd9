//! An amplified input that changed one side of its relation only. Asked to apply a relation to new
//! inputs, a small model often changes the follow-up call's value and keeps the source call's:
//! Commons CLI's `hasOption("a") == hasShortOption("a")` came back as `hasOption("a") ==
//! hasShortOption("d")`, which compares two different inputs and was reported as a suspected bug.
//! The relation's own method says which values are one input: the literals it writes alike. A copy
//! written as that method with only literals changed, where such a group now holds the method's
//! value in some places and one new value in the others, gets the new value in all of them. A
//! group that came back with several new values is the model's choice and stays as written.

use super::assertion::is_assertion_call;
use tree_sitter::Node;

/// A test method's text with its literals cut out, and the literals in source order.
struct Written {
    /// Tokens outside literals and comments, literals as one placeholder.
    skeleton: String,
    /// Each literal's text and byte range in the class, in source order.
    literals: Vec<Literal>,
}

struct Literal {
    text: String,
    range: (usize, usize),
    /// An argument of an assertion: an expected value the test worked out, no input (`add(3)`
    /// beside `assertEquals(3, size())` are not one input).
    asserted: bool,
}

/// `code` (the amplified class) with the split inputs of its new test methods carried to every
/// place the relation's own method in `before` gives the same value, and one note per method
/// mended; None when none was split.
pub fn carry_split_inputs(code: &str, before: &str) -> Option<(String, Vec<String>)> {
    let old_tree = crate::java_model::parser().parse(before, None)?;
    let new_tree = crate::java_model::parser().parse(code, None)?;
    let references: Vec<(String, Written)> = methods(old_tree.root_node(), before)
        .into_iter()
        .filter_map(|(name, node)| Some((name, written(node, before)?)))
        .collect();
    let mut edits: Vec<((usize, usize), String)> = Vec::new();
    let mut notes = Vec::new();
    for (name, node) in methods(new_tree.root_node(), code) {
        if references.iter().any(|(r, _)| *r == name) {
            continue; // a method the class had before amplification: its values are the relation's
        }
        let Some(copy) = written(node, code) else { continue };
        let Some(reference) = reference_for(&name, &copy, &references) else { continue };
        for Split { old, new, kept } in split_groups(reference, &copy) {
            notes.push(format!(
                "{name}: {old} is one input in {} and the copy changed it to {new} in some places only; \
                 carried to all",
                reference_name(&references, reference)
            ));
            edits.extend(kept.into_iter().map(|r| (r, new.clone())));
        }
    }
    if edits.is_empty() {
        return None;
    }
    edits.sort_by_key(|(r, _)| r.0);
    Some((super::catalogue::edited(code, &edits), notes))
}

/// The named method declarations of the first class under `root`.
pub(super) fn methods<'t>(root: Node<'t>, code: &str) -> Vec<(String, Node<'t>)> {
    let mut bodies = Vec::new();
    super::inputs::collect(root, "class_body", &mut bodies);
    let Some(body) = bodies.first() else { return Vec::new() };
    let mut cursor = body.walk();
    let declarations: Vec<Node<'t>> =
        body.named_children(&mut cursor).filter(|n| n.kind() == "method_declaration").collect();
    declarations
        .into_iter()
        .filter_map(|m| Some((code.get(m.child_by_field_name("name")?.byte_range())?.to_string(), m)))
        .collect()
}

/// The reference a copy was written from: a method of the class before amplification with the same
/// skeleton and as many literals, the one whose name starts the copy's (`mr1` for `mr1_input2`)
/// when there are several.
fn reference_for<'r>(name: &str, copy: &Written, references: &'r [(String, Written)]) -> Option<&'r Written> {
    let same: Vec<&(String, Written)> = references
        .iter()
        .filter(|(_, r)| r.skeleton == copy.skeleton && r.literals.len() == copy.literals.len())
        .collect();
    let named = same.iter().filter(|(r, _)| name.starts_with(r.as_str())).max_by_key(|(r, _)| r.len());
    named.or(same.first()).map(|(_, w)| w)
}

fn reference_name<'r>(references: &'r [(String, Written)], reference: &Written) -> &'r str {
    references.iter().find(|(_, w)| std::ptr::eq(w, reference)).map_or("", |(n, _)| n.as_str())
}

/// A group of literals the reference writes alike that a copy split.
struct Split {
    old: String,
    new: String,
    /// Where the copy still holds the reference's value.
    kept: Vec<(usize, usize)>,
}

/// The groups of literals the reference writes alike (two or more places) that the copy split into
/// the reference's value and exactly one new value.
fn split_groups(reference: &Written, copy: &Written) -> Vec<Split> {
    let mut groups: Vec<(&str, Vec<usize>)> = Vec::new();
    let inputs = reference.literals.iter().enumerate().filter(|(_, l)| !l.asserted);
    for (i, Literal { text: value, .. }) in inputs {
        match groups.iter_mut().find(|(v, _)| v == value) {
            Some((_, at)) => at.push(i),
            None => groups.push((value, vec![i])),
        }
    }
    let mut split = Vec::new();
    for (value, at) in groups.into_iter().filter(|(v, at)| at.len() > 1 && !matches!(*v, "true" | "false")) {
        let (kept, changed): (Vec<usize>, Vec<usize>) = at.iter().partition(|&&i| copy.literals[i].text == value);
        let mut new_values: Vec<&str> = changed.iter().map(|&i| copy.literals[i].text.as_str()).collect();
        new_values.dedup();
        if kept.is_empty() || new_values.len() != 1 {
            continue;
        }
        let kept = kept.iter().map(|&i| copy.literals[i].range).collect();
        split.push(Split { old: value.to_string(), new: new_values[0].to_string(), kept });
    }
    split
}

/// The skeleton and literals of a method's body; None without a body.
fn written(method: Node, code: &str) -> Option<Written> {
    let body = method.child_by_field_name("body")?;
    let mut w = Written { skeleton: String::new(), literals: Vec::new() };
    walk(body, code, &mut w);
    Some(w)
}

fn walk(node: Node, code: &str, w: &mut Written) {
    let text = code.get(node.byte_range()).unwrap_or("");
    if is_literal(node) {
        w.skeleton.push('\u{1}');
        let range = (node.start_byte(), node.end_byte());
        w.literals.push(Literal { text: text.to_string(), range, asserted: in_assertion(node, code) });
        return;
    }
    if matches!(node.kind(), "line_comment" | "block_comment") {
        return;
    }
    if node.child_count() == 0 {
        w.skeleton.push_str(text);
        w.skeleton.push(' ');
        return;
    }
    let mut cursor = node.walk();
    let children: Vec<Node> = node.children(&mut cursor).collect();
    for child in children {
        walk(child, code, w);
    }
}

/// Whether `node` is inside an assertion call (`assertEquals(..)`, `assertThat(..).isEqualTo(..)`).
fn in_assertion(node: Node, code: &str) -> bool {
    let mut at = node.parent();
    while let Some(n) = at {
        if is_assertion_call(n, code, 0) {
            return true;
        }
        at = n.parent();
    }
    false
}

/// A literal a copy may change: texts, characters and numbers (a sign is part of the number).
fn is_literal(node: Node) -> bool {
    let kind = node.kind();
    let plain = kind.ends_with("_literal") && !matches!(kind, "class_literal" | "null_literal");
    plain || matches!(kind, "true" | "false")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(methods: &str) -> String {
        format!("package p;\n\nclass OptionsTest {{\n{methods}\n}}\n")
    }

    const HAS_OPTION: &str = r#"
    @Test
    void mr1() {
        // MR: hasOption and hasShortOption agree on one name
        Options options = new Options();
        options.addOption("a", false, "option a");
        options.addOption("b", false, "option b");
        boolean sourceOutput = options.hasOption("a");
        String followUpInput = "a";
        boolean followUpOutput = options.hasShortOption("a");
        assertEquals(sourceOutput, followUpOutput);
    }"#;

    fn copy_with(source: &str, follow_up: &str, name: &str) -> String {
        HAS_OPTION
            .replace("void mr1()", &format!("void {name}()"))
            .replace("hasOption(\"a\")", &format!("hasOption({source})"))
            .replace("followUpInput = \"a\"", &format!("followUpInput = {follow_up}"))
            .replace("hasShortOption(\"a\")", &format!("hasShortOption({follow_up})"))
    }

    #[test]
    fn a_follow_up_value_changed_alone_is_carried_to_the_source_call() {
        let before = class(HAS_OPTION);
        let amplified = class(&format!("{HAS_OPTION}\n{}", copy_with("\"a\"", "\"d\"", "mr1_input2")));
        let (mended, notes) = carry_split_inputs(&amplified, &before).expect("a split input");
        assert!(mended.contains("options.hasOption(\"d\")"), "{mended}");
        assert!(mended.contains("options.addOption(\"d\", false, \"option a\")"), "{mended}");
        assert!(mended.contains("void mr1() {"), "the relation's own method is left as it was");
        assert!(mended.matches("hasOption(\"a\")").count() == 1, "{mended}");
        assert_eq!(notes.len(), 1);
        assert!(notes[0].starts_with("mr1_input2: \"a\" is one input in mr1"), "{notes:?}");
    }

    /// Qwen2.5-Coder-1.5B's relation over Commons CLI's `Options` and its amplification of it
    /// (unseen-19, 2026-11-29): `mr1_input2` to `_input5` change the follow-up name alone.
    #[test]
    fn the_models_amplified_hasoption_inputs_get_their_name_on_both_sides() {
        let before = include_str!("../../tests/fixtures/replies/qwen-cli-hasoption.java");
        let amplified = include_str!("../../tests/fixtures/replies/qwen-cli-hasoption-amplified.java");
        let (mended, notes) = carry_split_inputs(amplified, before).expect("split inputs");
        assert_eq!(notes.len(), 4, "{notes:?}");
        for name in ["b", "c", "d", "e"] {
            let source = format!("options.hasOption(\"{name}\");");
            let follow_up = format!("options.hasShortOption(\"{name}\");");
            assert!(mended.contains(&source) && mended.contains(&follow_up), "{name}: {mended}");
        }
        assert_eq!(mended.matches("options.hasOption(\"a\")").count(), 1, "mr1_input1 was the relation as written");
    }

    #[test]
    fn a_copy_that_changed_every_place_alike_is_left_alone() {
        let before = class(HAS_OPTION);
        let both = copy_with("\"d\"", "\"d\"", "mr1_input2").replace("addOption(\"a\"", "addOption(\"d\"");
        assert!(carry_split_inputs(&class(&format!("{HAS_OPTION}\n{both}")), &before).is_none());
    }

    #[test]
    fn a_group_given_two_new_values_is_the_models_choice() {
        let before = class(HAS_OPTION);
        let two = copy_with("\"x\"", "\"d\"", "mr1_input2");
        assert!(carry_split_inputs(&class(&format!("{HAS_OPTION}\n{two}")), &before).is_none());
    }

    #[test]
    fn a_copy_with_other_statements_has_no_reference() {
        let before = class(HAS_OPTION);
        let longer = copy_with("\"a\"", "\"d\"", "mr1_input2")
            .replace("boolean sourceOutput", "options.addOption(\"c\", false, \"c\");\n        boolean sourceOutput");
        assert!(carry_split_inputs(&class(&format!("{HAS_OPTION}\n{longer}")), &before).is_none());
    }

    #[test]
    fn an_expected_value_equal_to_an_input_is_no_input() {
        let relation = r#"
    @Test
    void mr1() {
        List<Integer> list = new ArrayList<>();
        list.add(3);
        assertEquals(3, list.get(0) * list.size());
    }"#;
        let copy = relation.replace("mr1()", "mr1_input1()").replace("add(3)", "add(7)");
        assert!(carry_split_inputs(&class(&format!("{relation}\n{copy}")), &class(relation)).is_none());
    }

    #[test]
    fn booleans_written_alike_are_no_input() {
        let relation = r#"
    @Test
    void mr1() {
        Flags f = new Flags(true, true);
        assertEquals(f.first(), f.second());
    }"#;
        let copy = relation.replace("mr1()", "mr1_input1()").replace("(true, true)", "(true, false)");
        assert!(carry_split_inputs(&class(&format!("{relation}\n{copy}")), &class(relation)).is_none());
    }
}
