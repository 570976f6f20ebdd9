//! `couplings.json` and its console summary: per target, the number of candidates and the ranked
//! coupled methods with their score, features and evidence.

use crate::coupling::{CoupledMethod, CouplingAnalysis, Feature, FeatureKind};
use crate::error::{CoreError, CoreResult};
use crate::java_model::{ClassModel, Diagnostic, Project};
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
    /// `ranked` or `algorithm1`: how the coupled methods were chosen and ordered.
    pub ranking: String,
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
    /// The project superclass that declares it, when the class inherits it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declared_in: Option<String>,
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
                    ranking: a.ranking.name().to_string(),
                    coupled: a.coupled.iter().map(|c| coupled_entry(class, c)).collect(),
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
                "{}#{}({}): {} candidate{}, {} coupled ({})",
                t.class,
                t.method,
                t.params.join(", "),
                t.candidates,
                if t.candidates == 1 { "" } else { "s" },
                t.coupled.len(),
                t.ranking
            ));
            for (i, c) in t.coupled.iter().take(PRINTED_PER_TARGET).enumerate() {
                let features: Vec<String> = c.features.iter().map(short_label).collect();
                let inherited = c.declared_in.as_deref().map(|d| format!(" [from {}]", simple(d))).unwrap_or_default();
                lines.push(format!(
                    "  {}. {}({}){inherited}  score {:.2}: {}",
                    i + 1,
                    c.method,
                    c.params.join(", "),
                    c.score,
                    features.join("; ")
                ));
            }
            if t.coupled.len() > PRINTED_PER_TARGET {
                lines.push(format!("  ... and {} more in couplings.json", t.coupled.len() - PRINTED_PER_TARGET));
            }
        }
        lines
    }
}

fn coupled_entry(class: &ClassModel, c: &CoupledMethod) -> CoupledEntry {
    let m = c.model(class);
    CoupledEntry {
        method: m.name.clone(),
        params: m.param_types(),
        returns: m.return_type.clone(),
        constructor: m.is_constructor,
        line: m.lines.0,
        score: (c.score * 100.0).round() / 100.0,
        declared_in: c.inherited.as_ref().map(|i| i.class.clone()),
        features: c.features.to_vec(),
    }
}

fn simple(qualified: &str) -> &str {
    qualified.rsplit('.').next().unwrap_or(qualified)
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
        FeatureKind::Overloading => match e.overloads {
            Some(n) if n > 2 => format!("overloading (family of {n})"),
            _ => "overloading".into(),
        },
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
        FeatureKind::DataDependency => format!("data dependency ({}{})", list(&e.fields), via(&e.via)),
        FeatureKind::SharedField => {
            let all: Vec<String> = e.shared_reads.iter().chain(&e.shared_writes).cloned().collect();
            format!("shared field ({}{})", list(&all), via(&e.via))
        }
        FeatureKind::ComplementaryNames => {
            format!("{} names ({})", e.relation.as_deref().unwrap_or("complementary"), e.words.join("/"))
        }
        FeatureKind::TypeFlow => {
            let how = if e.direction == Some(crate::coupling::Direction::Both) { "round trip" } else { "type flow" };
            format!("{how} ({})", list(&e.types))
        }
        FeatureKind::ReceiverFlow => format!("receiver flow ({})", list(&e.types)),
        FeatureKind::StateObservation => "change and observation of state".into(),
        FeatureKind::GeneralForm => format!("specific and general form ({})", list(&e.types)),
        FeatureKind::SharedInput => format!("shared input ({})", list(&e.types)),
        FeatureKind::NamedProperty => format!("named property ({})", e.words.join(" -> ")),
        FeatureKind::CoUsage => format!("co-used in {} test(s)", e.test_count.unwrap_or(e.tests.len())),
        FeatureKind::ObservableResult => format!("returns a value ({})", list(&e.types)),
        FeatureKind::PublicApi => "public".into(),
    }
}

fn via(accessors: &[String]) -> String {
    match accessors {
        [] => String::new(),
        _ => format!(" via {}", accessors.iter().map(|a| short(a)).collect::<Vec<_>>().join(", ")),
    }
}

fn short(signature: &str) -> &str {
    signature.split('(').next().unwrap_or(signature)
}

#[cfg(test)]
mod tests {
    use super::short_label;
    use crate::coupling::{Evidence, Feature, FeatureKind};

    fn overloading(overloads: Option<usize>) -> Feature {
        let kind = FeatureKind::Overloading;
        let evidence = Evidence { overloads, ..Evidence::default() };
        Feature { kind, group: kind.group(), evidence, sentence: String::new(), strength: 1.0, score: 3.0 }
    }

    #[test]
    fn a_large_overload_family_is_named_with_its_size() {
        assert_eq!(short_label(&overloading(Some(12))), "overloading (family of 12)");
    }

    #[test]
    fn two_overloads_or_algorithm1_s_overloading_say_just_overloading() {
        assert_eq!(short_label(&overloading(Some(2))), "overloading");
        assert_eq!(short_label(&overloading(None)), "overloading");
    }
}
