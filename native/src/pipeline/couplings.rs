//! Phase 1 as a session: resolve the targets, run the coupling analysis per target, write
//! couplings.json.

use super::analyse::{analyse_all, coupling_options, load_targets, load_tests_for};
use crate::error::CoreResult;
use crate::protocol::{Action, LogLine, Progress, SessionConfig};
use crate::report::couplings::CouplingsReport;
use crate::report::diagnostics_lines;
use crate::targets::TargetSpec;

pub fn run(config: &SessionConfig, specs: &[TargetSpec]) -> CoreResult<Action> {
    let (project, targets) = load_targets(config, specs)?;
    let tests = load_tests_for(config, &project, &targets);
    let analyses = analyse_all(&project, &targets, &coupling_options(config), tests.as_ref().map(|t| t.project()));
    let report = CouplingsReport::build(&project, &targets, &analyses);
    let path = report.write(&config.output_dir)?;

    let mut log = diagnostics_lines(&project);
    log.extend(report.summary_lines().into_iter().map(LogLine::info));
    log.push(LogLine::info(format!("Wrote {}", path.display())));
    let progress = Progress {
        phase: "couplings".into(),
        targets_done: targets.len(),
        targets_total: targets.len(),
        message: format!("{} target method(s) analysed", targets.len()),
    };
    Ok(Action::done(progress, log, vec![path.display().to_string()]))
}
