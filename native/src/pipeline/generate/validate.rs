//! Phase 3 (b), validation: the candidate runs on the original code and on the mutants of the
//! methods it exercises (its pair's and their own callees: `pipeline/exercised.rs`); `decide.rs` turns the pass rates into kept or dropped.

use super::candidate::{Stage, Status};
use super::decide::decide;
use super::GenerateRun;
use crate::protocol::{Batch, Results, Run, SourceText};

impl GenerateRun {
    /// The candidates of one class under test, with its schemata, on the original and on the
    /// mutants of their pair's methods. One class per batch: mutant ids are per class.
    pub(super) fn validate_batch(&self) -> Option<(Batch, Vec<usize>)> {
        let first = self.candidates.iter().find(|c| c.stage == Stage::Validate)?;
        let class_key = (first.target.file, first.target.class);
        let ids: Vec<usize> = self
            .candidates
            .iter()
            .filter(|c| c.stage == Stage::Validate && (c.target.file, c.target.class) == class_key)
            .map(|c| c.id)
            .collect();
        let class_name = &first.target.class(&self.project).qualified_name;
        let mutants = self.schemata.as_ref().and_then(|s| {
            let at = s.classes.iter().position(|m| &m.class_name == class_name)?;
            (s.outcomes[at].compiles && !s.classes[at].mutants.is_empty()).then(|| &s.classes[at])
        });
        let mut batch =
            Batch { sources: ids.iter().map(|&i| self.source(&self.candidates[i])).collect(), ..Batch::default() };
        if let Some(m) = mutants {
            batch.replacements.push(SourceText { path: m.relative_path.clone(), content: m.schemata() });
        }
        let class = first.target.class(&self.project);
        for &i in &ids {
            let c = &self.candidates[i];
            batch.runs.push(Run { test_class: c.qualified_name.clone(), mutant: 0 });
            let mut pair: Vec<usize> = [Some(c.target.method), c.coupled].into_iter().flatten().collect();
            pair.extend(c.stands_for());
            let own_mutants = |method: usize| mutants.map_or(0, |m| m.of_method(method));
            let exercised = crate::pipeline::exercised::exercised(class, pair, own_mutants);
            for m in mutants.iter().flat_map(|m| &m.mutants) {
                if exercised.contains(&m.method_index) {
                    batch.runs.push(Run { test_class: c.qualified_name.clone(), mutant: m.id });
                }
            }
        }
        Some((batch, ids))
    }

    pub(super) fn take_validation(&mut self, i: usize, results: &Results) -> crate::error::CoreResult<()> {
        let compilation = results.compilation_of(&self.candidates[i].file_path());
        let compiled = compilation.map(|r| r.success);
        if compiled == Some(false) && self.candidates[i].amplified {
            // The amplified class gets the same static repairs; validated again in the next batch.
            let diagnostics = compilation.map(|r| r.diagnostics.clone()).unwrap_or_default();
            if self.repair_amplified(i, &diagnostics) {
                return Ok(());
            }
        }
        let c = &mut self.candidates[i];
        if compiled != Some(true) {
            if c.amplified && c.undo_reask() {
                return Ok(()); // validated again in the next batch
            }
            if c.amplified && self.reask_if_short(i, false)? {
                return Ok(()); // none of its inputs survived: the one re-ask first
            }
            let c = &mut self.candidates[i];
            if c.amplified && c.unamplified.is_some() {
                c.notes.push("the amplified class did not compile; validated without amplification".into());
                (c.code, c.amplified, c.inputs) = (c.unamplified.clone(), false, None);
                return Ok(()); // validated again in the next batch
            }
            c.drop(Status::DidNotCompile);
            return Ok(());
        }
        if c.amplified && self.count_inputs(i)? {
            return Ok(()); // the LLM is asked for the missing inputs first; these runs are not used
        }
        if self.add_catalogue_inputs(i, false) {
            return Ok(()); // validated again with the catalogue's inputs; these runs are not used
        }
        let qualified = &self.candidates[i].qualified_name;
        let mine = results.runs.iter().filter(|r| &r.test_class == qualified);
        let (original, mutants): (Vec<_>, Vec<_>) = mine.partition(|r| r.mutant == 0);
        let original = original.first().map(|r| r.tests.clone()).unwrap_or_default();
        // Inputs first run here (amplified, or the catalogue's) may fail in a way the trial never
        // saw (an identity equality, an unread value that throws): rewritten, the class is
        // validated again in the next batch.
        if let Some((code, note)) = self.rewrite_after_run(i, &original) {
            let c = &mut self.candidates[i];
            c.code = Some(code);
            c.notes.push(note);
            return Ok(());
        }
        let shapes = self.shapes_of(i);
        let c = &mut self.candidates[i];
        c.original = original;
        c.mutant_runs = mutants
            .iter()
            .filter(|r| r.ran)
            .map(|r| (r.mutant, crate::pipeline::timeouts::with_unrun_as_timed_out(&r.tests, &c.original)))
            .collect();
        c.shapes = shapes;
        decide(c, self.settings.validation);
        Ok(())
    }

    /// The static repairs, then dropping the amplified test methods that do not compile (one bad
    /// input costs that input only). False when none applies.
    fn repair_amplified(&mut self, i: usize, diagnostics: &[crate::protocol::CompileDiagnostic]) -> bool {
        if let Some(fixed) = self.static_repair(i, diagnostics) {
            self.candidates[i].code = Some(fixed);
            return true;
        }
        self.candidates[i].prune(diagnostics)
    }
}
