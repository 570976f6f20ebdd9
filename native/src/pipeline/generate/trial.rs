//! The trial, a candidate's first run: compile it and run it on the original code; what fails goes to
//! refinement, what is no MTC is dropped, the rest goes on to amplification or validation.

use super::candidate::{Candidate, Refinement, Stage, Status};
use super::decide::{decide, relation_key};
use super::refine::{run_feedback, run_outline};
use super::GenerateRun;
use crate::protocol::{Batch, Results, Run, SourceText, TestResult, TestStatus};

impl GenerateRun {
    /// Before code runs: an LLM-written test that reaches outside the sandbox (processes, files,
    /// network, exit, reflection the class under test does not use) is not run, unless the user
    /// allows it; a candidate that is the same MTC as an earlier one is not run twice.
    pub(super) fn screen_all(&mut self) {
        let allow = self.settings.allow_unsafe_tests;
        let mut seen: Vec<(String, usize)> = Vec::new();
        for i in 0..self.candidates.len() {
            let c = &self.candidates[i];
            let Some(code) = c.code.as_deref() else { continue };
            if matches!(c.stage, Stage::Decided) && c.status != Status::Kept {
                continue;
            }
            let running = matches!(c.stage, Stage::Trial | Stage::Validate);
            let cut = &c.target.class(&self.project).source;
            let unsafe_use = (running && c.template.is_none()).then(|| crate::mtc::screen(code, cut)).flatten();
            let fingerprint = crate::mtc::fingerprint(code);
            let twin = seen.iter().find(|(f, _)| *f == fingerprint).map(|&(_, first)| first);
            let c = &mut self.candidates[i];
            match (unsafe_use, twin) {
                (Some(why), _) if !allow => c.drop(Status::Unsafe(format!("{why}; set allowUnsafeTests to run it"))),
                (Some(why), _) => {
                    let note = format!("run although the screen stopped it (allowUnsafeTests): {why}");
                    if !c.notes.contains(&note) {
                        c.notes.push(note);
                    }
                }
                (None, Some(first)) if c.stage == Stage::Trial => {
                    let target = c.target;
                    let name = self.candidates[first].qualified_name.clone();
                    self.candidates[i].drop(Status::Duplicate(name));
                    self.candidates[first].add_twin(target, fingerprint);
                }
                _ => seen.push((fingerprint, i)),
            }
        }
    }

    /// Whether the LLM wrote candidate `i` and can so be asked to refine or amplify it (with
    /// `provider` `both`, the templates' candidates run beside the LLM's and are never sent to it).
    pub(super) fn llm_writes(&self, i: usize) -> bool {
        self.llm.is_some() && self.candidates[i].template.is_none()
    }

    /// Compile every candidate at the trial stage and run it on the original code.
    pub(super) fn trial_batch(&self) -> Option<(Batch, Vec<usize>)> {
        let ids: Vec<usize> =
            self.candidates.iter().filter(|c| c.stage == Stage::Trial && c.code.is_some()).map(|c| c.id).collect();
        if ids.is_empty() {
            return None;
        }
        let sources = ids.iter().map(|&i| self.source(&self.candidates[i])).collect();
        let runs =
            ids.iter().map(|&i| Run { test_class: self.candidates[i].qualified_name.clone(), mutant: 0 }).collect();
        Some((Batch { sources, runs, ..Batch::default() }, ids))
    }

    pub(super) fn source(&self, c: &Candidate) -> SourceText {
        SourceText { path: c.file_path(), content: c.code.clone().unwrap_or_default() }
    }

