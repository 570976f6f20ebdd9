package io.mrcoupler.bridge.protocol;

import java.util.List;

/**
 * The outcome of one run of a batch.
 *
 * @param testClass  as asked
 * @param mutant     as asked
 * @param ran        false when the class did not compile, the replacements did not compile, or the
 *                   class exists nowhere
 * @param durationMs wall time of the run, restarts of the worker included
 * @param tests      one entry per test (per invocation), in the order they finished
 */
public record RunResult(String testClass, int mutant, boolean ran, long durationMs, List<TestResult> tests) {

    public RunResult {
        tests = tests == null ? List.of() : List.copyOf(tests);
    }

    /** A run that did not happen. */
    public static RunResult notRun(Run run) {
        return new RunResult(run.testClass(), run.mutant(), false, 0, List.of());
    }
}
