package io.mrcoupler.bridge.executor;

import io.mrcoupler.bridge.protocol.Limits;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The time each test of a batch may take, as the core's {@link Limits} say (docs/protocol.md,
 * "Limits"). On the original code (mutant 0) every test gets {@code testTimeoutMs}. On a mutant a
 * test gets {@code mutantTimeoutFactor} × its time on the original plus {@code
 * mutantTimeoutConstantMs} (PIT's rule), never more than {@code testTimeoutMs}; its time on the
 * original is the one measured by a run on mutant 0 of the same class earlier in the same batch
 * (the core puts those first). Without such a run, or without a factor, {@code testTimeoutMs}.
 * The executor applies these numbers; it does not choose them.
 */
final class TestTimeouts {

    private final long testTimeoutMs;
    private final double mutantFactor;
    private final long mutantConstantMs;
    private final boolean stopMutantAtFirstTimeout;
    /** Test class, then the unique id of a test or container, to its duration on the original. */
    private final Map<String, Map<String, Long>> onOriginal = new HashMap<>();

    private TestTimeouts(long testTimeoutMs, double mutantFactor, long mutantConstantMs,
            boolean stopMutantAtFirstTimeout) {
        this.testTimeoutMs = testTimeoutMs;
        this.mutantFactor = mutantFactor;
        this.mutantConstantMs = mutantConstantMs;
        this.stopMutantAtFirstTimeout = stopMutantAtFirstTimeout;
    }

    /** The limits of a batch; {@code fallback} when it sets no test timeout. */
    static TestTimeouts of(Limits limits, Duration fallback) {
        if (limits == null) {
            return new TestTimeouts(fallback.toMillis(), 0, 0, false);
        }
        long testTimeout = limits.testTimeoutMs() > 0 ? limits.testTimeoutMs() : fallback.toMillis();
        return new TestTimeouts(testTimeout, Math.max(0, limits.mutantTimeoutFactor()),
                Math.max(0, limits.mutantTimeoutConstantMs()), limits.stopMutantAtFirstTimeout());
    }

    /** Remembers how long a test (or container) took on the original code. */
    void onOriginal(String testClass, String id, long durationMs) {
        onOriginal.computeIfAbsent(testClass, k -> new HashMap<>()).put(id, durationMs);
    }

    /** How long {@code id} (null: nothing started yet) may go without an event in a run on {@code mutant}. */
    Limit limit(String testClass, int mutant, String id) {
        Long original = mutant == 0 || mutantFactor <= 0 || id == null ? null
                : onOriginal.getOrDefault(testClass, Map.of()).get(id);
        if (original == null) {
            return new Limit(testTimeoutMs, testTimeoutMs + " ms");
        }
        long ms = (long) Math.ceil(mutantFactor * original) + mutantConstantMs;
        if (ms >= testTimeoutMs) {
            return new Limit(testTimeoutMs, testTimeoutMs + " ms");
        }
        return new Limit(ms, ms + " ms (" + mutantFactor + " × its " + original + " ms on the original code + "
                + mutantConstantMs + " ms)");
    }

    /** Whether a timeout on {@code mutant} ends its run: its other tests are not run. */
    boolean stopsAtFirstTimeout(int mutant) {
        return mutant != 0 && stopMutantAtFirstTimeout;
    }

    /** A time limit and how it came about, for the timeout's message. */
    record Limit(long ms, String description) {
    }
}
