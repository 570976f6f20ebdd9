//! `couplings.json` and its console summary: per target, the number of candidates and the ranked
//! coupled methods with their features and evidence.

use crate::coupling::{CouplingAnalysis, Feature, FeatureKind};
use crate::error::{CoreError, CoreResult};
use crate::java_model::{Diagnostic, MethodModel, Project};
use crate::targets::TargetRef;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Coupled methods printed per target; the JSON keeps them all.
const PRINTED_PER_TARGET: usize = 10;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CouplingsReport {
    pub version: u32,
    pub targets: Vec<TargetEntry>,
    pub diagnostics: Vec<Diagnostic>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TargetEntry {
    pub class: String,
    pub method: String,
    pub params: Vec<String>,
    pub returns: Option<String>,
    pub file: String,
    pub line: usize,
    pub candidates: usize,
    pub coupled: Vec<CoupledEntry>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CoupledEntry {
    pub method: String,
    pub params: Vec<String>,
    pub returns: Option<String>,
    pub constructor: bool,
    pub line: usize,
    pub score: f64,
    pub features: Vec<Feature>,
}

impl CouplingsReport {
    pub fn build(project: &Project, targets: &[TargetRef], analyses: &[CouplingAnalysis]) -> Self {
        let targets = targets
            .iter()
            .zip(analyses)
            .map(|(t, a)| {
                let class = t.class(project);
                let m = t.method(project);
                TargetEntry {
                    class: class.qualified_name.clone(),
                    method: m.name.clone(),
                    params: m.param_types(),
                    returns: m.return_type.clone(),
                    file: class.path.display().to_string(),
                    line: m.lines.0,
                    candidates: a.candidates,
                    coupled: a
                        .coupled
                        .iter()
                        .map(|c| coupled_entry(&class.methods[c.method], c.score, &c.features))
                        .collect(),
                }
            })
            .collect();
        CouplingsReport { version: 1, targets, diagnostics: project.all_diagnostics().cloned().collect() }
    }

    /// Write `couplings.json` into `dir` (created if needed); returns its path.
    pub fn write(&self, dir: &Path) -> CoreResult<PathBuf> {
        let path = dir.join("couplings.json");
        let json = serde_json::to_string_pretty(self)
            .map_err(|e| CoreError::new(format!("cannot encode the couplings report: {e}"), ""))?;
        super::write_file(&path, &(json + "\n"))?;
        Ok(path)
    }

    pub fn summary_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for t in &self.targets {
            lines.push(format!(
                "{}#{}({}): {} candidate{}, {} coupled",
                t.class,
                t.method,
                t.params.join(", "),
                t.candidates,
                if t.candidates == 1 { "" } else { "s" },
                t.coupled.len()
            ));
            for (i, c) in t.coupled.iter().take(PRINTED_PER_TARGET).enumerate() {
                let features: Vec<String> = c.features.iter().map(short_label).collect();
                lines.push(format!("  {}. {}({})  {}", i + 1, c.method, c.params.join(", "), features.join("; ")));
            }
            if t.coupled.len() > PRINTED_PER_TARGET {
                lines.push(format!("  ... and {} more in couplings.json", t.coupled.len() - PRINTED_PER_TARGET));
            }
        }
        lines
    }
}

fn coupled_entry(m: &MethodModel, score: f64, features: &[Feature]) -> CoupledEntry {
    CoupledEntry {
        method: m.name.clone(),
        params: m.param_types(),
        returns: m.return_type.clone(),
        constructor: m.is_constructor,
        line: m.lines.0,
        score: (score * 100.0).round() / 100.0,
        features: features.to_vec(),
    }
}

/// One feature in a few words: `shared API (Cipher.getInstance, Cipher.init)`.
fn short_label(f: &Feature) -> String {
    let e = &f.evidence;
    let list = |items: &[String]| {
        let shown: Vec<&str> = items.iter().take(3).map(String::as_str).collect();
        let more = items.len().saturating_sub(3);
        if more > 0 {
            format!("{}, +{more}", shown.join(", "))
        } else {
            shown.join(", ")
        }
    };
    match f.kind {
        FeatureKind::Overloading => "overloading".into(),
        FeatureKind::SharedNameAndType => format!("shared name and type ({}; {})", list(&e.tokens), list(&e.types)),
        FeatureKind::DirectCall => {
            let label = |c: &crate::coupling::CallSite| {
                if short(&c.caller) == short(&c.callee) {
                    format!("{} -> {}", c.caller, c.callee) // overloads: names alone say nothing
                } else {
                    format!("{} -> {}", short(&c.caller), short(&c.callee))
                }
            };
            let calls: Vec<String> = e.calls.iter().map(label).collect();
            format!("direct call ({})", calls.join(", "))
        }
        FeatureKind::SharedInvokedApi => format!("shared API ({})", list(&e.apis)),
        FeatureKind::DataDependency => format!("data dependency ({})", list(&e.fields)),
        FeatureKind::SharedField => {
            let all: Vec<String> = e.shared_reads.iter().chain(&e.shared_writes).cloned().collect();
            format!("shared field ({})", list(&all))
        }
    }
}

fn short(signature: &str) -> &str {
    signature.split('(').next().unwrap_or(signature)
}
