//! A candidate MTC: one conversation with the LLM about one pair (or, in the baseline, one target),
//! and everything that happened to the test class it produced.

use crate::llm::Message;
use crate::mtc::MethodShape;
use crate::protocol::{CompileDiagnostic, TestResult};
use crate::targets::TargetRef;
use serde::Serialize;

/// Why a candidate was dropped, or that it was kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "status", content = "detail")]
pub enum Status {
    Pending,
    /// The reply had no Java class in it.
    NoCode,
    /// The LLM could not be asked (budget, service errors); the message says why.
    LlmFailed(String),
    DidNotCompile,
    NotAnMtc,
    /// Every MTC method fails on the original code: a false alarm, or a real bug.
    FailsOnOriginal,
    CrashedOrTimedOut,
    /// p <= p' (and not both 100%): the relation does not tell the original from its mutants.
    FilteredByMutation,
    /// LLM-written code that reaches outside the sandbox; not run (the screen names the API).
    Unsafe(String),
    /// The same MTC as another candidate (names it), up to comments, layout and class name.
    Duplicate(String),
    Kept,
}

impl Status {
    /// Its name in report.json (`kept`, `llmFailed`): serde's, so the two never differ.
    pub fn name(&self) -> String {
        let value = serde_json::to_value(self).unwrap_or_default();
        value["status"].as_str().unwrap_or_default().to_string()
    }

    /// Why, for the statuses that carry a message.
    pub fn detail(&self) -> Option<&str> {
        match self {
            Status::LlmFailed(why) | Status::Unsafe(why) | Status::Duplicate(why) => Some(why),
            _ => None,
        }
    }
}

/// What a refinement round tells the LLM: the problem, the compiler's or the run's feedback, and
/// that feedback as the LLM cache keys it when it shows the run's data (a failure message with a
/// random key's cipher text differs every run; the failing methods and how they failed do not).
#[derive(Debug, Clone, Default)]
pub struct Refinement {
    pub problem: String,
    pub feedback: String,
    pub keyed_feedback: Option<String>,
}

/// Where a candidate is in the pipeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Compile and run on the original, then refine or repair if needed.
    Trial,
    Amplify,
    Validate,
    Decided,
}

/// The new inputs of an amplification: how many the prompt asked for (per relation × relations),
/// how many each relation ended with (compiled, after the repairs), whether the LLM was asked
/// once more for the missing ones, and those the built-in catalogue added after that.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AmplifiedInputs {
    pub requested: usize,
    /// Relation (its MTC method in the unamplified class) -> its new inputs that compiled.
    pub per_relation: std::collections::BTreeMap<String, usize>,
    pub reasked: bool,
    /// Relation -> inputs the built-in catalogue added where the LLM gave too few (compiled).
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub from_catalogue: std::collections::BTreeMap<String, usize>,
}

/// A relation whose re-ask is for new values of its source input: MR-Coupler writes the test
/// methods, copies of `method` with the source literal replaced.
#[derive(Debug, Clone)]
pub struct ValueRequest {
    pub relation: String,
    pub method: String,
    pub missing: usize,
    /// The source input's declared type and its literal now, as the prompt shows them.
    pub type_name: String,
    pub literal: String,
    /// Where the source input is a project object built from one literal (`new Expression("1+2")`):
    /// that literal is what is asked for, and each value listed is built the same way.
    pub built_from: Option<BuiltFrom>,
}

/// The literal a source input is built from, and the text around it in the input.
#[derive(Debug, Clone)]
pub struct BuiltFrom {
    pub type_name: &'static str,
    pub literal: String,
    pub before: String,
    pub after: String,
}

impl ValueRequest {
    /// The literal the LLM is asked to vary, and its type.
    pub fn asked(&self) -> (&str, &str) {
        match &self.built_from {
            Some(b) => (b.type_name, &b.literal),
            None => (&self.type_name, &self.literal),
        }
    }

    /// A listed value as the source input it stands for: built as the input was, unless the LLM
    /// wrote it built already.
    pub fn source_input(&self, value: &str) -> String {
        match &self.built_from {
            Some(b) if !value.starts_with(b.before.as_str()) => format!("{}{value}{}", b.before, b.after),
            _ => value.to_string(),
        }
    }
}

impl AmplifiedInputs {
    pub fn survived(&self) -> usize {
        self.per_relation.values().sum()
    }
}

