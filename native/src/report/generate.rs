//! What `generate` leaves behind: the kept MTCs as JUnit sources under `generated-tests/`, and
//! `report.json` with every candidate, its status and why, p and p', the tokens and the cost.

use crate::coupling::CouplingAnalysis;
use crate::error::{CoreError, CoreResult};
use crate::java_model::{ClassModel, Project};
use crate::llm::Totals;
use crate::pipeline::generate::triage::{self, Suspect, Verdict};
use crate::pipeline::generate::{Candidate, Status};
use crate::protocol::DiagnosticKind;
use crate::targets::TargetRef;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GenerateReport {
    pub version: u32,
    pub model: String,
    /// Which of the paper's phases ran (its ablation: v1 coupling, v2 amplification, v3 validation).
    pub phases: Phases,
    /// Every suspected bug of the run, most confident first: the headline output.
    pub suspected_bugs: Vec<SuspectedBugReport>,
    pub targets: Vec<TargetReport>,
    /// Target methods for which no candidate MTC was written (`Class#method(types)`): no built-in
    /// template fits them, or the LLM could not be asked.
    pub methods_without_candidate: Vec<String>,
    pub tokens: Totals,
    pub tokens_by_phase: BTreeMap<String, Totals>,
    pub elapsed_ms: u128,
}

#[derive(Debug, Clone, Copy, Serialize)]
pub struct Phases {
    pub coupling: bool,
    pub amplification: bool,
    pub validation: bool,
    pub baseline: bool,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TargetReport {
    pub class: String,
    pub method: String,
    pub params: Vec<String>,
    pub coupled: Vec<CoupledReport>,
    pub suspected_bugs: Vec<SuspectedBugReport>,
    pub candidates: Vec<CandidateReport>,
    /// With no kept MTC of its own: the kept test class that is this target's duplicate candidate,
    /// validated on this target's mutants too, so it stands for this target as well.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kept_through: Option<String>,
    pub tokens: Totals,
}

impl TargetReport {
    /// `name(type, type)`, as `MethodModel::signature` writes the methods a kept MTC stands for.
    fn signature(&self) -> String {
        format!("{}({})", self.method, self.params.join(", "))
    }
}

/// An MTC method that fails on the code under test, and whose relation the evidence says is
/// valid: a bug in the class, most likely. One per candidate (its most confident, smallest
/// failing input), with how many of its inputs fail.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SuspectedBugReport {
    pub class: String,
    pub method: String,
    pub params: Vec<String>,
    pub coupled: Option<String>,
    pub relation: String,
    /// `class#method` of the failing MTC method.
    pub test: String,
    pub inputs: Vec<String>,
    pub expected: Option<String>,
    /// The assertion message or the exception.
    pub actual: String,
    pub confidence: f64,
    pub evidence: Vec<String>,
    pub failing_inputs: usize,
    /// The reproducing JUnit test under `suspected-bugs/`.
    pub reproducer: Option<String>,
    /// The code of the reproducing test.
    pub code: String,
}

