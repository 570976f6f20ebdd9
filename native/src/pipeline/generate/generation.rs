//! Phase 2, generation: a candidate MTC per pair (or per target in the baseline) and repetition,
//! asked of the LLM, or written by the built-in generator from its MR templates.

use super::candidate::{Candidate, Status};
use super::conversation::{CatalogueHint, Prompter};
use super::GenerateRun;
use crate::builtin::CatalogueRelation;
use crate::context::{pair_context, ContextOptions};
use crate::error::CoreResult;
use crate::llm::{Call, Message, Reply, Tag};
use crate::mtc::{extract_java, normalize};

/// Relations asked of a target no method is coupled to: as many as a pair's prompt asks for.
const RELATIONS_ALONE: usize = 3;

impl GenerateRun {
    pub(super) fn prompter(&self) -> Prompter<'_> {
        Prompter { templates: &self.templates, junit: self.settings.junit }
    }

    pub(super) fn tag(&self, c: &Candidate, phase: &str) -> Tag {
        let class = c.target.class(&self.project);
        let pair = c.coupled_method(class, self.analysis_of(c)).map_or("baseline".to_string(), |m| m.signature());
        Tag {
            target: format!("{}#{}", class.qualified_name, c.target.method(&self.project).signature()),
            pair,
            phase: phase.into(),
        }
    }

    /// Phase 2: a conversation per pair (or per target in the baseline) and repetition.
    pub(super) fn generate_all(&mut self) -> CoreResult<()> {
        let options = ContextOptions {
            examples_per_method: self.settings.examples_per_method,
            exclude_relating_tests: self.settings.exclude_relating_tests,
            token_budget: self.settings.prompt_token_budget,
        };
        if self.llm.is_none() {
            self.generate_builtin();
            return Ok(());
        }
        let repetitions = self.llm.as_ref().map_or(1, |l| l.settings().repetitions.max(1));
        for (ti, target) in self.targets.clone().into_iter().enumerate() {
            let class = target.class(&self.project);
            // The catalogue's relations, named in each pair's prompt.
            let catalogue =
                crate::builtin::relations(class, target.method, &self.analyses[ti], &self.project, &self.tests);
            let pairs: Vec<Option<usize>> = if self.settings.coupling {
                let limit = self.settings.max_pairs_per_target.unwrap_or(usize::MAX);
                // Algorithm 1, the paper's baseline, takes its pairs as it ranks them.
                let ranked = self.settings.coupling_ranking == crate::coupling::Ranking::Ranked;
                let method = target.method(&self.project);
                let random = |m: &crate::java_model::MethodModel, declared_in: &str| {
                    crate::context::is_nondeterministic(class, m, declared_in, &self.project)
                };
                let target_random = ranked && random(method, &class.source);
                pairs_in_asking_order(
                    &self.analyses[ti].coupled,
                    |c| ranked && !catalogue.of_pair(class, c).is_empty(),
                    |c| target_random && random(c.model(class), c.source(class)),
                )
                .into_iter()
                .take(limit)
                .map(Some)
                .collect()
            } else {
                vec![None]
            };
            // A target no other method is coupled to (a utility class's one public method) is
            // still the method the user pointed at: `alone.md` asks for relations of it alone, as
            // many as a pair's, rather than leaving it without any MTC.
            let pairs = if pairs.is_empty() {
                self.log.push(crate::protocol::LogLine::info(format!(
                    "{}#{}: no coupled method, so MTCs of the target alone",
                    class.qualified_name,
                    target.method(&self.project).signature()
                )));
                vec![None]
            } else {
                pairs
            };
            for coupled in pairs {
                let analysis = coupled.and_then(|m| self.analyses[ti].coupled.iter().find(|c| c.method == m));
                let context = pair_context(class, target.method, analysis, &self.tests, &options, &self.project);
                if !context.trimmed.is_empty() {
                    self.log.push(crate::protocol::LogLine::info(format!(
                        "token budget: left out {}",
                        context.trimmed.join(", ")
                    )));
                }
                let conversation = match analysis {
                    Some(coupled) => {
                        // At most three, as many relations as the deliverable asks for. Without one
                        // for the pair, the target's with other methods: an MTC over those still
                        // tests the target, where a relation the model invents often does not hold.
                        let of_pair: Vec<CatalogueRelation> =
                            catalogue.of_pair(class, coupled).into_iter().take(3).cloned().collect();
                        let of_target: Vec<CatalogueRelation> = if of_pair.is_empty() {
                            catalogue.of_target().take(3).cloned().collect()
                        } else {
                            Vec::new()
                        };
                        let relations = CatalogueHint { of_pair, of_target };
                        let pair = (target.method(&self.project), coupled.model(class));
                        self.prompter().generation(class, pair, &context, &relations)?
                    }
                    None if self.settings.coupling => {
                        let relations: Vec<CatalogueRelation> = catalogue.of_target().take(3).cloned().collect();
                        let alone = (RELATIONS_ALONE, relations.as_slice());
                        self.prompter().alone(class, target.method(&self.project), &context, alone)?
                    }
                    None => {
                        let count = self.settings.baseline_candidates;
                        self.prompter().baseline(class, target.method(&self.project), &context, count)?
                    }
                };
                for repetition in 0..repetitions {
                    let base = format!("{}_{}", class.name, target.method(&self.project).name);
                    let (class_name, qualified_name) = unique_name(&mut self.taken_names, &class.package, &base);
                    self.candidates.push(Candidate::new(
                        self.candidates.len(),
                        target,
                        coupled,
                        repetition,
                        conversation.clone(),
                        class_name,
                        qualified_name,
                    ));
                }
            }
        }
        let asked = self.candidates.len();
        // `provider` `both`: the templates' MTCs beside the LLM's (no tokens), named after them, so
        // that the LLM's classes, whose names its later requests show, are named as without them.
        if self.settings.provider.as_deref() == Some("both") && !self.settings.baseline {
            self.generate_builtin();
        }
        let ids: Vec<usize> = (0..asked).collect();
        let calls = ids.iter().map(|&i| self.call(&self.candidates[i], "generation")).collect();
        let replies = self.complete(calls);
        for (i, reply) in ids.into_iter().zip(replies) {
            self.take_reply(i, reply);
        }
        Ok(())
    }

    /// Send the calls and wait for every answer, saying each answer and each retry with its reason
    /// as it happens (live: a hung service shows at its first timeout, not after the last).
    pub(super) fn complete(&mut self, calls: Vec<Call>) -> Vec<CoreResult<Reply>> {
        let Some(llm) = &self.llm else {
            return calls.iter().map(|_| Err(crate::error::CoreError::new("no LLM is configured", ""))).collect();
        };
        let total = calls.len();
        let mut in_flight = llm.start(calls);
        let mut answered = 0;
        while !in_flight.is_done() {
            // Short slices: a line reaches the build within a fraction of a second of its event.
            for event in in_flight.wait(std::time::Duration::from_millis(200)) {
                answered += usize::from(matches!(event, crate::llm::Event::Finished { .. }));
                // Lines said so far go first, so the build prints them in order.
                let earlier = std::mem::take(&mut self.log);
                earlier.into_iter().for_each(|l| self.live.push(l));
                self.live.push(event_line(&event, answered, total));
            }
        }
        in_flight.finish()
    }

    /// The built-in generator: MTCs from MR templates, already applied to ten inputs each.
    fn generate_builtin(&mut self) {
        for (ti, target) in self.targets.clone().into_iter().enumerate() {
            let class = target.class(&self.project);
            let found = crate::builtin::mtcs(
                class,
                target.method,
                &self.analyses[ti],
                &self.project,
                &self.tests,
                self.settings.junit,
            );
            for mtc in found {
                let base = format!("{}_{}", class.name, target.method(&self.project).name);
                let (class_name, qualified_name) = unique_name(&mut self.taken_names, &class.package, &base);
                let mut c = Candidate::new(
                    self.candidates.len(),
                    target,
                    mtc.coupled,
                    0,
                    Vec::new(),
                    class_name,
                    qualified_name,
                );
                c.code = Some(normalize(&mtc.code, &class.package, &c.class_name, &class.name, self.settings.junit));
                (c.template, c.relation) = (Some(mtc.template), Some(mtc.relation));
                self.candidates.push(c);
            }
        }
    }

    pub(super) fn call(&self, c: &Candidate, phase: &str) -> Call {
        Call { tag: self.tag(c, phase), messages: c.conversation.clone(), repetition: c.repetition }
    }

    /// A reply becomes the candidate's code (in the class under test's package, under its name).
    pub(super) fn take_reply(&mut self, i: usize, reply: CoreResult<Reply>) -> bool {
        let cut = self.candidates[i].target.class(&self.project);
        let (package, cut_name) = (cut.package.clone(), cut.name.clone());
        let limit = self.llm.as_ref().map_or(u64::MAX, |l| u64::from(l.settings().max_tokens));
        let c = &mut self.candidates[i];
        let mut reply = match reply {
            Ok(r) => r,
            Err(e) => {
                c.drop(Status::LlmFailed(e.to_string()));
                return false;
            }
        };
        // A reply the limit cut off while it repeated itself: the run goes, so that no later
        // request shows it back to the model.
        if reply.usage.completion_tokens >= limit {
            if let Some((kept, unit)) = crate::mtc::collapse_runaway(&reply.content) {
                c.notes.push(format!("the reply repeated `{unit}` until the token limit cut it off: the run was cut"));
                (reply.content, c.runaway) = (kept, Some(unit));
            }
        }
        c.conversation.push(Message::assistant(reply.content.clone()));
        match extract_java(&reply.content) {
            Some(code) => {
                let code = normalize(&code, &package, &c.class_name, &cut_name, self.settings.junit);
                let kept = crate::builtin::keep_persistent_answers(cut, &code);
                if kept != code {
                    c.notes.push(format!("a change of the persistent {cut_name} called as a statement keeps its answer in its receiver (`s = s.add(x);`)"));
                }
                let code = kept;
                c.code = Some(match crate::mtc::drop_copies(&code) {
                    Some((fewer, done)) => {
                        c.notes.push(format!("copies in the reply: {}", done.join("; ")));
                        fewer
                    }
                    None => code,
                });
                // A new class: the repairs start over on it.
                (c.replied_code, c.coercions) = (c.code.clone(), 0);
                true
            }
            None => {
                c.drop(Status::NoCode);
                false
            }
        }
    }
}

