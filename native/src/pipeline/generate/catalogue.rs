//! Amplification's last resort: the relations of an LLM-written MTC that ended with fewer new
//! inputs than asked for (after the LLM's amplification and its one re-ask) get the rest without
//! the LLM, as copies of the relation's method: with its source input's literal replaced by the
//! built-in generator's input catalogue (`mtc::catalogue`), or, where it has no such literal, with
//! the numbers it writes moved (`mtc::nearby`). Counted apart from the LLM's own inputs in the report.

use super::candidate::{AmplifiedInputs, Stage, Status};
use super::triage::{triage_candidate, Verdict};
use super::GenerateRun;
use crate::java_model::{ClassModel, MethodModel};
use crate::mtc::catalogue::{copy_values, relation_method, source_literal, with_copies};
use crate::mtc::nearby::with_varied_numbers;

impl GenerateRun {
    /// Once per LLM-written candidate whose class compiled: add catalogue inputs to the relations
    /// short of them. True when some were added (the class is then validated again). `rejected`:
    /// called for a class whose every input was rejected, which the LLM was never asked to amplify.
    pub(super) fn add_catalogue_inputs(&mut self, i: usize, rejected: bool) -> bool {
        let c = &self.candidates[i];
        if c.catalogue_tried || c.template.is_some() || !self.settings.amplification {
            return false;
        }
        let wanted = self.settings.amplification_inputs;
        let relations: Vec<String> = match &c.inputs {
            Some(inputs) => inputs.per_relation.keys().cloned().collect(),
            None => c.shapes.iter().filter(|s| s.is_mtc()).map(|s| s.name.clone()).collect(),
        };
        let mut code = c.code.clone().unwrap_or_default();
        let mut added: Vec<String> = Vec::new();
        for relation in &relations {
            let have = c.inputs.as_ref().and_then(|n| n.per_relation.get(relation)).copied().unwrap_or(0);
            if have >= wanted {
                continue;
            }
            let (class, target) = (c.target.class(&self.project), c.target.method(&self.project));
            let Some(n) = self.copy_with_catalogue(&mut code, class, target, relation, wanted - have) else { continue };
            added.push(format!("{relation} (+{n})"));
        }
        let c = &mut self.candidates[i];
        c.catalogue_tried = true;
        if added.is_empty() {
            return false;
        }
        let why = if rejected {
            "the class under test rejected every input the LLM wrote (an invalid input, by triage)".to_string()
        } else {
            format!("the LLM gave fewer than {wanted} new input(s) for some relations")
        };
        c.notes.push(format!(
            "{why}: MR-Coupler added {} (the catalogue's values, or the source input's numbers moved)",
            added.join(", ")
        ));
        c.unamplified.get_or_insert_with(|| c.code.clone().unwrap_or_default());
        c.inputs.get_or_insert_with(|| AmplifiedInputs {
            requested: wanted * relations.len(),
            per_relation: relations.iter().map(|r| (r.clone(), 0)).collect(),
            ..AmplifiedInputs::default()
        });
        (c.code, c.amplified) = (Some(code), true);
        true
    }

    /// An LLM's class whose every MTC method threw on the original, each on an input the class
    /// rejects (triage: invalid input; still so after the refinement rounds: big-math's
    /// `BigRational.ZERO.reciprocal()` twice), is validated on the catalogue's inputs rather than
    /// dropped: a relation may hold on the inputs the class accepts, and a small model seldom
    /// changes an input it was told was rejected. True when it was.
    pub(super) fn rescue_rejected_inputs(&mut self, i: usize) -> bool {
        let c = &self.candidates[i];
        if c.status != Status::FailsOnOriginal || !self.llm_writes(i) || !self.settings.amplification {
            return false;
        }
        let suspects = triage_candidate(c, c.target.class(&self.project), self.analysis_of(c));
        if suspects.is_empty() || suspects.iter().any(|s| s.triage.verdict != Verdict::InvalidInput) {
            return false;
        }
        if !self.add_catalogue_inputs(i, true) {
            return false;
        }
        let c = &mut self.candidates[i];
        (c.status, c.stage) = (Status::Pending, Stage::Validate);
        true
    }

    /// Up to `missing` copies of the relation's method (its own, else the first of its inputs)
    /// with other values of its source literal's type, else with its numbers moved; how many were
    /// added.
    fn copy_with_catalogue(
        &self,
        code: &mut String,
        class: &ClassModel,
        target: &MethodModel,
        relation: &str,
        missing: usize,
    ) -> Option<usize> {
        let method = relation_method(code, relation)?;
        if let Some(found) = source_literal(code, &method) {
            let catalogue =
                |n| crate::builtin::catalogue_values(class, &self.project, &self.tests, target, &found.1.type_name, n);
            let values = copy_values(&found.1, missing, catalogue);
            if !values.is_empty() {
                *code = with_copies(code, &method, &found, &values, 1);
                return Some(values.len());
            }
        }
        let (moved, added) = with_varied_numbers(code, &method, missing)?;
        *code = moved;
        Some(added)
    }
}
