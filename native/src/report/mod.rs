//! Reports: the JSON files a run leaves behind and the lines it prints.

pub mod couplings;
pub mod gate;
pub mod generate;
pub mod html;
pub mod mutants;

use crate::error::{CoreError, CoreResult};
use crate::java_model::Project;
use crate::protocol::LogLine;
use std::path::Path;

/// Every problem met while reading the sources, as warnings for the build log.
pub fn diagnostics_lines(project: &Project) -> Vec<LogLine> {
    project.all_diagnostics().map(|d| LogLine::warn(d.message.clone())).collect()
}

/// Write a file, creating its folder; the error names the path.
pub fn write_file(path: &Path, content: &str) -> CoreResult<()> {
    let cannot = |e: std::io::Error| {
        CoreError::new(
            format!("cannot write {}: {e}", path.display()),
            "Check that the build output folder is writable",
        )
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(cannot)?;
    }
    std::fs::write(path, content).map_err(cannot)
}
