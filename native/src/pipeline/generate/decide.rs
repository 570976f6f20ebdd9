//! The paper's filter: run the amplified MTC on the original (pass rate p) and on the mutants
//! (pass rate p' over every mutant run); keep it when p > p' or p = p' = 100%. The paper
//! compares with one mutated version; with many, a relation that some single mutant satisfies
//! better than the original (its Listing 6: a mutant that ignores the abecedarium passes every
//! input of an invalid MR) is dropped too, however the mutants do on average.
//!
//! The paper's MTC holds one relation; a candidate class may hold two or three (the LLM is asked
//! for several, a template may state more than one). The filter judges each relation on its own
//! methods (`Relations`): a class keeps the relations that pass it, and one wrong relation no
//! longer takes a valid one down with it.

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
/// (`mr1_roundTrip_input3_boundary2`, `mr2_input1_catalogue3` and `mr2_varied1` belong to
/// `mr1_roundTrip`, `mr2`, `mr2`).
pub fn relation_key(method: &str) -> &str {
    ["_input", "_catalogue", "_varied", "_boundary"]
        .iter()
        .filter_map(|s| method.find(s))
        .min()
        .map_or(method, |at| &method[..at])
}

/// Pass rates of some MTC methods: on the original, over every mutant run, and on the mutant
/// that did best.
#[derive(Debug, Clone, Copy, Default)]
struct Rates {
    original: (usize, usize),
    on_mutants: (usize, usize),
    best_mutant: Option<f64>,
}

fn rates_of(c: &Candidate, counts: &dyn Fn(&str) -> bool) -> Rates {
    let mut r = Rates { original: passed(&c.original, counts), ..Rates::default() };
    // An input the original rejects with an exception (an overflow, an illegal argument) that a
    // mutant lets through: the mutant removed a check, it does not satisfy the relation better.
    // Counted as passing, lang3's `Fraction.add` lost its relations to a mutant of `mulAndCheck`.
    let rejected: Vec<&str> =
        c.original.iter().filter(|o| o.status == TestStatus::Errored).map(|o| Candidate::method_of(&o.name)).collect();
    for (_, results) in &c.mutant_runs {
        let (p, t) = passed(results, counts);
        let p = p - results
            .iter()
            .filter(|m| m.status == TestStatus::Passed && counts(Candidate::method_of(&m.name)))
            .filter(|m| rejected.contains(&Candidate::method_of(&m.name)))
            .count();
        r.on_mutants = (r.on_mutants.0 + p, r.on_mutants.1 + t);
        if let Some(rate) = rate((p, t)) {
            r.best_mutant = Some(r.best_mutant.map_or(rate, |b| b.max(rate)));
        }
    }
    r
}

/// The relations a candidate's MTC methods belong to. Before amplification each MTC method states
/// one relation; the amplified inputs of a relation are named after it (`mr1_input3` after `mr1`)
/// or, with one relation, however the LLM named them. Without an amplification, a method's
/// relation is its name without the inputs' suffixes.
pub struct Relations(Vec<String>);

impl Relations {
    pub fn of(c: &Candidate) -> Self {
        let mut names: Vec<String> = match &c.unamplified {
            Some(before) => crate::mtc::test_method_bodies(before).into_iter().map(|m| m.name).collect(),
            None => Vec::new(),
        };
        names.retain(|n| c.is_mtc_method(n));
        if names.is_empty() {
            names = c.shapes.iter().filter(|s| s.is_mtc()).map(|s| relation_key(&s.name).to_string()).collect();
        }
        // A relation whose own method the amplified class renamed (`mr1` written again as
        // `mr1_input1`) is still one, named by its inputs: otherwise no relation owns them.
        let orphans: Vec<String> = (c.shapes.iter().filter(|s| s.is_mtc()))
            .map(|s| relation_key(&s.name))
            .filter(|key| c.shapes.iter().all(|s| s.name != *key)) // its own method is gone
            .filter(|key| !names.iter().any(|n| key.starts_with(n.as_str()))) // no relation owns it
            .map(String::from)
            .collect();
        let mut unique: Vec<String> = Vec::new();
        for n in names.into_iter().chain(orphans) {
            if !unique.contains(&n) {
                unique.push(n);
            }
        }
        Relations(unique)
    }

    /// The relation `method` belongs to: the longest relation name it starts with, the only
    /// relation there is, or its own name without the inputs' suffixes.
    pub fn owner<'a>(&'a self, method: &'a str) -> &'a str {
        let named = self.0.iter().filter(|r| method.starts_with(r.as_str())).max_by_key(|r| r.len());
        match (named, self.0.as_slice()) {
            (Some(r), _) => r,
            (None, [only]) => only,
            (None, _) => relation_key(method),
        }
    }
}

