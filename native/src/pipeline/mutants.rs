//! `mutants` as a session: the mutation engine on the methods under test, each class's schemata
//! compiled by the executor (with recovery), then the schemata, `mutants.log` and the summary.

use super::analyse::{analyse_all, coupling_options, load_targets, load_tests_for};
use super::schemata::SchemataCheck;
use crate::error::CoreResult;
use crate::java_model::Project;
use crate::mutate::{generate, ClassMutants, MutationOptions};
use crate::protocol::{Action, LogLine, MutationScope, Progress, Results, SessionConfig};
use crate::report::diagnostics_lines;
use crate::report::mutants::MutantsReport;
use crate::targets::{TargetRef, TargetSpec};
use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, BTreeSet};

pub struct MutantsRun {
    check: SchemataCheck,
    log: Vec<LogLine>,
}

/// The mutants of every class with a target: of the targets, their coupled methods of the same
/// class and what those that only delegate call in it (`pair`), or of every method with a body (`class`). `tests` are the project's tests
/// the coupling analysis ranks with.
pub fn mutants_for(
    project: &Project,
    targets: &[TargetRef],
    scope: MutationScope,
    config: &SessionConfig,
    tests: Option<&Project>,
) -> CoreResult<Vec<ClassMutants>> {
    let options = MutationOptions {
        max_per_method: config.max_mutants_per_method.unwrap_or(MutationOptions::default().max_per_method),
    };
    let mut methods: BTreeMap<(usize, usize), BTreeSet<usize>> = BTreeMap::new();
    match scope {
        MutationScope::Pair => {
            // Every method's mutants, generated once per class: which methods have mutants enough
            // of their own, the rule `exercised` follows calls by (validation counts the same).
            let mut whole: BTreeMap<(usize, usize), ClassMutants> = BTreeMap::new();
            for (t, analysis) in targets.iter().zip(analyse_all(project, targets, &coupling_options(config), tests)) {
                let pair =
                    std::iter::once(t.method).chain(analysis.coupled.iter().filter(|c| c.is_own()).map(|c| c.method));
                let class = t.class(project);
                let key = (t.file, t.class);
                if let Entry::Vacant(e) = whole.entry(key) {
                    e.insert(generate(class, &with_body(class), &options)?);
                }
                let own = &whole[&key];
                let exercised = super::exercised::exercised(class, pair, |m| own.of_method(m));
                methods.entry((t.file, t.class)).or_default().extend(exercised);
            }
        }
        MutationScope::Class => {
            for t in targets {
                methods.entry((t.file, t.class)).or_default().extend(with_body(t.class(project)));
            }
        }
    }
    methods
        .iter()
        .map(|(&(file, class), methods)| {
            let methods: Vec<usize> = methods.iter().copied().collect();
            generate(&project.files[file].classes[class], &methods, &options)
        })
        .collect()
}

/// The methods of `class` with a body: what a mutant can change.
fn with_body(class: &crate::java_model::ClassModel) -> Vec<usize> {
    (0..class.methods.len()).filter(|&i| class.methods[i].has_body).collect()
}

impl MutantsRun {
    pub fn start(config: &SessionConfig, specs: &[TargetSpec]) -> CoreResult<Self> {
        let (project, targets) = load_targets(config, specs)?;
        let tests = load_tests_for(config, &project, &targets);
        let classes =
            mutants_for(&project, &targets, config.mutation_scope, config, tests.as_ref().map(|t| t.project()))?;
        Ok(MutantsRun { check: SchemataCheck::new(classes), log: diagnostics_lines(&project) })
    }

    /// Take the results of the last batch, then ask for the next one or finish.
    pub fn step(&mut self, results: &Results, config: &SessionConfig) -> CoreResult<Action> {
        let warnings = self.check.take_results(results)?;
        self.log.extend(warnings);
        let (done, total) = self.check.progress();
        let progress =
            |message: String| Progress { phase: "mutants".into(), targets_done: done, targets_total: total, message };
        if let Some(batch) = self.check.next_batch() {
            let message =
                format!("compiling the schemata of {}", self.check.classes[self.check.progress().0].class_name);
            return Ok(Action::execute(progress(message), std::mem::take(&mut self.log), batch));
        }
        let report = MutantsReport::build(&self.check.classes, &self.check.outcomes);
        let outputs = report.write(&config.output_dir.join("mutants"), &self.check.classes, config.export_mutants)?;
        let mut log = std::mem::take(&mut self.log);
        log.extend(report.summary_lines().into_iter().map(LogLine::info));
        let outputs = outputs.iter().map(|p| p.display().to_string()).collect();
        Ok(Action::done(progress("mutants written".into()), log, outputs))
    }
}
