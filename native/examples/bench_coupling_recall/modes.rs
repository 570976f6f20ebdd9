//! The modes the recall benchmark compares, and their tallies: Algorithm 1 (the baseline), the
//! ranked analysis without tests, and with the project's tests for co-usage minus what the human
//! pair was mined from (its test methods; or, stricter, its whole test files).

use crate::mine::{Main, MethodRef, MinedPair};
use mr_coupler::coupling::{
    analyse_targets, ClassInput, CoupledMethod, CouplingAnalysis, CouplingOptions, FeatureKind, Ranking, TestFilter,
    Tests, MAX_SELECTED, MIN_SCORE,
};
use mr_coupler::java_model::{MethodModel, Project};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

/// What the co-usage index leaves out for a pair.
#[derive(Clone, Copy, PartialEq)]
enum Leave {
    /// No tests at all.
    Everything,
    /// The test methods the pair was mined from: the project's other tests stay, as they would
    /// when a user runs MR-Coupler on a class whose tests lack this MTC.
    Methods,
    /// Every test file the pair was mined from (usually the class's own test file).
    Files,
}

/// Which pairs to print one by one.
#[derive(Clone, Copy, PartialEq)]
pub enum Show {
    Nothing,
    /// Every pair in every mode (`--dump`).
    All,
    /// The ranked mode's pairs whose partner is not in its top 7 (`--misses`, tuning split only).
    TuningMisses,
}

pub struct Mode {
    pub name: &'static str,
    pub what: &'static str,
    ranking: Ranking,
    leave: Leave,
}

pub const MODES: [Mode; 4] = [
    Mode {
        name: "algorithm1",
        what: "the paper's Algorithm 1 unchanged (baseline): every candidate with a feature",
        ranking: Ranking::Algorithm1,
        leave: Leave::Everything,
    },
    Mode {
        name: "ranked_without_tests",
        what: "ranked, no co-usage (as for a project without tests)",
        ranking: Ranking::Ranked,
        leave: Leave::Everything,
    },
    Mode {
        name: "ranked",
        what: "ranked, co-usage from the project's tests minus the test methods the pair was mined from",
        ranking: Ranking::Ranked,
        leave: Leave::Methods,
    },
    Mode {
        name: "ranked_leaving_out_files",
        what: "ranked, co-usage from the project's tests minus every test file the pair was mined from",
        ranking: Ranking::Ranked,
        leave: Leave::Files,
    },
];

const ALL_KINDS: [FeatureKind; 16] = [
    FeatureKind::Overloading,
    FeatureKind::SharedNameAndType,
    FeatureKind::DirectCall,
    FeatureKind::SharedInvokedApi,
    FeatureKind::DataDependency,
    FeatureKind::SharedField,
    FeatureKind::ComplementaryNames,
    FeatureKind::TypeFlow,
    FeatureKind::CoUsage,
    FeatureKind::ReceiverFlow,
    FeatureKind::StateObservation,
    FeatureKind::ObservableResult,
    FeatureKind::PublicApi,
    FeatureKind::NamedProperty,
    FeatureKind::GeneralForm,
    FeatureKind::SharedInput,
];

#[derive(Default)]
pub struct Tally {
    pairs: usize,
    found: usize,
    top3: usize,
    top7: usize,
    selected: usize,
    /// Found anywhere in the uncut order (ranked), or selected (Algorithm 1).
    anywhere: usize,
    /// Per target method (a target with several partners counts once): how many there are, for
    /// how many a partner of the human's is selected, and in the top 7.
    targets: usize,
    targets_found: usize,
    targets_top7: usize,
    targets_selected: usize,
    /// The most pairs any order could put in the top 7: a target the humans paired with more
    /// than 7 methods can have only 7 of its pairs there.
    top7_ceiling: usize,
}

impl Tally {
    pub fn add(&mut self, other: &Tally) {
        self.pairs += other.pairs;
        self.found += other.found;
        self.top3 += other.top3;
        self.top7 += other.top7;
        self.selected += other.selected;
        self.anywhere += other.anywhere;
        self.targets += other.targets;
        self.targets_found += other.targets_found;
        self.targets_top7 += other.targets_top7;
        self.targets_selected += other.targets_selected;
        self.top7_ceiling += other.top7_ceiling;
    }

    /// One target method's pairs: how many, the best rank of a selected partner, and how many
    /// methods were selected for it.
    fn record_target(&mut self, (pairs, best, selected): (usize, Option<usize>, usize)) {
        self.targets += 1;
        self.targets_selected += selected;
        self.targets_found += usize::from(best.is_some());
        self.targets_top7 += usize::from(best.is_some_and(|r| r < 7));
        self.top7_ceiling += pairs.min(7);
    }

