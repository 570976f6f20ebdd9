//! Benchmark of phase 1 (run by tests/bench/coupling): for each `name=source-root` argument,
//! parse every file, then run Algorithm 1 with every non-private method as the target, and time
//! the two separately; then answer one target from a cold start, as `mvn mr-coupler:couplings`
//! does. Prints one `key=value` per line.
//!   bench_coupling [--one <name>=<target>] <name>=<root> ...

use mr_coupler::coupling::{analyse, analyse_classes};
use mr_coupler::java_model::ClassModel;
use mr_coupler::java_model::Project;
use mr_coupler::targets::{load_and_resolve, parse_targets};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut one_targets = Vec::new();
    let mut projects = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let pair = if arg == "--one" { it.next().map(|s| (true, s)) } else { Some((false, arg)) };
        let Some((is_one, pair)) = pair else { break };
        let Some((name, value)) = pair.split_once('=') else {
            eprintln!("expected name=value, got {pair}");
            std::process::exit(2);
        };
        if is_one {
            one_targets.push((name.to_string(), value.to_string()))
        } else {
            projects.push((name.to_string(), PathBuf::from(value)))
        }
    }
    println!("threads={}", std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
    for (name, root) in &projects {
        whole_project(name, root);
    }
    for (name, target) in &one_targets {
        let Some((_, root)) = projects.iter().find(|(n, _)| n == name) else {
            continue;
        };
        one_target(name, root, target);
    }
}

fn whole_project(name: &str, root: &Path) {
    let start = Instant::now();
    let project = Project::load_all(&[root.to_path_buf()]);
    let parse = start.elapsed();
    let bytes: u64 = project.files.iter().filter_map(|f| std::fs::metadata(&f.path).ok()).map(|m| m.len()).sum();

    let start = Instant::now();
    let work: Vec<(&ClassModel, Vec<usize>)> = project
        .classes()
        .map(|class| {
            let targets = class.methods.iter().enumerate();
            (
                class,
                targets.filter(|(_, m)| !m.is_constructor && !m.is_private() && m.has_body).map(|(i, _)| i).collect(),
            )
        })
        .collect();
    let analyses = analyse_classes(&work);
    let coupling = start.elapsed();
    let methods: usize = project.classes().map(|c| c.methods.len()).sum();
    let targets: usize = work.iter().map(|(_, t)| t.len()).sum();
    let coupled: usize = analyses.iter().flatten().map(|a| a.coupled.len()).sum();
    let syntax_errors = project.all_diagnostics().count();
    println!("{name}.files={}", project.files.len());
    println!("{name}.megabytes={:.1}", bytes as f64 / 1e6);
    println!("{name}.classes={}", project.classes().count());
    println!("{name}.methods={methods}");
    println!("{name}.targets={targets}");
    println!("{name}.coupled_pairs={coupled}");
    println!("{name}.diagnostics={syntax_errors}");
    println!("{name}.parse_ms={}", ms(parse));
    println!("{name}.coupling_ms={}", ms(coupling));
    println!("{name}.all_targets_ms={}", ms(parse + coupling));
}

/// A cold query: parse only what the target needs, resolve it, run Algorithm 1. Median of 7.
fn one_target(name: &str, root: &Path, target: &str) {
    let specs = parse_targets(target).unwrap_or_else(|e| panic!("{e}"));
    let mut times: Vec<Duration> = (0..7)
        .map(|_| {
            let start = Instant::now();
            let mut project = Project::new(&[root.to_path_buf()]);
            let refs = load_and_resolve(&mut project, &specs).unwrap_or_else(|e| panic!("{e}"));
            for t in &refs {
                std::hint::black_box(analyse(t.class(&project), t.method));
            }
            start.elapsed()
        })
        .collect();
    times.sort();
    println!("{name}.one_target={target}");
    println!("{name}.one_target_ms={}", ms(times[times.len() / 2]));
}

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}