/// The verdict on one MTC method that failed on the original code.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TriageReport {
    pub method: String,
    /// `suspectedBug`, `invalidInput`, `likelyWrongRelation` or `environment` (a class the test needs
    /// could not be loaded).
    pub verdict: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confidence: Option<f64>,
    pub evidence: Vec<String>,
    pub failure: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CoupledReport {
    pub method: String,
    pub score: f64,
    /// The sentences the prompt showed, one per coupling feature.
    pub features: Vec<String>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CandidateReport {
    pub test_class: String,
    /// The coupled method of the pair; None in the baseline.
    pub pair: Option<String>,
    pub repetition: u32,
    /// The built-in template that wrote it; None when an LLM did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub template: Option<String>,
    /// The relation the MTC states (`// MR:` lines, Javadoc), or the template's.
    pub relation: String,
    /// `status`, and `detail` when the status carries a message (docs/protocol.md).
    #[serde(flatten)]
    pub status: Status,
    pub refined: bool,
    /// LLM refinement rounds spent on it.
    pub refinements: u32,
    pub import_repaired: bool,
    /// Whether the first reply compiled as written (before any repair); None when it never ran.
    pub first_reply_compiled: Option<bool>,
    /// Whether it compiled after the repairs (static ones and LLM rounds).
    pub compiled: bool,
    /// LLM refinement rounds a static repair saved: it made the class compile while a round was left.
    pub llm_rounds_saved: u32,
    pub amplified: bool,
    /// The amplification's new inputs: asked for, those each relation ended with (compiled after
    /// the repairs), and whether the LLM was asked once more for the missing ones.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amplified_inputs: Option<crate::pipeline::generate::AmplifiedInputs>,
    pub p: Option<f64>,
    pub p_mutants: Option<f64>,
    /// The highest pass rate on any single mutant.
    pub p_best_mutant: Option<f64>,
    pub mutants: usize,
    /// Kept because it passes everywhere (p = p' = 100%): it kills no mutant, so it checks
    /// little; reported as such, never counted as a win.
    pub kills_nothing: bool,
    pub methods: Vec<MethodReport>,
    pub kept_methods: Vec<String>,
    /// The other target methods this MTC was written for too (their candidates are its
    /// duplicates): it was validated on their mutants as well and, kept, stands for them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stands_for: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The kept MTC's file in the committed home (`mtcDir`), which `check` runs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub committed: Option<String>,
    pub notes: Vec<String>,
    pub compile_errors: Vec<String>,
    /// Its MTC methods that failed on the original code, and what each failure most likely is.
    pub triage: Vec<TriageReport>,
    /// The candidate's final source, kept or not, so a user can read why it was dropped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MethodReport {
    pub name: String,
    pub mtc: bool,
    pub on_original: Option<crate::protocol::TestStatus>,
}

/// What a `generate` session ends with, as the pipeline holds it.
pub struct GenerateResults<'a> {
    pub project: &'a Project,
    pub targets: &'a [TargetRef],
    /// The coupling analysis of each target, in the order of `targets`.
    pub analyses: &'a [CouplingAnalysis],
    pub candidates: &'a [Candidate],
    /// The file the pipeline wrote for each kept candidate, by candidate id.
    pub kept: &'a BTreeMap<usize, KeptFile>,
    /// The triaged failing MTC methods of each candidate, by candidate id.
    pub suspects: &'a BTreeMap<usize, Vec<Suspect>>,
    /// The reproducing test written for each candidate with suspected bugs, by candidate id.
    pub reproducers: &'a BTreeMap<usize, KeptFile>,
    pub model: String,
    pub phases: Phases,
    pub tokens: Totals,
    /// Keyed by `<class>#<method signature>`.
    pub tokens_by_target: BTreeMap<String, Totals>,
    pub tokens_by_phase: BTreeMap<String, Totals>,
    pub elapsed_ms: u128,
}

/// A kept MTC as written under `generated-tests/`: its path and its code (the kept methods only).
pub struct KeptFile {
    pub path: String,
    pub code: String,
    /// Where the MTC lives in the committed home (`mtcDir`): the file written now, or the one
    /// that held the same MTC already.
    pub committed: Option<String>,
}

impl GenerateReport {
    pub fn build(r: &GenerateResults) -> Self {
        let targets = with_kept_through(
            r.targets.iter().zip(r.analyses).map(|(t, analysis)| target_report(r, t, analysis)).collect(),
        );
        let mut suspected_bugs: Vec<SuspectedBugReport> =
            targets.iter().flat_map(|t| t.suspected_bugs.iter().cloned()).collect();
        suspected_bugs.sort_by(|a, b| b.confidence.total_cmp(&a.confidence));
        let methods_without_candidate = targets
            .iter()
            .filter(|t| t.candidates.is_empty())
            .map(|t| format!("{}#{}({})", t.class, t.method, t.params.join(", ")))
            .collect();
        GenerateReport {
            version: 1,
            model: r.model.clone(),
            phases: r.phases,
            suspected_bugs,
            targets,
            methods_without_candidate,
            tokens: r.tokens,
            tokens_by_phase: r.tokens_by_phase.clone(),
            elapsed_ms: r.elapsed_ms,
        }
    }

    /// `report.json` and `report.html` in `dir`; returns both paths.
    pub fn write(&self, dir: &Path) -> CoreResult<(PathBuf, PathBuf)> {
        let path = dir.join("report.json");
        let json = serde_json::to_string_pretty(self)
            .map_err(|e| CoreError::new(format!("cannot encode the report: {e}"), ""))?;
        super::write_file(&path, &(json + "\n"))?;
        let html = dir.join("report.html");
        super::write_file(&html, &super::html::render(self))?;
        Ok((path, html))
    }

