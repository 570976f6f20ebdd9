//! The methods changed since a git revision, as targets: what `git diff --unified=0 <rev>` says
//! changed in the source roots (and files git does not track yet), mapped onto the methods whose
//! lines it touches.

use crate::error::{CoreError, CoreResult};
use crate::java_model::Project;
use crate::protocol::SessionConfig;
use crate::targets::TargetSpec;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Line ranges (1-based, inclusive) changed per file.
type Changes = BTreeMap<PathBuf, Vec<(usize, usize)>>;

pub fn changed_targets(config: &SessionConfig, revision: &str) -> CoreResult<Vec<TargetSpec>> {
    let top = PathBuf::from(git(&config.project_dir, &["rev-parse", "--show-toplevel"], revision)?.trim());
    let roots: Vec<String> = config.source_roots.iter().map(|r| r.display().to_string()).collect();
    let mut args = vec!["diff", "--unified=0", "--no-color", "--no-ext-diff", revision, "--"];
    args.extend(roots.iter().map(String::as_str));
    let mut changes = parse_diff(&git(&config.project_dir, &args, revision)?, &top);
    let mut untracked = vec!["ls-files", "--others", "--exclude-standard", "--full-name", "--"];
    untracked.extend(roots.iter().map(String::as_str));
    for file in git(&config.project_dir, &untracked, revision)?.lines() {
        changes.insert(top.join(file), vec![(1, usize::MAX)]);
    }
    let mut project = Project::new(&config.source_roots).with_encoding(config.source_encoding.as_deref());
    project
        .parse(changes.keys().filter(|f| f.extension().is_some_and(|e| e == "java") && f.is_file()).cloned().collect());
    let mut specs = Vec::new();
    for file in &project.files {
        let ranges = changes.get(&file.path).cloned().unwrap_or_default();
        for class in &file.classes {
            for m in class.methods.iter().filter(|m| m.has_body && !m.is_private()) {
                if ranges.iter().any(|&(lo, hi)| lo <= m.lines.1 && m.lines.0 <= hi) {
                    let params: Vec<&str> = m.params.iter().map(|p| p.type_name.as_str()).collect();
                    let raw = format!("{}#{}({})", class.qualified_name, m.name, params.join(","));
                    specs.push(TargetSpec {
                        class: class.qualified_name.clone(),
                        method: Some(if m.is_constructor { "<init>".into() } else { m.name.clone() }),
                        params: Some(m.param_types()),
                        raw,
                    });
                }
            }
        }
    }
    Ok(specs)
}

fn git(dir: &Path, args: &[&str], revision: &str) -> CoreResult<String> {
    let out = Command::new("git").arg("-C").arg(dir).args(args).output().map_err(|e| {
        CoreError::new(format!("cannot run git to find the methods changed since {revision}: {e}"), "Install git")
    })?;
    if !out.status.success() {
        return Err(CoreError::new(
            format!("git {} failed: {}", args.join(" "), String::from_utf8_lossy(&out.stderr).trim()),
            format!("Check that {} is a git checkout and that {revision} is a revision of it", dir.display()),
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `+++ b/path` then `@@ -a,b +c,d @@` hunks: lines c..c+d-1 of the new file changed; a pure
/// deletion (d = 0) touches line c, the line it happened at.
fn parse_diff(diff: &str, top: &Path) -> Changes {
    let mut changes = Changes::new();
    let mut current: Option<PathBuf> = None;
    for line in diff.lines() {
        if let Some(path) = line.strip_prefix("+++ ") {
            current = path.strip_prefix("b/").map(|p| top.join(p));
        } else if let (Some(file), Some(hunk)) = (&current, line.strip_prefix("@@ ")) {
            let new = hunk.split_whitespace().find(|w| w.starts_with('+')).unwrap_or("+0");
            let (start, count) = match new[1..].split_once(',') {
                Some((s, c)) => (s.parse().unwrap_or(0), c.parse().unwrap_or(1)),
                None => (new[1..].parse().unwrap_or(0), 1),
            };
            let end = start + count.max(1) - 1;
            changes.entry(file.clone()).or_default().push((start, end));
        }
    }
    changes
}

#[cfg(test)]
mod tests {
    use super::parse_diff;
    use std::path::Path;

    #[test]
    fn hunks_become_line_ranges_of_the_new_file() {
        let diff = "diff --git a/src/A.java b/src/A.java\n--- a/src/A.java\n+++ b/src/A.java\n@@ -10,2 +10,3 @@ class A\n-x\n+y\n@@ -40,1 +42,0 @@\n-z\n";
        let changes = parse_diff(diff, Path::new("/repo"));
        assert_eq!(changes[Path::new("/repo/src/A.java")], vec![(10, 12), (42, 42)]);
    }
}
