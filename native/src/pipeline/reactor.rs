//! One module of a multi-module build (a Maven reactor, a Gradle multi-project build): which of its
//! targets are its own. Targets given at the root reach every module; each module works on those it
//! contains, a module that contains none (or was given none) is skipped with one line, and a target
//! that no module contains fails the build once, in the last module, naming the modules searched
//! and the closest names across all of them. A single project keeps the plain rule: every target
//! must be in it.

use crate::error::CoreResult;
use crate::java_model::Project;
use crate::protocol::{ReactorModule, SessionConfig};
use crate::targets::{contains, parse_targets, unknown_in_modules, TargetSpec};

/// What this module does with the targets it was given.
pub enum Share {
    /// Work on these (the ones this module contains), after these warnings.
    Run(Vec<TargetSpec>, Vec<String>),
    /// Nothing to do here; the line says why.
    Skip(String),
}

/// This module's share of the targets; an error for a target that no module of the build has,
/// raised in the last module only.
pub fn share(config: &SessionConfig) -> CoreResult<Share> {
    let modules = &config.reactor;
    if modules.len() < 2 {
        return Ok(Share::Run(parse_targets(&config.targets)?, Vec::new()));
    }
    let mut sources: Vec<(&str, Project)> = modules
        .iter()
        .map(|m| (m.name.as_str(), Project::new(&m.source_roots).with_encoding(config.source_encoding.as_deref())))
        .collect();
    let last = is_last_module(config);
    if last {
        fail_on_targets_in_no_module(modules, &mut sources)?;
    }
    let specs = if config.targets.trim().is_empty() { Vec::new() } else { parse_targets(&config.targets)? };
    let mut here = Vec::new();
    let mut log = Vec::new();
    for spec in specs {
        let mut project = Project::new(&config.source_roots).with_encoding(config.source_encoding.as_deref());
        if contains(&mut project, &spec) {
            here.push(spec);
        } else if !last && owners(&mut sources, &spec).is_empty() {
            log.push(format!(
                "target `{}` is in no module of this build; the build fails at its end, in {}",
                spec.raw,
                modules.last().map_or("the last module", |m| m.name.as_str())
            ));
        }
    }
    if here.is_empty() {
        return Ok(Share::Skip(skipped(config)));
    }
    Ok(Share::Run(here, log))
}

/// For the gate of a module with no kept MTC: whether another module's committed home holds some
/// (`None` for a single project). The homes are at the same place in each module's folder.
pub fn others_have_kept_mtcs(config: &SessionConfig) -> Option<bool> {
    if config.reactor.len() < 2 {
        return None;
    }
    let relative = config.mtc_dir.strip_prefix(&config.project_dir).ok();
    let others = config.reactor.iter().filter(|m| m.name != config.project_name);
    Some(others.into_iter().any(|m| {
        let home = relative.map_or_else(|| config.mtc_dir.clone(), |r| m.dir.join(r));
        !super::home::MtcFolder::scan(&home, |_| true).files().is_empty()
    }))
}

/// Whether this session is the last module of a multi-module build.
pub fn is_last_module(config: &SessionConfig) -> bool {
    config.reactor.last().is_some_and(|m| m.name == config.project_name)
}

/// The modules that contain `spec`.
fn owners<'a>(sources: &mut [(&'a str, Project)], spec: &TargetSpec) -> Vec<&'a str> {
    let mut found = Vec::new();
    for (name, project) in sources.iter_mut() {
        if contains(project, spec) {
            found.push(*name);
        }
    }
    found
}

/// Every module's targets against every module's sources: the first target no module has fails.
fn fail_on_targets_in_no_module(modules: &[ReactorModule], sources: &mut [(&str, Project)]) -> CoreResult<()> {
    let mut seen = std::collections::BTreeSet::new();
    for module in modules.iter().filter(|m| !m.targets.trim().is_empty()) {
        for spec in parse_targets(&module.targets)? {
            if seen.insert(spec.raw.clone()) && owners(sources, &spec).is_empty() {
                let parsed: Vec<(&str, &Project)> = sources.iter().map(|(name, p)| (*name, p)).collect();
                return Err(unknown_in_modules(&parsed, &spec));
            }
        }
    }
    Ok(())
}

fn skipped(config: &SessionConfig) -> String {
    if config.targets.trim().is_empty() {
        "skipped: no targets given for this module".to_string()
    } else {
        "skipped: none of the targets is in this module".to_string()
    }
}
