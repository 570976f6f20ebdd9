//! How long a test may run, and what a timeout on a mutant means. The executor enforces the
//! numbers (`Limits`); the rule is here.
//!
//! A mutant that never terminates must cost seconds, not a full timeout per test method. So, as in
//! PIT, a test on a mutant gets 1.25 × its time on the original plus a constant (PIT's defaults,
//! `timeoutFactor` 1.25 and `timeoutConst` 4000 ms), and the first timeout ends the mutant's run:
//! its remaining tests would most likely loop too. Those tests count as killed by the timeout,
//! as PIT counts a `TIMED_OUT` mutant killed: a relation whose test does not finish on a mutant
//! told it from the original.

use crate::protocol::{Limits, TestResult, TestStatus};

/// PIT's `timeoutFactor`.
pub const MUTANT_TIMEOUT_FACTOR: f64 = 1.25;
/// PIT's `timeoutConst`: covers class loading and JIT noise of a short test.
pub const MUTANT_TIMEOUT_CONSTANT_MS: u64 = 4_000;

/// The limits of a batch that runs tests on the original and on mutants.
pub fn limits(test_timeout_ms: u64) -> Limits {
    Limits {
        test_timeout_ms,
        mutant_timeout_factor: MUTANT_TIMEOUT_FACTOR,
        mutant_timeout_constant_ms: MUTANT_TIMEOUT_CONSTANT_MS,
        stop_mutant_at_first_timeout: true,
    }
}

/// A mutant's results with every test of the original that its run left out after a timeout
/// counted as killed by that timeout. A run without a timeout is returned as it is: a test it
/// lacks did not run for another reason, and is not counted.
pub fn with_unrun_as_timed_out(on_mutant: &[TestResult], on_original: &[TestResult]) -> Vec<TestResult> {
    let mut results = on_mutant.to_vec();
    if !on_mutant.iter().any(|t| t.status == TestStatus::TimedOut) {
        return results;
    }
    for test in on_original {
        if !on_mutant.iter().any(|t| t.name == test.name) {
            results.push(TestResult {
                name: test.name.clone(),
                status: TestStatus::TimedOut,
                duration_ms: 0,
                message: Some("not run: an earlier test timed out on this mutant, so it counts as killed".into()),
                exception_type: None,
                frames: Vec::new(),
            });
        }
    }
    results
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(name: &str, status: TestStatus) -> TestResult {
        TestResult {
            name: name.into(),
            status,
            duration_ms: 1,
            message: None,
            exception_type: None,
            frames: Vec::new(),
        }
    }

    #[test]
    fn tests_left_out_after_a_timeout_count_as_timed_out() {
        let passed = TestStatus::Passed;
        let original = [result("a()", passed), result("b()", passed), result("c()", passed)];
        let on_mutant = [result("a()", passed), result("b()", TestStatus::TimedOut)];

        let counted = with_unrun_as_timed_out(&on_mutant, &original);

        let statuses: Vec<(&str, TestStatus)> = counted.iter().map(|t| (t.name.as_str(), t.status)).collect();
        let timed_out = TestStatus::TimedOut;
        assert_eq!(statuses, [("a()", passed), ("b()", timed_out), ("c()", timed_out)]);
        assert!(counted[2].message.as_deref().is_some_and(|m| m.contains("killed")));
    }

    #[test]
    fn a_run_without_a_timeout_is_left_as_it_is() {
        let original = [result("a()", TestStatus::Passed), result("b()", TestStatus::Passed)];
        let on_mutant = [result("a()", TestStatus::Failed)];

        assert_eq!(with_unrun_as_timed_out(&on_mutant, &original).len(), 1);
    }

    #[test]
    fn the_limits_carry_pits_rule_under_the_protocols_names() {
        let json = serde_json::to_value(limits(10_000)).unwrap();

        assert_eq!(
            json,
            serde_json::json!({"testTimeoutMs": 10000, "mutantTimeoutFactor": 1.25, "mutantTimeoutConstantMs": 4000,
                "stopMutantAtFirstTimeout": true})
        );
    }
}