/// `<base>_MTC<n>Test` for the first n that no class of the project (main or test) has taken.
fn unique_name(taken: &mut std::collections::BTreeSet<String>, package: &str, base: &str) -> (String, String) {
    let name = (1..).map(|n| format!("{base}_MTC{n}Test")).find(|n| !taken.contains(n)).unwrap_or_default();
    taken.insert(name.clone());
    let qualified = if package.is_empty() { name.clone() } else { format!("{package}.{name}") };
    (name, qualified)
}

/// `LLM 3/7 (generation of encryptText ~ decryptText): answered`, or the retry and its reason.
fn event_line(event: &crate::llm::Event, answered: usize, total: usize) -> crate::protocol::LogLine {
    use crate::llm::Event;
    use crate::protocol::LogLine;
    let what = |tag: &crate::llm::Tag| format!("{} of {} ~ {}", tag.phase, tag.target, tag.pair);
    match event {
        Event::Finished { tag, outcome: Ok(cached) } => LogLine::info(format!(
            "LLM {answered}/{total} ({}): answered{}",
            what(tag),
            if *cached { " from the cache" } else { "" }
        )),
        Event::Finished { tag, outcome: Err(why) } => {
            LogLine::warn(format!("LLM {answered}/{total} ({}): failed: {why}", what(tag)))
        }
        Event::Retrying { tag, retry } => LogLine::warn(format!(
            "LLM request ({}): {}; retry {} of {} in {:.1} s",
            what(tag),
            retry.why,
            retry.attempt,
            retry.of,
            retry.wait.as_secs_f64()
        )),
    }
}

