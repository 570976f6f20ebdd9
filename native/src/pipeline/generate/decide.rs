//! The paper's filter: run the amplified MTC on the original (pass rate p) and on the mutants
//! (pass rate p' over every mutant run); keep it when p > p' or p = p' = 100%. The paper
//! compares with one mutated version; with many, a relation that some single mutant satisfies
//! better than the original (its Listing 6: a mutant that ignores the abecedarium passes every
//! input of an invalid MR) is dropped too, however the mutants do on average.

use super::candidate::{Candidate, Status};
use crate::protocol::{TestResult, TestStatus};

fn passed(results: &[TestResult], counts: &dyn Fn(&str) -> bool) -> (usize, usize) {
    let mine: Vec<&TestResult> = results.iter().filter(|r| counts(Candidate::method_of(&r.name))).collect();
    (mine.iter().filter(|r| r.status == TestStatus::Passed).count(), mine.len())
}

fn rate((passed, total): (usize, usize)) -> Option<f64> {
    (total > 0).then(|| passed as f64 / total as f64)
}

/// The relation a test method belongs to: its name without the inputs' suffixes
/// (`mr1_roundTrip_input3_boundary2` and `mr2_input1_catalogue3` belong to `mr1_roundTrip`, `mr2`).
pub fn relation_key(method: &str) -> &str {
    ["_input", "_catalogue", "_boundary"].iter().filter_map(|s| method.find(s)).min().map_or(method, |at| &method[..at])
}

/// p, p' and the best mutant's pass rate of one relation's methods (`relation_key`): a class may
/// hold a relation that always holds beside one that never does, and triage judges each apart.
pub fn relation_rates(c: &Candidate, relation: &str) -> (Option<f64>, Option<f64>, Option<f64>) {
    let mine = |m: &str| c.is_mtc_method(m) && relation_key(m) == relation;
    let original = rate(passed(&c.original, &mine));
    let (mut on_mutants, mut best) = ((0, 0), None::<f64>);
    for (_, results) in &c.mutant_runs {
        let (p, t) = passed(results, &mine);
        on_mutants = (on_mutants.0 + p, on_mutants.1 + t);
        if let Some(r) = rate((p, t)) {
            best = Some(best.map_or(r, |b| b.max(r)));
        }
    }
    (original, rate(on_mutants), best)
}

/// Decide a validated candidate. With `validation` off every MTC that passes somewhere on the
/// original is kept (the paper's v3).
pub fn decide(c: &mut Candidate, validation: bool) {
    let mtc = |m: &str| c.is_mtc_method(m);
    let original = passed(&c.original, &mtc);
    let mut on_mutants = (0, 0);
    let mut best_mutant: Option<f64> = None;
    for (_, results) in &c.mutant_runs {
        let (p, t) = passed(results, &mtc);
        on_mutants = (on_mutants.0 + p, on_mutants.1 + t);
        if let Some(r) = rate((p, t)) {
            best_mutant = Some(best_mutant.map_or(r, |b: f64| b.max(r)));
        }
    }
    c.p = rate(original);
    c.p_mutants = rate(on_mutants);
    c.p_best_mutant = best_mutant;
    let kept: Vec<String> = c
        .original
        .iter()
        .filter(|r| r.status == TestStatus::Passed && c.is_mtc_method(Candidate::method_of(&r.name)))
        .map(|r| Candidate::method_of(&r.name).to_string())
        .collect();
    let crashed = c.original.iter().any(|r| matches!(r.status, TestStatus::Crashed | TestStatus::TimedOut));
    let p = c.p.unwrap_or(0.0);
    let status = if original.1 == 0 {
        Status::NotAnMtc
    } else if p == 0.0 && crashed {
        Status::CrashedOrTimedOut
    } else if p == 0.0 {
        Status::FailsOnOriginal
    } else if !validation {
        Status::Kept
    } else {
        match c.p_mutants {
            // No mutant to tell them apart: only an MTC that always passes is kept.
            None if p == 1.0 => Status::Kept,
            None => Status::FilteredByMutation,
            Some(_) if best_mutant.is_some_and(|best| best > p) => Status::FilteredByMutation,
            Some(pm) if p > pm || (p == 1.0 && pm == 1.0) => Status::Kept,
            Some(_) => Status::FilteredByMutation,
        }
    };
    if status == Status::Kept && kept.len() < original.1 {
        let failing = original.1 - kept.len();
        c.notes.push(format!("{failing} MTC method(s) fail on the original code and are left out; see their triage"));
    }
    c.kept_methods = if status == Status::Kept { kept } else { Vec::new() };
    c.drop(status);
}

#[cfg(test)]
mod tests {
    use super::relation_key;

    #[test]
    fn a_method_belongs_to_the_relation_its_inputs_were_made_for() {
        assert_eq!(relation_key("mr1_roundTrip_input3_boundary2"), "mr1_roundTrip");
        assert_eq!(relation_key("mr2_input1_catalogue3"), "mr2");
        assert_eq!(relation_key("mr1_input1"), "mr1");
        assert_eq!(relation_key("mr3"), "mr3");
    }
}
