//! What the CI gate reports: each violated relation with its code (the inputs are in it) and the
//! assertion's message, a summary, and JUnit XML (Surefire's format) that CI systems display.

use crate::context::code_of;
use crate::error::{CoreError, CoreResult};
use crate::java_model::parse_str;
use crate::protocol::{DiagnosticKind, Results, SourceText, TestResult, TestStatus};
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::Writer;
use std::path::{Path, PathBuf};

pub struct Violation {
    pub class: String,
    pub method: String,
    /// The assertion's message, the exception, or why it did not run.
    pub what: String,
    /// The test method's source: the relation and its inputs.
    pub code: String,
}

/// A kept MTC that no longer compiles against the current code: the code it calls changed, so it
/// must be generated again; no relation was checked, none was violated.
pub struct Stale {
    pub class: String,
    /// The compiler's first error (never a warning).
    pub error: String,
}

pub struct GateReport {
    pub tests: usize,
    pub violations: Vec<Violation>,
    pub stale: Vec<Stale>,
    suites: Vec<(String, Vec<TestResult>, Option<String>)>,
}

impl GateReport {
    pub fn build(sources: &[SourceText], results: &Results) -> Self {
        let mut report = GateReport { tests: 0, violations: Vec::new(), stale: Vec::new(), suites: Vec::new() };
        for source in sources {
            let class = source.path.trim_end_matches(".java").replace('/', ".");
            let compiled = results.compilation_of(&source.path);
            if compiled.is_some_and(|c| !c.success) || compiled.is_none() {
                let first = compiled
                    .and_then(|c| c.diagnostics.iter().find(|d| d.kind == DiagnosticKind::Error))
                    .map(|d| format!("line {}: {}", d.line, d.message));
                let error = first.unwrap_or_else(|| "the executor did not compile it".into());
                report.suites.push((class.clone(), Vec::new(), Some(format!("no longer compiles: {error}"))));
                report.stale.push(Stale { class, error });
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
            "MR-Coupler check: {} kept MTC method(s) in {} class(es) run, {} violated, {} stale",
            self.tests,
            self.suites.len() - self.stale.len(),
            self.violations.len(),
            self.stale.len()
        )]
    }

    /// One `TEST-<class>.xml` per class, as Surefire writes them.
    /// The reports of this run, replacing those of earlier runs: a report of a class that no
    /// longer exists must not show CI a failure that is not there.
    pub fn write_junit_xml(&self, dir: &Path) -> CoreResult<Vec<PathBuf>> {
        remove_old_reports(dir)?;
        let mut written = Vec::new();
        for (class, tests, compile_error) in &self.suites {
            let xml = suite_xml(class, tests, compile_error.as_deref())
                .map_err(|e| CoreError::new(format!("cannot write the JUnit XML of {class}: {e}"), ""))?;
            let path = dir.join(format!("TEST-{class}.xml"));
            super::write_file(&path, &xml)?;
            written.push(path);
        }
        Ok(written)
    }
}

fn remove_old_reports(dir: &Path) -> CoreResult<()> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Ok(()) };
    for path in entries.flatten().map(|e| e.path()) {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with("TEST-") && name.ends_with(".xml") {
            std::fs::remove_file(&path).map_err(|e| {
                CoreError::new(format!("cannot remove the old report {}: {e}", path.display()), "Check its permissions")
            })?;
        }
    }
    Ok(())
}

/// A `<testsuite>` in Surefire's format, through quick-xml's writer so every name and message is
/// escaped; characters XML 1.0 cannot hold at all (most control characters) are spelt `\u{..}`.
fn suite_xml(class: &str, tests: &[TestResult], compile_error: Option<&str>) -> std::io::Result<String> {
    let failures = tests.iter().filter(|t| t.status == TestStatus::Failed).count();
    let errors = tests.iter().filter(|t| t.status.is_broken()).count() + usize::from(compile_error.is_some());
    let skipped = tests.iter().filter(|t| t.status == TestStatus::Skipped).count();
    let time: u64 = tests.iter().map(|t| t.duration_ms).sum();
    let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    let suite = BytesStart::new("testsuite").with_attributes([
        ("name", xml_text(class).as_str()),
        ("tests", &tests.len().max(usize::from(compile_error.is_some())).to_string()),
        ("failures", &failures.to_string()),
        ("errors", &errors.to_string()),
        ("skipped", &skipped.to_string()),
        ("time", &seconds(time)),
    ]);
    w.write_event(Event::Start(suite))?;
    if let Some(e) = compile_error {
        let case =
            BytesStart::new("testcase").with_attributes([("classname", xml_text(class).as_str()), ("name", "compile")]);
        w.write_event(Event::Start(case))?;
        let e = xml_text(e);
        w.create_element("error")
            .with_attributes([("message", e.as_str()), ("type", "CompilationError")])
            .write_text_content(BytesText::new(&e))?;
        w.write_event(Event::End(BytesEnd::new("testcase")))?;
    }
    for t in tests {
        testcase(&mut w, class, t)?;
    }
    w.write_event(Event::End(BytesEnd::new("testsuite")))?;
    let mut xml = String::from_utf8(w.into_inner()).map_err(std::io::Error::other)?;
    xml.push('\n');
    Ok(xml)
}

