//! Compiling each class's mutant schemata through the executor, dropping the mutants on failing
//! lines and trying again, until it compiles or rounds run out. Used by `mutants` and `generate`.

use crate::error::{CoreError, CoreResult};
use crate::mutate::ClassMutants;
use crate::protocol::{Batch, DiagnosticKind, LogLine, Results, SourceText};
use crate::report::mutants::ClassOutcome;

/// Compile attempts per class before its schemata is given up.
const MAX_ROUNDS: usize = 5;

pub struct SchemataCheck {
    pub classes: Vec<ClassMutants>,
    pub outcomes: Vec<ClassOutcome>,
    current: usize,
    pending: Option<String>,
}

impl SchemataCheck {
    pub fn new(classes: Vec<ClassMutants>) -> Self {
        let outcomes = classes.iter().map(|_| ClassOutcome::default()).collect();
        SchemataCheck { classes, outcomes, current: 0, pending: None }
    }

    pub fn progress(&self) -> (usize, usize) {
        (self.current, self.classes.len())
    }

    /// The next compile-only batch, or None when every class is done.
    pub fn next_batch(&mut self) -> Option<Batch> {
        while self.current < self.classes.len() && self.classes[self.current].mutants.is_empty() {
            self.outcomes[self.current].compiles = true; // the original: nothing to compile
            self.current += 1;
        }
        let class = self.classes.get(self.current)?;
        let outcome = &mut self.outcomes[self.current];
        outcome.rounds += 1;
        let id = format!("schemata-{}-{}", self.current + 1, outcome.rounds);
        self.pending = Some(id.clone());
        let replacements = vec![SourceText { path: class.relative_path.clone(), content: class.schemata() }];
        Some(Batch { id, replacements, ..Batch::default() })
    }

    /// Take the results of the batch from `next_batch`; warnings for schemata given up.
    pub fn take_results(&mut self, results: &Results) -> CoreResult<Vec<LogLine>> {
        let Some(expected) = self.pending.take() else { return Ok(Vec::new()) };
        if results.batch_id.as_deref() != Some(expected.as_str()) {
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
            return Ok(Vec::new());
        }
        let errors: Vec<_> = compilation.diagnostics.iter().filter(|d| d.kind == DiagnosticKind::Error).collect();
        let lines: Vec<usize> = errors.iter().map(|d| d.line).collect();
        if class.drop_on_lines(&lines) > 0 && outcome.rounds < MAX_ROUNDS {
            return Ok(Vec::new()); // try again without the failing lines' mutants
        }
        let first = errors.first().map(|d| format!("line {}: {}", d.line, d.message)).unwrap_or_default();
        outcome.error = Some(first.clone());
        self.current += 1;
        Ok(vec![LogLine::warn(format!(
            "the schemata of {} does not compile ({first}); its mutants are left out. Check that the project's \
             classpath is complete (the goal compiles against the dependencies Maven or Gradle resolved)",
            class.class_name
        ))])
    }
}