    /// One line per suspected bug, most confident first, for the console after the summary.
    pub fn suspected_bug_lines(&self) -> Vec<String> {
        self.suspected_bugs
            .iter()
            .map(|b| {
                let failed = match &b.expected {
                    Some(e) => format!("expected <{e}> but was <{}>", b.actual),
                    None => b.actual.clone(),
                };
                format!(
                    "Suspected bug ({:.0}% confidence) in {}#{}: {} fails for {} input(s), e.g. {} ({}); reproduce with {}",
                    b.confidence * 100.0,
                    b.class,
                    b.method,
                    b.relation,
                    b.failing_inputs,
                    b.inputs.join("; "),
                    failed.lines().next().unwrap_or(""),
                    b.reproducer.as_deref().unwrap_or(&b.test)
                )
            })
            .collect()
    }

    /// One line per target class: its target methods, those with a kept MTC, the candidates by
    /// status, the kept ones that kill no mutant and the methods without a candidate.
    pub fn summary_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let mut classes: Vec<&str> = Vec::new();
        for t in &self.targets {
            if !classes.contains(&t.class.as_str()) {
                classes.push(&t.class);
            }
        }
        for class in classes {
            let targets: Vec<&TargetReport> = self.targets.iter().filter(|t| t.class == class).collect();
            let candidates: Vec<&CandidateReport> = targets.iter().flat_map(|t| &t.candidates).collect();
            let mut by_status: BTreeMap<String, usize> = BTreeMap::new();
            for c in &candidates {
                *by_status.entry(c.status.name()).or_default() += 1;
            }
            let counts: Vec<String> = by_status.iter().map(|(s, n)| format!("{n} {s}")).collect();
            let with_kept = targets.iter().filter(|t| t.candidates.iter().any(|c| c.status == Status::Kept)).count();
            let sharing = targets.iter().filter(|t| t.kept_through.is_some()).count();
            let idle = candidates.iter().filter(|c| c.kills_nothing).count();
            let without = targets.iter().filter(|t| t.candidates.is_empty()).count();
            let shared = if sharing > 0 {
                format!(" ({sharing} through the one kept for another target: the same MTC, validated on their mutants too)")
            } else {
                String::new()
            };
            let mut line = format!(
                "{class}: {} of {} target method(s) with a kept MTC{shared}; {} candidate MTC(s): {}",
                with_kept + sharing,
                targets.len(),
                candidates.len(),
                if counts.is_empty() { "none".to_string() } else { counts.join(", ") }
            );
            if idle > 0 {
                line.push_str(&format!("; {idle} kept MTC(s) kill no mutant"));
            }
            if without > 0 {
                line.push_str(&format!("; {without} method(s) without a candidate (listed in the report)"));
            }
            lines.push(line);
        }
        let t = &self.tokens;
        if t.requests > 0 {
            lines.push(format!(
                "LLM: {} request(s) ({} from the cache), {} prompt + {} completion tokens, ${:.4}",
                t.requests, t.cached, t.prompt_tokens, t.completion_tokens, t.cost_usd
            ));
        }
        lines
    }

    /// Per target method, each candidate with its status, rates and notes (the build's debug
    /// output: `mvn -X`, `gradle --debug`; report.html has the same).
    pub fn candidate_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for t in self.targets.iter().filter(|t| !t.candidates.is_empty()) {
            lines.push(format!(
                "{}#{}({}): {} candidate MTC(s)",
                t.class,
                t.method,
                t.params.join(", "),
                t.candidates.len()
            ));
            for c in &t.candidates {
                let rates = match (c.p, c.p_mutants) {
                    (Some(p), Some(pm)) => {
                        format!(", p {:.0}% vs p' {:.0}% on {} mutant(s)", p * 100.0, pm * 100.0, c.mutants)
                    }
                    (Some(p), None) => format!(", p {:.0}%", p * 100.0),
                    _ => String::new(),
                };
                let pair = c.pair.as_deref().unwrap_or("baseline");
                let pair = match &c.template {
                    Some(t) => format!("{pair}, template {t}"),
                    None => pair.to_string(),
                };
                let detail = c.status.detail().map(|d| format!(" ({d})")).unwrap_or_default();
                lines.push(format!("  {} [{pair}]: {}{detail}{rates}", c.test_class, c.status.name()));
                for note in &c.notes {
                    lines.push(format!("    note: {note}"));
                }
            }
        }
        lines
    }
}

