//! The CI gate: the MTCs kept by earlier `generate` runs (the committed home, `mtcDir`:
//! `src/test/mr-coupler` by default, so a clean checkout has them) compiled and run against the
//! current code by the executor. A failing, erroring or no longer
//! compiling MTC is a violated relation; the gate names it with its inputs and its assertion,
//! writes JUnit XML for CI systems, and tells the plugin whether to fail the build.

use super::changes::changed_targets;
use super::generate::GenerateRun;
use crate::error::{CoreError, CoreResult};
use crate::protocol::{
    Action, ActionKind, Batch, Limits, LogLine, Progress, Results, Run, SessionConfig, SourceText, Verdict,
};
use crate::report::gate::{GateReport, Violation};
use std::path::{Path, PathBuf};

pub struct GateRun {
    dir: PathBuf,
    /// With `since`: MTCs for the methods changed since the revision are generated first.
    generation: Option<Box<GenerateRun>>,
    tests: Vec<SourceText>,
    loaded: bool,
    pending: Option<String>,
    log: Vec<LogLine>,
}

impl GateRun {
    pub fn start(config: &SessionConfig, live: super::live::LiveLog) -> CoreResult<Self> {
        let mut log = Vec::new();
        let generation = match &config.since {
            None => None,
            Some(revision) => {
                let specs = changed_targets(config, revision)?;
                log.push(LogLine::info(format!(
                    "{} method(s) changed since {revision}{}",
                    specs.len(),
                    if specs.is_empty() { "" } else { ": generating MTCs for them before the check" }
                )));
                if specs.is_empty() {
                    None
                } else {
                    Some(Box::new(GenerateRun::start(config, &specs, live)?))
                }
            }
        };
        let dir = config.mtc_dir.clone();
        Ok(GateRun { dir, generation, tests: Vec::new(), loaded: false, pending: None, log })
    }

    /// The kept MTCs, read when the gate begins (after any generation).
    fn load(&mut self) -> CoreResult<()> {
        self.tests = super::home::sources(&super::home::MtcFolder::scan(&self.dir, |_| true))?;
        self.loaded = true;
        Ok(())
    }

    pub fn step(&mut self, results: &Results, config: &SessionConfig) -> CoreResult<Action> {
        if let Some(generation) = self.generation.as_mut() {
            let mut action = generation.step(results, config)?;
            if action.kind == ActionKind::Execute {
                action.log.splice(0..0, std::mem::take(&mut self.log));
                return Ok(action);
            }
            self.log.extend(action.log);
            self.generation = None;
            return self.step(&Results::default(), config);
        }
        if !self.loaded {
            self.load()?;
        }
        let progress = |message: &str| Progress {
            phase: "check".into(),
            targets_done: 0,
            targets_total: self.tests.len(),
            message: message.to_string(),
        };
        if self.tests.is_empty() {
            // In a multi-module build, a module without kept MTCs is fine while another has some;
            // with none anywhere the last module fails the build, once.
            let elsewhere = super::reactor::others_have_kept_mtcs(config);
            if elsewhere == Some(true) || (elsewhere == Some(false) && !super::reactor::is_last_module(config)) {
                let message = format!("nothing to check in this module (no kept MTCs under {})", self.dir.display());
                let line = LogLine::info(format!("MR-Coupler in {}: {message}", config.project_name));
                let mut log = std::mem::take(&mut self.log);
                log.push(line);
                return Ok(Action::done(progress(&message), log, Vec::new()));
            }
            let message = nothing_to_check(&self.dir, config);
            let mut log = std::mem::take(&mut self.log);
            log.push(if config.fail_when_empty {
                LogLine::error(message.clone())
            } else {
                LogLine::warn(message.clone())
            });
            let mut action = Action::done(progress(&message), log, Vec::new());
            action.verdict = Some(Verdict { fail_build: config.fail_when_empty, message });
            return Ok(action);
        }
        let Some(expected) = self.pending.take() else {
            self.pending = Some("gate-1".into());
            let runs = self.tests.iter().map(|t| Run { test_class: class_of(&t.path), mutant: 0 }).collect();
            let limits = Limits { test_timeout_ms: config.generation.test_timeout_ms, ..Limits::default() };
            let batch = Batch { id: "gate-1".into(), sources: self.tests.clone(), runs, limits, ..Batch::default() };
            return Ok(Action::execute(progress("running the kept MTCs"), std::mem::take(&mut self.log), batch));
        };
        if results.batch_id.as_deref() != Some(expected.as_str()) {
            return Err(CoreError::new(
                format!("the executor answered batch {:?} while the core waited for {expected}", results.batch_id),
                "Use the bridge and core of one MR-Coupler release together",
            ));
        }
        let report = GateReport::build(&self.tests, results);
        let xml_dir = config.output_dir.join("check-reports");
        let mut outputs = report.write_junit_xml(&xml_dir)?;
        outputs.sort();
        let mut log = std::mem::take(&mut self.log);
        log.extend(report.summary_lines().into_iter().map(LogLine::info));
        let violated = report.violations.len();
        for v in &report.violations {
            log.push(LogLine::warn(describe(v)));
        }
        for st in &report.stale {
            log.push(LogLine::warn(format!("stale: {} no longer compiles ({}); {REGENERATE}", st.class, st.error)));
        }
        let fail = (violated > 0 && config.fail_on_violation) || (!report.stale.is_empty() && config.fail_on_stale);
        let message = verdict_message(&report);
        let mut action =
            Action::done(progress(&message), log, outputs.iter().map(|p| p.display().to_string()).collect());
        action.verdict = Some(Verdict { fail_build: fail, message });
        Ok(action)
    }
}