/// p, p' and the best mutant's pass rate of the relation `method` belongs to: a class may hold a
/// relation that always holds beside one that never does, and triage judges each apart.
pub fn relation_rates(c: &Candidate, method: &str) -> (Option<f64>, Option<f64>, Option<f64>) {
    let relations = Relations::of(c);
    let relation = relations.owner(method);
    let r = rates_of(c, &|m: &str| c.is_mtc_method(m) && relations.owner(m) == relation);
    (rate(r.original), rate(r.on_mutants), r.best_mutant)
}

/// Why a relation's passes say nothing of it: every method of the relation that passes on the
/// original differs from one that fails in zero or empty values alone
/// (`mtc::degenerate_difference`: `a.subtract(-n) = a` at the catalogue's `n = 0`). The passing
/// methods and their values; None when a pass tells (another input), when nothing fails, or
/// nothing passes.
pub fn degenerate_passes(c: &Candidate, relations: &Relations, relation: &str) -> Option<String> {
    let code = c.code.as_deref()?;
    let mine = |statuses: &[TestStatus]| -> Vec<&str> {
        (c.original.iter().filter(|r| statuses.contains(&r.status)))
            .map(|r| Candidate::method_of(&r.name))
            .filter(|m| c.is_mtc_method(m) && relations.owner(m) == relation)
            .collect()
    };
    let (passing, failing) = (mine(&[TestStatus::Passed]), mine(&[TestStatus::Failed, TestStatus::Errored]));
    if passing.is_empty() || failing.is_empty() {
        return None;
    }
    let mut why = Vec::new();
    for p in passing {
        let values = failing.iter().find_map(|f| crate::mtc::degenerate_difference(code, p, f))?;
        why.push(format!("{p} with {}", values.join(", ")));
    }
    Some(why.join(", "))
}

/// Whether every MTC method that passes on the original belongs to a relation that passes only on
/// zero or empty inputs (`degenerate`: those relations, with why).
fn whole_fails_but_degenerate(c: &Candidate, relations: &Relations, degenerate: &[(&str, String)]) -> bool {
    let is_degenerate = |m: &str| degenerate.iter().any(|(r, _)| *r == relations.owner(m));
    (c.original.iter().filter(|r| r.status == TestStatus::Passed))
        .map(|r| Candidate::method_of(&r.name))
        .filter(|m| c.is_mtc_method(m))
        .all(is_degenerate)
}

/// The note on a relation that passes only on zero or empty inputs.
pub const DEGENERATE: &str = "relation(s) that hold only where an input is zero, empty or null, or a text \
lacks the separator the method gives, and fail on every other input, counted as failing on the original: a \
wrong relation can hold there by coincidence";

/// The paper's rule on one set of pass rates. With `validation` off every MTC that passes
/// somewhere on the original is kept (the paper's v3).
fn verdict(r: &Rates, crashed: bool, validation: bool) -> Status {
    let p = rate(r.original).unwrap_or(0.0);
    if r.original.1 == 0 {
        Status::NotAnMtc
    } else if p == 0.0 && crashed {
        Status::CrashedOrTimedOut
    } else if p == 0.0 {
        Status::FailsOnOriginal
    } else if !validation {
        Status::Kept
    } else {
        match rate(r.on_mutants) {
            // No mutant to tell them apart: only an MTC that always passes is kept.
            None if p == 1.0 => Status::Kept,
            None => Status::FilteredByMutation,
            Some(_) if r.best_mutant.is_some_and(|best| best > p) => Status::FilteredByMutation,
            Some(pm) if p > pm || (p == 1.0 && pm == 1.0) => Status::Kept,
            Some(_) => Status::FilteredByMutation,
        }
    }
}

