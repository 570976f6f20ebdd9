//! Phase 3 (a), the paper's amplification: in the same conversation, the LLM applies each MR of a
//! candidate to new inputs; when that fails, the candidate is validated as it was. When fewer than
//! half the inputs asked for survive (compile after the repairs), the LLM is asked once more for
//! the missing ones: for values of the relations' source inputs alone where MR-Coupler can write
//! them into copies of the relation's method (a 1.5B model asked for whole methods repeats its first
//! input under new names, and runs into `maxTokens` writing them), else for whole methods. Each
//! relation's surviving inputs are counted for the report.

use super::candidate::{AmplifiedInputs, BuiltFrom, Candidate, Stage, Status, ValueRequest};
use super::GenerateRun;
use crate::error::CoreResult;
use crate::mtc::catalogue::{
    built_from_one_literal, is_literal_type, is_static_copy, relation_method, source_literal, with_named_copies,
};
use crate::mtc::{test_method_bodies, TestMethod};
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
                self.candidates[i].mend_amplified_class();
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
            if !self.candidates[i].reask_values.is_empty() {
                self.candidates[i].take_values(reply);
                continue;
            }
            let failure = reply.as_ref().err().map(|e| e.to_string());
            if self.take_reply(i, reply) {
                self.candidates[i].amplified = true;
                self.candidates[i].mend_amplified_class();
                continue;
            }
            self.candidates[i].keep_what_survived(failure.unwrap_or("no code in the reply".into()));
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
        let per_relation = self.settings.amplification_inputs;
        // Values alone where the relations short of inputs have a source input to replace: the
        // class to copy from is the one that compiled.
        let base = if compiled { c.code.as_deref() } else { c.unamplified.as_deref() };
        let requests = value_requests(base.unwrap_or(""), inputs, per_relation);
        let message = if requests.is_empty() {
            let missing = missing_lines(inputs, per_relation);
            self.prompter().missing_inputs(wanted, survived, &c.pruned, &missing, &c.class_name)?
        } else {
            self.prompter().missing_values((wanted, survived), &c.pruned, &requests)?
        };
        let c = &mut self.candidates[i];
        c.reask_values = requests;
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
    /// The reply to a re-ask for values: each relation's listed values written into copies of its
    /// test method, named as the LLM's inputs (`mr1_input6`), on the class that compiled.
    fn take_values(&mut self, reply: CoreResult<crate::llm::Reply>) {
        let requests = std::mem::take(&mut self.reask_values);
        let base = self.amplified_before_reask.clone().or_else(|| self.unamplified.clone()).unwrap_or_default();
        let content = match reply {
            Ok(reply) => reply.content,
            Err(e) => return self.keep_what_survived(e.to_string()),
        };
        self.conversation.push(crate::llm::Message::assistant(content.clone()));
        let Some((code, added)) = with_listed_values(&base, &content, &requests) else {
            return self.keep_what_survived("no new value listed in the reply".into());
        };
        self.notes.push(format!(
            "the LLM listed {added} new source-input value(s); MR-Coupler wrote each into a copy of its relation's test method"
        ));
        (self.code, self.amplified, self.status, self.stage) = (Some(code), true, Status::Pending, Stage::Validate);
    }

    /// An amplified class keeps every test method of the class before it: those the reply left
    /// out go back in (a relation lost there would never be validated or kept). A new input that
    /// changed a value on one side of its relation only gets it on both (`mtc::carry_split_inputs`):
    /// as written it compares two different inputs, and fails as if it found a bug. One that kept
    /// its relation's input and asserts something else is another relation, and is left out
    /// (`mtc::drop_changed_relations`).
    fn mend_amplified_class(&mut self) {
        let (Some(code), Some(before)) = (&self.code, &self.unamplified) else { return };
        let mut code = code.clone();
        if let Some((restored, names)) = crate::mtc::restore_lost_methods(&code, before) {
            self.notes.push(format!("the amplified class left out {}: put back as they were", names.join(", ")));
            code = restored;
        }
        if let Some((carried, notes)) = crate::mtc::carry_split_inputs(&code, before) {
            self.notes.extend(notes);
            code = carried;
        }
        if let Some((fewer, notes)) = crate::mtc::drop_changed_relations(&code, before) {
            self.notes.extend(notes);
            code = fewer;
        }
        self.code = Some(code);
    }

    /// The re-ask gave nothing to use (`why`): validated with the inputs that survived before it.
    fn keep_what_survived(&mut self, why: String) {
        self.notes
            .push(format!("asking again for the missing inputs failed ({why}); validated with those that survived"));
        (self.status, self.stage) = (Status::Pending, Stage::Validate);
        match self.amplified_before_reask.take() {
            Some(before) => self.code = Some(before),
            None => (self.code, self.amplified, self.inputs) = (self.unamplified.clone(), false, None),
        }
    }

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

/// The relations short of inputs whose test method in `code` has a source input to replace, each
/// with how many values it misses; empty when none has.
fn value_requests(code: &str, inputs: &AmplifiedInputs, per_relation: usize) -> Vec<ValueRequest> {
    let short = inputs.per_relation.iter().filter(|(_, &n)| n < per_relation);
    short
        .filter_map(|(relation, &n)| {
            let method = relation_method(code, relation)?;
            let (_, source) = source_literal(code, &method)?;
            let built_from = (!is_literal_type(&source.type_name))
                .then(|| built_from_one_literal(&source.literal))
                .flatten()
                .map(|(before, literal, after, type_name)| BuiltFrom { type_name, literal, before, after });
            Some(ValueRequest {
                relation: relation.clone(),
                method,
                missing: per_relation - n,
                type_name: source.type_name,
                literal: source.literal,
                built_from,
            })
        })
        .collect()
}

