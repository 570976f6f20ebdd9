//! Triage of the MTC methods that fail on the code under test: a suspected bug, an invalid input,
//! or a likely wrong relation. The paper's point (its RQ2) is that a valid relation, applied to
//! many inputs, fails on buggy code for some of them; this room tells those failures from the
//! ones the test itself caused, using only what the run already has:
//!
//! - how the relation was made: a contract (equals/hashCode, compareTo) holds for every correct
//!   class, a built-in pair template usually fits, an LLM's relation may simply be wrong;
//! - its pass rate over the inputs on the original (p) and on the mutants (p'): mutants that break
//!   the relation more often than the original says the relation is valid (p > p'); a mutant
//!   that satisfies it better than the original says it is not;
//! - how the method failed: an assertion is the relation violated; an exception the pair's
//!   methods declare or throw on purpose, or one the JDK uses to reject an argument, means the
//!   test fed an illegal input; an exception raised in the test's own code means the test is
//!   wrong; any other exception raised inside the class under test is a suspect.
//!
//! The rule is a score in [0, 1]: at least [`SUSPECT`] makes a suspected bug, below it a likely
//! wrong relation. Documented in ARCHITECTURE.md ("Triage"); each outcome has a unit test.

use super::candidate::Candidate;
pub use super::failing_step::Step;
use super::layout::differ_in_layout;
use super::minimise;
use super::precondition;
use crate::coupling::CouplingAnalysis;
use crate::java_model::{ClassModel, MethodModel};
use crate::protocol::{TestResult, TestStatus};

/// Confidence from which a failure is reported as a suspected bug.
pub const SUSPECT: f64 = 0.5;

/// Exceptions by which the JDK and well-behaved libraries reject an argument.
const ILLEGAL_INPUT: &[&str] = &[
    "IllegalArgumentException",
    "NumberFormatException",
    "NullPointerException",
    "UnsupportedOperationException",
    "ArithmeticException",
    "DateTimeException",
    "DateTimeParseException",
    "PatternSyntaxException",
    "UnsupportedEncodingException",
    "UnsupportedCharsetException",
    "IllegalCharsetNameException",
    "InputMismatchException",
];

/// Who wrote the relation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A built-in contract template (equals/hashCode, compareTo): holds for every correct class.
    Contract,
    /// A built-in pair template (round trip, delegation, ...): fits most pairs it is applied to.
    Template,
    /// An LLM's relation.
    Llm,
}

/// How one test method failed on the original code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureKind {
    Assertion,
    Exception,
    /// Timed out or took the worker down.
    Hang,
    /// The worker ran out of memory: an input asked for more than its heap (a capacity of
    /// `Integer.MAX_VALUE`), which says nothing of the relation.
    OutOfMemory,
}

#[derive(Debug, Clone, Copy)]
pub struct Failure<'a> {
    pub kind: FailureKind,
    /// Qualified name of the exception, when one was thrown.
    pub exception_type: Option<&'a str>,
    /// Top frames, innermost first (`com.acme.Foo.bar(Foo.java:12)`), after the assertion library's.
    pub frames: &'a [String],
    /// The test's statement where an exception left it.
    pub step: Step,
}

/// What the run knows about the relation a failing method belongs to.
#[derive(Debug, Clone, Copy)]
pub struct Evidence<'a> {
    pub origin: Origin,
    /// Pass rate of the relation's methods on the original code.
    pub p: f64,
    /// Pass rate over every mutant run, and on the mutant that did best; None: no mutant ran.
    pub p_mutants: Option<f64>,
    pub p_best_mutant: Option<f64>,
    /// Binary name of the class under test and of the test class, to place the frames.
    pub class_under_test: &'a str,
    pub test_class: &'a str,
    /// Exceptions the methods of the class under test declare or throw themselves (simple names).
    pub rejected_on_purpose: &'a [String],
    /// Whether one method of the pair is meant to read what the other returns: a built-in
    /// relation (its template fits the pair), or an LLM's over methods named as inverses
    /// (`format`/`parse`). An LLM composing two methods by their types alone (`valueOf(format(x))`,
    /// where `valueOf` looks up a predefined format by name) feeds one an output it never reads.
    pub reads_own_output: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    SuspectedBug {
        confidence: f64,
    },
    InvalidInput,
    LikelyWrongRelation,
    /// A class the test needs could not be loaded in the worker: the run says nothing of the
    /// relation.
    Environment,
}

/// Errors by which the JVM says a class could not be loaded or initialised: a resource, a system
/// property or a dependency the test class path lacks (joda-money's `CurrencyUnit` without its
/// CSV data), never the relation's doing, and nothing a reply can mend. Not when the failing
/// initialiser is the test class's own (a static field the test wrote): the worker sends an
/// `ExceptionInInitializerError`'s frames from its cause, where the initialiser failed.
pub fn cannot_load(exception_type: Option<&str>, frames: &[String], test_class: &str) -> bool {
    let simple = exception_type.map(|t| t.rsplit('.').next().unwrap_or(t));
    // The test class's initialiser, or one of a class nested in it (`Version_MTC1Test$Data`).
    let the_tests_initialiser = |f: &String| {
        f.strip_prefix(test_class).is_some_and(|rest| rest.starts_with(['.', '$'])) && f.contains(".<clinit>(")
    };
    matches!(simple, Some("ExceptionInInitializerError" | "NoClassDefFoundError"))
        && !frames.iter().any(the_tests_initialiser)
}

#[derive(Debug, Clone, PartialEq)]
pub struct Triage {
    pub verdict: Verdict,
    /// Why, in words, one reason per entry.
    pub evidence: Vec<String>,
}

/// The verdict on one failing MTC method.
pub fn triage(e: &Evidence, f: &Failure) -> Triage {
    let mut why = Vec::new();
    if f.kind == FailureKind::OutOfMemory {
        why.push("the worker ran out of memory: an input asked for more than its heap (`workerHeap`)".into());
        return Triage { verdict: Verdict::InvalidInput, evidence: why };
    }
    if f.kind == FailureKind::Exception && cannot_load(f.exception_type, f.frames, e.test_class) {
        why.push(format!(
            "{}: a class could not be loaded in the worker (a resource, a system property or a dependency the test \
             class path lacks), so the run says nothing of the relation",
            f.exception_type.unwrap_or("an error")
        ));
        return Triage { verdict: Verdict::Environment, evidence: why };
    }
    if f.kind == FailureKind::Exception {
        if let Some(verdict) = exception_verdict(e, f, &mut why) {
            return Triage { verdict, evidence: why };
        }
    }
    let confidence = score(e, f, &mut why);
    let verdict =
        if confidence >= SUSPECT { Verdict::SuspectedBug { confidence } } else { Verdict::LikelyWrongRelation };
    Triage { verdict, evidence: why }
}