/// Decide a validated candidate: keep the relations the filter keeps, each with the methods that
/// pass on the original; the class is kept when one relation is. p and p' of a kept class are
/// those of its kept relations.
pub fn decide(c: &mut Candidate, validation: bool) {
    let crashed = c.original.iter().any(|r| matches!(r.status, TestStatus::Crashed | TestStatus::TimedOut));
    let whole = rates_of(c, &|m: &str| c.is_mtc_method(m));
    let relations = Relations::of(c);
    let mut kept_relations: Vec<&str> = Vec::new();
    let mut left_out = Vec::new();
    let mut degenerate = Vec::new();
    for relation in &relations.0 {
        let r = rates_of(c, &|m: &str| c.is_mtc_method(m) && relations.owner(m) == relation);
        // Passing only where an input is zero or empty, it holds on no input that tells.
        let status = match degenerate_passes(c, &relations, relation) {
            Some(why) => {
                degenerate.push((relation.as_str(), why));
                Status::FailsOnOriginal
            }
            None => verdict(&r, crashed, validation),
        };
        match status {
            Status::Kept => kept_relations.push(relation),
            status => left_out.push(format!("{relation} ({})", status.name())),
        }
    }
    if !degenerate.is_empty() {
        let each: Vec<String> = degenerate.iter().map(|(r, why)| format!("{r}: {why}")).collect();
        c.notes.push(format!("{DEGENERATE} ({})", each.join("; ")));
    }
    let in_kept = |m: &str| c.is_mtc_method(m) && kept_relations.contains(&relations.owner(m));
    let (status, judged) = if kept_relations.is_empty() {
        // No relation passes on its own; say why with the whole class's rates.
        let status = match verdict(&whole, crashed, validation) {
            // What passed is the zero or empty inputs of relations that fail on every other.
            _ if !degenerate.is_empty() && whole_fails_but_degenerate(c, &relations, &degenerate) => {
                Status::FailsOnOriginal
            }
            Status::Kept => Status::FilteredByMutation,
            status => status,
        };
        (status, whole)
    } else {
        (Status::Kept, rates_of(c, &in_kept))
    };
    let kept_methods = if status == Status::Kept {
        c.original
            .iter()
            .filter(|r| r.status == TestStatus::Passed && in_kept(Candidate::method_of(&r.name)))
            .map(|r| Candidate::method_of(&r.name).to_string())
            .collect()
    } else {
        Vec::new()
    };
    c.kept_methods = kept_methods;
    c.p = rate(judged.original);
    c.p_mutants = rate(judged.on_mutants);
    c.p_best_mutant = judged.best_mutant;
    if status == Status::Kept {
        note_left_out(c, &left_out, judged.original);
    }
    c.drop(status);
}

/// Say what a kept class leaves out: whole relations the filter dropped, and the methods of kept
/// relations that fail on the original (their triage says why).
fn note_left_out(c: &mut Candidate, relations: &[String], (passed, total): (usize, usize)) {
    if !relations.is_empty() {
        c.notes.push(format!("relation(s) left out by the filter: {}", relations.join(", ")));
    }
    if passed < total {
        let failing = total - passed;
        c.notes.push(format!("{failing} MTC method(s) fail on the original code and are left out; see their triage"));
    }
}

#[cfg(test)]
mod tests {
    use super::super::candidate::{Candidate, Status};
    use super::{decide, relation_key, Relations};
    use crate::protocol::{TestResult, TestStatus};
    use crate::targets::TargetRef;

    fn result(name: &str, passed: bool) -> TestResult {
        let status = if passed { TestStatus::Passed } else { TestStatus::Failed };
        TestResult {
            name: format!("{name}()"),
            status,
            duration_ms: 0,
            message: None,
            exception_type: None,
            frames: vec![],
        }
    }

    /// A class with two relations: `mr1` (inputs `mr1`, `mr1_input1`) and `mr2` (`mr2`, `mr2_input1`),
    /// their results on the original and on one mutant.
    fn candidate(original: [bool; 4], mutant: [bool; 4]) -> Candidate {
        let target = TargetRef { file: 0, class: 0, method: 0 };
        let mut c = Candidate::new(0, target, None, 0, vec![], "T".into(), "p.T".into());
        let names = ["mr1", "mr1_input1", "mr2", "mr2_input1"];
        c.shapes = names
            .iter()
            .map(|n| crate::mtc::MethodShape { name: n.to_string(), invocations: 2, relating_assertion: true })
            .collect();
        c.original = names.iter().zip(original).map(|(n, p)| result(n, p)).collect();
        c.mutant_runs = vec![(1, names.iter().zip(mutant).map(|(n, p)| result(n, p)).collect())];
        c
    }

    #[test]
    fn a_wrong_relation_does_not_take_a_valid_one_down_with_it() {
        // mr1 holds and a mutant breaks it; mr2 never holds on the original but the mutant
        // satisfies it: judged together, the class was filtered out (best mutant 50% = p).
        let mut c = candidate([true, true, false, false], [false, false, true, true]);
        decide(&mut c, true);
        assert_eq!(c.status, Status::Kept);
        assert_eq!(c.kept_methods, vec!["mr1", "mr1_input1"]);
        assert_eq!((c.p, c.p_mutants), (Some(1.0), Some(0.0)), "p and p' of the kept relation");
        assert!(c.notes.iter().any(|n| n.contains("mr2 (failsOnOriginal)")), "{:?}", c.notes);
    }

    #[test]
    fn amplified_inputs_belong_to_the_relation_named_in_theirs_or_to_the_only_one() {
        let mut c = candidate([true; 4], [true; 4]);
        c.unamplified = Some("class T { @Test void mr1() {} @Test void mr2() {} }".into());
        let relations = Relations::of(&c);
        assert_eq!(relations.owner("mr1_input1"), "mr1");
        assert_eq!(relations.owner("mr2_input1_catalogue2"), "mr2");
        assert_eq!(relations.owner("testEmpty"), "testEmpty", "two relations: a stranger is its own");
        c.unamplified = Some("class T { @Test void mr1() {} }".into());
        assert_eq!(Relations::of(&c).owner("testEmpty"), "mr1", "one relation: every input is its");
    }

