//! The user's settings, owned by the core: one schema (`schema.rs`) of every `mrcoupler.*` setting,
//! from which the core parses and validates the raw values the plugins pass through unchanged
//! (`parse.rs`), and from which the plugins' parameters and their documentation are generated at
//! build time (`src/bin/settings-codegen`). The plugins decide nothing about a setting.

pub mod parse;
pub mod schema;
pub mod value;
pub mod wording;

pub use parse::{parse, UserSettings};
pub use schema::{Kind, Setting, SETTINGS};
pub use wording::BuildTool;
