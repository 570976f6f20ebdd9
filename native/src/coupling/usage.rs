//! Co-usage in the project's own tests (ranked mode): test methods that call both the target and
//! a candidate. Developers who exercise two methods in one test usually relate them; a ranking
//! signal, never a reason on its own. A call counts when its receiver is certainly the class: its
//! name (`Hex.encodeHex(..)`), a variable declared with its type, `new C(..)`, or a static import.

use super::facts::ClassFacts;
use super::features::{Evidence, Feature, FeatureKind, Pair};
use crate::java_model::types::erase_simple;
use crate::java_model::{ClassModel, Invocation, MethodModel, Project, Receiver};
use std::collections::{BTreeSet, HashMap};
use std::path::Path;

/// Which test methods to leave out of the index (the recall benchmark leaves out the tests the
/// human pair came from): the test file and the test method.
pub type TestFilter<'a> = dyn Fn(&Path, &MethodModel) -> bool + Sync + 'a;

/// The project's parsed tests, and what to leave out.
#[derive(Clone, Copy)]
pub struct Tests<'a> {
    pub project: &'a Project,
    pub exclude: Option<&'a TestFilter<'a>>,
}

/// Per member of a class: the test methods that call it.
#[derive(Debug, Default)]
pub struct Usage {
    callers: Vec<BTreeSet<usize>>,
    /// `Base64Test.testRoundTrip`, by test id.
    names: Vec<String>,
}

impl Usage {
    pub fn build(facts: &ClassFacts, tests: Tests) -> Usage {
        let class = facts.class;
        let mut by_name: HashMap<&str, Vec<usize>> = HashMap::new();
        for (i, m) in facts.members.iter().enumerate() {
            let name = if m.method.is_constructor { "<init>" } else { m.method.name.as_str() };
            by_name.entry(name).or_default().push(i);
        }
        let mut usage = Usage { callers: vec![BTreeSet::new(); facts.members.len()], names: Vec::new() };
        let sources: Vec<&str> =
            tests.project.files.iter().map(|f| f.classes.first().map_or("", |c| &c.source)).collect();
        for index in most_mentioning(&sources, &class.name) {
            let file = &tests.project.files[index];
            let static_imports = static_imports(&file.imports, class);
            for test_class in &file.classes {
                for m in test_class.methods.iter().filter(|m| is_test_method(m)) {
                    if tests.exclude.is_some_and(|skip| skip(&file.path, m)) {
                        continue;
                    }
                    let members_called = |certain: bool| -> BTreeSet<usize> {
                        m.invocations
                            .iter()
                            .filter(|inv| match on_class(inv, class, &static_imports) {
                                Some(c) => c == certain,
                                None => false,
                            })
                            .flat_map(|inv| {
                                let arity_ok =
                                    |&i: &usize| inv.arg_count.is_none_or(|n| facts.members[i].method.accepts_arity(n));
                                by_name.get(inv.name.as_str()).into_iter().flatten().copied().filter(arity_ok)
                            })
                            .collect()
                    };
                    let mut called = members_called(true);
                    // A test that certainly exercises the class: its calls on receivers of unknown
                    // type (`C.of(x).contains(y)`, `var v = ...`) are on the class too, by name.
                    if !called.is_empty() {
                        called.extend(members_called(false));
                    }
                    if called.is_empty() {
                        continue;
                    }
                    let id = usage.names.len();
                    usage.names.push(format!("{}.{}", test_class.name, m.name));
                    for i in called {
                        usage.callers[i].insert(id);
                    }
                }
            }
        }
        usage
    }

    /// Test methods that call member `i`.
    pub fn count(&self, i: usize) -> usize {
        self.callers.get(i).map_or(0, BTreeSet::len)
    }

    /// Names of the test methods that call both members.
    pub fn together(&self, a: usize, b: usize) -> Vec<&str> {
        let (Some(x), Some(y)) = (self.callers.get(a), self.callers.get(b)) else { return Vec::new() };
        x.intersection(y).map(|&id| self.names[id].as_str()).collect()
    }
}

/// Co-usage reads at most this many test files per class: those that name the class most often.
/// Enough for the tests of a class (its own test file and the few that use it a lot) while a
/// class that half the tests mention (Guava's `ImmutableList`) stays fast to analyse.
pub const MAX_TEST_FILES: usize = 8;

/// The indexes of the (at most `MAX_TEST_FILES`) sources that mention `name` most often, most
/// first; ties keep the sources' order.
pub fn most_mentioning(sources: &[&str], name: &str) -> Vec<usize> {
    let mut counted: Vec<(usize, usize)> =
        sources.iter().enumerate().map(|(i, s)| (i, mentions(s, name))).filter(|(_, n)| *n > 0).collect();
    counted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    counted.into_iter().take(MAX_TEST_FILES).map(|(i, _)| i).collect()
}