fn testcase(w: &mut Writer<Vec<u8>>, class: &str, t: &TestResult) -> std::io::Result<()> {
    let (class, name, time) = (xml_text(class), xml_text(&t.name), seconds(t.duration_ms));
    let case = w.create_element("testcase").with_attributes([
        ("classname", class.as_str()),
        ("name", name.as_str()),
        ("time", time.as_str()),
    ]);
    let element = match t.status {
        TestStatus::Passed => return case.write_empty().map(drop),
        TestStatus::Skipped => {
            return case.write_inner_content(|w| w.create_element("skipped").write_empty().map(drop)).map(drop)
        }
        TestStatus::Failed => "failure",
        _ => "error",
    };
    let message = xml_text(t.message.as_deref().unwrap_or(""));
    let kind = xml_text(t.exception_type.as_deref().unwrap_or(t.status.name()));
    let frames = xml_text(&t.frames.join("\n"));
    case.write_inner_content(|w| {
        w.create_element(element)
            .with_attributes([("message", message.as_str()), ("type", kind.as_str())])
            .write_text_content(BytesText::new(&frames))
            .map(drop)
    })
    .map(drop)
}

fn seconds(ms: u64) -> String {
    format!("{:.3}", ms as f64 / 1000.0)
}

/// `s` with the characters XML 1.0 forbids (control characters but tab, newline and carriage
/// return; U+FFFE and U+FFFF) written as `\u{1b}`, so a test's message can never make the file
/// unreadable. quick-xml escapes markup; it does not check this.
fn xml_text(s: &str) -> String {
    let forbidden = |c: char| (c < ' ' && !matches!(c, '\t' | '\n' | '\r')) || matches!(c, '\u{fffe}' | '\u{ffff}');
    if !s.contains(forbidden) {
        return s.to_string();
    }
    s.chars().map(|c| if forbidden(c) { format!("\\u{{{:x}}}", c as u32) } else { c.to_string() }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use quick_xml::events::Event;
    use quick_xml::{Reader, XmlVersion};

    fn result(status: TestStatus, message: &str) -> TestResult {
        TestResult {
            name: "MTC(int)[1]".into(),
            status,
            duration_ms: 12,
            message: Some(message.into()),
            exception_type: Some("java.lang.AssertionError".into()),
            frames: vec!["com.acme.T.MTC(T.java:9)".into()],
        }
    }

    /// Every attribute value of the document, read back by quick-xml.
    fn read_back(xml: &str) -> Vec<String> {
        let mut reader = Reader::from_str(xml);
        let mut found = Vec::new();
        loop {
            match reader.read_event().expect("well-formed XML") {
                Event::Eof => return found,
                Event::Start(e) | Event::Empty(e) => {
                    for a in e.attributes() {
                        let value = a.expect("an attribute").normalized_value(XmlVersion::Explicit1_0);
                        found.push(value.expect("escaped").into_owned());
                    }
                }
                _ => {}
            }
        }
    }

    #[test]
    fn the_reports_of_an_earlier_run_do_not_survive_the_next() {
        let dir = std::env::temp_dir().join(format!("mrc-gate-reports-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let stale = dir.join("TEST-com.acme.Gone_MTC1Test.xml");
        std::fs::write(&stale, "<testsuite failures=\"5\"/>").unwrap();
        std::fs::write(dir.join("notes.txt"), "not a report").unwrap();
        let report = GateReport {
            tests: 1,
            violations: Vec::new(),
            stale: Vec::new(),
            suites: vec![("com.acme.T".into(), vec![result(TestStatus::Passed, "")], None)],
        };

        let written = report.write_junit_xml(&dir).unwrap();

        assert_eq!(written, [dir.join("TEST-com.acme.T.xml")]);
        assert!(!stale.exists() && dir.join("notes.txt").exists());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn control_characters_in_a_message_still_give_xml_that_parses() {
        let message = "expected <\u{1}> & \"a\" but was \u{1b}[31mred\u{1b}[0m";
        let tests = [result(TestStatus::Failed, message), result(TestStatus::Crashed, "died\u{0}")];
        let xml = suite_xml("com.acme.T", &tests, Some("line 3: \u{7}bell")).unwrap();
        assert!(!xml.contains(|c: char| c < ' ' && c != '\n'), "{xml:?}");
        let values = read_back(&xml);
        assert!(
            values.contains(&"expected <\\u{1}> & \"a\" but was \\u{1b}[31mred\\u{1b}[0m".to_string()),
            "{values:?}"
        );
        assert!(values.contains(&"died\\u{0}".to_string()), "{values:?}");
        assert!(values.contains(&"line 3: \\u{7}bell".to_string()), "{values:?}");
        assert!(xml.contains("<failure ") && xml.contains("<error "), "{xml}");
    }

    #[test]
    fn a_passing_and_a_skipped_test_are_counted_and_written_empty() {
        let tests = [result(TestStatus::Passed, ""), result(TestStatus::Skipped, "")];
        let xml = suite_xml("T", &tests, None).unwrap();
        assert!(xml.contains(r#"tests="2" failures="0" errors="0" skipped="1""#), "{xml}");
        assert!(xml.contains("<skipped/>"), "{xml}");
        read_back(&xml);
    }
}
