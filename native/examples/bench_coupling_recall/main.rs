//! Recall of the coupling analysis against human-written MTCs (run by tests/bench/coupling).
//! For each project: mine coupled pairs from its tests (mine.rs), run the analysis on its main
//! sources only, and print how often the human's coupled method is selected, is in the top 3 and
//! top 7, and how many methods are selected per target. Prints `key=value`; asserts nothing.
//!   bench_coupling_recall [--dump|--misses] [--vectors=<file>] <split>:<name>=<main-root>:<test-root> ...
//! `--dump` prints every pair and where each mode ranks it; `--misses` only the pairs of the `tune`
//! split whose partner the ranked mode leaves out of its top 7, with the top 3 and the partner's
//! features (held-out misses are never printed: looking at them would make the held-out figures
//! tuned); `--vectors` writes the feature strengths of every ranked candidate of the `tune` split
//! (tests/bench/fit-coupling-weights.py).

mod mine;
mod modes;
mod walker;

use mine::{java_files, mine, Main, Stats};
use modes::{evaluate, Show, Tally, MODES};
use mr_coupler::java_model::Project;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

struct ProjectArg {
    split: String,
    name: String,
    main: PathBuf,
    tests: PathBuf,
}

fn main() {
    let (projects, show, mut vectors) = parse_args();
    for split in ["tune", "held_out"] {
        let names: Vec<&str> = projects.iter().filter(|p| p.split == split).map(|p| p.name.as_str()).collect();
        println!("split.{split}={}", names.join(","));
    }
    for (mode, what) in MODES.iter().map(|m| (m.name, m.what)) {
        println!("mode.{mode}={what}");
    }
    let mut totals: BTreeMap<(String, String), Tally> = BTreeMap::new();
    let mut feature_totals: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for p in &projects {
        let start = Instant::now();
        let project = Project::load_all(std::slice::from_ref(&p.main));
        let main = Main::new(&project);
        let (pairs, stats) = mine(&main, &java_files(&p.tests));
        println!("{}.split={}", p.name, p.split);
        print_stats(&p.name, &stats, pairs.len());
        let tests = Project::load_all(std::slice::from_ref(&p.tests));
        let tune_vectors = vectors.as_mut().filter(|_| p.split == "tune");
        // Held-out pairs are never shown one by one unless everything is dumped.
        let show = if p.split == "tune" || show == Show::All { show } else { Show::Nothing };
        let result = evaluate(&main, &tests, &pairs, &p.name, show, tune_vectors);
        for (mode, tally) in result.tallies {
            tally.print(&format!("{}.{mode}", p.name));
            totals.entry((p.split.clone(), mode)).or_default().add(&tally);
        }
        // Per feature kind, tuning projects only: how often a candidate with it is the partner.
        if p.split == "tune" {
            for (kind, (n, hits)) in result.features {
                let e = feature_totals.entry(kind).or_default();
                (e.0, e.1) = (e.0 + n, e.1 + hits);
            }
        }
        println!("{}.seconds={:.1}", p.name, start.elapsed().as_secs_f64());
    }
    for ((split, mode), tally) in &totals {
        tally.print(&format!("{split}.{mode}"));
    }
    for (kind, (n, hits)) in &feature_totals {
        println!("tune.feature.{kind}.candidates={n}");
        println!("tune.feature.{kind}.partner_share={:.3}", *hits as f64 / (*n).max(1) as f64);
    }
}

fn parse_args() -> (Vec<ProjectArg>, Show, Option<std::fs::File>) {
    let (mut projects, mut show, mut vectors) = (Vec::new(), Show::Nothing, None);
    for arg in std::env::args().skip(1) {
        if arg == "--dump" {
            show = Show::All;
        } else if arg == "--misses" {
            show = Show::TuningMisses;
        } else if let Some(path) = arg.strip_prefix("--vectors=") {
            vectors = Some(std::fs::File::create(path).unwrap_or_else(|e| panic!("cannot write {path}: {e}")));
        } else {
            let parsed = arg.split_once(':').and_then(|(split, rest)| {
                let (name, roots) = rest.split_once('=')?;
                let (main, tests) = roots.split_once(':')?;
                Some(ProjectArg { split: split.into(), name: name.into(), main: main.into(), tests: tests.into() })
            });
            match parsed {
                Some(p) => projects.push(p),
                None => {
                    eprintln!("expected <split>:<name>=<main-root>:<test-root>, got {arg}");
                    std::process::exit(2);
                }
            }
        }
    }
    (projects, show, vectors)
}

fn print_stats(name: &str, stats: &Stats, pairs: usize) {
    println!("{name}.test_files={}", stats.test_files);
    println!("{name}.test_methods={}", stats.test_methods);
    println!("{name}.relating_assertions={}", stats.relating_assertions);
    println!("{name}.skipped_more_than_two_methods={}", stats.more_than_two_methods);
    println!("{name}.skipped_ambiguous_target={}", stats.ambiguous_target);
    println!("{name}.skipped_abstract_target={}", stats.abstract_target);
    println!("{name}.skipped_partner_out_of_reach={}", stats.partner_out_of_reach);
    println!("{name}.pairs={pairs}");
}
