//! Phase 3 (a), the paper's amplification: in the same conversation, the LLM applies each MR of a
//! candidate to new inputs; when that fails, the candidate is validated as it was. When fewer than
//! half the inputs asked for survive (compile after the repairs), the LLM is asked once more for
//! the missing ones; each relation's surviving inputs are counted for the report.

use super::candidate::{AmplifiedInputs, Candidate, Stage, Status};
use super::GenerateRun;
use crate::error::CoreResult;
use crate::mtc::{catalogue::is_static_copy, test_method_bodies, TestMethod};
use std::collections::BTreeMap;

impl GenerateRun {
    /// Phase 3 (a): the LLM applies each MR to new inputs, in the same conversation.
    pub(super) fn amplify_all(&mut self) -> CoreResult<()> {
        let ids: Vec<usize> = self.candidates.iter().filter(|c| c.stage == Stage::Amplify).map(|c| c.id).collect();
        let count = self.settings.amplification_inputs;
        for &i in &ids {
            let c = &self.candidates[i];
            let relations: Vec<String> = c.shapes.iter().filter(|s| s.is_mtc()).map(|s| s.name.clone()).collect();
            let example = relations.first().cloned().unwrap_or_default();
            let message = self.prompter().amplification(count, &example, &c.class_name)?;
            let c = &mut self.candidates[i];
            c.conversation.push(message);
            c.unamplified = c.code.clone();
            c.inputs = Some(AmplifiedInputs {
                requested: count * relations.len(),
                per_relation: relations.into_iter().map(|r| (r, 0)).collect(),
                ..AmplifiedInputs::default()
            });
            c.stage = Stage::Validate;
        }
        let calls = ids.iter().map(|&i| self.call(&self.candidates[i], "amplification")).collect();
        let replies = self.complete(calls);
        for (i, reply) in ids.into_iter().zip(replies) {
            let failure = reply.as_ref().err().map(|e| e.to_string());
            if self.take_reply(i, reply) {
                self.candidates[i].amplified = true;
                continue;
            }
            // Validate what compiled before amplification rather than lose it; a reply without
            // code (prose, "continue this pattern") first gets the one re-ask.
            let c = &mut self.candidates[i];
            (c.code, c.status, c.stage) = (c.unamplified.clone(), Status::Pending, Stage::Validate);
            if failure.is_none() && self.reask_if_short(i, false)? {
                continue;
            }
            let c = &mut self.candidates[i];
            c.notes.push(format!(
                "amplification failed ({}); validated without it",
                failure.unwrap_or("no code in the reply".into())
            ));
            c.inputs = None;
        }
        Ok(())
    }

    /// The re-asks decided at the last validation: one LLM call each for the missing inputs. A
    /// reply without code leaves the class that compiled before.
    pub(super) fn reask_all(&mut self) -> CoreResult<()> {
        let ids: Vec<usize> = self.candidates.iter().filter(|c| c.needs_reask.is_some()).map(|c| c.id).collect();
        for &i in &ids {
            let c = &mut self.candidates[i];
            let message = c.needs_reask.take().unwrap_or_default();
            c.conversation.push(crate::llm::Message::user(message));
        }
        let calls = ids.iter().map(|&i| self.call(&self.candidates[i], "amplification")).collect();
        let replies = self.complete(calls);
        for (i, reply) in ids.into_iter().zip(replies) {
            let failure = reply.as_ref().err().map(|e| e.to_string());
            if self.take_reply(i, reply) {
                self.candidates[i].amplified = true;
                continue;
            }
            let c = &mut self.candidates[i];
            c.notes.push(format!(
                "asking again for the missing inputs failed ({}); validated with those that survived",
                failure.unwrap_or("no code in the reply".into())
            ));
            (c.status, c.stage) = (Status::Pending, Stage::Validate);
            match c.amplified_before_reask.take() {
                Some(before) => c.code = Some(before),
                None => (c.code, c.amplified, c.inputs) = (c.unamplified.clone(), false, None),
            }
        }
        Ok(())
    }

    /// After an amplified class compiled: count each relation's new inputs, then maybe re-ask.
    /// True when a re-ask was prepared (the class is validated once its reply is in).
    pub(super) fn count_inputs(&mut self, i: usize) -> CoreResult<bool> {
        let c = &self.candidates[i];
        let (Some(inputs), Some(code), Some(before)) = (&c.inputs, &c.code, &c.unamplified) else {
            return Ok(false);
        };
        let per_relation = inputs_per_relation(before, code, inputs.per_relation.keys());
        let from_catalogue = catalogue_inputs(code, inputs.per_relation.keys());
        let counted = AmplifiedInputs { per_relation, from_catalogue, ..inputs.clone() };
        self.candidates[i].inputs = Some(counted);
        self.reask_if_short(i, true)
    }

    /// When fewer than half the asked-for inputs survive and the LLM was not asked again yet,
    /// prepare that request; `compiled`: the class as it is compiled (the one to fall back to).
    pub(super) fn reask_if_short(&mut self, i: usize, compiled: bool) -> CoreResult<bool> {
        let c = &self.candidates[i];
        let Some(inputs) = c.inputs.as_ref() else { return Ok(false) };
        let (wanted, survived) = (inputs.requested, inputs.survived());
        if self.llm.is_none() || inputs.reasked || c.catalogue_tried || survived * 2 >= wanted {
            return Ok(false);
        }
        let missing = missing_lines(inputs, self.settings.amplification_inputs);
        let message = self.prompter().missing_inputs(wanted, survived, &c.pruned, &missing, &c.class_name)?;
        let c = &mut self.candidates[i];
        if let Some(inputs) = c.inputs.as_mut() {
            inputs.reasked = true;
        }
        c.notes.push(format!(
            "{survived} of {wanted} amplified input(s) survived; asked the LLM once more for the missing ones"
        ));
        c.amplified_before_reask = if compiled { c.code.clone() } else { None };
        c.needs_reask = Some(message.content);
        Ok(true)
    }
}

