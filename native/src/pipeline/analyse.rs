//! What every phase starts from: the targets resolved against the sources, and the coupling
//! analysis for each of them.

use crate::context::TestIndex;
use crate::coupling::hierarchy::{load_superclasses, ClassRef, Hierarchy};
use crate::coupling::{self, ClassInput, CouplingAnalysis, CouplingOptions, Ranking, Tests};
use crate::error::CoreResult;
use crate::java_model::Project;
use crate::protocol::SessionConfig;
use crate::targets::{load_and_resolve, TargetRef, TargetSpec};

/// The coupling analysis the session's settings ask for.
pub fn coupling_options(config: &SessionConfig) -> CouplingOptions {
    CouplingOptions { ranking: config.generation.coupling_ranking, uncut: false }
}

/// Parse what the targets need (in the project's encoding) and resolve them; the ranked analysis
/// also needs the targets' project superclasses.
pub fn load_targets(config: &SessionConfig, specs: &[TargetSpec]) -> CoreResult<(Project, Vec<TargetRef>)> {
    let mut project = Project::new(&config.source_roots).with_encoding(config.source_encoding.as_deref());
    let targets = load_and_resolve(&mut project, specs)?;
    if coupling_options(config).ranking == Ranking::Ranked {
        let classes: Vec<ClassRef> = target_classes(&targets);
        load_superclasses(&mut project, &classes);
    }
    Ok((project, targets))
}

/// The project's tests that mention a target's class, for the ranked analysis's co-usage
/// (`generate` loads all of them for its prompts anyway).
pub fn load_tests_for(config: &SessionConfig, project: &Project, targets: &[TargetRef]) -> Option<TestIndex> {
    if coupling_options(config).ranking != Ranking::Ranked || config.test_source_roots.is_empty() {
        return None;
    }
    let names: Vec<&str> = target_classes(targets).iter().map(|c| c.get(project).name.as_str()).collect();
    Some(TestIndex::load_mentioning(&config.test_source_roots, config.source_encoding.as_deref(), &names))
}

fn target_classes(targets: &[TargetRef]) -> Vec<ClassRef> {
    let mut classes: Vec<ClassRef> = targets.iter().map(|t| ClassRef { file: t.file, class: t.class }).collect();
    classes.sort();
    classes.dedup();
    classes
}

/// The analysis per target, in the order of `targets`; each class's features are computed once
/// and the classes are spread over the cores.
pub fn analyse_all(
    project: &Project,
    targets: &[TargetRef],
    options: &CouplingOptions,
    tests: Option<&Project>,
) -> Vec<CouplingAnalysis> {
    let classes = target_classes(targets);
    let hierarchy = (options.ranking == Ranking::Ranked).then(|| Hierarchy::new(project));
    let work: Vec<(ClassInput, Vec<usize>)> = classes
        .iter()
        .map(|&c| {
            let superclasses = match &hierarchy {
                Some(h) => h.superclasses(project, c).iter().map(|s| s.get(project)).collect(),
                None => Vec::new(),
            };
            let input = ClassInput {
                class: c.get(project),
                superclasses,
                tests: tests.map(|project| Tests { project, exclude: None }),
            };
            let methods = targets.iter().filter(|t| (t.file, t.class) == (c.file, c.class)).map(|t| t.method).collect();
            (input, methods)
        })
        .collect();
    // Each class's analyses come back in the order its targets were listed; hand them out again
    // in the order of `targets`.
    let mut per_class: Vec<std::vec::IntoIter<CouplingAnalysis>> =
        coupling::analyse_classes(&work, options).into_iter().map(Vec::into_iter).collect();
    targets
        .iter()
        .filter_map(|t| {
            let slot = classes.binary_search(&ClassRef { file: t.file, class: t.class }).ok()?;
            per_class[slot].next()
        })
        .collect()
}
