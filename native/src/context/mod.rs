//! The context of a prompt for a pair <target, coupled>: the code of both methods, their coupling
//! features in words, invocation examples from the project's tests, the skeleton of the class. A
//! token budget trims the least useful parts first and says what it trimmed.

mod examples;
mod instance;
mod inverses;
mod random;
mod skeleton;

pub use examples::{invokes, TestIndex};
pub use random::is_nondeterministic;
pub use skeleton::{builders, code_of, signature_line, skeleton};
use skeleton::{builders_elsewhere, returned_api};

use crate::coupling::{CoupledMethod, FeatureGroup};
use crate::java_model::{ClassModel, Project};

#[derive(Debug, Clone)]
pub struct ContextOptions {
    pub examples_per_method: usize,
    /// Leave out tests that already invoke both methods of the pair, so no MR leaks into the prompt.
    pub exclude_relating_tests: bool,
    /// Estimated tokens for the context (about four characters a token).
    pub token_budget: usize,
}

impl Default for ContextOptions {
    fn default() -> Self {
        ContextOptions { examples_per_method: 3, exclude_relating_tests: false, token_budget: 12_000 }
    }
}

#[derive(Debug, Clone, Default)]
pub struct PairContext {
    pub skeleton: String,
    pub target_code: String,
    pub coupled_code: String,
    pub features: String,
    pub examples: String,
    /// What the token budget trimmed, in words, for the log and the report.
    pub trimmed: Vec<String>,
}

impl PairContext {
    pub fn estimated_tokens(&self) -> usize {
        (self.skeleton.len()
            + self.target_code.len()
            + self.coupled_code.len()
            + self.features.len()
            + self.examples.len())
            / 4
    }
}

/// The context for `target` and, unless the paper's baseline runs, one of its coupled methods.
/// `project` holds the classes the pair's parameters may be (how to build them goes with the
/// skeleton).
pub fn pair_context(
    class: &ClassModel,
    target: usize,
    coupled: Option<&CoupledMethod>,
    tests: &TestIndex,
    options: &ContextOptions,
    project: &Project,
) -> PairContext {
    let t = &class.methods[target];
    let c = coupled.map(|c| c.model(class));
    let relates_pair =
        |m: &crate::java_model::MethodModel| c.is_some_and(|c| invokes(m, class, t) && invokes(m, class, c));
    let skip: &dyn Fn(&crate::java_model::MethodModel) -> bool =
        if options.exclude_relating_tests { &relates_pair } else { &|_| false };
    let n = options.examples_per_method;
    let mut per_method: Vec<Vec<String>> = std::iter::once(t)
        .chain(c)
        .map(|m| {
            tests.examples_of(class, m, n, skip).into_iter().map(|e| format!("```java\n{}\n```", e.code)).collect()
        })
        .collect();
    let pair: Vec<&crate::java_model::MethodModel> = std::iter::once(t).chain(c).collect();
    let declared: Vec<(&crate::java_model::MethodModel, &str)> =
        std::iter::once((t, &*class.source)).chain(coupled.map(|c| (c.model(class), c.source(class)))).collect();
    let lookup = |simple: &str| project.classes().find(|k| k.name == simple);
    let builders = builders(class, &pair, &lookup);
    let inverses = inverses::inverses_elsewhere(class, &pair, project.classes());
    let elsewhere = builders_elsewhere(class, project.classes());
    let sample = if elsewhere.is_empty() { instance::sample_instance(class, project, tests) } else { None };
    let subtype = if elsewhere.is_empty() { instance::through_subtype(class, project, tests) } else { None };
    let mut returned = returned_api(class, &pair, &lookup);
    // The class under test's constructors that are not public are left out where other classes
    // build it publicly.
    let with_project_types = |with_private: bool, returned: &str| {
        let mut out = skeleton(class, with_private, elsewhere.is_empty());
        if !elsewhere.is_empty() {
            out.push_str(&format!(
                "\n\n// How to get an instance of the class under test (it has no public constructor or factory of \
                 its own):\n{elsewhere}"
            ));
        }
        if let Some(sample) = &sample {
            out.push_str(&format!("\n\n// One way to build the class under test:\n// {sample}"));
        }
        if let Some(subtype) = &subtype {
            out.push_str(&format!("\n\n{subtype}"));
        }
        if !builders.is_empty() {
            out.push_str(&format!("\n\n// How to build the project's types the paired methods take:\n{builders}"));
        }
        if !inverses.is_empty() {
            out.push_str(&format!(
                "\n\n// What makes an input the paired methods accept: their inverse, in another class:\n{inverses}"
            ));
        }
        if !returned.is_empty() {
            out.push_str(&format!("\n\n// What the project's types the paired methods return offer:\n{returned}"));
        }
        out
    };
    let mut context = PairContext {
        skeleton: with_project_types(true, &returned),
        target_code: code_of(&class.source, t.byte_range),
        coupled_code: coupled.map(|c| code_of(c.source(class), c.model(class).byte_range)).unwrap_or_default(),
        features: with_nondeterminism(
            coupled.map(features_text).unwrap_or_default(),
            &random::nondeterminism_text(class, &declared, project),
        ),
        examples: render_examples(&per_method),
        trimmed: Vec::new(),
    };
    // Least useful first: further examples, the returned types' members, private members, all
    // examples.
    if context.estimated_tokens() > options.token_budget && per_method.iter().any(|e| e.len() > 1) {
        let dropped: usize = per_method.iter().map(|e| e.len().saturating_sub(1)).sum();
        per_method.iter_mut().for_each(|e| e.truncate(1));
        context.examples = render_examples(&per_method);
        context.trimmed.push(format!("{dropped} invocation example(s) beyond the first per method"));
    }
    if context.estimated_tokens() > options.token_budget && !returned.is_empty() {
        returned.clear();
        context.skeleton = with_project_types(true, &returned);
        context.trimmed.push("the members of the project's types the pair returns".into());
    }
    if context.estimated_tokens() > options.token_budget {
        context.skeleton = with_project_types(false, &returned);
        context.trimmed.push("the private members of the skeleton".into());
    }
    if context.estimated_tokens() > options.token_budget && !per_method.iter().all(Vec::is_empty) {
        context.examples = render_examples(&[]);
        context.trimmed.push("every invocation example".into());
    }
    context
}