/// An exception decides on its own when it was the test's doing or an input the code rejects.
fn exception_verdict(e: &Evidence, f: &Failure, why: &mut Vec<String>) -> Option<Verdict> {
    let qualified = f.exception_type.unwrap_or("an exception");
    let simple = qualified.rsplit('.').next().unwrap_or(qualified);
    if rejects_own_output(e, f) {
        // The follow-up input is the class's own output: what it rejects, it produced itself.
        why.push(format!("{simple}: the class under test rejects an output it produced itself"));
        return None;
    }
    match frame_owner(e, f.frames) {
        Owner::Test => {
            why.push(format!("{simple} was thrown by the test's own code, not by the class under test"));
            return Some(Verdict::LikelyWrongRelation);
        }
        Owner::ClassUnderTest if e.rejected_on_purpose.iter().any(|r| r == simple) => {
            why.push(format!("{simple} is thrown on purpose by the class under test: the input was illegal"));
            return Some(Verdict::InvalidInput);
        }
        _ => {}
    }
    // Contracts must not throw for the ordinary values their templates use, but building those
    // values may: a builder given an argument the test made up (an empty array where it reads
    // three, `Integer.MAX_VALUE` as a size) breaks a precondition it need not check, whatever it
    // throws, and no relation was asked yet.
    if f.step == Step::BuildsInput {
        why.push(format!("{simple} was raised while building a source input: the input was illegal"));
        return Some(Verdict::InvalidInput);
    }
    if ILLEGAL_INPUT.contains(&simple) && e.origin != Origin::Contract {
        why.push(format!("{simple} is how Java rejects an illegal argument"));
        return Some(Verdict::InvalidInput);
    }
    if is_checked_or_foreign(simple) {
        why.push(format!("{simple} signals a rejected input or an environment problem, not a wrong result"));
        return Some(Verdict::InvalidInput);
    }
    why.push(format!("{simple} was raised inside the class under test on an input it does not reject on purpose"));
    None
}

/// Exceptions that are not the JVM's reaction to a programming error: checked ones and those a
/// library defines to reject data (`DecoderException`, `ParseException`, ...).
fn is_checked_or_foreign(simple: &str) -> bool {
    !is_programming_error(simple) && !ILLEGAL_INPUT.contains(&simple)
}

/// The JVM's reactions to a programming error: a bug wherever they are raised.
fn is_programming_error(simple: &str) -> bool {
    const PROGRAMMING_ERRORS: &[&str] = &[
        "IndexOutOfBoundsException",
        "ArrayIndexOutOfBoundsException",
        "StringIndexOutOfBoundsException",
        "ClassCastException",
        "ConcurrentModificationException",
        "IllegalStateException",
        "NegativeArraySizeException",
        "ArrayStoreException",
        "StackOverflowError",
        "OutOfMemoryError",
        "NoSuchElementException",
        "AssertionError",
    ];
    PROGRAMMING_ERRORS.contains(&simple)
}

#[derive(Debug, PartialEq)]
enum Owner {
    Test,
    ClassUnderTest,
    Elsewhere,
}

/// Who raised the exception: the first frame that is the test's or the class under test's
/// (frames of the JDK or a library in between are what the code called). Another class of the
/// project's package in between raised it on what the test gave it (Commons CLI's `Option`
/// constructor rejecting the name `"Hello, World!"`): not the test's own code.
fn frame_owner(e: &Evidence, frames: &[String]) -> Owner {
    let under_test = e.class_under_test.split('$').next().unwrap_or(e.class_under_test);
    let package = under_test.rsplit_once('.').map(|(p, _)| format!("{p}."));
    let mut in_project = false;
    for frame in frames {
        let class = frame.split('(').next().unwrap_or(frame);
        let class = class.rsplit_once('.').map_or(class, |(c, _)| c);
        let outer = class.split('$').next().unwrap_or(class);
        if outer == e.test_class {
            return if in_project { Owner::Elsewhere } else { Owner::Test };
        }
        if outer == under_test {
            return Owner::ClassUnderTest;
        }
        in_project |= package.as_deref().is_some_and(|p| outer.starts_with(p));
    }
    Owner::Elsewhere
}

/// How likely a violated relation (or a hang, or an unexpected exception) is the code's fault.
fn score(e: &Evidence, f: &Failure, why: &mut Vec<String>) -> f64 {
    // An output the class cannot read back breaks the class's own contract, whoever wrote the
    // relation around it.
    let contract = e.origin == Origin::Contract || rejects_own_output(e, f);
    let mut s: f64 = match e.origin {
        _ if contract => {
            why.push("a contract every correct class keeps".into());
            0.8
        }
        Origin::Template => 0.55,
        _ => 0.45,
    };
    if f.kind == FailureKind::Hang {
        why.push("it hung or crashed on the original code".into());
        s -= 0.15;
    }
    // A contract holds for every correct class whatever the mutants do; and a bug that breaks it
    // for every input leaves the mutants (mutated copies of the buggy code) free to mend it.
    if !contract {
        s += mutation_evidence(e, why);
    }
    if e.p == 0.0 {
        why.push("it fails for every input, as a wrong relation would".into());
        s -= if contract { 0.1 } else { 0.3 };
    } else if e.p < 1.0 {
        why.push(format!("it holds for {:.0}% of the inputs and fails for the rest", e.p * 100.0));
        s += 0.1;
    }
    s.clamp(0.0, 1.0)
}

/// An exception of the class under test on a follow-up input that is the class's own output, fed
/// to a method meant to read it.
fn rejects_own_output(e: &Evidence, f: &Failure) -> bool {
    f.kind == FailureKind::Exception
        && e.reads_own_output
        && f.step == Step::ConsumesOutput
        && frame_owner(e, f.frames) == Owner::ClassUnderTest
}

/// The most that mutants breaking a relation more often add to its score, and the margin between
/// the pass rates (p - p') from which they add all of it; a smaller margin adds its share.
const MUTANT_CREDIT: f64 = 0.2;
const FULL_CREDIT_MARGIN: f64 = 0.2;

fn mutation_evidence(e: &Evidence, why: &mut Vec<String>) -> f64 {
    let Some(pm) = e.p_mutants else {
        return 0.0;
    };
    let mut s = 0.0;
    if e.p > pm {
        why.push(format!("mutants break the relation more often (p' = {:.0}% < p = {:.0}%)", pm * 100.0, e.p * 100.0));
        // A point or two is noise, not evidence: a relation that holds only where both sides are
        // empty (two different extractors asserted equal) holds just as often on most mutants.
        s += MUTANT_CREDIT * ((e.p - pm) / FULL_CREDIT_MARGIN).min(1.0);
    } else {
        why.push(format!("mutants do not break it more often (p' = {:.0}%, p = {:.0}%)", pm * 100.0, e.p * 100.0));
        s -= 0.25;
    }
    if e.p_best_mutant.is_some_and(|best| best > e.p) {
        why.push("a mutant satisfies the relation better than the original".into());
        s -= 0.15;
    }
    s
}

/// A failing MTC method with its verdict and what a report shows of it.
#[derive(Debug, Clone)]
pub struct Suspect {
    pub method: String,
    pub triage: Triage,
    /// The source/follow-up inputs as the method writes them.
    pub inputs: Vec<String>,
    pub expected: Option<String>,
    pub actual: Option<String>,
    /// The assertion message or the exception, as the run reported it.
    pub failure: String,
}

impl Suspect {
    pub fn confidence(&self) -> Option<f64> {
        match self.triage.verdict {
            Verdict::SuspectedBug { confidence } => Some(confidence),
            _ => None,
        }
    }
}

