//! `mutants` as a session: the mutation engine on the methods under test, each class's schemata
//! compiled by the executor and, when it fails, the failing lines' mutants dropped and compiled
//! again; then the schemata, `mutants.log` and the summary are written.

use super::analyse::{analyse_all, load_targets};
use crate::error::{CoreError, CoreResult};
use crate::mutate::{generate, ClassMutants, MutationOptions};
use crate::protocol::{Action, Batch, LogLine, MutationScope, Progress, Results, SessionConfig, SourceText};
use crate::report::diagnostics_lines;
use crate::report::mutants::{ClassOutcome, MutantsReport};
use crate::targets::TargetSpec;
use std::collections::{BTreeMap, BTreeSet};

/// Compile attempts per class before its schemata is given up.
const MAX_ROUNDS: usize = 5;

pub struct MutantsRun {
    classes: Vec<ClassMutants>,
    outcomes: Vec<ClassOutcome>,
    current: usize,
    pending_batch: Option<String>,
    log: Vec<LogLine>,
}

impl MutantsRun {
    pub fn start(config: &SessionConfig, specs: &[TargetSpec]) -> CoreResult<Self> {
        let (project, targets) = load_targets(config, specs)?;
        let mut methods: BTreeMap<(usize, usize), BTreeSet<usize>> = BTreeMap::new();
        match config.mutation_scope {
            MutationScope::Pair => {
                for (t, analysis) in targets.iter().zip(analyse_all(&project, &targets)) {
                    let set = methods.entry((t.file, t.class)).or_default();
                    set.insert(t.method);
                    set.extend(analysis.coupled.iter().map(|c| c.method));
                }
            }
            MutationScope::Class => {
                for t in &targets {
                    let class = t.class(&project);
                    let with_body = (0..class.methods.len()).filter(|&i| class.methods[i].has_body);
                    methods.entry((t.file, t.class)).or_default().extend(with_body);
                }
            }
        }
        let options = MutationOptions {
            max_per_method: config.max_mutants_per_method.unwrap_or(MutationOptions::default().max_per_method),
        };
        let classes = methods
            .iter()
            .map(|(&(file, class), methods)| {
                let methods: Vec<usize> = methods.iter().copied().collect();
                generate(&project.files[file].classes[class], &methods, &options)
            })
            .collect::<CoreResult<Vec<_>>>()?;
        let outcomes = classes.iter().map(|_| ClassOutcome::default()).collect();
        Ok(MutantsRun { classes, outcomes, current: 0, pending_batch: None, log: diagnostics_lines(&project) })
    }

    /// Take the results of the last batch, then ask for the next one or finish.
    pub fn step(&mut self, results: &Results, config: &SessionConfig) -> CoreResult<Action> {
        if let Some(expected) = self.pending_batch.take() {
            self.take_results(results, &expected)?;
        }
        while self.current < self.classes.len() && self.classes[self.current].mutants.is_empty() {
            self.outcomes[self.current].compiles = true; // the original: nothing to compile
            self.current += 1;
        }
        if self.current < self.classes.len() {
            return Ok(self.next_batch());
        }
        let report = MutantsReport::build(&self.classes, &self.outcomes);
        let outputs = report.write(&config.output_dir.join("mutants"), &self.classes, config.export_mutants)?;
        let mut log = std::mem::take(&mut self.log);
        log.extend(report.summary_lines().into_iter().map(LogLine::info));
        let progress = self.progress("mutants written");
        Ok(Action::done(progress, log, outputs.iter().map(|p| p.display().to_string()).collect()))
    }

    fn next_batch(&mut self) -> Action {
        let class = &self.classes[self.current];
        let outcome = &mut self.outcomes[self.current];
        outcome.rounds += 1;
        let id = format!("mutants-{}-{}", self.current + 1, outcome.rounds);
        self.pending_batch = Some(id.clone());
        let batch = Batch {
            id,
            replacements: vec![SourceText { path: class.relative_path.clone(), content: class.schemata() }],
            ..Batch::default()
        };
        let progress = self.progress(&format!("compiling the schemata of {}", class.class_name));
        Action::execute(progress, std::mem::take(&mut self.log), batch)
    }

    fn take_results(&mut self, results: &Results, expected: &str) -> CoreResult<()> {
        if results.batch_id.as_deref() != Some(expected) {
            return Err(CoreError::new(
                format!("the executor answered batch {:?} while the core waited for {expected}", results.batch_id),
                "Use the bridge and core of one MR-Coupler release together",
            ));
        }
        let class = &mut self.classes[self.current];
        let outcome = &mut self.outcomes[self.current];
        let compilation = results.compilation_of(&class.relative_path).ok_or_else(|| {
            CoreError::new(format!("the executor did not report compiling {}", class.relative_path), "")
        })?;
        if compilation.success {
            outcome.compiles = true;
            self.current += 1;
            return Ok(());
        }
        let errors: Vec<_> = compilation.diagnostics.iter().filter(|d| d.kind == "error").collect();
        let lines: Vec<usize> = errors.iter().map(|d| d.line).collect();
        let dropped = class.drop_on_lines(&lines);
        if dropped == 0 || outcome.rounds >= MAX_ROUNDS {
            let first = errors.first().map(|d| format!("line {}: {}", d.line, d.message)).unwrap_or_default();
            outcome.error = Some(first.clone());
            self.log.push(LogLine::warn(format!(
                "the schemata of {} does not compile ({first}); its mutants are left out. Check that the project's \
                 classpath is complete (the goal compiles against the dependencies Maven or Gradle resolved)",
                class.class_name
            )));
            self.current += 1;
        }
        Ok(())
    }

    fn progress(&self, message: &str) -> Progress {
        Progress {
            phase: "mutants".into(),
            targets_done: self.current,
            targets_total: self.classes.len(),
            message: message.to_string(),
        }
    }
}
