//! `report.html`: one self-contained page a developer opens (inline CSS, no script, nothing
//! fetched): per target the coupled methods and why, each candidate with its MR in words, its
//! status, p and p', and the tokens, cost and time; the kept tests' code.

use super::generate::{CandidateReport, GenerateReport, SuspectedBugReport, TargetReport};
use crate::pipeline::generate::Status;

const STYLE: &str = "body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#1d2330}\
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccd}h2 code{font-size:1em}\
table{border-collapse:collapse;width:100%;margin:.5em 0;table-layout:fixed}td,th{border:1px solid #dde;padding:4px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}\
th.n,td.n{width:4.5em}th.m{width:30%}th.s{width:10.5em}\
th{background:#f3f4f8}code,pre{font:12px/1.4 ui-monospace,monospace}pre{background:#f7f7fa;padding:8px;overflow:auto}\
.status{font-weight:600;padding:1px 6px;border-radius:4px;white-space:nowrap}.kept{background:#d7f5dc;color:#14532d}\
.dropped{background:#fde2e1;color:#7f1d1d}.warn{background:#fff4cc;color:#713f12}.muted{color:#667}";

pub fn render(report: &GenerateReport) -> String {
    let t = &report.tokens;
    let kept: usize = report.targets.iter().flat_map(|t| &t.candidates).filter(|c| c.status == Status::Kept).count();
    let total: usize = report.targets.iter().map(|t| t.candidates.len()).sum();
    let phases = &report.phases;
    let mut html = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>MR-Coupler report</title><style>{STYLE}</style></head><body>\n\
         <h1>MR-Coupler report</h1>\n<p>{kept} of {total} candidate MTC(s) kept for {} target method(s). Model <code>{}</code>; \
         phases: coupling analysis {}, amplification {}, validation {}{}.</p>\n\
         <p class=\"muted\">LLM: {} request(s), {} from the cache; {} prompt + {} completion tokens; ${:.4}; {:.1} s.</p>\n",
        report.targets.len(),
        esc(&report.model),
        on(phases.coupling),
        on(phases.amplification),
        on(phases.validation),
        if phases.baseline { " (the paper's baseline)" } else { "" },
        t.requests,
        t.cached,
        t.prompt_tokens,
        t.completion_tokens,
        t.cost_usd,
        report.elapsed_ms as f64 / 1000.0
    );
    html.push_str(&suspected_bugs_section(&report.suspected_bugs));
    for target in report.targets.iter().filter(|t| !t.candidates.is_empty()) {
        html.push_str(&target_section(target));
    }
    if !report.methods_without_candidate.is_empty() {
        let items: String =
            report.methods_without_candidate.iter().map(|m| format!("<li><code>{}</code></li>", esc(m))).collect();
        html.push_str(&format!(
            "<h2 id=\"without-candidate\">Target methods without a candidate MTC ({})</h2>\n\
             <p class=\"muted\">No built-in MR template fits them (or the LLM could not be asked).</p><ul>{items}</ul>\n",
            report.methods_without_candidate.len()
        ));
    }
    html.push_str("</body></html>\n");
    html
}