/// An empty gate is no green gate: what is missing, how to create it, how to allow it.
fn nothing_to_check(dir: &Path, config: &SessionConfig) -> String {
    use crate::settings::BuildTool;
    let generate = match config.build_tool {
        BuildTool::Maven => "mvn mr-coupler:generate -Dmrcoupler.targets=<class or Class#method>",
        BuildTool::Gradle => "gradle generateMetamorphicTests -Pmrcoupler.targets=<class or Class#method>",
        BuildTool::Other => "the generate goal with mrcoupler.targets",
    };
    let allow = match config.build_tool {
        BuildTool::Maven => "-Dmrcoupler.failWhenEmpty=false",
        BuildTool::Gradle => "-Pmrcoupler.failWhenEmpty=false",
        BuildTool::Other => "mrcoupler.failWhenEmpty=false",
    };
    format!(
        "nothing to check: no kept MTCs under {}; run generate first ({generate}) and commit what it adds \
         there, or pass {allow} while bootstrapping",
        dir.display()
    )
}

const REGENERATE: &str = "the code it calls changed: run generate again for its target (or delete it)";

/// The gate's one-paragraph answer: what held, what was violated (the first in full), what is stale.
fn verdict_message(report: &GateReport) -> String {
    let violated = report.violations.len();
    let mut message = if violated == 0 {
        format!("all {} kept metamorphic relation(s) hold", report.tests)
    } else {
        let first = report.violations.first().map(describe).unwrap_or_default();
        format!("{violated} kept metamorphic relation(s) violated; the first:\n{first}")
    };
    if let Some(first) = report.stale.first() {
        message.push_str(&format!(
            "\n{} kept MTC class(es) stale, e.g. {}: {}; {REGENERATE}",
            report.stale.len(),
            first.class,
            first.error
        ));
    }
    message
}

fn describe(v: &Violation) -> String {
    let mut out = format!("violated: {}.{} ({})", v.class, v.method, v.what);
    if !v.code.is_empty() {
        out.push_str("\n  the relation and its inputs:\n");
        out.push_str(&v.code.lines().map(|l| format!("    {l}")).collect::<Vec<_>>().join("\n"));
    }
    out
}

fn class_of(path: &str) -> String {
    path.trim_end_matches(".java").replace('/', ".")
}