/// The targets, each told the kept MTC of another target that stands for it (`kept_through`).
fn with_kept_through(mut targets: Vec<TargetReport>) -> Vec<TargetReport> {
    let through: Vec<Option<String>> = targets.iter().map(|t| kept_through(&targets, t)).collect();
    targets.iter_mut().zip(through).for_each(|(t, through)| t.kept_through = through);
    targets
}

/// The kept MTC of another target that stands for `target`, which has none of its own: its
/// duplicate candidate was that MTC, validated on its mutants too.
fn kept_through(targets: &[TargetReport], target: &TargetReport) -> Option<String> {
    if target.candidates.iter().any(|c| c.status == Status::Kept) {
        return None;
    }
    let signature = target.signature();
    let kept = |name: &str| {
        targets
            .iter()
            .flat_map(|t| &t.candidates)
            .any(|c| c.status == Status::Kept && c.test_class == name && c.stands_for.contains(&signature))
    };
    target.candidates.iter().find_map(|c| match &c.status {
        Status::Duplicate(first) if kept(first) => Some(first.clone()),
        _ => None,
    })
}

fn target_report(r: &GenerateResults, t: &TargetRef, analysis: &CouplingAnalysis) -> TargetReport {
    let class = t.class(r.project);
    let method = t.method(r.project);
    let mine: Vec<&Candidate> = r.candidates.iter().filter(|c| c.target == *t).collect();
    let no_suspects = Vec::new();
    let suspects_of = |c: &Candidate| r.suspects.get(&c.id).unwrap_or(&no_suspects);
    let candidates =
        mine.iter().map(|c| candidate_report(c, class, analysis, r.kept.get(&c.id), suspects_of(c))).collect();
    let mut suspected_bugs: Vec<SuspectedBugReport> = mine
        .iter()
        .filter_map(|c| suspected_bug(c, class, analysis, suspects_of(c), r.reproducers.get(&c.id)))
        .collect();
    suspected_bugs.sort_by(|a, b| b.confidence.total_cmp(&a.confidence));
    let key = format!("{}#{}", class.qualified_name, method.signature());
    TargetReport {
        class: class.qualified_name.clone(),
        method: method.name.clone(),
        params: method.param_types(),
        coupled: analysis
            .coupled
            .iter()
            .map(|c| CoupledReport {
                method: c.model(class).signature(),
                score: (c.score * 100.0).round() / 100.0,
                features: c.features.iter().map(|f| f.sentence.clone()).collect(),
            })
            .collect(),
        suspected_bugs,
        candidates,
        kept_through: None, // known once every target's report is built
        tokens: r.tokens_by_target.get(&key).copied().unwrap_or_default(),
    }
}

/// The suspected bug a candidate stands for: its most confident failing method with the
/// smallest inputs, and how many of its inputs fail.
fn suspected_bug(
    c: &Candidate,
    class: &ClassModel,
    analysis: &CouplingAnalysis,
    suspects: &[Suspect],
    reproducer: Option<&KeptFile>,
) -> Option<SuspectedBugReport> {
    let best = triage::representative(suspects)?;
    let target = &class.methods[c.target.method];
    Some(SuspectedBugReport {
        class: class.qualified_name.clone(),
        method: target.name.clone(),
        params: target.param_types(),
        coupled: c.coupled_method(class, analysis).map(|m| m.signature()),
        relation: relation_of(c),
        test: format!("{}#{}", c.qualified_name, best.method),
        inputs: best.inputs.clone(),
        expected: best.expected.clone(),
        actual: best.actual.clone().unwrap_or_else(|| best.failure.clone()),
        confidence: (best.confidence().unwrap_or(0.0) * 100.0).round() / 100.0,
        evidence: best.triage.evidence.clone(),
        failing_inputs: triage::suspected_methods(suspects).len(),
        reproducer: reproducer.map(|r| r.path.clone()),
        code: reproducer.map(|r| r.code.clone()).unwrap_or_default(),
    })
}

