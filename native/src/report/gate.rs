//! What the CI gate reports: each violated relation with its code (the inputs are in it) and the
//! assertion's message, a summary, and JUnit XML (Surefire's format) that CI systems display.

use crate::context::code_of;
use crate::error::CoreResult;
use crate::java_model::parse_str;
use crate::protocol::{Results, SourceText, TestResult, TestStatus};
use std::path::{Path, PathBuf};

pub struct Violation {
    pub class: String,
    pub method: String,
    /// The assertion's message, the exception, or why it did not run.
    pub what: String,
    /// The test method's source: the relation and its inputs.
    pub code: String,
}

pub struct GateReport {
    pub tests: usize,
    pub violations: Vec<Violation>,
    suites: Vec<(String, Vec<TestResult>, Option<String>)>,
}

impl GateReport {
    pub fn build(sources: &[SourceText], results: &Results) -> Self {
        let mut report = GateReport { tests: 0, violations: Vec::new(), suites: Vec::new() };
        for source in sources {
            let class = source.path.trim_end_matches(".java").replace('/', ".");
            let compiled = results.compilation_of(&source.path);
            if compiled.is_some_and(|c| !c.success) || compiled.is_none() {
                let first =
                    compiled.and_then(|c| c.diagnostics.first()).map(|d| format!("line {}: {}", d.line, d.message));
                let what = format!("no longer compiles against the current code: {}", first.unwrap_or_default());
                report.violations.push(Violation {
                    class: class.clone(),
                    method: "<compile>".into(),
                    what: what.clone(),
                    code: String::new(),
                });
                report.suites.push((class, Vec::new(), Some(what)));
                continue;
            }
            let tests: Vec<TestResult> =
                results.runs.iter().filter(|r| r.test_class == class).flat_map(|r| r.tests.clone()).collect();
            let file = parse_str(Path::new(&source.path), &source.content);
            for t in tests.iter().filter(|t| !matches!(t.status, TestStatus::Passed | TestStatus::Skipped)) {
                let method = t.name.split(['(', '[']).next().unwrap_or(&t.name).to_string();
                let code = file
                    .classes
                    .first()
                    .and_then(|c| c.methods.iter().find(|m| m.name == method))
                    .map(|m| code_of(&source.content, m.byte_range))
                    .unwrap_or_default();
                let what = match (&t.exception_type, &t.message) {
                    (_, Some(m)) if t.status == TestStatus::Failed => format!("assertion failed: {m}"),
                    (Some(e), m) => format!("{} {e}: {}", t.status, m.clone().unwrap_or_default()),
                    (None, m) => format!("{}: {}", t.status, m.clone().unwrap_or_default()),
                };
                report.violations.push(Violation { class: class.clone(), method, what, code });
            }
            report.tests += tests.len();
            report.suites.push((class, tests, None));
        }
        report
    }

    pub fn summary_lines(&self) -> Vec<String> {
        vec![format!(
            "MR-Coupler check: {} kept MTC method(s) in {} class(es), {} violated",
            self.tests,
            self.suites.len(),
            self.violations.len()
        )]
    }

    /// One `TEST-<class>.xml` per class, as Surefire writes them.
    pub fn write_junit_xml(&self, dir: &Path) -> CoreResult<Vec<PathBuf>> {
        let mut written = Vec::new();
        for (class, tests, compile_error) in &self.suites {
            let failures = tests.iter().filter(|t| t.status == TestStatus::Failed).count();
            let errors = tests.iter().filter(|t| t.status.is_broken()).count() + usize::from(compile_error.is_some());
            let skipped = tests.iter().filter(|t| t.status == TestStatus::Skipped).count();
            let time: u64 = tests.iter().map(|t| t.duration_ms).sum();
            let mut xml = format!(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" errors=\"{errors}\" skipped=\"{skipped}\" time=\"{:.3}\">\n",
                escape(class),
                tests.len().max(usize::from(compile_error.is_some())),
                time as f64 / 1000.0
            );
            if let Some(e) = compile_error {
                xml.push_str(&format!(
                    "  <testcase classname=\"{0}\" name=\"compile\"><error message=\"{1}\" type=\"CompilationError\">{1}</error></testcase>\n",
                    escape(class),
                    escape(e)
                ));
            }
            for t in tests {
                xml.push_str(&testcase(class, t));
            }
            xml.push_str("</testsuite>\n");
            let path = dir.join(format!("TEST-{class}.xml"));
            super::write_file(&path, &xml)?;
            written.push(path);
        }
        Ok(written)
    }
}

fn testcase(class: &str, t: &TestResult) -> String {
    let head = format!(
        "  <testcase classname=\"{}\" name=\"{}\" time=\"{:.3}\"",
        escape(class),
        escape(&t.name),
        t.duration_ms as f64 / 1000.0
    );
    let message = escape(t.message.as_deref().unwrap_or(""));
    let kind = escape(t.exception_type.as_deref().unwrap_or(t.status.name()));
    let frames = escape(&t.frames.join("\n"));
    match t.status {
        TestStatus::Passed => format!("{head}/>\n"),
        TestStatus::Skipped => format!("{head}><skipped/></testcase>\n"),
        TestStatus::Failed => {
            format!("{head}><failure message=\"{message}\" type=\"{kind}\">{frames}</failure></testcase>\n")
        }
        _ => format!("{head}><error message=\"{message}\" type=\"{kind}\">{frames}</error></testcase>\n"),
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
