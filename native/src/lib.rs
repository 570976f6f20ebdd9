//! MR-Coupler core: everything that is not "run Java". See ARCHITECTURE.md for the code map.
//!
//! - [`java_model`]: tree-sitter-java -> classes, methods, calls, field reads and writes.
//! - [`coupling`]: Algorithm 1 of the paper, with evidence and a ranking.
//! - [`targets`]: target methods as users write them, resolved against the model.
//! - [`pipeline`]: the session state machine, the only place that knows the order of phases.
//! - [`report`]: the files and lines a run leaves behind.
//! - [`settings`]: the schema of every user setting, and its parser.
//! - [`protocol`]: the JSON that crosses JNI; `jni` is the only file with extern functions.

pub mod builtin;
pub mod context;
pub mod coupling;
pub mod error;
pub mod java_model;
mod jni;
pub mod llm;
pub mod mtc;
pub mod mutate;
mod parallel;
pub mod pipeline;
pub mod prompt;
pub mod protocol;
pub mod report;
pub mod settings;
pub mod targets;
