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
}

impl SessionConfig {
    pub fn from_json(json: &str) -> CoreResult<Self> {
        let config: SessionConfig = serde_json::from_str(json).map_err(|e| {
            CoreError::new(
                format!("the build plugin sent a session configuration the core cannot read: {e}"),
                "Use the bridge, Maven plugin and Gradle plugin of one MR-Coupler release together",
            )
        })?;
        check_version(config.version)?;
        Ok(config)
    }
}

/// What the bridge reports back before asking for the next action.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Results {
    pub version: u32,
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
        LogLine {
            level: Level::Info,
            message: message.into(),
        }
    }
    pub fn warn(message: impl Into<String>) -> Self {
        LogLine {
            level: Level::Warn,
            message: message.into(),
        }
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
}

impl Action {
    pub fn done(progress: Progress, log: Vec<LogLine>, outputs: Vec<String>) -> Self {
        Action {
            version: PROTOCOL_VERSION,
            kind: ActionKind::Done,
            progress,
            log,
            outputs,
        }
    }

    pub fn to_json(&self) -> String {
        // Plain data with string keys: serialisation cannot fail.
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }
}