impl Candidate {
    /// The re-asked class did not compile: back to the amplified class that did.
    pub(super) fn undo_reask(&mut self) -> bool {
        let Some(before) = self.amplified_before_reask.take() else { return false };
        self.notes
            .push("the class with the re-asked inputs did not compile; validated with those that survived".into());
        self.code = Some(before);
        true
    }
}

/// The test methods the amplified class has and the unamplified one had not, attributed to the
/// relation whose method name starts theirs (`mr1_input3` to `mr1`, the longest such name), or,
/// with one relation, to it whatever their name. A copy of a method already there (same body
/// under another name: the model repeating its source input) is no new input.
fn inputs_per_relation<'a>(
    before: &str,
    after: &str,
    relations: impl Iterator<Item = &'a String>,
) -> BTreeMap<String, usize> {
    let mut counts: BTreeMap<String, usize> = relations.map(|r| (r.clone(), 0)).collect();
    let old = test_method_bodies(before);
    let mut seen: std::collections::BTreeSet<String> = old.iter().map(|m| m.body.clone()).collect();
    let only = (counts.len() == 1).then(|| counts.keys().next().cloned()).flatten();
    let fresh = test_method_bodies(after)
        .into_iter()
        .filter(|m| !old.iter().any(|o| o.name == m.name) && !is_static_copy(&m.name));
    for TestMethod { name: new, body, .. } in fresh {
        if !seen.insert(body) {
            continue;
        }
        let owner = counts.keys().filter(|r| new.starts_with(r.as_str())).max_by_key(|r| r.len()).cloned();
        if let Some(relation) = owner.or_else(|| only.clone()) {
            *counts.entry(relation).or_default() += 1;
        }
    }
    counts
}

/// The copies MR-Coupler added without the LLM (`is_static_copy`) in `code`, per relation (the
/// longest relation name theirs starts with).
fn catalogue_inputs<'a>(code: &str, relations: impl Iterator<Item = &'a String>) -> BTreeMap<String, usize> {
    let relations: Vec<&String> = relations.collect();
    let mut counts = BTreeMap::new();
    for m in test_method_bodies(code).into_iter().filter(|m| is_static_copy(&m.name)) {
        if let Some(r) = relations.iter().filter(|r| m.name.starts_with(r.as_str())).max_by_key(|r| r.len()) {
            *counts.entry((*r).clone()).or_default() += 1;
        }
    }
    counts
}

/// `- 8 more for `mr1` (it has 2 of 10)`, one line per relation short of inputs.
fn missing_lines(inputs: &AmplifiedInputs, per_relation: usize) -> String {
    let lines: Vec<String> = inputs
        .per_relation
        .iter()
        .filter(|(_, &n)| n < per_relation)
        .map(|(r, &n)| format!("- {} more for `{r}` (it has {n} of {per_relation})", per_relation - n))
        .collect();
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(methods: &[&str]) -> String {
        let body: String = methods.iter().map(|m| format!("    @Test\n    void {m}() {{ f(\"{m}\"); }}\n")).collect();
        format!("import org.junit.jupiter.api.Test;\n\npublic class T {{\n{body}}}\n")
    }

    #[test]
    fn new_test_methods_count_for_the_relation_their_name_starts_with() {
        let before = class(&["mr1", "mr1_long"]);
        let after = class(&["mr1", "mr1_long", "mr1_input1", "mr1_long_input1", "mr1_long_input2", "other"]);
        let relations = ["mr1".to_string(), "mr1_long".to_string()];
        let counts = inputs_per_relation(&before, &after, relations.iter());
        assert_eq!(counts, BTreeMap::from([("mr1".into(), 1), ("mr1_long".into(), 2)]), "`other` is nobody's");
    }

    #[test]
    fn a_copy_of_a_method_under_another_name_is_no_new_input() {
        let copy =
            |name: &str| format!("    @Test\n    void {name}() {{\n        // MR: x\n        f(\"Hello\");\n    }}\n");
        let before = format!("class T {{\n{}}}\n", copy("mr1"));
        let after = format!(
            "class T {{\n{}{}{}}}\n",
            copy("mr1_input1"),
            copy("mr1_input2"),
            class(&["mr1_input3"]).split_once('{').unwrap().1.trim_end().trim_end_matches('}')
        );
        let counts = inputs_per_relation(&before, &after, ["mr1".to_string()].iter());
        assert_eq!(counts, BTreeMap::from([("mr1".into(), 1)]), "only mr1_input3 has an input of its own");
    }

    #[test]
    fn with_one_relation_every_new_test_method_is_its_input() {
        let counts = inputs_per_relation(
            &class(&["mr1"]),
            &class(&["mr1", "testEmpty", "testUnicode"]),
            ["mr1".to_string()].iter(),
        );
        assert_eq!(counts, BTreeMap::from([("mr1".into(), 2)]));
    }

    #[test]
    fn the_missing_inputs_are_listed_per_relation_short_of_them() {
        let inputs = AmplifiedInputs {
            requested: 20,
            per_relation: BTreeMap::from([("mr1".into(), 2), ("mr2".into(), 10)]),
            ..AmplifiedInputs::default()
        };
        assert_eq!(inputs.survived(), 12);
        assert_eq!(missing_lines(&inputs, 10), "- 8 more for `mr1` (it has 2 of 10)");
    }
}
