//! The paper's refinement: a candidate that does not compile or does not run goes back to the LLM
//! once with the compiler's or the run's feedback; what still does not compile gets imports for
//! its unresolved names (import repair) before it is given up.

use super::candidate::Status;
use super::GenerateRun;
use crate::error::CoreResult;
use crate::protocol::{CompileDiagnostic, DiagnosticKind, TestResult};

/// Compile or run feedback shown to the LLM, at most this many entries.
const FEEDBACK_ENTRIES: usize = 20;

impl GenerateRun {
    /// The paper's refinement: compile or run feedback back to the LLM, once per candidate.
    pub(super) fn refine_all(&mut self) -> CoreResult<()> {
        let ids: Vec<usize> = self.candidates.iter().filter(|c| c.needs_refinement.is_some()).map(|c| c.id).collect();
        for &i in &ids {
            let (problem, feedback) = self.candidates[i].needs_refinement.take().unwrap_or_default();
            let message = self.prompter().refinement(&problem, &feedback, &self.candidates[i].class_name)?;
            let c = &mut self.candidates[i];
            c.conversation.push(message);
            c.refined = true;
        }
        let calls = ids.iter().map(|&i| self.call(&self.candidates[i], "refinement")).collect();
        let replies = self.complete(calls);
        for (i, reply) in ids.into_iter().zip(replies) {
            self.take_reply(i, reply);
        }
        Ok(())
    }

    /// First the LLM (once), then imports for unresolved names, then give up.
    pub(super) fn compile_failed(&mut self, i: usize, diagnostics: &[CompileDiagnostic]) {
        let can_refine = self.llm.is_some();
        let c = &mut self.candidates[i];
        c.diagnostics = diagnostics.to_vec();
        if !c.refined && can_refine {
            c.needs_refinement = Some(("does not compile".into(), compile_feedback(diagnostics)));
            return;
        }
        if !c.import_repaired {
            c.import_repaired = true;
            if let Some(fixed) = self.imports.repair(c.code.as_deref().unwrap_or(""), diagnostics) {
                c.code = Some(fixed);
                return;
            }
        }
        c.drop(Status::DidNotCompile);
    }
}

fn compile_feedback(diagnostics: &[CompileDiagnostic]) -> String {
    let lines: Vec<String> = diagnostics
        .iter()
        .filter(|d| d.kind == DiagnosticKind::Error)
        .take(FEEDBACK_ENTRIES)
        .map(|d| format!("line {}:{}: error: {}", d.line, d.column, d.message))
        .collect();
    lines.join("\n")
}

pub(super) fn run_feedback(tests: &[TestResult]) -> String {
    if tests.is_empty() {
        return "The test class ran no test method.".into();
    }
    let lines: Vec<String> = tests
        .iter()
        .take(FEEDBACK_ENTRIES)
        .map(|t| {
            let what = [t.exception_type.as_deref(), t.message.as_deref()]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(": ");
            let frames = t.frames.iter().map(|f| format!("\n    at {f}")).collect::<String>();
            format!("{} {}: {what}{frames}", t.name, t.status)
        })
        .collect();
    lines.join("\n")
}
