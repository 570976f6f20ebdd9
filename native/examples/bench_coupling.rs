//! Speed of phase 1 (run by tests/bench/coupling): for each `name=source-root` argument, parse
//! every file, then run the analysis with every non-private method as the target, in both modes
//! (ranked: with each class's project superclasses, without tests), and time parsing and analysis
//! separately; then answer one target from a cold start, as `mvn mr-coupler:couplings` does: the
//! target's files and its superclasses' files parsed, and (ranked, when `--tests` names the test
//! root) the tests that mention the class for co-usage. Prints one `key=value` per line.
//!   bench_coupling [--one <name>=<target>] [--tests <name>=<test-root>] <name>=<root> ...

use mr_coupler::context::TestIndex;
use mr_coupler::coupling::hierarchy::{load_superclasses, ClassRef, Hierarchy};
use mr_coupler::coupling::{analyse_classes, analyse_targets, ClassInput, CouplingOptions, Ranking, Tests};
use mr_coupler::java_model::Project;
use mr_coupler::targets::{load_and_resolve, parse_targets, TargetSpec};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const MODES: [Ranking; 2] = [Ranking::Algorithm1, Ranking::Ranked];

fn main() {
    let (projects, one_targets, test_roots) = parse_args();
    println!("threads={}", std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
    for (name, root) in &projects {
        whole_project(name, root);
    }
    for (name, target) in &one_targets {
        let Some((_, root)) = projects.iter().find(|(n, _)| n == name) else { continue };
        let tests = test_roots.iter().find(|(n, _)| n == name).map(|(_, t)| t.as_path());
        one_target(name, root, tests, target);
    }
}

type Named = Vec<(String, PathBuf)>;

fn parse_args() -> (Named, Vec<(String, String)>, Named) {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut projects, mut one, mut tests) = (Vec::new(), Vec::new(), Vec::new());
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (kind, pair) = match arg.as_str() {
            "--one" | "--tests" => (arg.as_str(), it.next()),
            _ => ("", Some(arg)),
        };
        let Some((name, value)) = pair.and_then(|p| p.split_once('=')) else {
            eprintln!("expected name=value after {arg}");
            std::process::exit(2);
        };
        match kind {
            "--one" => one.push((name.to_string(), value.to_string())),
            "--tests" => tests.push((name.to_string(), PathBuf::from(value))),
            _ => projects.push((name.to_string(), PathBuf::from(value))),
        }
    }
    (projects, one, tests)
}

fn whole_project(name: &str, root: &Path) {
    let start = Instant::now();
    let project = Project::load_all(&[root.to_path_buf()]);
    let parse = start.elapsed();
    let bytes: u64 = project.files.iter().filter_map(|f| std::fs::metadata(&f.path).ok()).map(|m| m.len()).sum();
    println!("{name}.files={}", project.files.len());
    println!("{name}.megabytes={:.1}", bytes as f64 / 1e6);
    println!("{name}.classes={}", project.classes().count());
    println!("{name}.methods={}", project.classes().map(|c| c.methods.len()).sum::<usize>());
    println!("{name}.diagnostics={}", project.all_diagnostics().count());
    println!("{name}.parse_ms={}", ms(parse));
    let hierarchy = Hierarchy::new(&project);
    for ranking in MODES {
        let start = Instant::now();
        let work: Vec<(ClassInput, Vec<usize>)> = project
            .files
            .iter()
            .enumerate()
            .flat_map(|(file, f)| (0..f.classes.len()).map(move |class| ClassRef { file, class }))
            .map(|c| {
                let class = c.get(&project);
                let superclasses = match ranking {
                    Ranking::Ranked => hierarchy.superclasses(&project, c).iter().map(|s| s.get(&project)).collect(),
                    Ranking::Algorithm1 => Vec::new(),
                };
                let targets = class.methods.iter().enumerate();
                let targets = targets
                    .filter(|(_, m)| !m.is_constructor && !m.is_private() && m.has_body)
                    .map(|(i, _)| i)
                    .collect();
                (ClassInput { class, superclasses, tests: None }, targets)
            })
            .collect();
        let analyses = analyse_classes(&work, &CouplingOptions { ranking, uncut: false });
        let coupling = start.elapsed();
        let mode = ranking.name();
        println!("{name}.{mode}.targets={}", work.iter().map(|(_, t)| t.len()).sum::<usize>());
        println!("{name}.{mode}.coupled_pairs={}", analyses.iter().flatten().map(|a| a.coupled.len()).sum::<usize>());
        println!("{name}.{mode}.coupling_ms={}", ms(coupling));
        println!("{name}.{mode}.all_targets_ms={}", ms(parse + coupling));
    }
}

/// A cold query: parse only what the target needs, resolve it, analyse it. Median of 7 of the
/// whole, and of its parts: parsing the sources, parsing the tests, the analysis itself.
fn one_target(name: &str, root: &Path, tests: Option<&Path>, target: &str) {
    let specs = parse_targets(target).unwrap_or_else(|e| panic!("{e}"));
    println!("{name}.one_target={target}");
    for ranking in MODES {
        let runs: Vec<[Duration; 4]> = (0..7).map(|_| cold_query(root, tests, &specs, ranking)).collect();
        let median = |part: usize| {
            let mut times: Vec<Duration> = runs.iter().map(|r| r[part]).collect();
            times.sort();
            ms(times[times.len() / 2])
        };
        let mode = ranking.name();
        println!("{name}.{mode}.one_target_ms={}", median(0));
        println!("{name}.{mode}.one_target_parse_ms={}", median(1));
        if ranking == Ranking::Ranked && tests.is_some() {
            println!("{name}.{mode}.one_target_tests_parse_ms={}", median(2));
        }
        println!("{name}.{mode}.one_target_analysis_ms={}", median(3));
    }
}

/// [whole, parsing sources, parsing tests, analysis].
fn cold_query(root: &Path, tests: Option<&Path>, specs: &[TargetSpec], ranking: Ranking) -> [Duration; 4] {
    let start = Instant::now();
    let mut project = Project::new(&[root.to_path_buf()]);
    let refs = load_and_resolve(&mut project, specs).unwrap_or_else(|e| panic!("{e}"));
    let classes: Vec<ClassRef> = refs.iter().map(|t| ClassRef { file: t.file, class: t.class }).collect();
    if ranking == Ranking::Ranked {
        load_superclasses(&mut project, &classes);
    }
    let parsed = start.elapsed();
    let names: Vec<&str> = classes.iter().map(|c| c.get(&project).name.as_str()).collect();
    let test_index = tests
        .filter(|_| ranking == Ranking::Ranked)
        .map(|t| TestIndex::load_mentioning(&[t.to_path_buf()], None, &names));
    let tests_parsed = start.elapsed();
    let hierarchy = Hierarchy::new(&project);
    for t in &refs {
        let c = ClassRef { file: t.file, class: t.class };
        let superclasses = hierarchy.superclasses(&project, c).iter().map(|s| s.get(&project)).collect();
        let tests = test_index.as_ref().map(|i| Tests { project: i.project(), exclude: None });
        let input = ClassInput { class: c.get(&project), superclasses, tests };
        std::hint::black_box(analyse_targets(&input, &[t.method], &CouplingOptions { ranking, uncut: false }));
    }
    let whole = start.elapsed();
    [whole, parsed, tests_parsed - parsed, whole - tests_parsed]
}

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}
