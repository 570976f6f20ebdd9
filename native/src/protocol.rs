//! What crosses JNI, as serde types: the session configuration (in), the results of executed
//! batches (in) and the next action (out). Versioned; see docs/protocol.md. The bridge mirrors
//! these as Java records.

use crate::error::{CoreError, CoreResult};
use crate::settings::BuildTool;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;

pub const PROTOCOL_VERSION: u32 = 1;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Mode {
    /// Phase 1 only: list the coupled methods of each target.
    Couplings,
    /// Mutants of the methods under test, compiled as schemata: `mutants.log`, summary.
    Mutants,
    /// Phases 1-3: coupled pairs, MTCs from the LLM, refined, amplified, validated on mutants.
    Generate,
    /// The CI gate: run the kept MTCs against the current code; fail when a relation is violated.
    Check,
}

/// Which methods are mutated: a target and its coupled methods, or the target's whole class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub enum MutationScope {
    #[default]
    Pair,
    Class,
}

/// The session configuration as it crosses JNI: the facts only the build knows, typed, and the
/// user's settings as the raw strings the plugin was given (`settings`, names as written after
/// `mrcoupler.`), which the core parses with its schema (`crate::settings`).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SessionConfigJson {
    version: u32,
    mode: Mode,
    #[serde(default)]
    build_tool: BuildTool,
    #[serde(default)]
    project_name: String,
    project_dir: PathBuf,
    #[serde(default)]
    source_roots: Vec<PathBuf>,
    #[serde(default)]
    test_source_roots: Vec<PathBuf>,
    output_dir: PathBuf,
    #[serde(default)]
    targets: String,
    #[serde(default)]
    source_encoding: Option<String>,
    #[serde(default)]
    junit: Option<crate::mtc::JUnit>,
    #[serde(default)]
    settings: BTreeMap<String, String>,
    #[serde(default)]
    reactor: Vec<ReactorModule>,
}

/// A module of a multi-module build that has Java sources, as the build knows it: what a session in
/// one module needs to tell its targets from the other modules' (`pipeline/reactor.rs`).
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReactorModule {
    /// The build's name for it (Maven artifactId): the session's `projectName` is one of these.
    pub name: String,
    /// Its project folder: where its committed home of kept MTCs is.
    #[serde(default)]
    pub dir: PathBuf,
    #[serde(default)]
    pub source_roots: Vec<PathBuf>,
    /// Its targets as given to it (the same text in every module when given at the root).
    #[serde(default)]
    pub targets: String,
}

/// A session's configuration: the build's facts and the user's settings, parsed and validated.
#[derive(Debug, Clone)]
pub struct SessionConfig {
    pub version: u32,
    pub mode: Mode,
    /// Which build tool opened the session: messages name settings as its users write them.
    pub build_tool: BuildTool,
    pub project_name: String,
    pub project_dir: PathBuf,
    pub source_roots: Vec<PathBuf>,
    pub test_source_roots: Vec<PathBuf>,
    pub output_dir: PathBuf,
    pub targets: String,
    /// The project's declared source encoding; UTF-8 when absent.
    pub source_encoding: Option<String>,
    pub mutation_scope: MutationScope,
    /// Also write one plain source file per mutant.
    pub export_mutants: bool,
    pub max_mutants_per_method: Option<usize>,
    /// The LLM for `generate`; absent: the built-in generator, which the run says.
    pub llm: Option<crate::llm::LlmSettings>,
    pub generation: GenerationSettings,
    /// `check`: fail the build when a kept relation is violated (else only report it).
    pub fail_on_violation: bool,
    /// `check`: fail the build when a kept MTC no longer compiles (stale).
    pub fail_on_stale: bool,
    /// `check`: fail the build when there is no kept MTC to run.
    pub fail_when_empty: bool,
    /// `generate`: the test source root to copy the kept MTCs into (the first one, with `export`);
    /// an existing file is never replaced.
    pub export_to: Option<PathBuf>,
    /// `generate` and `check`: the committed home of kept MTCs (`pipeline/home.rs`), absolute.
    pub mtc_dir: PathBuf,
    /// `check`: a git revision; first generate MTCs for the methods changed since it.
    pub since: Option<String>,
    /// Lines the session's first action starts its log with (settings it ignored).
    pub warnings: Vec<String>,
    /// The modules of a multi-module build with sources, in build order (this one among them);
    /// empty for a single project.
    pub reactor: Vec<ReactorModule>,
}

