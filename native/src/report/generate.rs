//! What `generate` leaves behind: the kept MTCs as JUnit sources under `generated-tests/`, and
//! `report.json` with every candidate, its status and why, p and p', the tokens and the cost.

use crate::error::{CoreError, CoreResult};
use crate::llm::Totals;
use crate::pipeline::generate::Status;
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

#[derive(Debug, Serialize)]
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

impl GenerateReport {
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
