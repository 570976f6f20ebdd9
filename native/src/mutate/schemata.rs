//! Mutant schemata: one source in which every mutant is guarded by the run-time mutant id, so the
//! class compiles once and each run flips an integer. With id 0 every guard is false and the code
//! is the original. Guards are written on the line where the site starts and alternatives on one
//! line, so the schemata keeps the original line numbers.

use super::Mutant;

pub const SWITCH: &str = "io.mrcoupler.runtime.MutantSwitch.ID";

/// Mutants that share one source range, rendered together.
struct Group<'m> {
    start: usize,
    end: usize,
    mutants: Vec<&'m Mutant>,
}

pub fn render(src: &str, mutants: &[Mutant]) -> String {
    let mut groups: Vec<Group> = Vec::new();
    let mut sorted: Vec<&Mutant> = mutants.iter().collect();
    sorted.sort_by(|a, b| a.start.cmp(&b.start).then(b.end.cmp(&a.end)).then(a.id.cmp(&b.id)));
    for m in sorted {
        match groups.last_mut() {
            Some(g) if g.start == m.start && g.end == m.end => g.mutants.push(m),
            _ => groups.push(Group { start: m.start, end: m.end, mutants: vec![m] }),
        }
    }
    render_range(src, &groups, 0, src.len())
}

/// `groups` lie within `lo..hi`, sorted by start, outer before inner.
fn render_range(src: &str, groups: &[Group], lo: usize, hi: usize) -> String {
    let mut out = String::with_capacity(hi - lo);
    let mut pos = lo;
    let mut i = 0;
    while i < groups.len() {
        let g = &groups[i];
        let inner_end = groups[i + 1..].iter().position(|h| h.start >= g.end).map_or(groups.len(), |p| i + 1 + p);
        out.push_str(&src[pos..g.start]);
        let inner = render_range(src, &groups[i + 1..inner_end], g.start, g.end);
        out.push_str(&guard(g, &inner));
        pos = g.end;
        i = inner_end;
    }
    out.push_str(&src[pos..hi]);
    out
}

fn guard(g: &Group, original: &str) -> String {
    if g.mutants.iter().any(|m| m.statement) {
        // Braces keep `if (c) stmt; else ...` binding as before.
        let ids: Vec<String> = g.mutants.iter().map(|m| format!("{SWITCH} != {}", m.id)).collect();
        return format!("{{ if ({}) {{ {original} }} }}", ids.join(" && "));
    }
    let mut out = String::from("(");
    for m in &g.mutants {
        out.push_str(&format!("{SWITCH} == {} ? ({}) : ", m.id, m.replacement));
    }
    out.push_str(&format!("({original}))"));
    out
}

/// The source with only mutant `m` applied, as a plain (unguarded) file.
pub fn apply_one(src: &str, m: &Mutant) -> String {
    let replacement = if m.statement { ";" } else { &m.replacement };
    format!("{}{}{}", &src[..m.start], replacement, &src[m.end..])
}
