//! The steps of `generate`, each over every candidate at its stage.

use super::candidate::{Candidate, Stage, Status};
use super::conversation::Prompter;
use super::decide::decide;
use super::GenerateRun;
use crate::context::{pair_context, ContextOptions};
use crate::error::CoreResult;
use crate::llm::{Call, Message, Reply, Tag};
use crate::mtc::{extract_java, normalize, shapes};
use crate::protocol::{Batch, CompileDiagnostic, DiagnosticKind, Results, Run, SourceText, TestResult};

/// Compile or run feedback shown to the LLM, at most this many entries.
const FEEDBACK_ENTRIES: usize = 20;

impl GenerateRun {
    fn prompter(&self) -> Prompter<'_> {
        Prompter { templates: &self.templates, junit: self.settings.junit }
    }

    fn tag(&self, c: &Candidate, phase: &str) -> Tag {
        let class = c.target.class(&self.project);
        let pair = c.coupled.map_or("baseline".to_string(), |m| class.methods[m].signature());
        Tag {
            target: format!("{}#{}", class.qualified_name, c.target.method(&self.project).signature()),
            pair,
            phase: phase.into(),
        }
    }

    /// Phase 2: a conversation per pair (or per target in the baseline) and repetition.
    pub(super) fn generate_all(&mut self) -> CoreResult<()> {
        let options = ContextOptions {
            examples_per_method: self.settings.examples_per_method,
            exclude_relating_tests: self.settings.exclude_relating_tests,
            token_budget: self.settings.prompt_token_budget,
        };
        if self.llm.is_none() {
            self.generate_builtin();
            return Ok(());
        }
        let repetitions = self.llm.as_ref().map_or(1, |l| l.settings().repetitions.max(1));
        for (ti, target) in self.targets.clone().into_iter().enumerate() {
            let class = target.class(&self.project);
            let pairs: Vec<Option<usize>> = if self.settings.coupling {
                let limit = self.settings.max_pairs_per_target.unwrap_or(usize::MAX);
                self.analyses[ti].coupled.iter().take(limit).map(|c| Some(c.method)).collect()
            } else {
                vec![None]
            };
            if pairs.is_empty() {
                self.log.push(crate::protocol::LogLine::info(format!(
                    "{}#{}: no coupled method, so no pair to write MTCs for",
                    class.qualified_name,
                    target.method(&self.project).signature()
                )));
            }
            for coupled in pairs {
                let analysis = coupled.and_then(|m| self.analyses[ti].coupled.iter().find(|c| c.method == m));
                let context = pair_context(class, target.method, analysis, &self.tests, &options, &self.project);
                if !context.trimmed.is_empty() {
                    self.log.push(crate::protocol::LogLine::info(format!(
                        "token budget: left out {}",
                        context.trimmed.join(", ")
                    )));
                }
                let conversation = match coupled {
                    Some(_) => self.prompter().generation(class, &context)?,
                    None => self.prompter().baseline(
                        class,
                        target.method(&self.project),
                        &context,
                        self.settings.baseline_candidates,
                    )?,
                };
                for repetition in 0..repetitions {
                    let base = format!("{}_{}", class.name, target.method(&self.project).name);
                    let (class_name, qualified_name) = unique_name(&mut self.taken_names, &class.package, &base);
                    self.candidates.push(Candidate::new(
                        self.candidates.len(),
                        target,
                        coupled,
                        repetition,
                        conversation.clone(),
                        class_name,
                        qualified_name,
                    ));
                }
            }
        }
        let ids: Vec<usize> = (0..self.candidates.len()).collect();
        let calls = ids.iter().map(|&i| self.call(&self.candidates[i], "generation")).collect();
        let replies = self.complete(calls);
        for (i, reply) in ids.into_iter().zip(replies) {
            self.take_reply(i, reply);
        }
        Ok(())
    }

    fn complete(&self, calls: Vec<Call>) -> Vec<CoreResult<Reply>> {
        match &self.llm {
            Some(llm) => llm.complete_all(calls),
            None => calls.iter().map(|_| Err(crate::error::CoreError::new("no LLM is configured", ""))).collect(),
        }
    }

    /// The built-in generator: MTCs from MR templates, already applied to ten inputs each.
    fn generate_builtin(&mut self) {
        for (ti, target) in self.targets.clone().into_iter().enumerate() {
            let class = target.class(&self.project);
            let found =
                crate::builtin::mtcs(class, target.method, &self.analyses[ti], &self.tests, self.settings.junit);
            if found.is_empty() {
                self.log.push(crate::protocol::LogLine::info(format!(
                    "{}#{}: no built-in MR template fits its coupled pairs",
                    class.qualified_name,
                    target.method(&self.project).signature()
                )));
            }
            for mtc in found {
                let base = format!("{}_{}", class.name, target.method(&self.project).name);
                let (class_name, qualified_name) = unique_name(&mut self.taken_names, &class.package, &base);
                let mut c = Candidate::new(
                    self.candidates.len(),
                    target,
                    mtc.coupled,
                    0,
                    Vec::new(),
                    class_name,
                    qualified_name,
                );
                c.code = Some(normalize(&mtc.code, &class.package, &c.class_name, &class.name, self.settings.junit));
                (c.template, c.relation) = (Some(mtc.template), Some(mtc.relation));
                self.candidates.push(c);
            }
        }
    }

    fn call(&self, c: &Candidate, phase: &str) -> Call {
        Call { tag: self.tag(c, phase), messages: c.conversation.clone(), repetition: c.repetition }
    }

    /// A reply becomes the candidate's code (in the class under test's package, under its name).
    fn take_reply(&mut self, i: usize, reply: CoreResult<Reply>) -> bool {
        let cut = self.candidates[i].target.class(&self.project);
        let (package, cut_name) = (cut.package.clone(), cut.name.clone());
        let c = &mut self.candidates[i];
        let reply = match reply {
            Ok(r) => r,
            Err(e) => {
                c.drop(Status::LlmFailed(e.to_string()));
                return false;
            }
        };
        c.conversation.push(Message::assistant(reply.content.clone()));
        match extract_java(&reply.content) {
            Some(code) => {
                c.code = Some(normalize(&code, &package, &c.class_name, &cut_name, self.settings.junit));
                true
            }
            None => {
                c.drop(Status::NoCode);
                false
            }
        }
    }

    /// The paper's refinement: compile or run feedback back to the LLM, once per candidate.
    pub(super) fn refine_all(&mut self) -> CoreResult<()> {
        let ids: Vec<usize> = self.candidates.iter().filter(|c| c.needs_refinement.is_some()).map(|c| c.id).collect();
        for &i in &ids {
            let (problem, feedback) = self.candidates[i].needs_refinement.take().unwrap_or_default();
            let message = self.prompter().refinement(&problem, &feedback, &self.candidates[i].class_name)?;
            let c = &mut self.candidates[i];
            c.conversation.push(message);
            c.refined = true;
        }
        let calls = ids.iter().map(|&i| self.call(&self.candidates[i], "refinement")).collect();
        let replies = self.complete(calls);
        for (i, reply) in ids.into_iter().zip(replies) {
            self.take_reply(i, reply);
        }
        Ok(())
    }

    /// Compile every candidate at the check stage and run it on the original code.
    pub(super) fn check_batch(&self) -> Option<(Batch, Vec<usize>)> {
        let ids: Vec<usize> =
            self.candidates.iter().filter(|c| c.stage == Stage::Check && c.code.is_some()).map(|c| c.id).collect();
        if ids.is_empty() {
            return None;
        }
        let sources = ids.iter().map(|&i| self.source(&self.candidates[i])).collect();
        let runs =
            ids.iter().map(|&i| Run { test_class: self.candidates[i].qualified_name.clone(), mutant: 0 }).collect();
        Some((Batch { sources, runs, ..Batch::default() }, ids))
    }

    fn source(&self, c: &Candidate) -> SourceText {
        SourceText { path: c.file_path(), content: c.code.clone().unwrap_or_default() }
    }

    pub(super) fn take_check(&mut self, i: usize, results: &Results) {
        let path = self.candidates[i].file_path();
        let Some(compilation) = results.compilation_of(&path) else {
            self.candidates[i].notes.push("the executor did not report compiling it".into());
            return self.candidates[i].drop(Status::DidNotCompile);
        };
        if !compilation.success {
            return self.compile_failed(i, &compilation.diagnostics);
        }
        let qualified = self.candidates[i].qualified_name.clone();
        let tests = results.runs.iter().find(|r| r.test_class == qualified && r.mutant == 0).map(|r| r.tests.clone());
        let tests = tests.unwrap_or_default();
        let broken = tests.iter().all(|t| t.status.is_broken());
        let can_refine = self.llm.is_some();
        let c = &mut self.candidates[i];
        if broken && !c.refined && can_refine {
            c.needs_refinement = Some(("fails when run".into(), run_feedback(&tests)));
            return;
        }
        let cut = c.target.class(&self.project);
        c.shapes = shapes(c.code.as_deref().unwrap_or(""), cut);
        c.original = tests;
        if !c.shapes.iter().any(|s| s.is_mtc()) {
            c.drop(Status::NotAnMtc);
        } else if broken {
            decide(c, false); // refined and still not running: fails on the original
        } else {
            c.stage = if self.settings.amplification { Stage::Amplify } else { Stage::Validate };
        }
    }

    /// First the LLM (once), then imports for unresolved names, then give up.
    fn compile_failed(&mut self, i: usize, diagnostics: &[CompileDiagnostic]) {
        let can_refine = self.llm.is_some();
        let c = &mut self.candidates[i];
        c.diagnostics = diagnostics.to_vec();
        if !c.refined && can_refine {
            c.needs_refinement = Some(("does not compile".into(), compile_feedback(diagnostics)));
            return;
        }
        if !c.import_repaired {
            c.import_repaired = true;
            if let Some(fixed) = self.imports.repair(c.code.as_deref().unwrap_or(""), diagnostics) {
                c.code = Some(fixed);
                return;
            }
        }
        c.drop(Status::DidNotCompile);
    }

    /// Phase 3 (a): the LLM applies each MR to new inputs, in the same conversation.
    pub(super) fn amplify_all(&mut self) -> CoreResult<()> {
        let ids: Vec<usize> = self.candidates.iter().filter(|c| c.stage == Stage::Amplify).map(|c| c.id).collect();
        for &i in &ids {
            let c = &self.candidates[i];
            let example = c.shapes.iter().find(|s| s.is_mtc()).map(|s| s.name.clone()).unwrap_or_default();
            let message = self.prompter().amplification(self.settings.amplification_inputs, &example, &c.class_name)?;
            let c = &mut self.candidates[i];
            c.conversation.push(message);
            c.unamplified = c.code.clone();
            c.stage = Stage::Validate;
        }
        let calls = ids.iter().map(|&i| self.call(&self.candidates[i], "amplification")).collect();
        let replies = self.complete(calls);
        for (i, reply) in ids.into_iter().zip(replies) {
            let failure = reply.as_ref().err().map(|e| e.to_string());
            if self.take_reply(i, reply) {
                self.candidates[i].amplified = true;
            } else {
                // Validate what compiled before amplification rather than lose it.
                let c = &mut self.candidates[i];
                c.notes.push(format!(
                    "amplification failed ({}); validated without it",
                    failure.unwrap_or("no code in the reply".into())
                ));
                (c.code, c.status, c.stage) = (c.unamplified.clone(), Status::Pending, Stage::Validate);
            }
        }
        Ok(())
    }

    /// The candidates of one class under test, with its schemata, on the original and on the
    /// mutants of their pair's methods. One class per batch: mutant ids are per class.
    pub(super) fn validate_batch(&self) -> Option<(Batch, Vec<usize>)> {
        let first = self.candidates.iter().find(|c| c.stage == Stage::Validate)?;
        let class_key = (first.target.file, first.target.class);
        let ids: Vec<usize> = self
            .candidates
            .iter()
            .filter(|c| c.stage == Stage::Validate && (c.target.file, c.target.class) == class_key)
            .map(|c| c.id)
            .collect();
        let class_name = &first.target.class(&self.project).qualified_name;
        let mutants = self.schemata.as_ref().and_then(|s| {
            let at = s.classes.iter().position(|m| &m.class_name == class_name)?;
            (s.outcomes[at].compiles && !s.classes[at].mutants.is_empty()).then(|| &s.classes[at])
        });
        let mut batch =
            Batch { sources: ids.iter().map(|&i| self.source(&self.candidates[i])).collect(), ..Batch::default() };
        if let Some(m) = mutants {
            batch.replacements.push(SourceText { path: m.relative_path.clone(), content: m.schemata() });
        }
        for &i in &ids {
            let c = &self.candidates[i];
            batch.runs.push(Run { test_class: c.qualified_name.clone(), mutant: 0 });
            let pair_methods = [Some(c.target.method), c.coupled];
            for m in mutants.iter().flat_map(|m| &m.mutants) {
                if pair_methods.contains(&Some(m.method_index)) {
                    batch.runs.push(Run { test_class: c.qualified_name.clone(), mutant: m.id });
                }
            }
        }
        Some((batch, ids))
    }

    pub(super) fn take_validation(&mut self, i: usize, results: &Results) {
        let c = &mut self.candidates[i];
        let compiled = results.compilation_of(&c.file_path()).map(|r| r.success);
        if compiled != Some(true) {
            if c.amplified && c.unamplified.is_some() {
                c.notes.push("the amplified class did not compile; validated without amplification".into());
                (c.code, c.amplified) = (c.unamplified.clone(), false);
                return; // validated again in the next batch
            }
            return c.drop(Status::DidNotCompile);
        }
        let mine = results.runs.iter().filter(|r| r.test_class == c.qualified_name);
        let (original, mutants): (Vec<_>, Vec<_>) = mine.partition(|r| r.mutant == 0);
        c.original = original.first().map(|r| r.tests.clone()).unwrap_or_default();
        c.mutant_runs = mutants.iter().filter(|r| r.ran).map(|r| (r.mutant, r.tests.clone())).collect();
        c.shapes = shapes(c.code.as_deref().unwrap_or(""), c.target.class(&self.project));
        decide(c, self.settings.validation);
    }
}

