//! What every phase starts from: the targets resolved against the sources, and Algorithm 1 for
//! each of them.

use crate::coupling::{self, CouplingAnalysis};
use crate::error::CoreResult;
use crate::java_model::{ClassModel, Project};
use crate::protocol::SessionConfig;
use crate::targets::{load_and_resolve, TargetRef, TargetSpec};

/// Parse what the targets need (in the project's encoding) and resolve them.
pub fn load_targets(config: &SessionConfig, specs: &[TargetSpec]) -> CoreResult<(Project, Vec<TargetRef>)> {
    let mut project = Project::new(&config.source_roots).with_encoding(config.source_encoding.as_deref());
    let targets = load_and_resolve(&mut project, specs)?;
    Ok((project, targets))
}

/// Algorithm 1 per target, in the order of `targets`; each class's features are computed once
/// and the classes are spread over the cores.
pub fn analyse_all(project: &Project, targets: &[TargetRef]) -> Vec<CouplingAnalysis> {
    let mut classes: Vec<(usize, usize)> = targets.iter().map(|t| (t.file, t.class)).collect();
    classes.sort();
    classes.dedup();
    let work: Vec<(&ClassModel, Vec<usize>)> = classes
        .iter()
        .map(|&(file, class)| {
            let methods = targets.iter().filter(|t| (t.file, t.class) == (file, class)).map(|t| t.method).collect();
            (&project.files[file].classes[class], methods)
        })
        .collect();
    // Each class's analyses come back in the order its targets were listed; hand them out again
    // in the order of `targets`.
    let mut per_class: Vec<std::vec::IntoIter<CouplingAnalysis>> =
        coupling::analyse_classes(&work).into_iter().map(Vec::into_iter).collect();
    targets
        .iter()
        .filter_map(|t| {
            let slot = classes.binary_search(&(t.file, t.class)).ok()?;
            per_class[slot].next()
        })
        .collect()
}
