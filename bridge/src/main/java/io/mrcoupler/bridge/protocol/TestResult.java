package io.mrcoupler.bridge.protocol;

import java.util.List;

/**
 * The outcome of one test (one invocation of a parameterized test) in one run.
 *
 * @param name          stable across runs: {@code check()}, {@code MTC(int)[3]}; the class name for
 *                      a failure of the class itself (a static initializer, {@code @BeforeAll})
 * @param status        one of the {@code STATUS_} constants
 * @param durationMs    how long it ran
 * @param message       the failure's message; {@code null} when passed or when there is none
 * @param exceptionType the class of the failure's exception; {@code null} when passed
 * @param frames        at most five stack frames, the assertion library's own left out;
 *                      {@code null} when there is no exception
 */
public record TestResult(String name, String status, long durationMs, String message, String exceptionType,
        List<String> frames) {

    public static final String PASSED = "passed";
    /** An assertion failed: {@code java.lang.AssertionError} or a subclass (opentest4j's included). */
    public static final String FAILED = "failed";
    /** Any other exception. */
    public static final String ERRORED = "errored";
    /** Ran longer than the test timeout; the worker was killed and restarted. */
    public static final String TIMED_OUT = "timedOut";
    /** The worker died while it ran (System.exit, Runtime.halt, out of memory, a JVM crash). */
    public static final String CRASHED = "crashed";
    /** Disabled, or an assumption did not hold. */
    public static final String SKIPPED = "skipped";
}
