//! The mutation engine on code written by others (Debian's commons-lang3 and commons-codec):
//! mutants for every method of whole classes, the schemata compiled with javac against the
//! project's sources, failing lines dropped and compiled again. At least 99% of the mutants put
//! into each schemata must survive that. Prints the table (`cargo test -- --nocapture`).

use mr_coupler::java_model::parse_file;
use mr_coupler::mutate::{generate, ClassMutants, MutationOptions};
use std::path::{Path, PathBuf};
use std::process::Command;

fn debian_sources() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let out = Command::new(root.join("tests/fetch-debian-sources.sh"))
        .args(["libcommons-codec-java", "libcommons-lang3-java"])
        .output()
        .expect("cannot run tests/fetch-debian-sources.sh");
    assert!(out.status.success(), "fetching Debian sources failed: {}", String::from_utf8_lossy(&out.stderr));
    PathBuf::from(String::from_utf8_lossy(&out.stdout).trim())
}

struct Outcome {
    class: String,
    in_schemata: usize,
    compiled: usize,
    capped: usize,
    rounds: usize,
    compiles: bool,
}

/// Compile the schemata with javac; the lines of its errors, or empty when it compiled.
fn compile(m: &ClassMutants, source_root: &Path, work: &Path) -> Vec<usize> {
    let src = work.join("src");
    let file = src.join(&m.relative_path);
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, m.schemata()).unwrap();
    let switch = src.join("io/mrcoupler/runtime/MutantSwitch.java");
    std::fs::create_dir_all(switch.parent().unwrap()).unwrap();
    std::fs::write(&switch, "package io.mrcoupler.runtime; public final class MutantSwitch { public static int ID; }")
        .unwrap();
    let out = Command::new("javac")
        .args(["-nowarn", "-proc:none", "-implicit:none", "-encoding", "UTF-8", "-Xmaxerrs", "10000", "-d"])
        .arg(work.join("classes"))
        .arg("-sourcepath")
        .arg(source_root)
        .arg(&file)
        .arg(&switch)
        .output()
        .expect("javac");
    if out.status.success() {
        return Vec::new();
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    let name = file.display().to_string();
    let lines: Vec<usize> = stderr
        .lines()
        .filter_map(|l| l.strip_prefix(&name)?.strip_prefix(':')?.split(':').next()?.parse().ok())
        .collect();
    assert!(!lines.is_empty(), "javac failed outside the schemata:\n{stderr}");
    lines
}

fn mutate_and_compile(source_root: &Path, relative: &str) -> Outcome {
    let file = parse_file(&source_root.join(relative));
    let class = &file.classes[0];
    let methods: Vec<usize> = (0..class.methods.len()).filter(|&i| class.methods[i].has_body).collect();
    let mut m = generate(class, &methods, &MutationOptions::default()).unwrap();
    let in_schemata = m.mutants.len();
    let work = std::env::temp_dir().join(format!("mrc-mut-{}-{}", class.name, std::process::id()));
    let mut rounds = 0;
    let compiles = loop {
        rounds += 1;
        let lines = compile(&m, source_root, &work);
        if lines.is_empty() {
            break true;
        }
        if m.drop_on_lines(&lines) == 0 || rounds == 10 {
            break false;
        }
    };
    std::fs::remove_dir_all(&work).ok();
    Outcome {
        class: class.qualified_name.clone(),
        in_schemata,
        compiled: m.mutants.len(),
        capped: m.capped.values().sum(),
        rounds,
        compiles,
    }
}

#[test]
fn schemata_of_whole_classes_compile_after_recovery() {
    let src = debian_sources();
    let lang3 = src.join("commons-lang-rel-commons-lang-3.12.0/src/main/java");
    let codec = src.join("commons-codec-rel-commons-codec-1.15/src/main/java");
    let jobs = [
        (lang3.clone(), "org/apache/commons/lang3/StringUtils.java"),
        (lang3, "org/apache/commons/lang3/math/NumberUtils.java"),
        (codec.clone(), "org/apache/commons/codec/binary/Base64.java"),
        (codec, "org/apache/commons/codec/binary/Hex.java"),
    ];
    let outcomes: Vec<Outcome> = std::thread::scope(|s| {
        let handles: Vec<_> = jobs.iter().map(|(root, rel)| s.spawn(move || mutate_and_compile(root, rel))).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    println!("{:<45} {:>10} {:>9} {:>8} {:>7} {:>7}", "class", "schemata", "compiled", "capped", "rounds", "ratio");
    for o in &outcomes {
        let ratio = o.compiled as f64 / o.in_schemata.max(1) as f64;
        println!(
            "{:<45} {:>10} {:>9} {:>8} {:>7} {:>6.2}%",
            o.class,
            o.in_schemata,
            o.compiled,
            o.capped,
            o.rounds,
            ratio * 100.0
        );
    }
    for o in &outcomes {
        assert!(o.compiles, "{}: the schemata does not compile after {} rounds of recovery", o.class, o.rounds);
        assert!(o.in_schemata > 100, "{}: only {} mutants", o.class, o.in_schemata);
        assert!(
            o.compiled * 100 >= o.in_schemata * 99,
            "{}: only {}/{} mutants compile",
            o.class,
            o.compiled,
            o.in_schemata
        );
    }
}