    pub(super) fn take_trial(&mut self, i: usize, results: &Results) {
        let path = self.candidates[i].file_path();
        let Some(compilation) = results.compilation_of(&path) else {
            self.candidates[i].notes.push("the executor did not report compiling it".into());
            return self.candidates[i].drop(Status::DidNotCompile);
        };
        let c = &mut self.candidates[i];
        c.first_reply_compiled.get_or_insert(compilation.success);
        let repaired = std::mem::take(&mut c.static_repair_pending);
        if !compilation.success {
            return self.compile_failed(i, &compilation.diagnostics);
        }
        // A static repair that made the class compile spared the LLM round it would have cost.
        (c.compiled, c.rounds_saved) = (true, c.rounds_saved + u32::from(repaired));
        c.last_compiled = c.code.clone();
        let qualified = self.candidates[i].qualified_name.clone();
        let tests = results.runs.iter().find(|r| r.test_class == qualified && r.mutant == 0).map(|r| r.tests.clone());
        let tests = tests.unwrap_or_default();
        let broken = tests.iter().all(|t| t.status.is_broken());
        let (rounds, can_refine) = (self.settings.refinement_rounds, self.llm_writes(i));
        let shapes = self.shapes_of(i);
        let compared = self.rewrite_after_run(i, &tests);
        let class_name = self.candidates[i].target.class(&self.project).name.clone();
        let c = &mut self.candidates[i];
        c.shapes = shapes;
        let unloadable = unloadable_class(&tests, &c.qualified_name);
        if let Some(why) = &unloadable {
            let refined = if can_refine { "; not refined, as no reply can mend it" } else { "" };
            c.notes.push(format!(
                "a class could not be loaded in the worker ({why}): add the resources and dependencies it needs to \
                 the test class path{refined}"
            ));
        }
        if let Some((code, note)) = compared.filter(|_| unloadable.is_none()) {
            c.code = Some(code);
            c.notes.push(note);
            return; // run again at the next trial, comparing values
        }
        if c.template.is_none() && unloadable.is_none() {
            if let Some(note) = split_failed_methods(c, &tests) {
                c.notes.push(note);
                return; // run again at the next trial, each assertion on its own
            }
        }
        if can_refine && unloadable.is_none() {
            let problem = run_problem(c, &tests, broken).or_else(|| shape_problem(c, &class_name));
            if let Some((asked, key)) = problem {
                if c.wants_refinement(rounds, &key) {
                    c.needs_refinement = Some(asked);
                    return;
                }
            }
        }
        c.original = tests;
        if !c.shapes.iter().any(|s| s.is_mtc()) {
            c.drop(Status::NotAnMtc);
        } else if broken {
            decide(c, false); // refined and still not running: fails on the original
            self.rescue_rejected_inputs(i);
        } else {
            // A template's MTC comes with its inputs: only the LLM's is amplified.
            c.stage = if self.settings.amplification && can_refine { Stage::Amplify } else { Stage::Validate };
            if c.template.is_some() {
                add_boundary_inputs(c);
            }
        }
    }
}

impl GenerateRun {
    /// Candidate `i`'s code rewritten for what its run showed, and the note for the report: values
    /// compared by identity or as texts of another type compared as they mean
    /// (`compare_identity_values`), else a value built, never read and throwing, dropped
    /// (`mtc::drop_unread_locals`); None when the run calls for neither, or a template wrote the
    /// candidate. Used at the trial and again at validation, whose catalogue copies may fail so
    /// for the first time.
    pub(super) fn rewrite_after_run(&self, i: usize, tests: &[TestResult]) -> Option<(String, String)> {
        self.compare_identity_values(i, tests).or_else(|| self.drop_unread_failing_locals(i, tests))
    }

    /// Candidate `i`'s code without the locals it never reads whose building threw.
    fn drop_unread_failing_locals(&self, i: usize, tests: &[TestResult]) -> Option<(String, String)> {
        let c = &self.candidates[i];
        if c.template.is_some() {
            return None;
        }
        let test_line =
            |t: &TestResult| t.frames.iter().find_map(|f| super::failing_step::test_line(f, &c.qualified_name));
        let lines: Vec<usize> =
            tests.iter().filter(|t| t.status == TestStatus::Errored).filter_map(test_line).collect();
        let (code, names) = crate::mtc::drop_unread_locals(c.code.as_deref()?, &lines)?;
        let note = format!("dropped what the test built and never read where building it threw: {}", names.join(", "));
        Some((code, note))
    }

