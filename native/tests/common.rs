//! Helpers shared by the integration tests: parse a fixture, find methods, run Algorithm 1.

#![allow(dead_code)]

use mr_coupler::coupling::{analyse, CouplingAnalysis, Feature, FeatureKind};
use mr_coupler::java_model::{parse_file, ClassModel, SourceFile};
use std::path::PathBuf;

pub fn fixture_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(relative)
}

pub fn fixture(relative: &str) -> SourceFile {
    let file = parse_file(&fixture_path(relative));
    assert!(file.diagnostics.is_empty(), "fixture {relative} should parse cleanly: {:?}", file.diagnostics);
    file
}

pub fn class<'f>(file: &'f SourceFile, name: &str) -> &'f ClassModel {
    file.classes.iter().find(|c| c.name == name).unwrap_or_else(|| panic!("no class {name}"))
}

/// Index of the method with this signature, e.g. `join(List<String>, String)` or just `size`.
pub fn method(class: &ClassModel, signature: &str) -> usize {
    class
        .methods
        .iter()
        .position(|m| m.signature() == signature || m.name == signature)
        .unwrap_or_else(|| panic!("no method {signature} in {}", class.name))
}

/// The features Algorithm 1 finds between `target` and `other` (empty: not coupled).
pub fn features(class: &ClassModel, target: &str, other: &str) -> Vec<Feature> {
    let analysis = analyse(class, method(class, target));
    let other = method(class, other);
    analysis.coupled.into_iter().find(|c| c.method == other).map(|c| c.features).unwrap_or_default()
}

pub fn kinds(features: &[Feature]) -> Vec<FeatureKind> {
    features.iter().map(|f| f.kind).collect()
}

pub fn coupled_names(class: &ClassModel, analysis: &CouplingAnalysis) -> Vec<String> {
    analysis.coupled.iter().map(|c| class.methods[c.method].signature()).collect()
}