/// The comment a kept MTC carries in the committed home: what it checks, why it was kept, what
/// runs it. Comments only, so two runs' copies of one MTC stay the same MTC (`mtc::fingerprint`).
pub fn committed_header(c: &Candidate, class: &ClassModel, analysis: &CouplingAnalysis) -> String {
    let target = &class.methods[c.target.method];
    let pair = c.coupled_method(class, analysis).map(|m| format!(" ~ {}", m.signature())).unwrap_or_default();
    let mut lines = vec![format!(
        "// Metamorphic test kept by MR-Coupler for {}#{}{pair}.",
        class.qualified_name,
        target.signature()
    )];
    lines.extend(relation_of(c).lines().map(|l| format!("// Relation: {}", l.trim())));
    let rates = match (c.p, c.p_mutants) {
        (Some(p), Some(pm)) => {
            format!("p {:.0}% on the code, p' {:.0}% on {} mutant(s)", p * 100.0, pm * 100.0, c.mutant_runs.len())
        }
        (Some(p), None) => format!("p {:.0}% on the code, not validated on mutants", p * 100.0),
        _ => "not run".to_string(),
    };
    lines.push(format!("// Kept with {rates}. The gate (mr-coupler:check, checkMetamorphicTests) runs it;"));
    lines.push("// delete the file to drop the relation, or generate again when the code it calls changes.".into());
    lines.join("\n") + "\n"
}

/// The relation in words: the template's, or the one the MTC states (`// MR:` lines, Javadoc);
/// never the reply's prose.
fn relation_of(c: &Candidate) -> String {
    c.relation
        .clone()
        .or_else(|| c.code.as_deref().and_then(crate::mtc::relation_summary))
        .unwrap_or_else(|| "(the MTC states no relation)".to_string())
}

fn triage_report(s: &Suspect) -> TriageReport {
    let verdict = match s.triage.verdict {
        Verdict::SuspectedBug { .. } => "suspectedBug",
        Verdict::InvalidInput => "invalidInput",
        Verdict::LikelyWrongRelation => "likelyWrongRelation",
        Verdict::Environment => "environment",
    };
    TriageReport {
        method: s.method.clone(),
        verdict: verdict.to_string(),
        confidence: s.confidence().map(|c| (c * 100.0).round() / 100.0),
        evidence: s.triage.evidence.clone(),
        failure: s.failure.clone(),
    }
}

/// Each note once, in the order first said: a step that runs every round (a static repair, a
/// conversion, the copies dropped from a reply) says the same thing each time.
fn distinct(notes: &[String]) -> Vec<String> {
    let mut once: Vec<String> = Vec::with_capacity(notes.len());
    for note in notes {
        if !once.contains(note) {
            once.push(note.clone());
        }
    }
    once
}