/// The coupled methods in the order the LLM is asked about them when `maxPairsPerTarget` cuts the
/// list (ranked mode): those the catalogue knows a relation with first, those that are as random
/// as the target last (`both_random`), each group in the ranking's order. A pair whose prompt
/// names a relation that holds gets an MTC that holds far more often than one whose relation the
/// model invents (concurrent-trees: `put` was paired with `putIfAbsent` and `getNode()`, ranked
/// above `getValueForExactKey`, and no MTC of either was kept). Two methods that each draw a salt
/// have no two outputs to relate: told so, the model still asserted Password4j's `hash(x)` equal
/// to `hash(bytes(x))` in every test method (unseen-26, rerun), while `hash(x, salt)` and
/// `check(x, hashed)`, ranked below it, are deterministic.
pub(super) fn pairs_in_asking_order(
    coupled: &[crate::coupling::CoupledMethod],
    has_relation: impl Fn(&crate::coupling::CoupledMethod) -> bool,
    both_random: impl Fn(&crate::coupling::CoupledMethod) -> bool,
) -> Vec<usize> {
    let mut ordered: Vec<(u8, usize)> = coupled
        .iter()
        .map(|c| {
            (
                if has_relation(c) {
                    0
                } else if both_random(c) {
                    2
                } else {
                    1
                },
                c.method,
            )
        })
        .collect();
    // Stable: the ranking's order within each group.
    ordered.sort_by_key(|&(group, _)| group);
    ordered.into_iter().map(|(_, method)| method).collect()
}