    fn record(&mut self, rank: Option<usize>, selected: usize) {
        self.pairs += 1;
        self.selected += selected;
        self.anywhere += usize::from(rank.is_some());
        if let Some(r) = rank.filter(|&r| r < selected) {
            self.found += 1;
            self.top3 += usize::from(r < 3);
            self.top7 += usize::from(r < 7);
        }
    }

    pub fn print(&self, prefix: &str) {
        let n = self.pairs.max(1) as f64;
        println!("{prefix}.pairs={}", self.pairs);
        println!("{prefix}.recall={:.3}", self.found as f64 / n);
        println!("{prefix}.recall_top3={:.3}", self.top3 as f64 / n);
        println!("{prefix}.recall_top7={:.3}", self.top7 as f64 / n);
        println!("{prefix}.mean_selected={:.1}", self.selected as f64 / n);
        println!("{prefix}.recall_uncut={:.3}", self.anywhere as f64 / n);
        if self.targets > 0 {
            println!("{prefix}.recall_top7_ceiling={:.3}", self.top7_ceiling as f64 / n);
            let t = self.targets as f64;
            println!("{prefix}.target_methods={}", self.targets);
            println!("{prefix}.target_methods_recall={:.3}", self.targets_found as f64 / t);
            println!("{prefix}.target_methods_recall_top7={:.3}", self.targets_top7 as f64 / t);
            println!("{prefix}.target_methods_mean_selected={:.1}", self.targets_selected as f64 / t);
        }
    }
}

pub struct Evaluation {
    pub tallies: Vec<(String, Tally)>,
    /// Ranked mode, per feature kind: candidates with it, and how many of them are the partner.
    pub features: BTreeMap<String, (usize, usize)>,
}

/// Every mode on every pair.
pub fn evaluate(
    main: &Main,
    tests: &Project,
    pairs: &[MinedPair],
    name: &str,
    show: Show,
    mut vectors: Option<&mut std::fs::File>,
) -> Evaluation {
    let mut tallies: Vec<(String, Tally)> = MODES.iter().map(|m| (m.name.to_string(), Tally::default())).collect();
    // The same per pair shape (see `shape`), named `<mode>.<shape>_pairs`.
    let mut by_shape: BTreeMap<String, Tally> = BTreeMap::new();
    let mut features: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    // Per mode and target method: its pairs, the best rank of a selected partner, the selection.
    let mut per_target: BTreeMap<(usize, MethodRef), (usize, Option<usize>, usize)> = BTreeMap::new();
    for (id, pair) in pairs.iter().enumerate() {
        for (slot, mode) in MODES.iter().enumerate() {
            let analysis = analyse_pair(main, tests, pair, mode);
            let order: Vec<MethodRef> = analysis.coupled.iter().map(|c| method_ref(main, pair, c)).collect();
            let rank = order.iter().position(|m| pair.partners.contains(m));
            // Algorithm 1 selects every candidate with a feature; the ranked mode cuts as it does.
            let selected = match mode.ranking {
                Ranking::Algorithm1 => order.len(),
                Ranking::Ranked => analysis.coupled.iter().take(MAX_SELECTED).filter(|c| c.score >= MIN_SCORE).count(),
            };
            tallies[slot].1.record(rank, selected);
            let t = per_target.entry((slot, pair.target)).or_default();
            let hit = rank.filter(|&r| r < selected);
            *t = (t.0 + 1, t.1.into_iter().chain(hit).min(), selected);
            by_shape.entry(format!("{}.{}_pairs", mode.name, shape(main, pair))).or_default().record(rank, selected);
            if mode.name == "ranked" {
                for (c, m) in analysis.coupled.iter().zip(&order) {
                    for f in &c.features {
                        let e = features.entry(format!("{:?}", f.kind)).or_default();
                        (e.0, e.1) = (e.0 + 1, e.1 + usize::from(pair.partners.contains(m)));
                    }
                }
                if let Some(out) = vectors.as_mut() {
                    write_vectors(out, &format!("{name}:{id}"), &analysis, &order, pair);
                }
            }
            let missed = mode.name == "ranked" && rank.is_none_or(|r| r >= 7 || r >= selected);
            if show == Show::All || show == Show::TuningMisses && missed {
                dump_pair(main, pair, name, mode, &analysis, rank, selected);
            }
        }
    }
    for ((slot, _), target) in per_target {
        tallies[slot].1.record_target(target);
    }
    tallies.extend(by_shape);
    Evaluation { tallies, features }
}