fn candidate_report(
    c: &Candidate,
    class: &ClassModel,
    analysis: &CouplingAnalysis,
    kept: Option<&KeptFile>,
    suspects: &[Suspect],
) -> CandidateReport {
    let methods = c
        .shapes
        .iter()
        .map(|s| MethodReport {
            name: s.name.clone(),
            mtc: s.is_mtc(),
            on_original: c.original.iter().find(|r| Candidate::method_of(&r.name) == s.name).map(|r| r.status),
        })
        .collect();
    CandidateReport {
        test_class: c.qualified_name.clone(),
        pair: c.coupled_method(class, analysis).map(|m| m.signature()),
        repetition: c.repetition,
        template: c.template.map(String::from),
        relation: relation_of(c),
        status: c.status.clone(),
        refined: c.refined,
        refinements: c.refinements,
        import_repaired: c.import_repaired,
        first_reply_compiled: c.first_reply_compiled,
        compiled: c.compiled,
        llm_rounds_saved: c.rounds_saved,
        amplified: c.amplified,
        amplified_inputs: c.amplified.then(|| c.inputs.clone()).flatten(),
        p: c.p,
        p_mutants: c.p_mutants,
        p_best_mutant: c.p_best_mutant,
        mutants: c.mutant_runs.len(),
        kills_nothing: c.status == Status::Kept
            && c.p_mutants.is_none_or(|pm| pm >= 1.0)
            && c.p.is_some_and(|p| p >= 1.0),
        methods,
        kept_methods: c.kept_methods.clone(),
        stands_for: c.stands_for().iter().filter_map(|&m| class.methods.get(m)).map(|m| m.signature()).collect(),
        file: kept.map(|k| k.path.clone()),
        committed: kept.and_then(|k| k.committed.clone()),
        notes: distinct(&c.notes),
        compile_errors: c
            .diagnostics
            .iter()
            .filter(|d| d.kind == DiagnosticKind::Error)
            .map(|d| format!("line {}: {}", d.line, d.message))
            .collect(),
        triage: suspects.iter().map(triage_report).collect(),
        // The kept methods of a kept class; the final source of any other, to read why it was dropped.
        code: kept.map(|k| k.code.clone()).or_else(|| c.code.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_said_every_round_is_reported_once_in_the_order_first_said() {
        // la4j's innerProduct MTC (unseen-10): the abstract-class repair, once per round.
        let notes: Vec<String> = ["repaired", "copies", "repaired", "repaired"].map(String::from).to_vec();
        assert_eq!(distinct(&notes), ["repaired", "copies"]);
    }

    fn candidate(test_class: &str, status: Status) -> CandidateReport {
        CandidateReport {
            test_class: test_class.into(),
            pair: None,
            repetition: 0,
            template: Some("delegation".into()),
            relation: String::new(),
            status,
            refined: false,
            refinements: 0,
            import_repaired: false,
            first_reply_compiled: Some(true),
            compiled: true,
            llm_rounds_saved: 0,
            amplified: false,
            amplified_inputs: None,
            p: None,
            p_mutants: None,
            p_best_mutant: None,
            mutants: 0,
            kills_nothing: false,
            methods: Vec::new(),
            kept_methods: Vec::new(),
            stands_for: Vec::new(),
            file: None,
            committed: None,
            notes: Vec::new(),
            compile_errors: Vec::new(),
            triage: Vec::new(),
            code: None,
        }
    }

    fn standing_for(mut c: CandidateReport, signature: &str) -> CandidateReport {
        c.stands_for.push(signature.into());
        c
    }

    fn target(method: &str, candidates: Vec<CandidateReport>) -> TargetReport {
        let (class, tokens) = ("com.acme.Text".to_string(), Totals::default());
        TargetReport {
            class,
            method: method.into(),
            params: Vec::new(),
            coupled: Vec::new(),
            suspected_bugs: Vec::new(),
            candidates,
            kept_through: None,
            tokens,
        }
    }

    #[test]
    fn a_target_whose_mtc_was_kept_for_its_pair_partner_is_told_apart() {
        let report = GenerateReport {
            version: 1,
            model: "built-in".into(),
            phases: Phases { coupling: true, amplification: true, validation: true, baseline: false },
            suspected_bugs: Vec::new(),
            targets: with_kept_through(vec![
                target("pad", vec![standing_for(candidate("com.acme.Text_pad_MTC1Test", Status::Kept), "padWith()")]),
                target(
                    "padWith",
                    vec![candidate(
                        "com.acme.Text_padWith_MTC1Test",
                        Status::Duplicate("com.acme.Text_pad_MTC1Test".into()),
                    )],
                ),
                target(
                    "trim",
                    vec![candidate(
                        "com.acme.Text_trim_MTC1Test",
                        Status::Duplicate("com.acme.Text_gone_MTC1Test".into()),
                    )],
                ),
                target(
                    "strip",
                    vec![candidate(
                        "com.acme.Text_strip_MTC1Test",
                        Status::Duplicate("com.acme.Text_pad_MTC1Test".into()),
                    )],
                ),
            ]),
            methods_without_candidate: Vec::new(),
            tokens: Totals::default(),
            tokens_by_phase: BTreeMap::new(),
            elapsed_ms: 0,
        };
        let line = &report.summary_lines()[0];
        // A duplicate of a candidate that was not kept shares nothing; nor does one of a kept MTC
        // that was not validated on its mutants (it does not stand for `strip`).
        let counted =
            "com.acme.Text: 2 of 4 target method(s) with a kept MTC (1 through the one kept for another target";
        assert!(line.starts_with(counted), "{line}");
        let through: Vec<Option<&str>> = report.targets.iter().map(|t| t.kept_through.as_deref()).collect();
        assert_eq!(through, [None, Some("com.acme.Text_pad_MTC1Test"), None, None]);
    }
}
