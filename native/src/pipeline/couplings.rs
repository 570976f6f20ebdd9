//! Phase 1 as a session: resolve the targets, run Algorithm 1 per target, write couplings.json.

use crate::coupling::{self, ClassFacts, CouplingAnalysis};
use crate::error::CoreResult;
use crate::java_model::{Project, Severity};
use crate::protocol::{Action, LogLine, Progress, SessionConfig};
use crate::report::couplings::CouplingsReport;
use crate::targets::{load_and_resolve, TargetRef, TargetSpec};
use std::collections::HashMap;

pub fn run(config: &SessionConfig, specs: &[TargetSpec]) -> CoreResult<Action> {
    let mut project = Project::new(&config.source_roots);
    let targets = load_and_resolve(&mut project, specs)?;
    let analyses = analyse_all(&project, &targets);
    let report = CouplingsReport::build(&project, &targets, &analyses);
    let path = report.write(&config.output_dir)?;

    let mut log: Vec<LogLine> = project
        .all_diagnostics()
        .map(|d| match d.severity {
            Severity::Warning | Severity::Error => LogLine::warn(d.message.clone()),
        })
        .collect();
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

/// Algorithm 1 per target, computing each class's static features once.
pub fn analyse_all(project: &Project, targets: &[TargetRef]) -> Vec<CouplingAnalysis> {
    let mut facts: HashMap<(usize, usize), ClassFacts> = HashMap::new();
    targets
        .iter()
        .map(|t| {
            let class_facts = facts.entry((t.file, t.class)).or_insert_with(|| ClassFacts::new(t.class(project)));
            coupling::analyse_with(class_facts, t.method)
        })
        .collect()
}