/// How `generate` runs: the paper's phases can be switched off one by one for its ablation
/// (v1: coupling, v2: amplification, v3: validation), and its baseline is a mode of its own.
/// Built from the settings schema (`crate::settings`), where each field's default lives.
#[derive(Debug, Clone)]
pub struct GenerationSettings {
    /// `llm` or `builtin` (MR templates, no LLM); unset: the LLM when one is configured.
    pub provider: Option<String>,
    pub coupling: bool,
    pub amplification: bool,
    pub validation: bool,
    /// Prompting without coupling, `baseline_candidates` relations asked for, one refinement,
    /// no amplification, no validation.
    pub baseline: bool,
    pub baseline_candidates: usize,
    /// New inputs per MR (the paper's M).
    pub amplification_inputs: usize,
    /// Coupled methods tried per target, best-ranked first; None: all.
    pub max_pairs_per_target: Option<usize>,
    /// `ranked` (default) or `algorithm1`, the paper's Algorithm 1 unchanged (coupling/mod.rs).
    pub coupling_ranking: crate::coupling::Ranking,
    pub examples_per_method: usize,
    pub exclude_relating_tests: bool,
    pub prompt_token_budget: usize,
    pub prompts_dir: Option<PathBuf>,
    /// The JUnit of the project's tests: a fact of the build, not a setting.
    pub junit: crate::mtc::JUnit,
    pub test_timeout_ms: u64,
    /// LLM refinement rounds per candidate (after the static repairs, while the errors change).
    pub refinement_rounds: u32,
    /// Run LLM-written code that the screen stops (`mtc::screen`).
    pub allow_unsafe_tests: bool,
    /// Fail the build when a suspected bug reaches `suspected_bug_confidence`.
    pub fail_on_suspected_bug: bool,
    pub suspected_bug_confidence: f64,
}

impl SessionConfig {
    pub fn from_json(json: &str) -> CoreResult<Self> {
        let wire: SessionConfigJson = serde_json::from_str(json).map_err(|e| {
            let e = e.to_string();
            let e = e.split(" at line ").next().unwrap_or(&e).to_string();
            CoreError::new(
                format!("the build plugin sent a session configuration the core cannot read: {e}"),
                "Use the bridge, Maven plugin and Gradle plugin of one MR-Coupler release together",
            )
        })?;
        check_version(wire.version)?;
        let user = crate::settings::parse(&wire.settings, wire.build_tool, &wire.project_dir)?;
        let export_to = match (user.export, wire.mode) {
            (true, Mode::Generate) => Some(export_root(&wire.test_source_roots, &wire.output_dir)?),
            _ => None,
        };
        // A default (relative) is the project folder's; a user's path was resolved against it.
        let mtc_dir = wire.project_dir.join(&user.mtc_dir);
        let mut generation = user.generation;
        generation.junit = wire.junit.unwrap_or_default();
        Ok(SessionConfig {
            version: wire.version,
            mode: wire.mode,
            build_tool: wire.build_tool,
            project_name: wire.project_name,
            project_dir: wire.project_dir,
            source_roots: wire.source_roots,
            test_source_roots: wire.test_source_roots,
            output_dir: wire.output_dir,
            targets: wire.targets,
            source_encoding: wire.source_encoding,
            mutation_scope: user.mutation_scope,
            export_mutants: user.export_mutants,
            max_mutants_per_method: Some(user.max_mutants_per_method),
            llm: user.llm,
            generation,
            fail_on_violation: user.fail_on_violation,
            fail_on_stale: user.fail_on_stale,
            fail_when_empty: user.fail_when_empty,
            export_to,
            mtc_dir,
            since: user.since,
            warnings: user.warnings,
            reactor: wire.reactor,
        })
    }
}

/// `export` copies the kept MTCs where the developer keeps tests: the first test source root.
fn export_root(test_source_roots: &[PathBuf], output_dir: &std::path::Path) -> CoreResult<PathBuf> {
    test_source_roots.first().cloned().ok_or_else(|| {
        CoreError::new(
            "mrcoupler.export is set, but the project has no test source root to copy the kept tests into",
            format!(
                "Add one (Maven: <testSourceDirectory>; Gradle: sourceSets.test.java.srcDirs), or leave export off and \
                 take the kept tests from {}",
                output_dir.join("generated-tests").display()
            ),
        )
    })
}

