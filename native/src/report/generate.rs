//! What `generate` leaves behind: the kept MTCs as JUnit sources under `generated-tests/`, and
//! `report.json` with every candidate, its status and why, p and p', the tokens and the cost.

use crate::coupling::CouplingAnalysis;
use crate::error::{CoreError, CoreResult};
use crate::java_model::{ClassModel, Project};
use crate::llm::Totals;
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
    pub targets: Vec<TargetReport>,
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
    pub candidates: Vec<CandidateReport>,
    pub tokens: Totals,
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
    /// The relation in the model's words (the prose of its first reply), or the template's.
    pub relation: String,
    /// `status`, and `detail` when the status carries a message (docs/protocol.md).
    #[serde(flatten)]
    pub status: Status,
    pub refined: bool,
    pub import_repaired: bool,
    pub amplified: bool,
    pub p: Option<f64>,
    pub p_mutants: Option<f64>,
    /// The highest pass rate on any single mutant.
    pub p_best_mutant: Option<f64>,
    pub mutants: usize,
    pub methods: Vec<MethodReport>,
    pub kept_methods: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    pub notes: Vec<String>,
    pub compile_errors: Vec<String>,
    /// The kept class's source, for the HTML page.
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
}

impl GenerateReport {
    pub fn build(r: &GenerateResults) -> Self {
        let targets = r.targets.iter().zip(r.analyses).map(|(t, analysis)| target_report(r, t, analysis)).collect();
        GenerateReport {
            version: 1,
            model: r.model.clone(),
            phases: r.phases,
            targets,
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

    pub fn summary_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for t in &self.targets {
            let mut by_status: BTreeMap<String, usize> = BTreeMap::new();
            for c in &t.candidates {
                *by_status.entry(c.status.name()).or_default() += 1;
            }
            let counts: Vec<String> = by_status.iter().map(|(s, n)| format!("{n} {s}")).collect();
            lines.push(format!(
                "{}#{}({}): {} candidate MTC(s): {}",
                t.class,
                t.method,
                t.params.join(", "),
                t.candidates.len(),
                counts.join(", ")
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
        let t = &self.tokens;
        if t.requests > 0 {
            lines.push(format!(
                "LLM: {} request(s) ({} from the cache), {} prompt + {} completion tokens, ${:.4}",
                t.requests, t.cached, t.prompt_tokens, t.completion_tokens, t.cost_usd
            ));
        }
        lines
    }
}

fn target_report(r: &GenerateResults, t: &TargetRef, analysis: &CouplingAnalysis) -> TargetReport {
    let class = t.class(r.project);
    let method = t.method(r.project);
    let candidates =
        r.candidates.iter().filter(|c| c.target == *t).map(|c| candidate_report(c, class, r.kept.get(&c.id))).collect();
    let key = format!("{}#{}", class.qualified_name, method.signature());
    TargetReport {
        class: class.qualified_name.clone(),
        method: method.name.clone(),
        params: method.param_types(),
        coupled: analysis
            .coupled
            .iter()
            .map(|c| CoupledReport {
                method: class.methods[c.method].signature(),
                score: (c.score * 100.0).round() / 100.0,
                features: c.features.iter().map(|f| f.sentence.clone()).collect(),
            })
            .collect(),
        candidates,
        tokens: r.tokens_by_target.get(&key).copied().unwrap_or_default(),
    }
}

fn candidate_report(c: &Candidate, class: &ClassModel, kept: Option<&KeptFile>) -> CandidateReport {
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
        pair: c.coupled.map(|m| class.methods[m].signature()),
        repetition: c.repetition,
        template: c.template.map(String::from),
        relation: c.relation.clone().unwrap_or_else(|| {
            let reply = c.conversation.iter().find(|m| m.role == "assistant");
            reply.map(|m| crate::mtc::prose(&m.content, 400)).unwrap_or_default()
        }),
        status: c.status.clone(),
        refined: c.refined,
        import_repaired: c.import_repaired,
        amplified: c.amplified,
        p: c.p,
        p_mutants: c.p_mutants,
        p_best_mutant: c.p_best_mutant,
        mutants: c.mutant_runs.len(),
        methods,
        kept_methods: c.kept_methods.clone(),
        file: kept.map(|k| k.path.clone()),
        notes: c.notes.clone(),
        compile_errors: c
            .diagnostics
            .iter()
            .filter(|d| d.kind == DiagnosticKind::Error)
            .map(|d| format!("line {}: {}", d.line, d.message))
            .collect(),
        code: kept.map(|k| k.code.clone()),
    }
}
