//! Phase 1 as a session: resolve the targets, run Algorithm 1 per target, write couplings.json.

use crate::coupling::{self, CouplingAnalysis};
use crate::error::CoreResult;
use crate::java_model::{ClassModel, Project, Severity};
use crate::protocol::{Action, LogLine, Progress, SessionConfig};
use crate::report::couplings::CouplingsReport;
use crate::targets::{load_and_resolve, TargetRef, TargetSpec};

pub fn run(config: &SessionConfig, specs: &[TargetSpec]) -> CoreResult<Action> {
    let mut project =
        Project::new(&config.source_roots).with_encoding(config.source_encoding.as_deref());
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
    Ok(Action::done(
        progress,
        log,
        vec![path.display().to_string()],
    ))
}

/// Algorithm 1 per target, in the order of `targets`; each class's features are computed once.
pub fn analyse_all(project: &Project, targets: &[TargetRef]) -> Vec<CouplingAnalysis> {
    let mut classes: Vec<(usize, usize)> = targets.iter().map(|t| (t.file, t.class)).collect();
    classes.sort();
    classes.dedup();
    let work: Vec<(&ClassModel, Vec<usize>)> = classes
        .iter()
        .map(|&(file, class)| {
            let methods = targets
                .iter()
                .filter(|t| (t.file, t.class) == (file, class))
                .map(|t| t.method)
                .collect();
            (&project.files[file].classes[class], methods)
        })
        .collect();
    let mut per_class: Vec<std::vec::IntoIter<CouplingAnalysis>> = coupling::analyse_classes(&work)
        .into_iter()
        .map(Vec::into_iter)
        .collect();
    targets
        .iter()
        .filter_map(|t| {
            let slot = classes.binary_search(&(t.file, t.class)).ok()?;
            per_class[slot].next()
        })
        .collect()
}
