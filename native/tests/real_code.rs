//! Algorithm 1 on code written by others: Debian's source packages of commons-codec and
//! commons-lang3, fetched on first use into the git-ignored .cache/ by tests/fetch-debian-sources.sh.
//! Every pair asserted here was checked by reading the source.

use mr_coupler::coupling::{analyse, FeatureKind, FeatureKind::*};
use mr_coupler::java_model::Project;
use mr_coupler::targets::{load_and_resolve, parse_targets};
use std::path::PathBuf;
use std::sync::OnceLock;

fn debian_sources() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
        let out = std::process::Command::new(root.join("tests/fetch-debian-sources.sh"))
            .args(["libcommons-codec-java", "libcommons-lang3-java"])
            .output()
            .expect("cannot run tests/fetch-debian-sources.sh");
        assert!(out.status.success(), "fetching Debian sources failed: {}", String::from_utf8_lossy(&out.stderr));
        PathBuf::from(String::from_utf8_lossy(&out.stdout).trim())
    })
}

fn codec() -> PathBuf {
    debian_sources().join("commons-codec-rel-commons-codec-1.15/src/main/java")
}

fn lang3() -> PathBuf {
    debian_sources().join("commons-lang-rel-commons-lang-3.12.0/src/main/java")
}

/// The feature kinds Algorithm 1 gives `other` for `target` (a signature as a target string).
fn coupling(root: PathBuf, target: &str, other: &str) -> Vec<FeatureKind> {
    let mut project = Project::new(&[root]);
    let refs = load_and_resolve(&mut project, &parse_targets(target).unwrap()).unwrap();
    assert_eq!(refs.len(), 1, "{target} should name one method");
    let class = refs[0].class(&project);
    let analysis = analyse(class, refs[0].method);
    let coupled = analysis.coupled.iter().find(|c| class.methods[c.method].signature() == other);
    coupled.map(|c| c.features.iter().map(|f| f.kind).collect()).unwrap_or_default()
}

#[test]
fn base64_encode_is_coupled_to_its_decode() {
    let kinds =
        coupling(codec(), "org.apache.commons.codec.binary.Base64#encodeBase64(byte[])", "decodeBase64(byte[])");
    assert_eq!(kinds, vec![SharedNameAndType]);
}

#[test]
fn base64_encode_delegates_to_its_overload() {
    let kinds = coupling(
        codec(),
        "org.apache.commons.codec.binary.Base64#encodeBase64(byte[])",
        "encodeBase64(byte[], boolean)",
    );
    assert_eq!(kinds, vec![Overloading, DirectCall]);
}

#[test]
fn hex_encode_is_coupled_to_decode_and_called_by_encode_hex_string() {
    let hex = "org.apache.commons.codec.binary.Hex#encodeHex(byte[])";
    assert_eq!(coupling(codec(), hex, "decodeHex(char[])"), vec![SharedNameAndType]);
    assert!(coupling(codec(), hex, "encodeHexString(byte[])").contains(&DirectCall));
}

#[test]
fn string_utils_is_not_empty_calls_is_empty() {
    let kinds =
        coupling(lang3(), "org.apache.commons.lang3.StringUtils#isEmpty(CharSequence)", "isNotEmpty(CharSequence)");
    assert!(kinds.contains(&SharedNameAndType) && kinds.contains(&DirectCall), "{kinds:?}");
}

#[test]
fn string_utils_upper_and_lower_case_share_name_and_type() {
    let kinds = coupling(lang3(), "org.apache.commons.lang3.StringUtils#upperCase(String)", "lowerCase(String)");
    assert!(kinds.contains(&SharedNameAndType), "{kinds:?}");
}

#[test]
fn mutable_int_increment_feeds_int_value() {
    let kinds = coupling(lang3(), "org.apache.commons.lang3.mutable.MutableInt#increment", "intValue()");
    assert_eq!(kinds, vec![DataDependency]);
}

#[test]
fn whole_projects_parse_without_syntax_errors() {
    for root in [codec(), lang3()] {
        let project = Project::load_all(std::slice::from_ref(&root));
        let diagnostics: Vec<_> = project.all_diagnostics().collect();
        assert!(diagnostics.is_empty(), "{}: {diagnostics:?}", root.display());
        assert!(project.classes().count() > 50);
    }
}
