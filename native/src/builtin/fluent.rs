//! Values of a project type that only a fluent builder makes: Aho-Corasick's `Trie` has a private
//! constructor and no factory returning it, only `Trie.builder()`, a `TrieBuilder` whose
//! `addKeyword(String)` returns the builder and whose `build()` returns the `Trie`. Without these
//! the catalogue had no `Trie` at all, and the receiver repair had none to call an LLM test's
//! `parseText(text)` on (unseen-23: both Aho-Corasick targets lost so).

use super::objects::{find_class, interleave, is_visible, reference};
use super::values::Values;
use crate::java_model::types::erase_simple;
use crate::java_model::{ClassModel, MethodModel};

/// Up to `n` instances of `class` its fluent builders make: each builder given one value through
/// each of its one-parameter methods that return the builder (`Trie.builder().addKeyword("a")
/// .build()`), in turns, and built as it comes. A step that adds to what the builder holds comes
/// before the builder as it comes (an empty builder often makes an empty object, which relates
/// nothing); a step that sets a field of the builder comes after it, as the field's default is
/// the value its author chose to build with (Sqids' `alphabet(..)`: of the catalogue's Strings,
/// the first three are rejected, "Alphabet length must be at least 3"). `depth` bounds how deep
/// the values given it are built.
pub fn fluent_instances<'c>(values: &Values<'c>, class: &'c ClassModel, n: usize, depth: usize) -> Vec<String> {
    let own = reference(values, class);
    let (mut adding, mut plain, mut setting) = (Vec::new(), Vec::new(), Vec::new());
    for (start, builder) in fluent_builders(values, class) {
        let chain = format!("{own}.{}()", start.name);
        for step in builder.methods.iter().filter(|m| returns_the_builder(values, builder, m)) {
            let param = &step.params[0].type_name;
            let args = if depth == 0 { Vec::new() } else { values.typed(&values.declared(param), n + 2, depth - 1) };
            // A blank String is the value a built class is likeliest to reject; two more values
            // asked for make up for it.
            let args = args.into_iter().filter(|a| !is_blank_string(a)).take(n);
            let built: Vec<String> = args.map(|a| format!("{chain}.{}({a}).build()", step.name)).collect();
            if super::setters::assigns_to_a_field(&builder.source, step, &builder.fields) {
                setting.push(built)
            } else {
                adding.push(built)
            }
        }
        plain.push(format!("{chain}.build()"));
    }
    let mut out: Vec<String> = interleave(adding);
    out.extend(plain);
    out.extend(interleave(setting));
    out.truncate(n);
    out
}

/// A String literal of nothing but white space (`""`, `" "`, `"\t"`).
fn is_blank_string(literal: &str) -> bool {
    let Some(text) = literal.strip_prefix('"').and_then(|l| l.strip_suffix('"')) else { return false };
    text.replace("\\t", " ").replace("\\n", " ").replace("\\r", " ").trim().is_empty()
}

/// The class's static methods without parameters that return a builder of it: a project class
/// with a visible `build()` that takes nothing and returns `class`.
fn fluent_builders<'c>(values: &Values<'c>, class: &'c ClassModel) -> Vec<(&'c MethodModel, &'c ClassModel)> {
    let starts = class.methods.iter().filter(|m| {
        !m.is_constructor && m.is_static() && m.params.is_empty() && is_visible(values, class, &m.modifiers)
    });
    starts
        .filter_map(|start| {
            let builder = find_class(values, &erase_simple(start.return_type.as_deref()?))?;
            let builds = builder.methods.iter().any(|m| {
                m.name == "build"
                    && m.params.is_empty()
                    && !m.is_static()
                    && is_visible(values, builder, &m.modifiers)
                    && m.return_type.as_deref().is_some_and(|r| erase_simple(r) == class.name)
            });
            (builds && builder.qualified_name != class.qualified_name).then_some((start, builder))
        })
        .collect()
}