/// `base` with a copy of each requested relation's method per value the reply lists for it (at
/// most as many as it misses), named on from its highest `_input<k>`; None when none is listed.
fn with_listed_values(base: &str, reply: &str, requests: &[ValueRequest]) -> Option<(String, usize)> {
    let sources: Vec<(&str, &str)> = requests.iter().map(|q| (q.method.as_str(), q.asked().1)).collect();
    let listed = crate::mtc::listed_values(reply, &sources);
    let mut code = base.to_string();
    let mut added = 0;
    for q in requests {
        let inputs = listed.get(&q.method).into_iter().flatten().map(|v| q.source_input(v));
        let values: Vec<String> = inputs.filter(|v| *v != q.literal).take(q.missing).collect();
        let Some(found) = source_literal(&code, &q.method).filter(|_| !values.is_empty()) else { continue };
        let prefix = format!("{}_input", q.relation);
        let first = 1 + numbered(&code, &prefix).max().unwrap_or(0);
        code = with_named_copies(&code, &q.method, &found, &values, &prefix, first);
        added += values.len();
    }
    (added > 0).then_some((code, added))
}

/// The numbers `k` of the test methods in `code` named `<prefix><k>`.
fn numbered<'a>(code: &str, prefix: &'a str) -> impl Iterator<Item = usize> + 'a {
    let names: Vec<String> = test_method_bodies(code).into_iter().map(|m| m.name).collect();
    names.into_iter().filter_map(move |name| name.strip_prefix(prefix)?.parse().ok())
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
    fn listed_values_become_copies_named_as_the_relation_s_inputs() {
        let code = "class T {\n    @Test\n    void mr1() { f(\"a\"); }\n\n    @Test\n    void mr1_input1() { f(\"b\"); }\n\n    @Test\n    void mr2() { g(); }\n}\n";
        let inputs = AmplifiedInputs {
            requested: 9,
            per_relation: BTreeMap::from([("mr1".into(), 1), ("mr2".into(), 0)]),
            ..AmplifiedInputs::default()
        };
        let requests = value_requests(code, &inputs, 3);
        assert_eq!(requests.len(), 1, "mr2 has no source input to replace: {requests:?}");
        assert_eq!((requests[0].method.as_str(), requests[0].missing), ("mr1", 2));
        assert_eq!((requests[0].type_name.as_str(), requests[0].literal.as_str()), ("String", "\"a\""));
        let reply = "```java\nmr1: \"c\"\nmr1: \"d\"\nmr1: \"e\"\nmr2: 1\n```";
        let (written, added) = with_listed_values(code, reply, &requests).unwrap();
        assert_eq!(added, 2, "as many as it misses");
        assert!(
            written.contains("void mr1_input2() { f(\"c\"); }") && written.contains("void mr1_input3() { f(\"d\"); }")
        );
        assert!(!written.contains("\"e\""), "{written}");
        let counts = inputs_per_relation(code, &written, ["mr1".to_string(), "mr2".to_string()].iter());
        assert_eq!(counts, BTreeMap::from([("mr1".into(), 2), ("mr2".into(), 0)]), "the LLM's own inputs");
        assert!(with_listed_values(code, "Sure! Here are the values.", &requests).is_none());
    }

    #[test]
    fn an_object_built_from_one_literal_is_asked_for_as_that_literal() {
        // Qwen2.5-Coder-1.5B's source input for EvalEx's `Expression#setVariable` (unseen-23):
        // asked for other `Expression`s it listed `new Expression("2.4*sin(3)/(2-4)") + " + 1"`.
        let code = "class T {\n    @Test\n    void mr1() {\n        Expression expr = new Expression(\"2.4*sin(3)\");\n        \
                    assertEquals(expr.eval(), expr.eval());\n    }\n}\n";
        let inputs = AmplifiedInputs {
            requested: 3,
            per_relation: BTreeMap::from([("mr1".into(), 0)]),
            ..AmplifiedInputs::default()
        };
        let requests = value_requests(code, &inputs, 3);
        assert_eq!(requests[0].asked(), ("String", "\"2.4*sin(3)\""), "{requests:?}");
        let reply =
            "mr1 (another typical): \"2.4*sin(3)\"\nmr1 (boundary): \"1+2\"\nmr1 (large): new Expression(\"9^9\")";
        let (written, added) = with_listed_values(code, reply, &requests).unwrap();
        assert_eq!(added, 2, "its own text is no new value: {written}");
        assert!(written.contains("Expression expr = new Expression(\"1+2\");"), "built as the input was: {written}");
        assert!(written.contains("Expression expr = new Expression(\"9^9\");"), "or as the LLM built it: {written}");
        let literal =
            value_requests(&code.replace("new Expression(\"2.4*sin(3)\")", "new Expression(\"a\", 1)"), &inputs, 3);
        assert!(literal.len() == 1 && literal[0].built_from.is_none(), "two arguments: the whole input is asked for");
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