/// Triage every MTC method of a decided candidate that failed on the original code.
pub fn triage_candidate(c: &Candidate, class: &ClassModel, analysis: &CouplingAnalysis) -> Vec<Suspect> {
    let Some(p) = c.p else { return Vec::new() };
    let code = c.code.as_deref().unwrap_or("");
    // Any method of the class may be what built the inputs (a factory that rejects a value): an
    // exception the class throws on purpose anywhere is a rejected input, not a bug.
    let mut rejected: Vec<String> = class.methods.iter().flat_map(|m| m.throws.iter().cloned()).collect();
    rejected.sort();
    rejected.dedup();
    let pair: Vec<&MethodModel> =
        std::iter::once(&class.methods[c.target.method]).chain(c.coupled_method(class, analysis)).collect();
    let under_test: Vec<&str> = pair.iter().map(|m| m.name.as_str()).collect();
    let loses =
        Loses { layout: super::layout::reads_and_prints(&pair), letter_case: super::letter_case::sets_case(&pair) };
    let documented: Vec<_> =
        pair.iter().map(|&m| (m, precondition::unchecked(class, m))).filter(|(_, p)| !p.is_empty()).collect();
    let origin = origin_of(c);
    let evidence = Evidence {
        origin,
        reads_own_output: origin != Origin::Llm || pair_named_inverses(&under_test),
        p,
        p_mutants: c.p_mutants,
        p_best_mutant: c.p_best_mutant,
        class_under_test: &class.binary_name,
        test_class: &c.qualified_name,
        rejected_on_purpose: &rejected,
    };
    let relations = super::decide::Relations::of(c);
    let mut out = Vec::new();
    for r in c.original.iter().filter(|r| c.is_mtc_method(Candidate::method_of(&r.name))) {
        let Some(kind) = failure_kind(r) else { continue };
        let step = super::failing_step::failing_step(code, &c.qualified_name, &r.frames);
        let failure = Failure { kind, exception_type: r.exception_type.as_deref(), frames: &r.frames, step };
        let method = Candidate::method_of(&r.name).to_string();
        let message = r.message.clone().unwrap_or_default();
        let (expected, actual) = match crate::mtc::expected_actual(&message) {
            Some((e, a)) => (Some(e), Some(a)),
            None => (None, None),
        };
        let failure_text = match &r.exception_type {
            Some(e) if kind == FailureKind::Exception => format!("{e}: {message}"),
            _ => message,
        };
        // Judged on its own relation's pass rates, not the whole class's.
        let (p, p_mutants, p_best_mutant) = super::decide::relation_rates(c, &method);
        let evidence = Evidence { p: p.unwrap_or(evidence.p), p_mutants, p_best_mutant, ..evidence };
        let inputs = crate::mtc::inputs_of(code, &method, &under_test);
        let mut verdict = triage(&evidence, &failure);
        let values = expected.as_deref().zip(actual.as_deref());
        let exception = r.exception_type.as_deref().filter(|_| kind == FailureKind::Exception);
        let message = r.message.as_deref().unwrap_or_default();
        if let Some((overruled, why)) = caused_by_the_test(&method, kind, &failure_text, &inputs, values, loses) {
            verdict.evidence.push(why.into());
            verdict.verdict = overruled;
        } else if let Some(why) =
            super::index_range::passed_index_out_of_range(code, &c.qualified_name, &r.frames, exception, message)
        {
            verdict.evidence.push(why);
            verdict.verdict = Verdict::InvalidInput;
        } else if let Some(target) = without_the_target(&evidence, kind, code, &c.qualified_name, &r.frames, &pair) {
            verdict.evidence.push(format!(
                "the failing assertion uses nothing `{target}` did (its result, the object it changed, or a value \
                 made from them): it checks the other method alone, not a relation between the two"
            ));
            verdict.verdict = Verdict::LikelyWrongRelation;
        } else if let Some(literal) = hand_written_oracle(&evidence, kind, code, &c.qualified_name, &r.frames) {
            verdict.evidence.push(format!(
                "the failing assertion compares with {literal}, a value the LLM wrote itself, not with another output: \
                 a guessed oracle, not a relation"
            ));
            verdict.verdict = Verdict::LikelyWrongRelation;
        } else if printed_forms_differ(&evidence, kind, code, &c.qualified_name, &r.frames) {
            verdict.evidence.push(
                "the failing assertion compares how two values print (String.valueOf of each): a text against \
                 the toString of an object of another class differs in format, not in value"
                    .into(),
            );
            verdict.verdict = Verdict::LikelyWrongRelation;
        } else if let Some(why) = same_action(&evidence, kind, code, &method) {
            verdict.evidence.push(why);
            verdict.verdict = Verdict::LikelyWrongRelation;
        } else if let Some(why) = super::decide::degenerate_passes(c, &relations, relations.owner(&method)) {
            verdict.evidence.push(format!(
                "it holds only where an input is zero, empty or null ({why}) and fails on every other input: \
                 a wrong relation can hold there by coincidence"
            ));
            verdict.verdict = Verdict::LikelyWrongRelation;
        } else if verdict.verdict != Verdict::InvalidInput {
            // A precondition the input breaks outweighs one it may break, whichever method states it.
            let found = documented.iter().filter_map(|(m, p)| precondition::broken_by(code, &method, m, p));
            if let Some((broken, why)) = found.reduce(|first, next| if next.0 && !first.0 { next } else { first }) {
                weigh_precondition(&mut verdict, broken, why);
            }
            if outside_the_llm_s_inputs(evidence.origin, &method, &relation_results(c, &method)) {
                weigh_precondition(&mut verdict, false, OUTSIDE_THE_LLM_S_INPUTS.into());
            }
        }
        out.push(Suspect { inputs, triage: verdict, method, expected, actual, failure: failure_text });
    }
    let tried = c.original.iter().filter(|r| c.is_mtc_method(Candidate::method_of(&r.name))).count();
    note_shortest(&mut out, tried);
    out
}

/// What the pair's texts are known to lose of their input: its layout, where one method reads a
/// text and the other prints one (`layout`), its letter case, where one sets it (`letter_case`).
#[derive(Debug, Clone, Copy, Default)]
struct Loses {
    layout: bool,
    letter_case: bool,
}

