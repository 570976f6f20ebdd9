package io.mrcoupler.bridge.protocol;

/**
 * Bounds the core sets on a batch (docs/protocol.md, "Limits").
 *
 * @param testTimeoutMs            how long one test may run before the worker is killed and the test
 *                                 reported {@code timedOut}; 0 (absent) means the executor's
 *                                 configured default
 * @param mutantTimeoutFactor      on a mutant, a test may run this many times its time on the
 *                                 original (measured earlier in the batch) ...
 * @param mutantTimeoutConstantMs  ... plus this, never more than {@code testTimeoutMs}; 0 factor
 *                                 (absent): {@code testTimeoutMs} on mutants too
 * @param stopMutantAtFirstTimeout a run on a mutant ends at its first timeout; its other tests are
 *                                 not run (the core counts them as killed by the timeout)
 */
public record Limits(long testTimeoutMs, double mutantTimeoutFactor, long mutantTimeoutConstantMs,
        boolean stopMutantAtFirstTimeout) {

    /** One timeout for every test, on the original and on mutants alike. */
    public Limits(long testTimeoutMs) {
        this(testTimeoutMs, 0, 0, false);
    }
}
