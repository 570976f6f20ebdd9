//! What crosses JNI, as serde types: the session configuration (in), the results of executed
//! batches (in) and the next action (out). Versioned; see docs/protocol.md. The bridge mirrors
//! these as Java records.

use crate::error::{CoreError, CoreResult};
use serde::{Deserialize, Serialize};
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub enum MutationScope {
    #[default]
    Pair,
    Class,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionConfig {
    pub version: u32,
    pub mode: Mode,
    #[serde(default)]
    pub project_name: String,
    pub project_dir: PathBuf,
    #[serde(default)]
    pub source_roots: Vec<PathBuf>,
    #[serde(default)]
    pub test_source_roots: Vec<PathBuf>,
    pub output_dir: PathBuf,
    #[serde(default)]
    pub targets: String,
    /// The project's declared source encoding; UTF-8 when absent.
    #[serde(default)]
    pub source_encoding: Option<String>,
    #[serde(default)]
    pub mutation_scope: MutationScope,
    /// Also write one plain source file per mutant.
    #[serde(default)]
    pub export_mutants: bool,
    #[serde(default)]
    pub max_mutants_per_method: Option<usize>,
    /// The LLM for `generate`; absent: the run says so.
    #[serde(default)]
    pub llm: Option<crate::llm::LlmSettings>,
    #[serde(default)]
    pub generation: GenerationSettings,
    /// `check`: fail the build when a kept relation is violated (else only report it).
    #[serde(default = "yes")]
    pub fail_on_violation: bool,
    /// `generate`: a test source root to copy the kept MTCs into; an existing file is never replaced.
    #[serde(default)]
    pub export_to: Option<PathBuf>,
    /// `check`: a git revision; first generate MTCs for the methods changed since it.
    #[serde(default)]
    pub since: Option<String>,
}

fn yes() -> bool {
    true
}

/// How `generate` runs: the paper's phases can be switched off one by one for its ablation
/// (v1: coupling, v2: amplification, v3: validation), and its baseline is a mode of its own.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", default)]
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
    pub junit: crate::mtc::JUnit,
    pub test_timeout_ms: u64,
}

impl Default for GenerationSettings {
    fn default() -> Self {
        GenerationSettings {
            provider: None,
            coupling: true,
            amplification: true,
            validation: true,
            baseline: false,
            baseline_candidates: 8,
            amplification_inputs: 10,
            max_pairs_per_target: None,
            coupling_ranking: crate::coupling::Ranking::default(),
            examples_per_method: 3,
            exclude_relating_tests: false,
            prompt_token_budget: 12_000,
            prompts_dir: None,
            junit: crate::mtc::JUnit::Five,
            test_timeout_ms: 10_000,
        }
    }
}

impl SessionConfig {
    pub fn from_json(json: &str) -> CoreResult<Self> {
        let deserializer = &mut serde_json::Deserializer::from_str(json);
        let config: SessionConfig = serde_path_to_error::deserialize(deserializer).map_err(setting_error)?;
        check_version(config.version)?;
        Ok(config)
    }
}

/// A configuration the core cannot read, named as the user set it: Maven's `-Dmrcoupler.<name>`
/// and Gradle's `-Pmrcoupler.<name>` (LLM fields as `mrcoupler.llm.<field>`, generation fields
/// as `mrcoupler.<field>`).
fn setting_error(e: serde_path_to_error::Error<serde_json::Error>) -> CoreError {
    let path = e.path().to_string();
    let inner = e.inner().to_string();
    let inner = inner.split(" at line ").next().unwrap_or(&inner).to_string();
    let setting = |field: &str| {
        let full = [path.as_str(), field]
            .iter()
            .filter(|s| !s.is_empty() && **s != ".")
            .copied()
            .collect::<Vec<_>>()
            .join(".");
        full.strip_prefix("generation.").map(String::from).unwrap_or(full)
    };
    let malformed = !matches!(e.inner().classify(), serde_json::error::Category::Data);
    if malformed || path == "." {
        return CoreError::new(
            format!("the build plugin sent a session configuration the core cannot read: {inner}"),
            "Use the bridge, Maven plugin and Gradle plugin of one MR-Coupler release together",
        );
    }
    if let Some(field) = inner.strip_prefix("missing field `").and_then(|r| r.split('`').next()) {
        let name = setting(field);
        return CoreError::new(format!("the setting {name} is missing"), format!("Set mrcoupler.{name}"));
    }
    let name = setting("");
    match inner.strip_prefix("unknown variant ") {
        Some(rest) => {
            CoreError::new(format!("the setting mrcoupler.{name} cannot be {rest}"), "Use one of the values it names")
        }
        None => CoreError::new(format!("the setting mrcoupler.{name} is not valid: {inner}"), "Check its value"),
    }
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
    pub kind: String,
    #[serde(default)]
    pub line: usize,
    #[serde(default)]
    pub column: usize,
    pub message: String,
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
    pub status: String,
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

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    pub test_timeout_ms: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { test_timeout_ms: 10_000 }
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