#[derive(Debug, Clone)]
pub struct Candidate {
    pub id: usize,
    pub target: TargetRef,
    /// Index of the coupled method in the class; None in the baseline (no coupling analysis).
    pub coupled: Option<usize>,
    pub repetition: u32,
    /// The built-in template that wrote it, and its relation in words (no LLM involved).
    pub template: Option<&'static str>,
    pub relation: Option<String>,
    pub conversation: Vec<Message>,
    /// Simple and qualified name of the generated test class.
    pub class_name: String,
    pub qualified_name: String,
    pub code: Option<String>,
    /// The class before amplification, to fall back to when the amplified one does not compile.
    pub unamplified: Option<String>,
    pub stage: Stage,
    pub status: Status,
    pub refined: bool,
    /// LLM refinement rounds spent, and the errors the last one was asked to fix.
    pub refinements: u32,
    pub last_feedback: Option<String>,
    /// Test methods dropped because they did not compile (the rest of the class lived).
    pub pruned: Vec<String>,
    /// (problem, feedback) to send back to the LLM before the next trial.
    pub needs_refinement: Option<Refinement>,
    pub import_repaired: bool,
    /// Whether the first reply compiled as written (None until its first trial).
    pub first_reply_compiled: Option<bool>,
    /// Whether the class compiled at some trial (after the repairs).
    pub compiled: bool,
    /// The unit a reply cut off at the token limit kept repeating (`mtc::collapse_runaway`), for
    /// the next refinement to name.
    pub runaway: Option<String>,
    /// The last version that compiled at a trial: what a refinement that broke it falls back to.
    pub last_compiled: Option<String>,
    /// A static repair of the last trial waits for the next compile to say whether it worked.
    pub static_repair_pending: bool,
    /// Hashes of the classes the static repairs wrote: a repair that writes one again would go
    /// round in a loop of compiles (two repairs undoing each other), so it is not made.
    pub statically_repaired: std::collections::HashSet<u64>,
    /// LLM refinement rounds saved: static repairs after which the class compiled.
    pub rounds_saved: u32,
    pub amplified: bool,
    /// The amplification's inputs: asked for, and those each relation ended with.
    pub inputs: Option<AmplifiedInputs>,
    /// The message asking once more for the inputs that did not survive, before it is sent.
    pub needs_reask: Option<String>,
    /// The amplified class that compiled before the re-ask, to fall back to.
    pub amplified_before_reask: Option<String>,
    /// The re-ask asks for new source-input values only, for these relations (empty: for whole
    /// test methods).
    pub reask_values: Vec<ValueRequest>,
    /// The catalogue was asked for the inputs the LLM did not give (once per candidate).
    pub catalogue_tried: bool,
    /// String/byte[] conversions made to the last reply's class so far (a few at most: each must
    /// get the class further).
    pub coercions: u32,
    /// The class as the model's last reply wrote it (normalised): where the static repairs have
    /// changed it since, the next refinement shows the class as it stands.
    pub replied_code: Option<String>,
    pub diagnostics: Vec<CompileDiagnostic>,
    pub shapes: Vec<MethodShape>,
    pub original: Vec<TestResult>,
    /// (mutant id, results) per mutant run.
    pub mutant_runs: Vec<(u32, Vec<TestResult>)>,
    pub p: Option<f64>,
    pub p_mutants: Option<f64>,
    /// The highest pass rate on a single mutant.
    pub p_best_mutant: Option<f64>,
    /// MTC methods that pass on the original: what a kept class keeps.
    pub kept_methods: Vec<String>,
    /// Targets of the same class whose own candidate was this same MTC (dropped as its
    /// duplicate), with the fingerprint of the code they shared: validation runs their mutants
    /// too, so that, kept, it stands for them as well (`stands_for`).
    pub twins: Vec<(usize, String)>,
    pub notes: Vec<String>,
}

impl Candidate {
    pub fn file_path(&self) -> String {
        format!("{}.java", self.qualified_name.replace('.', "/"))
    }

    pub fn drop(&mut self, status: Status) {
        self.status = status;
        self.stage = Stage::Decided;
    }

    /// The method name of a test result: `MTC_input1()` or `MTC(int)[3]` -> `MTC_input1`, `MTC`.
    pub fn method_of(result_name: &str) -> &str {
        result_name.split(['(', '[']).next().unwrap_or(result_name)
    }

    /// The coupled method of its pair, which may be inherited from a project superclass (its index
    /// is then past the class's own methods): look it up through the target's analysis.
    pub fn coupled_method<'a>(
        &self,
        class: &'a crate::java_model::ClassModel,
        analysis: &'a crate::coupling::CouplingAnalysis,
    ) -> Option<&'a crate::java_model::MethodModel> {
        let m = self.coupled?;
        analysis.coupled.iter().find(|c| c.method == m).map(|c| c.model(class)).or_else(|| class.methods.get(m))
    }

    /// Another target's candidate was this same MTC: when both are of one class and this one's
    /// validation is still ahead, it runs that target's mutants too (a relation attached to both
    /// its methods, or a pair written once from each side).
    pub fn add_twin(&mut self, other: TargetRef, fingerprint: String) {
        let same_class = (other.file, other.class) == (self.target.file, self.target.class);
        let ahead =
            matches!(self.stage, Stage::Trial | Stage::Amplify | Stage::Validate) && self.mutant_runs.is_empty();
        let known = self.twins.iter().any(|(m, _)| *m == other.method);
        if same_class && ahead && other.method != self.target.method && !known {
            self.twins.push((other.method, fingerprint));
        }
    }

    /// The pipeline itself gave the MTC more inputs (the built-in generator's boundary inputs):
    /// the same relations, so the twins it stands for follow the new code. A rewrite by the LLM
    /// does not come through here and leaves them behind (`stands_for`).
    pub fn add_inputs(&mut self, code: String) {
        let now = crate::mtc::fingerprint(&code);
        self.twins.iter_mut().for_each(|(_, f)| *f = now.clone());
        self.code = Some(code);
    }

    /// The twins this candidate still stands for: a refinement that rewrote its code (the LLM
    /// path) makes it another MTC than the one their candidates were.
    pub fn stands_for(&self) -> Vec<usize> {
        let Some(code) = self.code.as_deref().or(self.unamplified.as_deref()) else { return Vec::new() };
        let now = crate::mtc::fingerprint(self.unamplified.as_deref().unwrap_or(code));
        self.twins.iter().filter(|(_, f)| *f == now).map(|(m, _)| *m).collect()
    }

    /// Records `code` as a static repair's class; false when a repair wrote it before.
    pub(super) fn first_repair_to(&mut self, code: &str) -> bool {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        code.hash(&mut hasher);
        self.statically_repaired.insert(hasher.finish())
    }

    pub fn is_mtc_method(&self, method: &str) -> bool {
        self.shapes.iter().any(|s| s.name == method && s.is_mtc())
    }
}