/// How often `name` occurs in `source` as a whole word (`List` is not in `ImmutableList`).
pub fn mentions(source: &str, name: &str) -> usize {
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    source
        .match_indices(name)
        .filter(|(at, _)| {
            let before = source[..*at].chars().next_back();
            let after = source[at + name.len()..].chars().next();
            !before.is_some_and(word) && !after.is_some_and(word)
        })
        .count()
}

/// A JUnit 4/5 test, or JUnit 3's `public void testX()` (Guava's tests are written so).
pub fn is_test_method(m: &MethodModel) -> bool {
    m.is_test()
        || (m.name.starts_with("test")
            && m.params.is_empty()
            && m.modifiers.iter().any(|x| x == "public")
            && !m.is_static()
            && m.return_type.as_deref() == Some("void"))
}

/// Members of `class` a test file imports statically: names, or `*` for all.
fn static_imports(imports: &[String], class: &ClassModel) -> Vec<String> {
    let prefix = format!("static {}.", class.qualified_name);
    imports.iter().filter_map(|i| i.strip_prefix(&prefix)).map(str::to_string).collect()
}

/// Whether a call is on the class: certainly (Some(true)), perhaps (Some(false): a receiver whose
/// type the source does not state), or not.
fn on_class(inv: &Invocation, class: &ClassModel, static_imports: &[String]) -> Option<bool> {
    let certain = match &inv.receiver {
        Receiver::Type { name } => name == &class.name || name == &class.qualified_name,
        Receiver::Variable { declared_type: Some(t), .. } => erase_simple(t) == class.name,
        Receiver::New { type_name } => inv.name == "<init>" && erase_simple(type_name) == class.name,
        Receiver::Implicit => static_imports.iter().any(|s| s == "*" || *s == inv.name),
        Receiver::Variable { declared_type: None, .. } | Receiver::Expression => return Some(false),
        _ => false,
    };
    certain.then_some(true)
}

/// Test methods named in the evidence and the sentence.
const NAMED_TESTS: usize = 3;

/// The feature, with the sentence the prompt shows. Its strength is the share of the tests that
/// call the target which also call the candidate.
pub(super) fn feature(pair: &Pair, usage: &Usage) -> Option<Feature> {
    let together = usage.together(pair.target, pair.coupled);
    if together.is_empty() {
        return None;
    }
    let (t, c) = (pair.t(), pair.c());
    let n = together.len();
    let named: Vec<String> = together.iter().take(NAMED_TESTS).map(|s| s.to_string()).collect();
    let sentence = format!(
        "the project's tests call `{}` and `{}` together in {n} test method{} (e.g. {}): developers already relate them.",
        t.name,
        c.name,
        if n == 1 { "" } else { "s" },
        super::features::ticked(&named)
    );
    let strength = n as f64 / usage.count(pair.target).max(1) as f64;
    let evidence = Evidence { tests: named, test_count: Some(n), ..Evidence::default() };
    Some(pair.feature(FeatureKind::CoUsage, evidence, sentence, strength.min(1.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mentions_count_whole_words_only() {
        assert_eq!(mentions("List a = new ImmutableList(); List.of(); MyList x;", "List"), 2);
        assert_eq!(mentions("Codec c; Codec.x(); codec", "Codec"), 2);
        assert_eq!(mentions("", "Codec"), 0);
    }

    #[test]
    fn the_files_that_mention_a_class_most_come_first_and_are_capped() {
        let mut sources = vec!["Codec", "Codec Codec Codec", "nothing", "Codec Codec"];
        assert_eq!(most_mentioning(&sources, "Codec"), [1, 3, 0]);
        sources = vec!["Codec"; MAX_TEST_FILES + 5];
        assert_eq!(most_mentioning(&sources, "Codec"), (0..MAX_TEST_FILES).collect::<Vec<_>>());
    }

    #[test]
    fn junit3_names_count_as_tests_only_when_public_void_and_without_parameters() {
        let file = crate::java_model::parse_str(
            std::path::Path::new("T.java"),
            "class T { public void testA() {} void testB() {} public void testC(int x) {} public int testD() { return 0; } \
             @org.junit.Test public void other() {} public void helper() {} }",
        );
        let tests: Vec<&str> =
            file.classes[0].methods.iter().filter(|m| is_test_method(m)).map(|m| m.name.as_str()).collect();
        assert_eq!(tests, ["testA", "other"]);
    }
}