/// `<base>_MTC<n>Test` for the first n that no class of the project (main or test) has taken.
fn unique_name(taken: &mut std::collections::BTreeSet<String>, package: &str, base: &str) -> (String, String) {
    let name = (1..).map(|n| format!("{base}_MTC{n}Test")).find(|n| !taken.contains(n)).unwrap_or_default();
    taken.insert(name.clone());
    let qualified = if package.is_empty() { name.clone() } else { format!("{package}.{name}") };
    (name, qualified)
}

fn compile_feedback(diagnostics: &[CompileDiagnostic]) -> String {
    let lines: Vec<String> = diagnostics
        .iter()
        .filter(|d| d.kind == DiagnosticKind::Error)
        .take(FEEDBACK_ENTRIES)
        .map(|d| format!("line {}:{}: error: {}", d.line, d.column, d.message))
        .collect();
    lines.join("\n")
}

fn run_feedback(tests: &[TestResult]) -> String {
    if tests.is_empty() {
        return "The test class ran no test method.".into();
    }
    let lines: Vec<String> = tests
        .iter()
        .take(FEEDBACK_ENTRIES)
        .map(|t| {
            let what = [t.exception_type.as_deref(), t.message.as_deref()]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(": ");
            let frames = t.frames.iter().map(|f| format!("\n    at {f}")).collect::<String>();
            format!("{} {}: {what}{frames}", t.name, t.status)
        })
        .collect();
    lines.join("\n")
}

impl Candidate {
    pub fn new(
        id: usize,
        target: crate::targets::TargetRef,
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
            stage: Stage::Check,
            status: Status::Pending,
            refined: false,
            needs_refinement: None,
            import_repaired: false,
            amplified: false,
            diagnostics: Vec::new(),
            shapes: Vec::new(),
            original: Vec::new(),
            mutant_runs: Vec::new(),
            p: None,
            p_mutants: None,
            p_best_mutant: None,
            kept_methods: Vec::new(),
            notes: Vec::new(),
        }
    }
}