/// What the bridge reports back before asking for the next action: nothing on the first call,
/// the outcome of the batch it was asked to execute afterwards.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct Results {
    pub version: u32,
    #[serde(default)]
    pub batch_id: Option<String>,
    #[serde(default)]
    pub compilation: Vec<Compilation>,
    #[serde(default)]
    pub runs: Vec<RunResult>,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct Compilation {
    pub path: String,
    pub success: bool,
    #[serde(default)]
    pub diagnostics: Vec<CompileDiagnostic>,
}

#[derive(Debug, Clone, Deserialize, Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct CompileDiagnostic {
    pub kind: DiagnosticKind,
    #[serde(default)]
    pub line: usize,
    #[serde(default)]
    pub column: usize,
    pub message: String,
}

/// What javac said about a file, as the bridge's `BatchCompiler` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub enum DiagnosticKind {
    Error,
    Warning,
    Note,
    /// A kind a newer bridge names: never an error, so it cannot fail a compilation here.
    #[default]
    #[serde(other)]
    Other,
}

/// How one test ended, as the executor reports it (docs/protocol.md, "Results").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub enum TestStatus {
    Passed,
    /// An assertion failed (`java.lang.AssertionError` or a subclass).
    Failed,
    /// Any other exception.
    Errored,
    /// Ran longer than the test timeout; the worker was killed.
    TimedOut,
    /// The worker JVM died while it ran.
    Crashed,
    /// Disabled, or an assumption did not hold.
    Skipped,
    /// A status a newer bridge names: counted as neither passed nor failed.
    #[default]
    #[serde(other)]
    Other,
}

impl TestStatus {
    /// The wire name (`timedOut`), for lines and reports.
    pub fn name(self) -> &'static str {
        match self {
            TestStatus::Passed => "passed",
            TestStatus::Failed => "failed",
            TestStatus::Errored => "errored",
            TestStatus::TimedOut => "timedOut",
            TestStatus::Crashed => "crashed",
            TestStatus::Skipped => "skipped",
            TestStatus::Other => "other",
        }
    }

    /// The test did not get to its assertions: an exception, a hang or a dead worker.
    pub fn is_broken(self) -> bool {
        matches!(self, TestStatus::Errored | TestStatus::TimedOut | TestStatus::Crashed)
    }
}

impl std::fmt::Display for TestStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct RunResult {
    pub test_class: String,
    pub mutant: u32,
    pub ran: bool,
    #[serde(default)]
    pub duration_ms: u64,
    #[serde(default)]
    pub tests: Vec<TestResult>,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct TestResult {
    pub name: String,
    pub status: TestStatus,
    #[serde(default)]
    pub duration_ms: u64,
    #[serde(default)]
    pub message: Option<String>,
    #[serde(default)]
    pub exception_type: Option<String>,
    #[serde(default)]
    pub frames: Vec<String>,
}

impl Results {
    pub fn from_json(json: &str) -> CoreResult<Self> {
        let results: Results = serde_json::from_str(json).map_err(|e| {
            CoreError::new(
                format!("the build plugin sent results the core cannot read: {e}"),
                "Use the bridge, Maven plugin and Gradle plugin of one MR-Coupler release together",
            )
        })?;
        check_version(results.version)?;
        Ok(results)
    }

    /// The compilation of one file of the batch, by its path.
    pub fn compilation_of(&self, path: &str) -> Option<&Compilation> {
        self.compilation.iter().find(|c| c.path == path)
    }
}

/// Work for the executor: compile `replacements` then each of `sources`, run `runs`.
#[derive(Debug, Clone, Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct Batch {
    pub id: String,
    pub replacements: Vec<SourceText>,
    pub sources: Vec<SourceText>,
    pub runs: Vec<Run>,
    pub limits: Limits,
    /// The environment variable holding the LLM API key: the worker JVM must never see it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secret_variable: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SourceText {
    /// Relative to a source root: `com/acme/Aes.java`.
    pub path: String,
    pub content: String,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Run {
    pub test_class: String,
    pub mutant: u32,
}

/// Time bounds of a batch's runs; the values come from `pipeline::timeouts`, the executor applies them.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    pub test_timeout_ms: u64,
    /// On a mutant a test may take this many times its time on the original (run earlier in the
    /// batch) plus `mutant_timeout_constant_ms`, at most `test_timeout_ms`; 0: `test_timeout_ms`.
    pub mutant_timeout_factor: f64,
    pub mutant_timeout_constant_ms: u64,
    /// A run on a mutant ends at its first timeout; its other tests are not run.
    pub stop_mutant_at_first_timeout: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            test_timeout_ms: 10_000,
            mutant_timeout_factor: 0.0,
            mutant_timeout_constant_ms: 0,
            stop_mutant_at_first_timeout: false,
        }
    }
}