impl Candidate {
    pub fn new(
        id: usize,
        target: TargetRef,
        coupled: Option<usize>,
        repetition: u32,
        conversation: Vec<Message>,
        class_name: String,
        qualified_name: String,
    ) -> Self {
        Candidate {
            id,
            target,
            coupled,
            repetition,
            template: None,
            relation: None,
            conversation,
            class_name,
            qualified_name,
            code: None,
            unamplified: None,
            last_compiled: None,
            runaway: None,
            stage: Stage::Trial,
            status: Status::Pending,
            refined: false,
            refinements: 0,
            last_feedback: None,
            pruned: Vec::new(),
            needs_refinement: None,
            import_repaired: false,
            first_reply_compiled: None,
            compiled: false,
            static_repair_pending: false,
            statically_repaired: Default::default(),
            rounds_saved: 0,
            amplified: false,
            inputs: None,
            needs_reask: None,
            amplified_before_reask: None,
            reask_values: Vec::new(),
            catalogue_tried: false,
            coercions: 0,
            replied_code: None,
            diagnostics: Vec::new(),
            shapes: Vec::new(),
            original: Vec::new(),
            mutant_runs: Vec::new(),
            p: None,
            p_mutants: None,
            p_best_mutant: None,
            kept_methods: Vec::new(),
            twins: Vec::new(),
            notes: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Candidate, Status, TargetRef};

    #[test]
    fn a_class_a_static_repair_wrote_before_is_not_written_again() {
        let target = TargetRef { file: 0, class: 0, method: 0 };
        let mut c = Candidate::new(0, target, None, 0, Vec::new(), "T".into(), "p.T".into());
        assert!(c.first_repair_to("class T { int a; }"));
        assert!(c.first_repair_to("class T { int b; }"));
        assert!(!c.first_repair_to("class T { int a; }"), "back to a class repaired before: a loop");
    }

    #[test]
    fn a_status_is_named_by_its_serde_name_with_its_detail_beside_it() {
        assert_eq!(Status::FilteredByMutation.name(), "filteredByMutation");
        assert_eq!(Status::CrashedOrTimedOut.name(), "crashedOrTimedOut");
        let failed = Status::LlmFailed("no budget".into());
        assert_eq!(failed.name(), "llmFailed");
        assert_eq!(
            serde_json::to_value(&failed).unwrap(),
            serde_json::json!({"status": "llmFailed", "detail": "no budget"})
        );
        assert_eq!(serde_json::to_value(Status::Kept).unwrap(), serde_json::json!({"status": "kept"}));
    }

    #[test]
    fn a_candidate_stands_for_its_twins_only_while_it_is_the_mtc_they_shared() {
        let target = |method| TargetRef { file: 0, class: 0, method };
        let mut c = Candidate::new(0, target(1), None, 1, Vec::new(), "T".into(), "p.T".into());
        let code = "class T { @Test void mr1() { assertEquals(A.f(A.g(1)), 1); } }";
        c.code = Some(code.into());
        c.add_twin(target(2), crate::mtc::fingerprint(code));
        c.add_twin(target(1), crate::mtc::fingerprint(code));
        c.add_twin(TargetRef { class: 1, ..target(3) }, crate::mtc::fingerprint(code));
        assert_eq!(c.stands_for(), [2], "not itself, not another class's target");
        let varied = "class T { @Test void mr1() { assertEquals(A.f(A.g(1)), 1); } @Test void mr1_boundary1() { \
                      assertEquals(A.f(A.g(0)), 0); } }";
        c.add_inputs(varied.into());
        assert_eq!(c.stands_for(), [2], "the pipeline's own inputs leave it the same relation");
        c.code = Some("class T { @Test void mr1() { assertEquals(A.f(1), A.f(1)); } }".into());
        assert!(c.stands_for().is_empty(), "a refinement rewrote it");
        c.mutant_runs.push((1, Vec::new()));
        c.add_twin(target(4), crate::mtc::fingerprint(code));
        assert!(c.twins.iter().all(|(m, _)| *m != 4), "its validation ran already");
    }
}