/// A verdict that what the test wrote decides, whatever the pass rates say, and why: an index past
/// an input the test sized, an exception on numbers MR-Coupler moved (`mtc::nearby`), expected and
/// actual values that differ only by floating-point rounding, or only in what the pair loses
/// (`Loses`).
fn caused_by_the_test(
    method: &str,
    kind: FailureKind,
    failure: &str,
    inputs: &[String],
    expected_actual: Option<(&str, &str)>,
    loses: Loses,
) -> Option<(Verdict, &'static str)> {
    if indexes_past_what_the_test_sized(failure, inputs) {
        let why = "an index went out of an input the test sized (empty, or with an offset or length of its own)";
        return Some((Verdict::InvalidInput, why));
    }
    if kind == FailureKind::Exception && crate::mtc::nearby::is_varied_copy(method) {
        let why = "raised on numbers MR-Coupler moved from the LLM's input: what the test built around them \
                   (a size, an index) may no longer fit";
        return Some((Verdict::InvalidInput, why));
    }
    let rounded = expected_actual.is_some_and(|(e, a)| super::rounding::differ_by_rounding(e, a));
    if kind == FailureKind::Assertion && rounded {
        let why =
            "expected and actual differ only by floating-point rounding, which an exact equality does not allow for";
        return Some((Verdict::LikelyWrongRelation, why));
    }
    let relaid = expected_actual.is_some_and(|(e, a)| differ_in_layout(e, a));
    if kind == FailureKind::Assertion && loses.layout && relaid {
        let why = "expected and actual are the same words and numbers laid out differently, and the pair reads a \
                   text into an object and prints one back: the printed text has the printer's layout, not the \
                   input's, so the relation compared spellings where it meant values";
        return Some((Verdict::LikelyWrongRelation, why));
    }
    let recased = expected_actual.is_some_and(|(e, a)| super::letter_case::differ_in_case(e, a));
    if kind == FailureKind::Assertion && loses.letter_case && recased {
        let why = "expected and actual differ only in letter case, and a method of the pair sets case whatever \
                   it was: the relation holds only on inputs already in that case, so it compared the case the \
                   input happened to have";
        return Some((Verdict::LikelyWrongRelation, why));
    }
    None
}

/// The literal an LLM-written assertion that failed compares with (`mtc::asserted_literal`).
fn hand_written_oracle(
    e: &Evidence,
    kind: FailureKind,
    code: &str,
    test_class: &str,
    frames: &[String],
) -> Option<String> {
    crate::mtc::asserted_literal(code, failed_llm_assertion(e, kind, test_class, frames)?)
}

/// The target's name, when an LLM-written assertion that failed uses nothing a call of it did
/// (`mtc::uses_target`); not judged where the coupled method has the same name (an overload).
fn without_the_target(
    e: &Evidence,
    kind: FailureKind,
    code: &str,
    test_class: &str,
    frames: &[String],
    pair: &[&MethodModel],
) -> Option<String> {
    let (target, coupled) = (pair.first()?, pair.get(1)?);
    if target.name == coupled.name {
        return None;
    }
    let line = failed_llm_assertion(e, kind, test_class, frames)?;
    (crate::mtc::uses_target(code, line, &target.name) == Some(false)).then(|| target.name.clone())
}

/// Whether an LLM-written assertion that failed compares how two values print
/// (`mtc::compares_printed_forms`): they differ in format, which says nothing of the relation's
/// values.
fn printed_forms_differ(e: &Evidence, kind: FailureKind, code: &str, test_class: &str, frames: &[String]) -> bool {
    failed_llm_assertion(e, kind, test_class, frames).is_some_and(|line| crate::mtc::compares_printed_forms(code, line))
}

/// The test's line of an LLM-written assertion that failed; None for a template's MTC or an exception.
fn failed_llm_assertion(e: &Evidence, kind: FailureKind, test_class: &str, frames: &[String]) -> Option<usize> {
    if e.origin != Origin::Llm || kind != FailureKind::Assertion {
        return None;
    }
    frames.iter().find_map(|f| super::failing_step::test_line(f, test_class))
}

/// An LLM's failing assertion that `g(f(x))` gives back `x` where `g` and `f` are named for the same
/// action (`same_action.rs`).
fn same_action(e: &Evidence, kind: FailureKind, code: &str, method: &str) -> Option<String> {
    if e.origin != Origin::Llm || kind != FailureKind::Assertion {
        return None;
    }
    super::same_action::same_action_round_trip(&crate::mtc::asserted_relation(code, method)?)
}

/// A documented precondition the method does not check: broken by a number the test passes, the
/// input was illegal; possibly broken (no number of the test to hold against it), a suspect is
/// less likely, and below [`SUSPECT`] an illegal input is the likelier cause.
fn weigh_precondition(verdict: &mut Triage, broken: bool, why: String) {
    verdict.evidence.push(why);
    verdict.verdict = match verdict.verdict {
        _ if broken => Verdict::InvalidInput,
        Verdict::SuspectedBug { confidence } if confidence - UNCHECKED_PRECONDITION >= SUSPECT => {
            Verdict::SuspectedBug { confidence: confidence - UNCHECKED_PRECONDITION }
        }
        Verdict::SuspectedBug { .. } => Verdict::InvalidInput,
        ref other => other.clone(),
    };
}

const OUTSIDE_THE_LLM_S_INPUTS: &str =
    "it fails only on inputs MR-Coupler chose for the LLM's relation (the catalogue's \
     values, or its numbers moved) and holds on every input the LLM wrote: the relation may not claim them \
     (`pow(x, n)` meant for n >= 1, given n = 0)";

/// An LLM's relation failing on an input MR-Coupler chose for it (`mtc::catalogue::is_static_copy`)
/// while every input the LLM wrote for it passes: the LLM wrote the relation for its own inputs,
/// and may have meant a precondition it never stated (apfloat's `gcd(pow(gcd(x, y), n), x) =
/// gcd(x, y)` holds for n >= 1; the catalogue gave n = 0). Weighed as a precondition the input may
/// break. `relation`: each MTC method of the failing method's relation, and whether it passed.
fn outside_the_llm_s_inputs(origin: Origin, method: &str, relation: &[(&str, bool)]) -> bool {
    use crate::mtc::catalogue::is_static_copy;
    let mut the_llm_s = relation.iter().filter(|(m, _)| !is_static_copy(m)).peekable();
    origin == Origin::Llm
        && is_static_copy(method)
        && the_llm_s.peek().is_some()
        && the_llm_s.all(|(_, passed)| *passed)
}

/// Each MTC method of `method`'s relation on the original code, and whether it passed.
fn relation_results<'c>(c: &'c Candidate, method: &str) -> Vec<(&'c str, bool)> {
    let relations = super::decide::Relations::of(c);
    let relation = relations.owner(method).to_string();
    c.original
        .iter()
        .map(|r| (Candidate::method_of(&r.name), r.status == TestStatus::Passed))
        .filter(|(m, _)| c.is_mtc_method(m) && relations.owner(m) == relation)
        .collect()
}

/// What a documented, unchecked precondition the test may break takes off a suspect's confidence.
const UNCHECKED_PRECONDITION: f64 = 0.2;

/// An index exception where the test chose the sizes: at position 0 of something empty in a method
/// given an empty array or string (`encodeHex(data, new char[0])`: no digits), or in a method
/// given an offset or length of its own (`dataOffset = 7` into a one-byte array). The input broke
/// the method's contract; no wrong result was computed.
fn indexes_past_what_the_test_sized(failure: &str, inputs: &[String]) -> bool {
    if !failure.contains("IndexOutOfBoundsException") {
        return false;
    }
    let compact = |i: &String| i.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    let empty = |i: &String| {
        let i = compact(i);
        i.ends_with("[0]") || i.ends_with("[]{}") || i.ends_with("=\"\"")
    };
    let index_given = |i: &String| {
        let Some((declared, _)) = i.split_once('=') else { return false };
        let mut words = declared.split_whitespace();
        let (kind, name) = (words.next().unwrap_or(""), words.next().unwrap_or("").to_ascii_lowercase());
        kind == "int" && ["offset", "len", "pos", "index", "start", "end"].iter().any(|w| name.contains(w))
    };
    (failure.contains("for length 0") && inputs.iter().any(empty)) || inputs.iter().any(index_given)
}

