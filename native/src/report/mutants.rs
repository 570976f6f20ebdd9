//! What `mutants` leaves behind, per class under `mutants/<class>/`: the schemata source, Major's
//! `mutants.log` and, on request, one plain source per mutant under `mutants/<id>/`; and
//! `mutants/summary.json` with the counts per operator, also printed as a table.

use crate::error::{CoreError, CoreResult};
use crate::mutate::{ClassMutants, Operator};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// How a class's schemata fared with the executor.
#[derive(Debug, Clone, Default)]
pub struct ClassOutcome {
    pub rounds: usize,
    pub compiles: bool,
    pub error: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct MutantsReport {
    pub classes: Vec<ClassSummary>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClassSummary {
    pub class: String,
    pub generated: usize,
    pub compiled: usize,
    pub schemata_compiles: bool,
    pub compile_rounds: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub by_operator: BTreeMap<String, OperatorCounts>,
}

#[derive(Debug, Default, Serialize)]
pub struct OperatorCounts {
    pub generated: usize,
    pub compiled: usize,
    /// Left out: over the per-method cap, on a line that did not compile, or in a schemata that
    /// never compiled.
    pub dropped: usize,
}

impl MutantsReport {
    pub fn build(classes: &[ClassMutants], outcomes: &[ClassOutcome]) -> Self {
        let classes = classes.iter().zip(outcomes).map(|(c, o)| summarise(c, o)).collect();
        MutantsReport { classes }
    }

    /// Write everything under `dir`; returns the files written (summary first).
    pub fn write(&self, dir: &Path, classes: &[ClassMutants], export: bool) -> CoreResult<Vec<PathBuf>> {
        let summary = dir.join("summary.json");
        let json = serde_json::to_string_pretty(self)
            .map_err(|e| CoreError::new(format!("cannot encode the mutants summary: {e}"), ""))?;
        super::write_file(&summary, &(json + "\n"))?;
        let mut written = vec![summary];
        for class in classes {
            let class_dir = dir.join(&class.class_name);
            let file_name = Path::new(&class.relative_path).file_name().map(PathBuf::from).unwrap_or_default();
            let schemata = class_dir.join(file_name);
            super::write_file(&schemata, &class.schemata())?;
            let log = class_dir.join("mutants.log");
            super::write_file(&log, &class.log())?;
            written.extend([schemata, log]);
            if export {
                for m in &class.mutants {
                    let path = class_dir.join("mutants").join(m.id.to_string()).join(&class.relative_path);
                    super::write_file(&path, &class.mutant_source(m.id).unwrap_or_default())?;
                }
            }
        }
        Ok(written)
    }

    pub fn summary_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for c in &self.classes {
            let state = if c.schemata_compiles {
                format!("schemata compiled in {} round(s)", c.compile_rounds.max(1))
            } else {
                "schemata does not compile".to_string()
            };
            lines.push(format!("{}: {} mutants generated, {} compiled ({state})", c.class, c.generated, c.compiled));
            lines.push(format!("  {:<8} {:>9} {:>9} {:>8}", "operator", "generated", "compiled", "dropped"));
            for (op, n) in &c.by_operator {
                lines.push(format!("  {op:<8} {:>9} {:>9} {:>8}", n.generated, n.compiled, n.dropped));
            }
        }
        lines
    }
}

fn summarise(c: &ClassMutants, o: &ClassOutcome) -> ClassSummary {
    let mut by_operator: BTreeMap<String, OperatorCounts> = BTreeMap::new();
    for op in Operator::ALL {
        let generated = c.generated.get(&op).copied().unwrap_or(0);
        if generated == 0 {
            continue;
        }
        let kept = c.mutants.iter().filter(|m| m.operator == op).count();
        let compiled = if o.compiles { kept } else { 0 };
        by_operator
            .insert(op.name().to_string(), OperatorCounts { generated, compiled, dropped: generated - compiled });
    }
    ClassSummary {
        class: c.class_name.clone(),
        generated: c.generated_total(),
        compiled: if o.compiles { c.mutants.len() } else { 0 },
        schemata_compiles: o.compiles,
        compile_rounds: o.rounds,
        error: o.error.clone(),
        by_operator,
    }
}