    /// Candidate `i`'s code with each failed `assertEquals` of two objects whose project class keeps
    /// `Object`'s `equals` (JUnit printed both as `Class@hash`) comparing their values instead
    /// (`mtc::identity`), and of two arrays (`[B@hash`) comparing their elements
    /// (`mtc::array_identity`), and of a `String` against an object printing alike comparing their
    /// texts (`mtc::text_alike`), and of a `String` local against a local of another type
    /// comparing stages of one type (`mtc::mixed_stages`), and the note for the report; None when
    /// no assertion is such, or when a template wrote the candidate (its assertions compare what
    /// the template chose to compare).
    fn compare_identity_values(&self, i: usize, tests: &[TestResult]) -> Option<(String, String)> {
        let c = &self.candidates[i];
        if c.template.is_some() {
            return None;
        }
        let mut code = c.code.clone()?;
        let (mut compared, mut restaged, mut arrays) = (Vec::new(), Vec::new(), false);
        for t in tests.iter().filter(|t| t.status == TestStatus::Failed) {
            let line = t.frames.iter().find_map(|f| super::failing_step::test_line(f, &c.qualified_name));
            let message = t.message.as_deref().unwrap_or_default();
            if crate::mtc::array_identity_failure(message) {
                let Some(rewritten) = line.and_then(|l| crate::mtc::compare_elements(&code, l)) else { continue };
                (code, arrays) = (rewritten, true);
                compared.push(format!("{} (arrays, by their elements)", Candidate::method_of(&t.name)));
                continue;
            }
            let relations = super::decide::Relations::of(c);
            let relation = relations.owner(Candidate::method_of(&t.name));
            let same_relation = |m: &str| c.is_mtc_method(m) && relations.owner(m) == relation;
            if let Some((expected, actual)) = crate::mtc::text_alike_failure(message) {
                let rewritten =
                    line.and_then(|l| crate::mtc::compare_texts(&code, l, self.settings.junit, &same_relation));
                let Some(rewritten) = rewritten else { continue };
                code = rewritten;
                let simple = |c: &str| c.rsplit(['.', '$']).next().unwrap_or(c).to_string();
                let (e, a) = (simple(&expected), simple(&actual));
                compared.push(format!("{} (by text: a {e} and a {a} printing alike)", Candidate::method_of(&t.name)));
                continue;
            }
            let junit = self.settings.junit;
            if let Some((rewritten, stages)) =
                line.and_then(|l| crate::mtc::compare_same_stages(&code, l, junit, &same_relation))
            {
                code = rewritten;
                restaged.push(format!("{} ({stages})", Candidate::method_of(&t.name)));
                continue;
            }
            let Some(binary) = crate::mtc::identity_failure(message) else { continue };
            let Some((class, values)) = self.value_class(&binary) else { continue };
            let Some(rewritten) = line.and_then(|l| crate::mtc::compare_values(&code, l, &class, &values)) else {
                continue;
            };
            code = rewritten;
            let values: Vec<String> = values.iter().map(|v| v.to_string()).collect();
            compared.push(format!("{} ({})", Candidate::method_of(&t.name), values.join(", ")));
        }
        if arrays {
            code = crate::mtc::import_array_equals(&code);
        }
        let mut notes = Vec::new();
        if !compared.is_empty() {
            notes.push(format!(
                "compared by value what assertEquals compared by identity (a class keeping Object's equals, arrays, or a text \
                 against an object of another class): {}",
                compared.join("; ")
            ));
        }
        if !restaged.is_empty() {
            notes.push(format!(
                "compared stages of one type where assertEquals compared a String with a value of another type, never \
                 equal: {}",
                restaged.join("; ")
            ));
        }
        (!notes.is_empty()).then(|| {
            let note = notes.join("; ");
            (code, note)
        })
    }

    /// The project class of binary name `binary` (`p.Outer$Inner`), qualified, with the values an
    /// equality of two of its objects compares (`mtc::compared_values`).
    fn value_class(&self, binary: &str) -> Option<(String, Vec<crate::mtc::ComparedValue>)> {
        let qualified = binary.replace('$', ".");
        let files = self.project.files_for_class(&qualified);
        let file = files
            .iter()
            .map(|f| crate::java_model::parse_file(f))
            .find(|f| f.classes.iter().any(|c| c.binary_name == binary))?;
        let class = file.classes.iter().find(|c| c.binary_name == binary)?;
        Some((class.qualified_name.clone(), crate::mtc::compared_values(class)?))
    }
}

/// The error and its cause when a test failed because a class could not be loaded
/// (`triage::cannot_load`): the worker's class path, not the test, is what to mend.
fn unloadable_class(tests: &[TestResult], test_class: &str) -> Option<String> {
    let t = tests.iter().find(|t| super::triage::cannot_load(t.exception_type.as_deref(), &t.frames, test_class))?;
    let error = t.exception_type.as_deref().unwrap_or_default();
    Some(t.message.as_deref().filter(|m| !m.is_empty()).map_or(error.to_string(), |m| format!("{error}: {m}")))
}