/// The pair's two methods named as one undoing the other (`encode`/`decode`, `format`/`parse`).
fn pair_named_inverses(pair: &[&str]) -> bool {
    matches!(pair, [target, coupled] if crate::coupling::named_inverses(target, coupled))
}

fn origin_of(c: &Candidate) -> Origin {
    match c.template {
        Some(t) if crate::builtin::is_contract_template(t) => Origin::Contract,
        Some(_) => Origin::Template,
        None => Origin::Llm,
    }
}

fn failure_kind(r: &TestResult) -> Option<FailureKind> {
    match r.status {
        TestStatus::Failed => Some(FailureKind::Assertion),
        TestStatus::Errored => Some(FailureKind::Exception),
        // The worker runs with -XX:+ExitOnOutOfMemoryError and says why it ended in the message.
        TestStatus::Crashed if r.message.as_deref().is_some_and(|m| m.contains("OutOfMemoryError")) => {
            Some(FailureKind::OutOfMemory)
        }
        TestStatus::TimedOut | TestStatus::Crashed => Some(FailureKind::Hang),
        _ => None,
    }
}

/// The methods a reproducing test keeps: those triaged as suspected bugs.
pub fn suspected_methods(suspects: &[Suspect]) -> Vec<String> {
    suspects.iter().filter(|s| s.confidence().is_some()).map(|s| s.method.clone()).collect()
}

/// The suspected bug a candidate stands for: its most confident failing method, and among those
/// as confident, the one with the shortest inputs (the cheapest minimisation: the failing input
/// with the shortest string, array or collection among those tried).
pub fn representative(suspects: &[Suspect]) -> Option<&Suspect> {
    representative_index(suspects).map(|i| &suspects[i])
}

fn representative_index(suspects: &[Suspect]) -> Option<usize> {
    let size = |s: &Suspect| minimise::inputs_size(&s.inputs);
    (0..suspects.len()).filter(|&i| suspects[i].confidence().is_some()).min_by(|&a, &b| {
        let (a, b) = (&suspects[a], &suspects[b]);
        let (ca, cb) = (a.confidence().unwrap_or(0.0), b.confidence().unwrap_or(0.0));
        cb.total_cmp(&ca).then(size(a).cmp(&size(b)))
    })
}

