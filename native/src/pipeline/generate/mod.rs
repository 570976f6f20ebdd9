//! `generate`: phases 2 and 3 of the paper over the pairs phase 1 found. For every pair an LLM
//! writes a candidate MTC; the executor compiles and runs it; a failure goes back to the LLM once
//! (refinement), then unresolved names get imports; the shape check keeps MTCs; the LLM applies
//! each MR to new inputs (amplification); the amplified class runs on the original and on the
//! mutants of the pair's methods; it is kept when p > p' or p = p' = 100%.
//!
//! The phases run in lockstep over all candidates, so the LLM calls of a phase go out together
//! (bounded concurrency) and the executor gets few, large batches.

mod amplify;
mod candidate;
mod catalogue;
mod compile_feedback;
mod conversation;
mod decide;
mod failing_step;
mod generation;
mod index_range;
mod layout;
mod letter_case;
mod minimise;
mod precondition;
mod refine;
mod rounding;
mod same_action;
pub mod triage;
mod trial;
mod validate;

pub use candidate::{AmplifiedInputs, Candidate, Stage, Status};

use super::analyse::{analyse_all, coupling_options, load_targets};
use super::home::{MtcFolder, Placed};
use super::live::LiveLog;
use super::mutants::mutants_for;
use super::schemata::SchemataCheck;
use crate::context::TestIndex;
use crate::coupling::hierarchy::{ClassRef, Hierarchy};
use crate::coupling::CouplingAnalysis;
use crate::error::{CoreError, CoreResult};
use crate::java_model::Project;
use crate::llm::Llm;
use crate::mtc::ImportIndex;
use crate::prompt::Templates;
use crate::protocol::{Action, Batch, GenerationSettings, LogLine, MutationScope, Progress, Results, SessionConfig};
use crate::report::diagnostics_lines;
use crate::targets::{TargetRef, TargetSpec};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Schemata,
    Generate,
    Trial,
    Amplify,
    Validate,
    Finish,
}