/// A visible instance method of the builder taking one value (not varargs) and returning it.
fn returns_the_builder(values: &Values, builder: &ClassModel, m: &MethodModel) -> bool {
    !m.is_constructor
        && !m.is_static()
        && m.params.len() == 1
        && !m.params[0].type_name.ends_with("...")
        && is_visible(values, builder, &m.modifiers)
        && m.return_type.as_deref().is_some_and(|r| erase_simple(r) == builder.name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::TestIndex;
    use crate::java_model::{parse_str, Project};

    /// Aho-Corasick 0.6.3's `Trie`, its builder's methods as declared (bodies cut).
    const TRIE: &str = "package org.ahocorasick.trie;\npublic class Trie {\n    private Trie(TrieConfig c) {}\n    \
        public boolean containsMatch(CharSequence text) { return false; }\n    \
        public static TrieBuilder builder() { return new TrieBuilder(); }\n    \
        public static class TrieBuilder {\n        private Boolean whole;\n        private TrieBuilder() {}\n        \
        public TrieBuilder ignoreCase() { return this; }\n        \
        public TrieBuilder addKeyword(String keyword) { return this; }\n        \
        public TrieBuilder onlyWholeWords(boolean whole) { this.whole = Boolean.valueOf(whole); return this; }\n        \
        public TrieBuilder addKeywords(String... keywords) { return this; }\n        \
        public Trie build() { return null; }\n    }\n}\n";

    fn instances(src: &str, n: usize) -> Vec<String> {
        let mut project = Project::new(&[]);
        project.files = vec![parse_str(std::path::Path::new("Trie.java"), src)];
        let class = project.classes().find(|c| c.name == "Trie").expect("the fixture's class");
        let values = Values::for_class(class, Some(&project), &TestIndex::load(&[], None));
        fluent_instances(&values, class, n, 2)
    }

    #[test]
    fn a_fluent_builder_is_given_values_and_built() {
        let found = instances(TRIE, 4);
        assert_eq!(found.len(), 4, "{found:?}");
        assert!(
            found.iter().all(|v| v.starts_with("Trie.builder().addKeyword(") && v.ends_with(").build()")),
            "{found:?}"
        );
        let all = instances(TRIE, 100);
        let plain = all.iter().position(|v| v == "Trie.builder().build()");
        assert!(
            plain > all.iter().rposition(|v| v.contains("addKeyword(")),
            "built as it comes after the values: {all:?}"
        );
        assert!(
            !all.iter().any(|v| v.contains("addKeywords") || v.contains("ignoreCase(")),
            "varargs, no value: {all:?}"
        );
    }

    #[test]
    fn a_step_that_sets_a_field_comes_after_the_builder_as_it_comes() {
        let all = instances(TRIE, 100);
        let plain = all.iter().position(|v| v == "Trie.builder().build()").expect("built as it comes");
        let set = all.iter().position(|v| v.contains("onlyWholeWords(")).expect("the setting step given a value");
        let added = all.iter().rposition(|v| v.contains("addKeyword(")).expect("the adding step given a value");
        assert!(added < plain && plain < set, "{all:?}");
    }

    #[test]
    fn a_builder_step_is_given_no_blank_string() {
        let all = instances(TRIE, 100);
        assert!(all.iter().any(|v| v.starts_with("Trie.builder().addKeyword(\"")), "a String given: {all:?}");
        assert!(!all.iter().any(|v| v.contains("addKeyword(\"\")") || v.contains("addKeyword(\" \")")), "{all:?}");
        assert!(is_blank_string("\"\\t \"") && !is_blank_string("\"tn\"") && !is_blank_string("x"));
    }

    #[test]
    fn no_builder_without_a_build_that_returns_the_class() {
        let other = TRIE.replace("public Trie build()", "public Object build()");
        assert!(instances(&other, 5).is_empty());
        let hidden = TRIE.replace("public static TrieBuilder builder()", "private static TrieBuilder builder()");
        assert!(instances(&hidden, 5).is_empty(), "a builder a test cannot reach");
    }
}