/// The LLM's MTC methods that failed an assertion on the class under test and assert more than one
/// relation, each written once per assertion (`mtc::split_assertions`): a wrong relation no longer
/// hides a valid one written before or after it in the same method. A copy is named as a relation
/// of its own (`mr1_assert2`, before any inputs' suffix), so the filter and triage judge it apart.
/// The note for the report; None when no method splits.
fn split_failed_methods(c: &mut Candidate, tests: &[TestResult]) -> Option<String> {
    let failed: Vec<&str> = (tests.iter().filter(|t| t.status == TestStatus::Failed))
        .map(|t| Candidate::method_of(&t.name))
        .filter(|m| c.is_mtc_method(m))
        .collect();
    let name_of = |method: &str, k: usize| {
        let relation = relation_key(method);
        format!("{relation}_assert{k}{}", &method[relation.len()..])
    };
    let (code, splits) = crate::mtc::split_assertions(c.code.as_deref()?, &failed, &name_of)?;
    c.code = Some(code);
    let each: Vec<String> =
        splits.iter().map(|s| format!("{} into {}, {}", s.method, s.method, s.copies.join(", "))).collect();
    Some(format!(
        "failed on the class under test with more than one relation asserted in a method: each assertion is now a \
         test method of its own, judged apart ({})",
        each.join("; ")
    ))
}

/// What to tell the LLM about a trial run that needs another round: the class did not run (every
/// test threw), or every MTC method of an LLM's class failed its assertion. The latter is the
/// paper's refinement on execution output taken one step on: triage calls an LLM relation that
/// fails for every input a likely wrong relation, not a bug, so a round to correct it loses no
/// suspected bug, and a class with one relation that holds is kept (relations are judged apart).
/// The refinement to ask for, and what tells one round's failure from the next: the feedback
/// itself, or for violated relations the methods that failed (their messages show the run's data,
/// which may differ every run: a random key's cipher text).
fn run_problem(c: &Candidate, tests: &[TestResult], broken: bool) -> Option<(Refinement, String)> {
    let asked = |problem: &str, tests: &[TestResult]| Refinement {
        problem: problem.into(),
        feedback: run_feedback(tests, c.code.as_deref().unwrap_or(""), &c.qualified_name),
        keyed_feedback: Some(run_outline(tests)),
    };
    if broken {
        let asked = asked("fails when run", tests);
        let key = asked.feedback.clone();
        return Some((asked, key));
    }
    let mtc: Vec<TestResult> =
        tests.iter().filter(|t| c.is_mtc_method(Candidate::method_of(&t.name))).cloned().collect();
    let violated = c.template.is_none() && !mtc.is_empty() && mtc.iter().all(|t| t.status != TestStatus::Passed);
    violated.then(|| (asked(VIOLATED, &mtc), format!("violated: {}", run_outline(&mtc))))
}

/// The refinement prompt's problem when every relation failed on the class under test.
const VIOLATED: &str = "fails on the class under test: every relation it states was violated. The class \
is taken to be correct here, so a relation it violates does not hold for it. Replace each such relation \
with one that the methods' behaviour guarantees: one listed under \"Relations that fit the pair\", if \
any, else one their code and Javadoc in the skeleton promise";

/// A refinement for an LLM-written class none of whose test methods has an MTC's shape (two
/// invocations of the class under test, an assertion relating them): a round that may turn it into
/// one costs less than the pair's whole conversation, which dropping it as `notAnMtc` would waste.
/// The feedback is each method's shape, so the same shape again ends the rounds.
fn shape_problem(c: &Candidate, class_name: &str) -> Option<(Refinement, String)> {
    if c.template.is_some() || c.shapes.iter().any(|s| s.is_mtc()) {
        return None;
    }
    let outline: Vec<String> = c.shapes.iter().map(|s| shape_outline(s, class_name)).collect();
    let feedback = match outline.is_empty() {
        true => "no test method (a method annotated @Test)".to_string(),
        false => outline.join("\n"),
    };
    let key = format!("not an MTC: {feedback}");
    Some((Refinement { problem: NOT_AN_MTC.into(), feedback, keyed_feedback: None }, key))
}

/// One test method's shape in the prompt's words: its calls, whether an assertion relates them.
fn shape_outline(shape: &crate::mtc::MethodShape, class_name: &str) -> String {
    let calls = match shape.invocations {
        1 => format!("1 call of {class_name}'s methods"),
        n => format!("{n} calls of {class_name}'s methods"),
    };
    let assertion = match shape.relating_assertion {
        true => "an assertion relating their inputs or outputs",
        false => "no assertion relating their inputs or outputs",
    };
    format!("{}: {calls} on distinct inputs, {assertion}", shape.name)
}