impl Phase {
    /// The phase's name in the progress the build prints.
    fn name(self) -> &'static str {
        match self {
            Phase::Schemata => "schemata",
            Phase::Generate => "generate",
            Phase::Trial => "trial",
            Phase::Amplify => "amplify",
            Phase::Validate => "validate",
            Phase::Finish => "finish",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BatchKind {
    Schemata,
    Trial,
    Validate,
}

struct Pending {
    id: String,
    kind: BatchKind,
    candidates: Vec<usize>,
}

pub struct GenerateRun {
    settings: GenerationSettings,
    project: Project,
    targets: Vec<TargetRef>,
    analyses: Vec<CouplingAnalysis>,
    tests: TestIndex,
    imports: ImportIndex,
    templates: Templates,
    /// None: the built-in generator writes the MTCs.
    llm: Option<Llm>,
    schemata: Option<SchemataCheck>,
    candidates: Vec<Candidate>,
    /// Simple names taken in the packages of the classes under test.
    taken_names: BTreeSet<String>,
    phase: Phase,
    pending: Option<Pending>,
    batches: usize,
    log: Vec<LogLine>,
    /// Lines the build prints while an LLM phase still waits (each answer, each retry).
    live: LiveLog,
    started: Instant,
    /// The project's superclass lookup, built when an MTC's shape first needs it.
    hierarchy: std::cell::OnceCell<Hierarchy>,
}

impl GenerateRun {
    pub fn start(config: &SessionConfig, specs: &[TargetSpec], live: LiveLog) -> CoreResult<Self> {
        let mut settings = config.generation.clone();
        // The settings parser checked the provider and its LLM; the built-in provider has none.
        let llm_settings = config.llm.clone();
        if settings.baseline {
            (settings.coupling, settings.amplification, settings.validation) = (false, false, false);
        }
        if llm_settings.is_none() {
            settings.amplification = false; // built-in MRs come with their ten inputs
        }
        let (mut project, targets) = load_targets(config, specs)?;
        let tests = TestIndex::load(&config.test_source_roots, config.source_encoding.as_deref());
        let analyses = analyse_all(&project, &targets, &coupling_options(config), Some(tests.project()));
        let schemata = if settings.validation {
            let mutants = mutants_for(&project, &targets, MutationScope::Pair, config, Some(tests.project()))?;
            Some(SchemataCheck::new(mutants))
        } else {
            None
        };
        // Import repair looks names up in every source of the project, not only the targets'.
        let all = project.all_files();
        project.parse(all);
        let imports = ImportIndex::from_projects(&[&project, tests.project()]);
        let taken_names = project.classes().chain(tests.project().classes()).map(|c| c.name.clone()).collect();
        let llm = llm_settings.map(|l| Llm::new(l, config.output_dir.join("llm-cache"))).transpose()?;
        let mut log = diagnostics_lines(&project);
        if llm.is_none() {
            log.push(LogLine::info(
                "No LLM is configured: the built-in generator writes MTCs from MR templates (round trip, delegation, \
                 producer-consumer, equals/hashCode, idempotence, binary operations). Configure mrcoupler.llm.baseUrl \
                 and mrcoupler.llm.model to let an LLM write them.",
            ));
        }
        Ok(GenerateRun {
            templates: Templates::new(settings.prompts_dir.clone()),
            settings,
            project,
            targets,
            analyses,
            tests,
            imports,
            llm,
            schemata,
            candidates: Vec::new(),
            taken_names,
            phase: if config.generation.validation && !config.generation.baseline {
                Phase::Schemata
            } else {
                Phase::Generate
            },
            pending: None,
            batches: 0,
            log,
            live,
            started: Instant::now(),
            hierarchy: std::cell::OnceCell::new(),
        })
    }

    /// Take the results of the last batch, then run phases until the executor is needed again or
    /// everything is decided.
    pub fn step(&mut self, results: &Results, config: &SessionConfig) -> CoreResult<Action> {
        if let Some(pending) = self.pending.take() {
            self.take_results(pending, results)?;
        }
        loop {
            match self.phase {
                Phase::Schemata => match self.schemata.as_mut().and_then(SchemataCheck::next_batch) {
                    Some(batch) => return Ok(self.execute(BatchKind::Schemata, Vec::new(), batch)),
                    None => self.phase = Phase::Generate,
                },
                Phase::Generate => {
                    self.generate_all()?;
                    self.phase = Phase::Trial;
                }
                Phase::Trial => {
                    self.refine_all()?;
                    self.screen_all();
                    match self.trial_batch() {
                        Some((batch, ids)) => return Ok(self.execute(BatchKind::Trial, ids, batch)),
                        None => self.phase = Phase::Amplify,
                    }
                }
                Phase::Amplify => {
                    self.amplify_all()?;
                    self.phase = Phase::Validate;
                }
                Phase::Validate => {
                    self.reask_all()?; // the missing amplified inputs, asked once
                    self.screen_all(); // the amplified code runs next
                    match self.validate_batch() {
                        Some((batch, ids)) => return Ok(self.execute(BatchKind::Validate, ids, batch)),
                        None => self.phase = Phase::Finish,
                    }
                }
                Phase::Finish => return self.finish(config),
            }
        }
    }

    fn execute(&mut self, kind: BatchKind, candidates: Vec<usize>, mut batch: Batch) -> Action {
        self.batches += 1;
        if batch.id.is_empty() {
            batch.id = format!("generate-{}", self.batches);
        }
        batch.limits = crate::pipeline::timeouts::limits(self.settings.test_timeout_ms);
        self.pending = Some(Pending { id: batch.id.clone(), kind, candidates });
        Action::execute(self.progress(), std::mem::take(&mut self.log), batch)
    }

    fn take_results(&mut self, pending: Pending, results: &Results) -> CoreResult<()> {
        if results.batch_id.as_deref() != Some(pending.id.as_str()) {
            return Err(CoreError::new(
                format!("the executor answered batch {:?} while the core waited for {}", results.batch_id, pending.id),
                "Use the bridge and core of one MR-Coupler release together",
            ));
        }
        match pending.kind {
            BatchKind::Schemata => {
                let check = self.schemata.as_mut().ok_or_else(|| CoreError::new("no schemata to check", ""))?;
                let warnings = check.take_results(results)?;
                self.log.extend(warnings);
            }
            BatchKind::Trial => pending.candidates.iter().for_each(|&i| self.take_trial(i, results)),
            BatchKind::Validate => {
                for &i in &pending.candidates {
                    self.take_validation(i, results)?;
                }
            }
        }
        Ok(())
    }

    fn totals(&self) -> crate::llm::Totals {
        self.llm.as_ref().map(|l| l.accounting.total()).unwrap_or_default()
    }

    fn grouped(
        &self,
        key: impl Fn(&crate::llm::Tag) -> String,
    ) -> std::collections::BTreeMap<String, crate::llm::Totals> {
        self.llm.as_ref().map(|l| l.accounting.grouped(key)).unwrap_or_default()
    }

    /// "target i/n, candidates k (c compiled, v valid, m kept)".
    fn progress(&self) -> Progress {
        let decided_targets = self
            .targets
            .iter()
            .filter(|t| self.candidates.iter().filter(|c| c.target == **t).all(|c| c.stage == Stage::Decided))
            .count();
        let compiled = self.candidates.iter().filter(|c| !c.original.is_empty()).count();
        let mtcs = self.candidates.iter().filter(|c| c.shapes.iter().any(|s| s.is_mtc())).count();
        let kept = self.candidates.iter().filter(|c| c.status == Status::Kept).count();
        let tokens = self.totals();
        Progress {
            phase: self.phase.name().into(),
            targets_done: if self.candidates.is_empty() { 0 } else { decided_targets },
            targets_total: self.targets.len(),
            message: format!(
                "candidates {} ({compiled} compiled, {mtcs} MTCs, {kept} kept), {} tokens, ${:.4}",
                self.candidates.len(),
                tokens.prompt_tokens + tokens.completion_tokens,
                tokens.cost_usd
            ),
        }
    }
}

impl GenerateRun {
    /// Write the kept MTCs and the report; the action that ends the session.
    fn finish(&mut self, config: &SessionConfig) -> CoreResult<Action> {
        use crate::report::generate::{GenerateReport, GenerateResults, KeptFile, Phases};
        let tests_dir = config.output_dir.join("generated-tests");
        let mut outputs = Vec::new();
        let mut placing = Placing::new(config);
        let mut kept = std::collections::BTreeMap::new();
        for t in &self.targets {
            for c in self.candidates.iter().filter(|c| c.target == *t && c.status == Status::Kept) {
                let code = crate::mtc::strip_tests(c.code.as_deref().unwrap_or(""), &c.kept_methods);
                let path = tests_dir.join(c.file_path());
                crate::report::write_file(&path, &code)?;
                outputs.push(path.display().to_string());
                let header = crate::report::generate::committed_header(c, t.class(&self.project), self.analysis_of(c));
                let committed = placing.place(c, &header, &code)?;
                kept.insert(c.id, KeptFile { path: path.display().to_string(), code, committed });
            }
        }
        let (suspects, reproducers) = self.triage_all(&config.output_dir)?;
        outputs.extend(reproducers.values().map(|r| r.path.clone()));
        let report = GenerateReport::build(&GenerateResults {
            project: &self.project,
            targets: &self.targets,
            analyses: &self.analyses,
            candidates: &self.candidates,
            kept: &kept,
            suspects: &suspects,
            reproducers: &reproducers,
            model: self.llm.as_ref().map_or("built-in generator".to_string(), |l| l.settings().model.clone()),
            phases: Phases {
                coupling: self.settings.coupling,
                amplification: self.settings.amplification,
                validation: self.settings.validation,
                baseline: self.settings.baseline,
            },
            tokens: self.totals(),
            tokens_by_target: self.grouped(|tag| tag.target.clone()),
            tokens_by_phase: self.grouped(|tag| tag.phase.clone()),
            elapsed_ms: self.started.elapsed().as_millis(),
        });
        let (path, html) = report.write(&config.output_dir)?;
        outputs.insert(0, html.display().to_string());
        outputs.insert(0, path.display().to_string());
        let mut log = std::mem::take(&mut self.log);
        let verdict = self.llm_failures(&mut log).or_else(|| self.suspected_bug_verdict(&report));
        log.extend(placing.lines());
        log.extend(report.candidate_lines().into_iter().map(LogLine::debug));
        log.extend(report.summary_lines().into_iter().map(LogLine::info));
        log.extend(report.suspected_bug_lines().into_iter().map(LogLine::warn));
        log.push(LogLine::info(format!("Report: {} (and report.json beside it)", html.display())));
        log.push(LogLine::info(format!("Kept MTCs: {}", tests_dir.display())));
        let mut action = Action::done(self.progress(), log, outputs);
        action.verdict = verdict;
        Ok(action)
    }

    /// Every decided candidate's failing MTC methods, triaged; for those with suspected bugs, a
    /// reproducing test (the failing methods alone, same class name, so `mvn test -Dtest=...` runs
    /// it once copied into the test sources) under `suspected-bugs/`, never into the user's sources.
    #[allow(clippy::type_complexity)]
    fn triage_all(
        &self,
        output_dir: &std::path::Path,
    ) -> CoreResult<(BTreeMap<usize, Vec<triage::Suspect>>, BTreeMap<usize, crate::report::generate::KeptFile>)> {
        let (mut suspects, mut reproducers) = (BTreeMap::new(), BTreeMap::new());
        for c in &self.candidates {
            let found = triage::triage_candidate(c, c.target.class(&self.project), self.analysis_of(c));
            let failing = triage::suspected_methods(&found);
            if !failing.is_empty() {
                let code = crate::mtc::strip_tests(c.code.as_deref().unwrap_or(""), &failing);
                let path = output_dir.join("suspected-bugs").join(c.file_path());
                crate::report::write_file(&path, &code)?;
                let path = path.display().to_string();
                let file = crate::report::generate::KeptFile { path, code, committed: None };
                reproducers.insert(c.id, file);
            }
            suspects.insert(c.id, found);
        }
        Ok((suspects, reproducers))
    }

    /// The coupling analysis of a candidate's target.
    fn analysis_of(&self, c: &Candidate) -> &crate::coupling::CouplingAnalysis {
        let at = self.targets.iter().position(|t| *t == c.target).unwrap_or(0);
        &self.analyses[at]
    }

    /// The shape of candidate `i`'s test methods (MR-Scout's two properties), counting as the
    /// class's methods those it inherits from its project superclasses (a decorator's `contains`).
    fn shapes_of(&self, i: usize) -> Vec<crate::mtc::MethodShape> {
        let c = &self.candidates[i];
        let hierarchy = self.hierarchy.get_or_init(|| Hierarchy::new(&self.project));
        let own = ClassRef { file: c.target.file, class: c.target.class };
        let classes: Vec<&crate::java_model::ClassModel> = std::iter::once(own)
            .chain(hierarchy.superclasses(&self.project, own))
            .map(|class| class.get(&self.project))
            .collect();
        let code = c.code.as_deref().unwrap_or("");
        let mut shapes = crate::mtc::shapes(code, &classes);
        // An LLM's method asserting nothing the target did checks the coupled method alone: no
        // relation between the two (not told apart where both have one name: an overload).
        let target = &classes[0].methods[c.target.method];
        let coupled = c.coupled_method(classes[0], self.analysis_of(c));
        if c.template.is_none() && coupled.is_some_and(|m| m.name != target.name) {
            let changes_receiver = !crate::mtc::is_query_method(&classes, &target.name);
            for shape in shapes.iter_mut().filter(|s| s.is_mtc()) {
                if crate::mtc::asserts_on_target(code, &shape.name, &target.name, changes_receiver) == Some(false) {
                    shape.relating_assertion = false;
                }
            }
        }
        shapes
    }

    /// With `failOnSuspectedBug`, a suspected bug at least as confident as asked fails the build.
    fn suspected_bug_verdict(
        &self,
        report: &crate::report::generate::GenerateReport,
    ) -> Option<crate::protocol::Verdict> {
        if !self.settings.fail_on_suspected_bug {
            return None;
        }
        let threshold = self.settings.suspected_bug_confidence;
        let bugs: Vec<_> = report.suspected_bugs.iter().filter(|b| b.confidence >= threshold).collect();
        let first = bugs.first()?;
        let message = format!(
            "{} suspected bug(s) at {:.0}% confidence or more; the first: {}#{}: {} fails ({}). Reproduce with {}",
            bugs.len(),
            threshold * 100.0,
            first.class,
            first.method,
            first.relation,
            first.actual.lines().next().unwrap_or(""),
            first.reproducer.as_deref().unwrap_or(&first.test)
        );
        Some(crate::protocol::Verdict { fail_build: true, message })
    }

    /// A warning when some candidates could not be asked for; a failing verdict when none could:
    /// a run whose every LLM request failed must not pass for one that found nothing.
    fn llm_failures(&self, log: &mut Vec<LogLine>) -> Option<crate::protocol::Verdict> {
        let failed: Vec<&str> = self
            .candidates
            .iter()
            .filter_map(|c| match &c.status {
                Status::LlmFailed(why) => Some(why.as_str()),
                _ => None,
            })
            .collect();
        let first = failed.first()?;
        if failed.len() < self.candidates.len() {
            log.push(LogLine::warn(format!(
                "{} of {} candidate MTC(s) could not be asked of the LLM; the first error: {first}",
                failed.len(),
                self.candidates.len()
            )));
            return None;
        }
        let message = format!("every LLM request failed, so no MTC was generated; the first error: {first}");
        log.push(LogLine::error(message.clone()));
        Some(crate::protocol::Verdict { fail_build: true, message })
    }
}

/// Where kept MTCs go besides `generated-tests/`: the committed home, which `check` runs, and with
/// `export` the project's test sources; each a folder indexed by content, so the same MTC is never
/// written twice (`pipeline/home.rs`).
struct Placing {
    home: MtcFolder,
    home_dir: std::path::PathBuf,
    export: Option<MtcFolder>,
    added: usize,
    there: usize,
    log: Vec<LogLine>,
}

impl Placing {
    fn new(config: &SessionConfig) -> Self {
        // In the test sources only MR-Coupler's own classes can be an MTC it wrote before.
        let ours = |f: &std::path::Path| f.file_name().is_some_and(|n| n.to_string_lossy().contains("_MTC"));
        Placing {
            home: MtcFolder::scan(&config.mtc_dir, |_| true),
            home_dir: config.mtc_dir.clone(),
            export: config.export_to.as_deref().map(|dir| MtcFolder::scan(dir, ours)),
            added: 0,
            there: 0,
            log: Vec::new(),
        }
    }

    /// Commits one kept MTC (with its header comment) and exports it when asked; the committed file.
    fn place(&mut self, c: &Candidate, header: &str, code: &str) -> CoreResult<Option<String>> {
        let committed = match self.home.add(&c.qualified_name, &format!("{header}{code}"))? {
            Placed::Written(path) => {
                self.added += 1;
                self.log.push(LogLine::debug(format!("Committed home: added {}", path.display())));
                path
            }
            Placed::AlreadyThere(path) | Placed::NameTaken(path) => {
                self.there += 1;
                self.log.push(LogLine::debug(format!("Committed home: {} holds it already", path.display())));
                path
            }
        };
        if let Some(export) = self.export.as_mut() {
            let line = match export.add_at_its_path(&c.qualified_name, code)? {
                Placed::Written(path) => LogLine::info(format!("Exported {}", path.display())),
                Placed::AlreadyThere(path) => LogLine::info(format!(
                    "{} is in the test sources already, as {}; not exported again",
                    c.qualified_name,
                    path.display()
                )),
                Placed::NameTaken(path) => {
                    LogLine::warn(format!("{} exists already; it was left as it is", path.display()))
                }
            };
            self.log.push(line);
        }
        Ok(Some(committed.display().to_string()))
    }

    /// Its lines, ending with one on the committed home when anything was kept.
    fn lines(&mut self) -> Vec<LogLine> {
        let mut lines = std::mem::take(&mut self.log);
        if self.added + self.there > 0 {
            lines.push(LogLine::info(format!(
                "Committed home {}: {} new kept MTC(s), {} there already. Commit it: check runs what is there.",
                self.home_dir.display(),
                self.added,
                self.there
            )));
        }
        lines
    }
}