/// Says on the representative suspect that its input is the shortest failing one of those tried.
fn note_shortest(suspects: &mut [Suspect], tried: usize) {
    let failing = suspects.iter().filter(|s| s.confidence().is_some()).count();
    let Some(i) = representative_index(suspects) else { return };
    let (longest, _) = minimise::inputs_size(&suspects[i].inputs);
    let size = if longest == usize::MAX { String::new() } else { format!(", of length {longest}") };
    let boundary = suspects.iter().filter(|s| s.confidence().is_some() && minimise::is_boundary(&s.method)).count();
    let around = if boundary > 0 {
        format!(" ({boundary} of them boundary inputs tried around a failing one)")
    } else {
        String::new()
    };
    suspects[i]
        .triage
        .evidence
        .push(format!("the shortest failing input{size}, among {failing} failing of {tried} tried{around}"));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn evidence(origin: Origin, p: f64, p_mutants: Option<f64>) -> Evidence<'static> {
        Evidence {
            origin,
            p,
            p_mutants,
            p_best_mutant: p_mutants,
            class_under_test: "com.acme.Version",
            test_class: "com.acme.Version_MTC1Test",
            rejected_on_purpose: &[],
            reads_own_output: true,
        }
    }

    #[test]
    fn an_index_exception_where_the_test_chose_the_sizes_is_an_invalid_input() {
        let aioobe = "java.lang.ArrayIndexOutOfBoundsException: Index 0 out of bounds for length 0";
        let inputs = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert!(super::indexes_past_what_the_test_sized(
            aioobe,
            &inputs(&["byte[] data = {0}", "char[] digits = new char[0]"])
        ));
        assert!(super::indexes_past_what_the_test_sized(aioobe, &inputs(&["byte[] data = new byte[] { }"])));
        assert!(
            !super::indexes_past_what_the_test_sized(aioobe, &inputs(&["byte[] data = {1, 2}"])),
            "nothing empty given"
        );
        let at_five = "java.lang.ArrayIndexOutOfBoundsException: Index 5 out of bounds for length 5";
        assert!(!super::indexes_past_what_the_test_sized(at_five, &inputs(&["char[] digits = new char[0]"])));
        let given = inputs(&["byte[] data = new byte[] { 1 }", "int dataOffset = 7", "int dataLen = 1"]);
        assert!(super::indexes_past_what_the_test_sized(at_five, &given), "the test chose the offset");
        assert!(!super::indexes_past_what_the_test_sized(at_five, &inputs(&["int count = 7"])), "not an index");
        assert!(!super::indexes_past_what_the_test_sized("java.lang.ClassCastException", &given));
    }

    #[test]
    fn an_exception_on_moved_numbers_and_a_rounding_difference_are_the_tests_doing() {
        let verdict = |method: &str, kind: FailureKind, values: Option<(&str, &str)>| {
            super::caused_by_the_test(
                method,
                kind,
                "java.lang.IndexOutOfBoundsException: 12",
                &[],
                values,
                Loses::default(),
            )
            .map(|(v, _)| v)
        };
        assert_eq!(verdict("mr1_varied3", FailureKind::Exception, None), Some(Verdict::InvalidInput));
        assert_eq!(verdict("mr1_input3", FailureKind::Exception, None), None, "the LLM's own input");
        assert_eq!(verdict("mr1_variedSizes", FailureKind::Exception, None), None, "the LLM's own name");
        assert_eq!(verdict("mr1_varied3", FailureKind::Assertion, None), None, "a violated relation is judged");
        let rounded = Some(("(1.0000000000000002, 2.0)", "(1.0, 2.0)"));
        assert_eq!(verdict("mr1", FailureKind::Assertion, rounded), Some(Verdict::LikelyWrongRelation));
        assert_eq!(verdict("mr1", FailureKind::Assertion, Some(("(1.5, 2.0)", "(1.0, 2.0)"))), None);
    }

    #[test]
    fn a_text_read_and_printed_back_in_another_layout_is_no_bug() {
        // Hjson's `readHjson(String)` ~ `toString(HjsonOptions)` (unseen-37): `print(read(s)) = s`
        // failed on `{"a":1}` printed back without quotes and on a blank text read as `{}`, and was
        // reported as a suspected bug (0.74).
        let verdict = |kind: FailureKind, values: Option<(&str, &str)>, layout: bool| {
            let loses = Loses { layout, ..Loses::default() };
            super::caused_by_the_test("mr2_input4", kind, "", &[], values, loses).map(|(v, _)| v)
        };
        let relaid = Some((r#"{"a":1}"#, "{\n  a: 1\n}"));
        assert_eq!(verdict(FailureKind::Assertion, relaid, true), Some(Verdict::LikelyWrongRelation));
        assert_eq!(verdict(FailureKind::Assertion, Some((" ", "{}")), true), Some(Verdict::LikelyWrongRelation));
        assert_eq!(verdict(FailureKind::Assertion, relaid, false), None, "a codec keeps every character");
        assert_eq!(verdict(FailureKind::Assertion, Some(("{a: 1}", "{a: 2}")), true), None, "another value");
        assert_eq!(verdict(FailureKind::Exception, relaid, true), None);
    }

    #[test]
    fn a_round_trip_through_methods_setting_case_that_differs_in_case_is_no_bug() {
        // jodd's `capitalize` ~ `uncapitalize` (unseen-42): `uncapitalize(capitalize(s)) = s`
        // failed on "M" (back as "m") and was reported as a suspected bug (0.55), the LLM's
        // reverse on "a".
        let verdict = |kind: FailureKind, values: Option<(&str, &str)>, letter_case: bool| {
            let loses = Loses { letter_case, ..Loses::default() };
            super::caused_by_the_test("mr1_roundTrip_input10", kind, "", &[], values, loses).map(|(v, _)| v)
        };
        let recased = Some(("M", "m"));
        assert_eq!(verdict(FailureKind::Assertion, recased, true), Some(Verdict::LikelyWrongRelation));
        assert_eq!(verdict(FailureKind::Assertion, recased, false), None, "a pair that keeps case");
        assert_eq!(verdict(FailureKind::Assertion, Some(("M", "n")), true), None, "another letter");
        assert_eq!(verdict(FailureKind::Exception, recased, true), None);
    }

    #[test]
    fn a_documented_precondition_the_input_breaks_makes_an_invalid_input() {
        let suspect = |confidence| Triage { verdict: Verdict::SuspectedBug { confidence }, evidence: Vec::new() };
        let weighed = |mut t: Triage, broken| {
            super::weigh_precondition(&mut t, broken, "documents `alignment`".into());
            t.verdict
        };
        assert_eq!(weighed(suspect(0.75), true), Verdict::InvalidInput, "a number breaks it");
        assert_eq!(weighed(suspect(0.75), false), Verdict::SuspectedBug { confidence: 0.55 }, "it may");
        assert_eq!(weighed(suspect(0.6), false), Verdict::InvalidInput, "below SUSPECT once weighed");
        let wrong = Triage { verdict: Verdict::LikelyWrongRelation, evidence: Vec::new() };
        assert_eq!(weighed(wrong.clone(), false), Verdict::LikelyWrongRelation);
        assert_eq!(weighed(wrong, true), Verdict::InvalidInput);
    }

    #[test]
    fn an_llm_s_failing_assertion_on_a_value_it_wrote_is_a_guessed_oracle() {
        let code = "class T {\n    void mr1_input2() {\n        String followUpOutput = removed.getAsString();\n        assertEquals(\"value2\", followUpOutput);\n    }\n}\n";
        let frames = ["com.acme.T.mr1_input2(T.java:4)".to_string()];
        let oracle = |origin, kind| {
            super::hand_written_oracle(&evidence(origin, 0.3, Some(0.0)), kind, code, "com.acme.T", &frames)
        };
        assert_eq!(oracle(Origin::Llm, FailureKind::Assertion).as_deref(), Some("\"value2\""));
        assert_eq!(oracle(Origin::Template, FailureKind::Assertion), None, "a template's value is no guess");
        assert_eq!(oracle(Origin::Llm, FailureKind::Exception), None);
        let other_line = ["com.acme.T.mr1_input2(T.java:3)".to_string()];
        let e = evidence(Origin::Llm, 0.3, None);
        assert_eq!(super::hand_written_oracle(&e, FailureKind::Assertion, code, "com.acme.T", &other_line), None);
    }

    #[test]
    fn an_llm_s_failing_assertion_that_uses_nothing_the_target_did_checks_the_other_method_alone() {
        // Mahout's IntArrayList (unseen-38): reverse() on an empty list, the search on another.
        let code = "class T {\n    void mr2() {\n        IntArrayList followUp = new IntArrayList();\n        \
                    followUp.reverse();\n        int result = source.binarySearchFromTo(4, 0, 2);\n        \
                    assertEquals(-1, result);\n        assertEquals(followUp, source);\n    }\n}\n";
        let class = crate::java_model::parse_str(
            std::path::Path::new("L.java"),
            "class L { void reverse() {} int binarySearchFromTo(int k, int f, int t) { return 0; } \
             void sort() {} void sort(int from) {} }",
        )
        .classes
        .remove(0);
        let m = |name: &str, i: usize| class.methods.iter().filter(|m| m.name == name).nth(i).expect("method");
        let at = |line: usize| [format!("com.acme.T.mr2(T.java:{line})")];
        let judged = |origin, line, pair: &[&MethodModel]| {
            let e = evidence(origin, 0.5, Some(0.4));
            super::without_the_target(&e, FailureKind::Assertion, code, "com.acme.T", &at(line), pair)
        };
        let pair = [m("reverse", 0), m("binarySearchFromTo", 0)];
        assert_eq!(judged(Origin::Llm, 6, &pair).as_deref(), Some("reverse"));
        assert_eq!(judged(Origin::Llm, 7, &pair), None, "followUp is what reverse() changed");
        assert_eq!(judged(Origin::Template, 6, &pair), None, "a template's assertion is not judged so");
        assert_eq!(judged(Origin::Llm, 6, &[m("sort", 0), m("sort", 1)]), None, "an overload: names tell nothing");
    }

    #[test]
    fn a_failed_comparison_of_printed_forms_is_a_difference_in_format() {
        // Clifton Labs' json-simple (unseen-35): a String and a JsonObject printing alike at `{}`
        // were compared by text; the catalogue's `{"a":1}` printed back as `{a=1}` and was
        // reported as a suspected bug.
        let code = "class T {\n    void mr1_catalogue1() {\n        Object out = Jsoner.deserialize(Jsoner.prettyPrint(s));\n        \
                    assertEquals(String.valueOf(s), String.valueOf(out), \"same\");\n    }\n}\n";
        let frames = ["com.acme.T.mr1_catalogue1(T.java:4)".to_string()];
        let differ = |origin, kind, code: &str| {
            super::printed_forms_differ(&evidence(origin, 0.17, Some(0.13)), kind, code, "com.acme.T", &frames)
        };
        assert!(differ(Origin::Llm, FailureKind::Assertion, code));
        assert!(!differ(Origin::Llm, FailureKind::Exception, code), "an exception is judged as one");
        assert!(!differ(Origin::Template, FailureKind::Assertion, code), "a template chose what to compare");
        let values = code.replace("String.valueOf(s), String.valueOf(out)", "s, out");
        assert!(!differ(Origin::Llm, FailureKind::Assertion, &values), "the values themselves");
    }

    #[test]
    fn an_llm_relation_failing_only_on_inputs_mr_coupler_chose_may_not_claim_them() {
        // apfloat 1.14.0's `ApintMath#gcd` ~ `pow` (unseen-12): the LLM's own input passed, the
        // catalogue's `long n = 0L` failed, and was reported as a suspected bug (0.6).
        let relation = [("mr1_input1", true), ("mr1_input1_catalogue1", false), ("mr1_input1_catalogue2", true)];
        use super::outside_the_llm_s_inputs as outside;
        assert!(outside(Origin::Llm, "mr1_input1_catalogue1", &relation));
        assert!(
            !outside(Origin::Template, "mr1_input1_catalogue1", &relation),
            "the catalogue is a template's own domain"
        );
        assert!(!outside(Origin::Llm, "mr1_input1", &relation), "the LLM's own input");
        let the_llm_s_fails_too = [("mr1_input1", false), ("mr1_input1_catalogue1", false)];
        assert!(!outside(Origin::Llm, "mr1_input1_catalogue1", &the_llm_s_fails_too));
        assert!(!outside(Origin::Llm, "mr1_catalogue1", &[("mr1_catalogue1", false)]), "no input of the LLM's ran");
        assert!(outside(Origin::Llm, "mr1_varied2", &[("mr1", true), ("mr1_varied2", false)]), "numbers moved");
    }

    fn assertion() -> Failure<'static> {
        Failure { kind: FailureKind::Assertion, exception_type: None, frames: &[], step: Step::Other }
    }

    fn is_suspect(t: &Triage) -> bool {
        matches!(t.verdict, Verdict::SuspectedBug { .. })
    }

    #[test]
    fn a_valid_relation_failing_for_some_inputs_is_a_suspected_bug() {
        let t = triage(&evidence(Origin::Llm, 0.8, Some(0.3)), &assertion());
        assert!(is_suspect(&t), "{t:?}");
        assert!(t.evidence.iter().any(|w| w.contains("mutants break")), "{t:?}");
    }

    #[test]
    fn a_contract_violation_is_a_suspect_even_without_mutants() {
        let t = triage(&evidence(Origin::Contract, 0.5, None), &assertion());
        let Verdict::SuspectedBug { confidence } = t.verdict else { panic!("{t:?}") };
        assert!(confidence >= 0.8, "{confidence}");
    }

    #[test]
    fn a_contract_broken_for_every_input_is_a_suspect_whatever_the_mutants_do() {
        let mut e = evidence(Origin::Contract, 0.0, Some(0.67));
        e.p_best_mutant = Some(1.0);
        let t = triage(&e, &assertion());
        assert!(is_suspect(&t), "{t:?}");
    }

    #[test]
    fn an_llm_relation_failing_for_every_input_is_likely_wrong() {
        let t = triage(&evidence(Origin::Llm, 0.0, Some(0.0)), &assertion());
        assert_eq!(t.verdict, Verdict::LikelyWrongRelation, "{t:?}");
    }

    #[test]
    fn mutants_breaking_a_relation_barely_more_often_is_no_evidence_it_is_valid() {
        // twitter-text 3.1.0 (unseen-32): `extractMentionedScreennames(text)` asserted equal to
        // `extractHashtags(text)` holds where both lists are empty: p = 67%, p' = 66%, and a mutant
        // did better. It was reported as a suspected bug at 0.6.
        let mut e = evidence(Origin::Llm, 0.67, Some(0.66));
        e.p_best_mutant = Some(0.83);
        assert_eq!(triage(&e, &assertion()).verdict, Verdict::LikelyWrongRelation);
        let mut clear = evidence(Origin::Llm, 0.67, Some(0.4));
        clear.p_best_mutant = Some(0.83);
        assert!(is_suspect(&triage(&clear, &assertion())), "a wide margin still counts");
    }

    #[test]
    fn a_relation_a_mutant_satisfies_better_is_likely_wrong() {
        let mut e = evidence(Origin::Template, 0.6, Some(0.7));
        e.p_best_mutant = Some(1.0);
        assert_eq!(triage(&e, &assertion()).verdict, Verdict::LikelyWrongRelation);
    }

    #[test]
    fn an_exception_the_method_throws_on_purpose_is_an_invalid_input() {
        let rejected = ["InvalidVersionException".to_string()];
        let frames = ["com.acme.Version.parse(Version.java:40)".to_string()];
        let mut e = evidence(Origin::Llm, 0.7, Some(0.2));
        e.rejected_on_purpose = &rejected;
        let f = Failure {
            kind: FailureKind::Exception,
            exception_type: Some("com.acme.InvalidVersionException"),
            frames: &frames,
            step: Step::Other,
        };
        assert_eq!(triage(&e, &f).verdict, Verdict::InvalidInput);
    }

    #[test]
    fn an_illegal_argument_from_the_jdk_is_an_invalid_input() {
        let frames =
            ["java.lang.Integer.parseInt(Integer.java:652)".to_string(), "com.acme.Version.of(Version.java:9)".into()];
        let f = Failure {
            kind: FailureKind::Exception,
            exception_type: Some("java.lang.NumberFormatException"),
            frames: &frames,
            step: Step::Other,
        };
        assert_eq!(triage(&evidence(Origin::Template, 0.9, Some(0.1)), &f).verdict, Verdict::InvalidInput);
    }

    #[test]
    fn a_class_that_cannot_be_loaded_is_the_environment_s_doing() {
        let frames = ["com.acme.Version_MTC1Test.mr1(Version_MTC1Test.java:12)".to_string()];
        for error in ["java.lang.ExceptionInInitializerError", "java.lang.NoClassDefFoundError"] {
            let f = Failure {
                kind: FailureKind::Exception,
                exception_type: Some(error),
                frames: &frames,
                step: Step::Other,
            };
            let t = triage(&evidence(Origin::Contract, 0.0, Some(0.0)), &f);
            assert_eq!(t.verdict, Verdict::Environment, "{error}: {t:?}");
            assert!(t.evidence[0].contains("class path"), "{:?}", t.evidence);
        }
        let test = "com.acme.Version_MTC1Test";
        assert!(!cannot_load(Some("java.lang.IllegalStateException"), &frames, test));
        assert!(!cannot_load(None, &frames, test));
        let own = ["com.acme.Version_MTC1Test.<clinit>(Version_MTC1Test.java:5)".to_string()];
        let nested = ["com.acme.Version_MTC1Test$Data.<clinit>(Version_MTC1Test.java:6)".to_string()];
        for frames in [own, nested] {
            assert!(
                !cannot_load(Some("java.lang.ExceptionInInitializerError"), &frames, test),
                "the test's own: {frames:?}"
            );
        }
        let code = ["com.acme.Currency.<clinit>(Currency.java:40)".to_string(), frames[0].clone()];
        assert!(cannot_load(Some("java.lang.ExceptionInInitializerError"), &code, test));
    }

    #[test]
    fn an_exception_in_the_tests_own_code_means_a_wrong_test() {
        let frames = ["com.acme.Version_MTC1Test.mtc3(Version_MTC1Test.java:31)".to_string()];
        let f = Failure {
            kind: FailureKind::Exception,
            exception_type: Some("java.lang.ClassCastException"),
            frames: &frames,
            step: Step::Other,
        };
        assert_eq!(triage(&evidence(Origin::Llm, 0.9, Some(0.1)), &f).verdict, Verdict::LikelyWrongRelation);
    }

    #[test]
    fn an_illegal_argument_from_another_project_class_the_test_called_is_an_invalid_input() {
        let frames = [
            "com.acme.VersionValidator.validate(VersionValidator.java:40)".to_string(),
            "com.acme.Part.<init>(Part.java:12)".to_string(),
            "com.acme.Version_MTC1Test.mtc3(Version_MTC1Test.java:31)".to_string(),
        ];
        let f = Failure {
            kind: FailureKind::Exception,
            exception_type: Some("java.lang.IllegalArgumentException"),
            frames: &frames,
            step: Step::Other,
        };
        let t = triage(&evidence(Origin::Llm, 0.0, Some(0.0)), &f);
        assert_eq!(t.verdict, Verdict::InvalidInput, "{t:?}");
        let jdk = ["java.lang.Integer.parseInt(Integer.java:614)".to_string(), frames[2].clone()];
        let f = Failure { frames: &jdk, exception_type: Some("java.lang.ClassCastException"), ..f };
        assert_eq!(triage(&evidence(Origin::Llm, 0.0, Some(0.0)), &f).verdict, Verdict::LikelyWrongRelation);
    }

    #[test]
    fn an_index_error_inside_the_class_under_test_is_a_suspect() {
        let frames = ["com.acme.Version$Parser.next(Version.java:77)".to_string()];
        let f = Failure {
            kind: FailureKind::Exception,
            exception_type: Some("java.lang.ArrayIndexOutOfBoundsException"),
            frames: &frames,
            step: Step::Other,
        };
        let t = triage(&evidence(Origin::Template, 0.9, Some(0.2)), &f);
        assert!(is_suspect(&t), "{t:?}");
    }

    #[test]
    fn a_contract_that_throws_npe_is_a_suspect() {
        let frames = ["com.acme.Version.equals(Version.java:120)".to_string()];
        let f = Failure {
            kind: FailureKind::Exception,
            exception_type: Some("java.lang.NullPointerException"),
            frames: &frames,
            step: Step::Other,
        };
        assert!(is_suspect(&triage(&evidence(Origin::Contract, 0.9, None), &f)));
    }

    #[test]
    fn a_checked_exception_is_a_rejected_input() {
        let frames = ["com.acme.Codec.decode(Codec.java:12)".to_string()];
        let f = Failure {
            kind: FailureKind::Exception,
            exception_type: Some("org.apache.commons.codec.DecoderException"),
            frames: &frames,
            step: Step::Other,
        };
        assert_eq!(triage(&evidence(Origin::Template, 0.9, Some(0.1)), &f).verdict, Verdict::InvalidInput);
    }

    #[test]
    fn a_hang_of_an_unvalidated_llm_relation_is_not_reported() {
        let f = Failure { kind: FailureKind::Hang, exception_type: None, frames: &[], step: Step::Other };
        assert_eq!(triage(&evidence(Origin::Llm, 0.9, None), &f).verdict, Verdict::LikelyWrongRelation);
    }

    #[test]
    fn running_out_of_memory_is_an_invalid_input_even_in_a_contract() {
        let crash = |message: &str| TestResult {
            name: "equals_isReflexive".into(),
            status: TestStatus::Crashed,
            duration_ms: 0,
            message: Some(message.into()),
            exception_type: None,
            frames: Vec::new(),
        };
        let oom = crash("the worker JVM died (exit code 3); its last output: Terminating due to java.lang.OutOfMemoryError: Requested array size exceeds VM limit");
        assert_eq!(failure_kind(&oom), Some(FailureKind::OutOfMemory));
        let f = Failure { kind: FailureKind::OutOfMemory, exception_type: None, frames: &[], step: Step::Other };
        assert_eq!(triage(&evidence(Origin::Contract, 0.9, Some(0.5)), &f).verdict, Verdict::InvalidInput);
        // Any other death of the worker is still a hang, which may be the code's fault.
        assert_eq!(failure_kind(&crash("the worker JVM died (exit code 1)")), Some(FailureKind::Hang));
    }

    #[test]
    fn the_class_rejecting_its_own_output_is_a_suspect_not_an_invalid_input() {
        let rejected = ["DecoderException".to_string()];
        let frames = ["com.acme.Version.decode(Version.java:40)".to_string()];
        let mut e = evidence(Origin::Template, 0.1, Some(0.1));
        e.rejected_on_purpose = &rejected;
        e.p_best_mutant = Some(1.0);
        let mut f = Failure {
            kind: FailureKind::Exception,
            exception_type: Some("com.acme.DecoderException"),
            frames: &frames,
            step: Step::ConsumesOutput,
        };
        let t = triage(&e, &f);
        assert!(is_suspect(&t), "{t:?}");
        // The same exception on an input the test made up is the test's doing.
        f.step = Step::Other;
        assert_eq!(triage(&e, &f).verdict, Verdict::InvalidInput);
    }

    /// The model's `CSVFormat.valueOf(csvFormat.format("Hello, World!"))` (commons-csv, 2026-11-28):
    /// `valueOf` looks up a predefined format by name and never reads what `format` writes.
    #[test]
    fn an_output_fed_to_a_method_not_meant_to_read_it_is_an_invalid_input() {
        let frames = [
            "java.lang.Enum.valueOf(Enum.java:273)".to_string(),
            "org.apache.commons.csv.CSVFormat$Predefined.valueOf(CSVFormat.java:1)".to_string(),
            "org.apache.commons.csv.CSVFormat.valueOf(CSVFormat.java:1530)".to_string(),
            "org.apache.commons.csv.CSVFormat_format_MTC2Test.mr1(CSVFormat_format_MTC2Test.java:17)".to_string(),
        ];
        let e = Evidence {
            class_under_test: "org.apache.commons.csv.CSVFormat",
            test_class: "org.apache.commons.csv.CSVFormat_format_MTC2Test",
            reads_own_output: false,
            ..evidence(Origin::Llm, 0.0, None)
        };
        let f = Failure {
            kind: FailureKind::Exception,
            exception_type: Some("java.lang.IllegalArgumentException"),
            frames: &frames,
            step: Step::ConsumesOutput,
        };
        let t = triage(&e, &f);
        assert_eq!(t.verdict, Verdict::InvalidInput, "{t:?}");
        assert!(is_suspect(&triage(&Evidence { reads_own_output: true, ..e }, &f)), "format/parse would be");
        assert!(pair_named_inverses(&["format", "parse"]) && !pair_named_inverses(&["format", "valueOf"]));
        assert!(!pair_named_inverses(&["format"]), "no coupled method");
    }

    #[test]
    fn an_exception_while_building_a_contracts_input_is_an_invalid_input() {
        let frames = ["com.acme.Version.of(Version.java:9)".to_string()];
        let mut f = Failure {
            kind: FailureKind::Exception,
            exception_type: Some("java.lang.NumberFormatException"),
            frames: &frames,
            step: Step::BuildsInput,
        };
        assert_eq!(triage(&evidence(Origin::Contract, 0.9, None), &f).verdict, Verdict::InvalidInput);
        // So is a programming error there: `new Point3d(new double[0])` reads three elements.
        f.exception_type = Some("java.lang.ArrayIndexOutOfBoundsException");
        assert_eq!(triage(&evidence(Origin::Contract, 0.9, None), &f).verdict, Verdict::InvalidInput);
        // Raised by the call the relation is about, it stays a suspect.
        f.step = Step::Other;
        assert!(is_suspect(&triage(&evidence(Origin::Contract, 0.9, None), &f)));
    }
}