#[cfg(test)]
mod tests {
    use super::{event_line, pairs_in_asking_order};
    use crate::coupling::CoupledMethod;
    use crate::llm::{Event, Retry, Tag};

    #[test]
    fn pairs_with_a_known_relation_go_first_and_random_ones_last_each_group_in_ranked_order() {
        let coupled: Vec<CoupledMethod> = [4, 7, 2, 9, 5]
            .into_iter()
            .map(|method| CoupledMethod { method, features: Vec::new(), score: 0.0, inherited: None })
            .collect();
        let known = |c: &CoupledMethod| c.method == 2 || c.method == 5;
        let never = |_: &CoupledMethod| false;
        assert_eq!(pairs_in_asking_order(&coupled, known, never), [2, 5, 4, 7, 9]);
        assert_eq!(pairs_in_asking_order(&coupled, never, never), [4, 7, 2, 9, 5], "the ranking's order");
        let random = |c: &CoupledMethod| c.method == 4 || c.method == 5;
        assert_eq!(pairs_in_asking_order(&coupled, known, random), [2, 5, 7, 9, 4], "random pairs last, known first");
    }

    fn tag() -> Tag {
        Tag { target: "Aes#encryptText".into(), pair: "decryptText".into(), phase: "generation".into() }
    }

    #[test]
    fn each_answer_and_each_retry_is_a_line_with_its_reason() {
        let answered = event_line(&Event::Finished { tag: tag(), outcome: Ok(false) }, 3, 7);
        assert_eq!(answered.message, "LLM 3/7 (generation of Aes#encryptText ~ decryptText): answered");
        let wait = std::time::Duration::from_millis(1500);
        let retry = Retry { attempt: 1, of: 3, why: "no answer within 120 s".into(), wait };
        let line = event_line(&Event::Retrying { tag: tag(), retry }, 0, 7);
        assert_eq!(line.level, crate::protocol::Level::Warn);
        assert!(line.message.ends_with("no answer within 120 s; retry 1 of 3 in 1.5 s"), "{}", line.message);
    }
}