/// `factory`: a static target whose result the partner is called on (`ImmutableList.of(..)` then
/// `asList()`): the test builds an object, then observes it. `other`: every other pair.
fn shape(main: &Main, pair: &MinedPair) -> &'static str {
    let target = &pair.target.class.get(main.project).methods[pair.target.method];
    let partner = &pair.partners[0];
    let partner = &partner.class.get(main.project).methods[partner.method];
    if target.is_static() && !partner.is_static() {
        "factory"
    } else {
        "other"
    }
}

/// The analysis of the pair's target in a mode, uncut (the cut is applied by the caller).
fn analyse_pair(main: &Main, tests: &Project, pair: &MinedPair, mode: &Mode) -> CouplingAnalysis {
    let project = main.project;
    let superclasses = main.hierarchy.superclasses(project, pair.target.class).iter().map(|c| c.get(project)).collect();
    let files: Vec<&Path> = pair.tests.iter().map(|(f, _)| f.as_path()).collect();
    let leave_files = |path: &Path, _: &MethodModel| files.contains(&path);
    let leave_methods = |path: &Path, m: &MethodModel| pair.tests.iter().any(|(f, name)| f == path && *name == m.name);
    let exclude: &TestFilter = match mode.leave {
        Leave::Files => &leave_files,
        _ => &leave_methods,
    };
    let tests = (mode.leave != Leave::Everything).then_some(Tests { project: tests, exclude: Some(exclude) });
    let input = ClassInput { class: pair.target.class.get(project), superclasses, tests };
    let options = CouplingOptions { ranking: mode.ranking, uncut: true };
    let mut analyses = analyse_targets(&input, &[pair.target.method], &options);
    analyses.pop().unwrap_or_else(|| unreachable!("one analysis per target"))
}

fn method_ref(main: &Main, pair: &MinedPair, c: &CoupledMethod) -> MethodRef {
    match &c.inherited {
        Some(i) => match main.hierarchy.find(&i.class) {
            Some(class) => MethodRef { class, method: i.index },
            None => MethodRef { class: pair.target.class, method: usize::MAX },
        },
        None => MethodRef { class: pair.target.class, method: c.method },
    }
}

/// One line per candidate: pair id, whether it is the partner, each feature kind's strength.
fn write_vectors(
    out: &mut std::fs::File,
    id: &str,
    analysis: &CouplingAnalysis,
    order: &[MethodRef],
    pair: &MinedPair,
) {
    for (c, m) in analysis.coupled.iter().zip(order) {
        let strength = |k: &FeatureKind| c.features.iter().find(|f| f.kind == *k).map_or(0.0, |f| f.strength);
        let strengths: Vec<String> = ALL_KINDS.iter().map(|k| format!("{:.4}", strength(k))).collect();
        let label = u8::from(pair.partners.contains(m));
        let _ = writeln!(out, "{id}\t{label}\t{}", strengths.join("\t"));
    }
}

fn dump_pair(
    main: &Main,
    pair: &MinedPair,
    name: &str,
    mode: &Mode,
    analysis: &CouplingAnalysis,
    rank: Option<usize>,
    selected: usize,
) {
    let class = pair.target.class.get(main.project);
    let partner = &pair.partners[0];
    let partner_class = partner.class.get(main.project);
    let owner = if partner.class == pair.target.class { String::new() } else { format!("{}.", partner_class.name) };
    let shape = shape(main, pair);
    println!(
        "#pair {name} {} rank={} of={selected} shape={shape} {}#{} -> {owner}{} [{}]",
        mode.name,
        rank.map_or("-".to_string(), |r| (r + 1).to_string()),
        class.name,
        class.methods[pair.target.method].signature(),
        partner_class.methods[partner.method].signature(),
        pair.tests[0].1
    );
    if mode.name != "ranked" || rank.is_some_and(|r| r < 3) {
        return;
    }
    let describe = |c: &CoupledMethod| {
        let kinds: Vec<String> = c.features.iter().map(|f| format!("{:?}:{:.2}", f.kind, f.score)).collect();
        format!("{} {:.2} [{}]", c.model(class).signature(), c.score, kinds.join(" "))
    };
    for c in analysis.coupled.iter().take(3) {
        println!("#    top  {}", describe(c));
    }
    match rank {
        Some(r) => println!("#    want {} (rank {})", describe(&analysis.coupled[r]), r + 1),
        None => println!("#    want no feature fired"),
    }
}