fn on(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

fn target_section(t: &TargetReport) -> String {
    let mut out = format!(
        "<h2 id=\"{0}\"><code>{0}#{1}({2})</code></h2>\n",
        esc(&t.class),
        esc(&t.method),
        esc(&t.params.join(", "))
    );
    out.push_str(&format!(
        "<p class=\"muted\">{} request(s), {} tokens, ${:.4}</p>\n",
        t.tokens.requests,
        t.tokens.prompt_tokens + t.tokens.completion_tokens,
        t.tokens.cost_usd
    ));
    if t.coupled.is_empty() {
        out.push_str("<p>No method of the class is coupled to it.</p>\n");
    } else {
        out.push_str("<h3>Coupled methods</h3>\n<table><tr><th class=\"m\">method</th><th class=\"n\">score</th><th>why</th></tr>\n");
        for c in &t.coupled {
            let why: String = c.features.iter().map(|f| format!("<li>{}</li>", esc(f))).collect();
            out.push_str(&format!(
                "<tr><td><code>{}</code></td><td class=\"n\">{:.2}</td><td><ul>{why}</ul></td></tr>\n",
                esc(&c.method),
                c.score
            ));
        }
        out.push_str("</table>\n");
    }
    out.push_str("<h3>Candidate MTCs</h3>\n<table class=\"candidates\"><tr><th>test class</th><th>pair</th><th class=\"s\">status</th>\
                  <th style=\"width:35%\">relation (the model's words, or the template's)</th><th class=\"n\">p</th><th class=\"n\">p'</th>\
                  <th class=\"n\">best mutant</th><th class=\"n\">mutants</th></tr>\n");
    for c in &t.candidates {
        out.push_str(&candidate_row(c));
    }
    out.push_str("</table>\n");
    for c in t.candidates.iter().filter(|c| c.code.is_some()) {
        let (open, what) = match c.status {
            Status::Kept => {
                (" open", format!("Kept: <code>{}</code> ({} method(s))", esc(&c.test_class), c.kept_methods.len()))
            }
            ref status => ("", format!("{}: <code>{}</code>", esc(&status.name()), esc(&c.test_class))),
        };
        out.push_str(&format!(
            "<details{open}><summary>{what}</summary><pre>{}</pre></details>\n",
            esc(c.code.as_deref().unwrap_or(""))
        ));
    }
    out
}

/// The headline: what looks like a bug in the code under test, most confident first.
fn suspected_bugs_section(bugs: &[SuspectedBugReport]) -> String {
    if bugs.is_empty() {
        return "<h2 id=\"suspected-bugs\">Suspected bugs</h2>\n<p>None: no MTC whose relation the evidence says is valid \
                fails on the code under test.</p>\n"
            .to_string();
    }
    let mut out = format!("<h2 id=\"suspected-bugs\">Suspected bugs ({})</h2>\n", bugs.len());
    for b in bugs {
        let failed = match &b.expected {
            Some(e) => format!("expected <code>{}</code> but was <code>{}</code>", esc(e), esc(&b.actual)),
            None => format!("<code>{}</code>", esc(&b.actual)),
        };
        let inputs: String = b.inputs.iter().map(|i| format!("<li><code>{}</code></li>", esc(i))).collect();
        let evidence: String = b.evidence.iter().map(|e| format!("<li>{}</li>", esc(e))).collect();
        out.push_str(&format!(
            "<h3><span class=\"status dropped\">{:.0}%</span> <code>{}#{}({})</code></h3>\n\
             <p>Relation: {}<br>Fails for {} input(s); the smallest: <ul>{inputs}</ul>{failed}</p>\n\
             <p class=\"muted\">Why a bug: <ul>{evidence}</ul>Reproduce: <code>{}</code></p>\n\
             <details><summary>The failing test</summary><pre>{}</pre></details>\n",
            b.confidence * 100.0,
            esc(&b.class),
            esc(&b.method),
            esc(&b.params.join(", ")),
            esc(&b.relation),
            b.failing_inputs,
            esc(b.reproducer.as_deref().unwrap_or(&b.test)),
            esc(&b.code)
        ));
    }
    out
}

fn candidate_row(c: &CandidateReport) -> String {
    let class = match c.status {
        Status::Kept => "kept",
        Status::FailsOnOriginal => "warn",
        _ => "dropped",
    };
    let mut notes: Vec<String> = c.notes.iter().map(|n| esc(n)).collect();
    if c.status == Status::Kept && c.refined {
        notes.push("written again after the first version failed to compile or run".into());
    } else {
        notes.extend(c.compile_errors.iter().take(2).map(|e| format!("compile error: {}", esc(e))));
    }
    if let Some(d) = c.status.detail() {
        notes.push(esc(d));
    }
    if c.kills_nothing {
        notes.push("kills no mutant (passes on the original and on every mutant): it checks little".into());
    }
    for t in &c.triage {
        notes.push(format!("{}: {} ({})", esc(&t.method), esc(&t.verdict), esc(&t.evidence.join("; "))));
    }
    let notes = if notes.is_empty() {
        String::new()
    } else {
        format!("<br><span class=\"muted\">{}</span>", notes.join("<br>"))
    };
    let pct = |v: Option<f64>| v.map(|v| format!("{:.0}%", v * 100.0)).unwrap_or_else(|| "–".into());
    format!(
        "<tr><td><code>{}</code></td><td><code>{}</code></td><td><span class=\"status {class}\">{}</span></td><td>{}{notes}</td>\
         <td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>\n",
        esc(c.test_class.rsplit('.').next().unwrap_or(&c.test_class)),
        esc(c.pair.as_deref().unwrap_or("baseline")),
        esc(&c.status.name()),
        match &c.template {
            Some(t) => format!("<b>{}</b>: {}", esc(t), esc(&c.relation)),
            None => esc(&c.relation),
        },
        pct(c.p),
        pct(c.p_mutants),
        pct(c.p_best_mutant),
        c.mutants
    )
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