/// The refinement prompt's problem when no test method is an MTC.
const NOT_AN_MTC: &str = "is no metamorphic test. A metamorphic test method calls the class under test \
on a source input and on a follow-up input made from it (or from the source output), then asserts the \
relation between the two outputs. A call repeated on the same input, or an output compared with \
itself, relates nothing. What each test method does now";

/// Item 5's cheap minimisation for the built-in generator: boundary inputs around the MTC methods
/// that failed on the original at the trial, run with the rest at validation (shorter copies of
/// the failing value; see `minimise`).
fn add_boundary_inputs(c: &mut Candidate) {
    let code = c.code.clone().unwrap_or_default();
    let failing: Vec<(String, Vec<String>)> = c
        .original
        .iter()
        .filter(|r| matches!(r.status, TestStatus::Failed | TestStatus::Errored))
        .filter(|r| c.is_mtc_method(Candidate::method_of(&r.name)))
        .map(|r| Candidate::method_of(&r.name).to_string())
        .map(|m| (m.clone(), crate::mtc::inputs_of(&code, &m, &[])))
        .collect();
    if let Some(varied) = super::minimise::with_boundary_inputs(&code, &failing) {
        c.add_inputs(varied);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEST: &str = "com.acme.Money_MTC1Test";

    fn errored(exception: &str, message: Option<&str>) -> TestResult {
        TestResult {
            name: "com.acme.Money_MTC1Test.mr1".into(),
            status: TestStatus::Errored,
            duration_ms: 1,
            message: message.map(str::to_string),
            exception_type: Some(exception.into()),
            frames: Vec::new(),
        }
    }

    #[test]
    fn a_class_that_cannot_be_loaded_is_named_with_its_cause() {
        let cause = "caused by java.lang.IllegalStateException: no currency data";
        let tests = [
            errored("java.lang.ArithmeticException", None),
            errored("java.lang.ExceptionInInitializerError", Some(cause)),
        ];
        assert_eq!(
            unloadable_class(&tests, TEST).as_deref(),
            Some(format!("java.lang.ExceptionInInitializerError: {cause}").as_str())
        );
        let later = [errored("java.lang.NoClassDefFoundError", Some(""))];
        assert_eq!(unloadable_class(&later, TEST).as_deref(), Some("java.lang.NoClassDefFoundError"));
        assert_eq!(unloadable_class(&[errored("java.lang.IllegalStateException", Some("x"))], TEST), None);
    }

    fn shaped(shapes: &[(&str, usize, bool)]) -> Candidate {
        let target = crate::targets::TargetRef { file: 0, class: 0, method: 0 };
        let mut c = Candidate::new(0, target, None, 0, vec![], "T".into(), "p.T".into());
        c.shapes = shapes
            .iter()
            .map(|&(name, invocations, relating_assertion)| crate::mtc::MethodShape {
                name: name.into(),
                invocations,
                relating_assertion,
            })
            .collect();
        c
    }

    #[test]
    fn a_class_with_no_mtc_is_refined_with_each_methods_shape() {
        // jodd's CsvUtil, unseen-42: `toStringArray` on two locals given one literal, asserted
        // equal.
        let c = shaped(&[("testRoundTrip", 1, true), ("testEmpty", 2, false)]);
        let (asked, key) = shape_problem(&c, "CsvUtil").expect("no MTC: refined");
        assert_eq!(
            asked.feedback,
            "testRoundTrip: 1 call of CsvUtil's methods on distinct inputs, an assertion relating their inputs or \
             outputs\ntestEmpty: 2 calls of CsvUtil's methods on distinct inputs, no assertion relating their inputs \
             or outputs"
        );
        assert!(asked.problem.starts_with("is no metamorphic test"));
        assert_eq!(key, format!("not an MTC: {}", asked.feedback));
        assert_eq!(
            shape_problem(&shaped(&[]), "CsvUtil").map(|(a, _)| a.feedback).as_deref(),
            Some("no test method (a method annotated @Test)")
        );
    }

    #[test]
    fn a_class_with_one_mtc_or_from_a_template_is_not_refined_for_its_shape() {
        assert!(shape_problem(&shaped(&[("mr1", 2, true), ("helper", 0, false)]), "T").is_none());
        let mut template = shaped(&[("mr1", 1, false)]);
        template.template = Some("round trip");
        assert!(shape_problem(&template, "T").is_none());
    }
}