    #[test]
    fn a_class_none_of_whose_relations_passes_the_filter_is_not_kept() {
        // Each relation passes half its inputs on the original and all of them on the mutant.
        let mut c = candidate([true, false, true, false], [true, true, true, true]);
        decide(&mut c, true);
        assert_eq!(c.status, Status::FilteredByMutation);
        assert!(c.kept_methods.is_empty());
        let mut c = candidate([false; 4], [false; 4]);
        decide(&mut c, true);
        assert_eq!(c.status, Status::FailsOnOriginal);
    }

    #[test]
    fn a_mutant_passing_an_input_the_original_rejected_satisfies_nothing_better() {
        // mr1: one input passes, one overflows on the original (an exception: an invalid input);
        // the mutant removes the overflow check and breaks the valid input.
        let mut c = candidate([true, false, false, false], [false, true, false, false]);
        c.original[1].status = TestStatus::Errored;
        c.unamplified = Some("class T { @Test void mr1() {} }".into());
        decide(&mut c, true);
        assert_eq!(c.status, Status::Kept);
        assert_eq!((c.p, c.p_mutants), (Some(0.25), Some(0.0)), "four inputs of one relation");
        // Failed by an assertion on the original, the same input passing on a mutant does count.
        let mut c = candidate([true, false, false, false], [false, true, false, false]);
        c.unamplified = Some("class T { @Test void mr1() {} }".into());
        decide(&mut c, true);
        assert_eq!(c.status, Status::FilteredByMutation);
    }

    /// A class of two relations in `code`'s shape: `mr1` (its inputs `mr1`, `mr1_input1`) writes
    /// `n = 1` and `n = <input>`, `mr2` (`mr2`, `mr2_input1`) a text.
    fn with_code(c: &mut Candidate, input: &str) {
        c.code = Some(format!(
            "class T {{ @Test void mr1() {{ int n = 1; assertEquals(a, a.subtract(-n)); }} \
             @Test void mr1_input1() {{ int n = {input}; assertEquals(a, a.subtract(-n)); }} \
             @Test void mr2() {{ assertEquals(\"ab\", d(e(\"ab\"))); }} \
             @Test void mr2_input1() {{ assertEquals(\"\", d(e(\"\"))); }} }}"
        ));
    }

    #[test]
    fn a_relation_passing_only_at_zero_fails_on_the_original() {
        // mr1 fails at n = 1 and holds at n = 0, which no mutant breaks but one does break n = 1;
        // mr2 holds for both texts.
        let mut c = candidate([false, true, true, true], [true, true, false, true]);
        with_code(&mut c, "0");
        decide(&mut c, true);
        assert_eq!(c.status, Status::Kept);
        assert_eq!(c.kept_methods, vec!["mr2", "mr2_input1"], "mr1's pass at zero is no pass");
        assert!(c.notes.iter().any(|n| n.contains("mr1 (failsOnOriginal)")), "{:?}", c.notes);
        assert!(c.notes.iter().any(|n| n.contains("mr1: mr1_input1 with 0")), "{:?}", c.notes);
        // Alone in its class, it fails on the original rather than being filtered.
        let mut c = candidate([false, true, false, false], [true, true, false, false]);
        with_code(&mut c, "0");
        decide(&mut c, true);
        assert_eq!(c.status, Status::FailsOnOriginal);
    }

    #[test]
    fn a_relation_passing_at_an_input_that_is_not_zero_is_judged_by_the_filter() {
        let mut c = candidate([false, true, true, true], [false, false, false, true]);
        with_code(&mut c, "7");
        decide(&mut c, true);
        assert_eq!(c.kept_methods, vec!["mr1_input1", "mr2", "mr2_input1"]);
        // a relation whose zero input fails and other input passes is no degenerate pass either
        let mut c = candidate([true, false, true, true], [false, false, false, true]);
        with_code(&mut c, "0");
        decide(&mut c, true);
        assert_eq!(c.kept_methods, vec!["mr1", "mr2", "mr2_input1"]);
    }

    #[test]
    fn a_method_belongs_to_the_relation_its_inputs_were_made_for() {
        assert_eq!(relation_key("mr1_roundTrip_input3_boundary2"), "mr1_roundTrip");
        assert_eq!(relation_key("mr2_input1_catalogue3"), "mr2");
        assert_eq!(relation_key("mr2_varied1"), "mr2");
        assert_eq!(relation_key("mr1_input1"), "mr1");
        assert_eq!(relation_key("mr3"), "mr3");
    }
}