/// The coupling features and, after them, the pair's methods that are not deterministic.
fn with_nondeterminism(features: String, nondeterminism: &str) -> String {
    match (features.is_empty(), nondeterminism.is_empty()) {
        (_, true) => features,
        (true, false) => nondeterminism.to_string(),
        (false, false) => format!("{features}\n{nondeterminism}"),
    }
}

fn render_examples(per_method: &[Vec<String>]) -> String {
    let all: Vec<&String> = per_method.iter().flatten().collect();
    if all.is_empty() {
        return "(none found in the project's tests)".into();
    }
    all.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n\n")
}

/// The paper's "Coupling features on the paired methods", grouped by intention, behavior, state
/// (and, ranked, usage in the project's tests); an inherited coupled method says where it is from.
pub fn features_text(coupled: &CoupledMethod) -> String {
    let mut out = String::new();
    if let Some(i) = &coupled.inherited {
        out.push_str(&format!(
            "### Declaration:\n* `{}` is inherited from the superclass `{}`: call it on an instance of the class \
             under test.\n",
            i.method.name, i.class
        ));
    }
    for (group, title) in [
        (FeatureGroup::Intention, "Intention"),
        (FeatureGroup::Behavior, "Behavior"),
        (FeatureGroup::State, "State"),
        (FeatureGroup::Usage, "Usage in the project's tests"),
    ] {
        let sentences: Vec<&str> =
            coupled.features.iter().filter(|f| f.group == group).map(|f| f.sentence.as_str()).collect();
        if !sentences.is_empty() {
            out.push_str(&format!("### {title}:\n"));
            for s in sentences {
                out.push_str(&format!("* {s}\n"));
            }
        }
    }
    out.trim_end().to_string()
}