fn check_version(version: u32) -> CoreResult<()> {
    if version == PROTOCOL_VERSION {
        return Ok(());
    }
    Err(CoreError::new(
        format!("the build plugin speaks protocol version {version}, this core speaks {PROTOCOL_VERSION}"),
        "Use the bridge, Maven plugin and Gradle plugin of one MR-Coupler release together",
    ))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ActionKind {
    Done,
    Execute,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Level {
    Debug,
    Info,
    Warn,
    Error,
}

#[derive(Debug, Clone, Serialize)]
pub struct LogLine {
    pub level: Level,
    pub message: String,
}

impl LogLine {
    pub fn debug(message: impl Into<String>) -> Self {
        LogLine { level: Level::Debug, message: message.into() }
    }
    pub fn info(message: impl Into<String>) -> Self {
        LogLine { level: Level::Info, message: message.into() }
    }
    pub fn warn(message: impl Into<String>) -> Self {
        LogLine { level: Level::Warn, message: message.into() }
    }
    pub fn error(message: impl Into<String>) -> Self {
        LogLine { level: Level::Error, message: message.into() }
    }
}

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Progress {
    pub phase: String,
    pub targets_done: usize,
    pub targets_total: usize,
    pub message: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct Action {
    pub version: u32,
    pub kind: ActionKind,
    pub progress: Progress,
    pub log: Vec<LogLine>,
    pub outputs: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub batch: Option<Batch>,
    /// With `done`: whether the plugin must fail the build, and the message to fail it with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Verdict>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Verdict {
    pub fail_build: bool,
    pub message: String,
}

impl Action {
    pub fn done(progress: Progress, log: Vec<LogLine>, outputs: Vec<String>) -> Self {
        Action { version: PROTOCOL_VERSION, kind: ActionKind::Done, progress, log, outputs, batch: None, verdict: None }
    }

    pub fn execute(progress: Progress, log: Vec<LogLine>, batch: Batch) -> Self {
        let kind = ActionKind::Execute;
        Action {
            version: PROTOCOL_VERSION,
            kind,
            progress,
            log,
            outputs: Vec::new(),
            batch: Some(batch),
            verdict: None,
        }
    }

    pub fn to_json(&self) -> String {
        // Plain data with string keys: serialisation cannot fail.
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_statuses_keep_the_wire_names_of_the_executor() {
        let all = [
            TestStatus::Passed,
            TestStatus::Failed,
            TestStatus::Errored,
            TestStatus::TimedOut,
            TestStatus::Crashed,
            TestStatus::Skipped,
        ];
        let names: Vec<String> =
            all.iter().map(|s| serde_json::to_value(s).unwrap().as_str().unwrap().into()).collect();
        assert_eq!(names, ["passed", "failed", "errored", "timedOut", "crashed", "skipped"]);
        for s in all {
            assert_eq!(s.name(), serde_json::to_value(s).unwrap());
        }
    }

    #[test]
    fn unknown_outcomes_are_read_as_other() {
        let json = r#"{"version":1,"compilation":[{"path":"A.java","success":true,
            "diagnostics":[{"kind":"error","message":"x"},{"kind":"hint","message":"y"}]}],
            "runs":[{"testClass":"A","mutant":0,"ran":true,
            "tests":[{"name":"a()","status":"timedOut"},{"name":"b()","status":"vanished"}]}]}"#;
        let results = Results::from_json(json).unwrap();
        let kinds: Vec<DiagnosticKind> = results.compilation[0].diagnostics.iter().map(|d| d.kind).collect();
        assert_eq!(kinds, [DiagnosticKind::Error, DiagnosticKind::Other]);
        let statuses: Vec<TestStatus> = results.runs[0].tests.iter().map(|t| t.status).collect();
        assert_eq!(statuses, [TestStatus::TimedOut, TestStatus::Other]);
    }
}
