package io.mrcoupler.bridge.protocol;

import com.google.gson.annotations.SerializedName;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The outcome of one test (one invocation of a parameterized test) in one run.
 *
 * @param name          stable across runs: {@code check()}, {@code MTC(int)[3]}; the class name for
 *                      a failure of the class itself (a static initializer, {@code @BeforeAll})
 * @param status        how it ended
 * @param durationMs    how long it ran
 * @param message       the failure's message; {@code null} when passed or when there is none
 * @param exceptionType the class of the failure's exception; {@code null} when passed
 * @param frames        at most five stack frames, the assertion library's own left out;
 *                      {@code null} when there is no exception
 */
public record TestResult(String name, Status status, long durationMs, String message, String exceptionType,
        List<String> frames) {

    /** How a test ended; the wire names are docs/protocol.md's. */
    public enum Status {
        @SerializedName("passed")
        PASSED,
        /** An assertion failed: {@code java.lang.AssertionError} or a subclass (opentest4j's included). */
        @SerializedName("failed")
        FAILED,
        /** Any other exception. */
        @SerializedName("errored")
        ERRORED,
        /** Ran longer than the test timeout; the worker was killed and restarted. */
        @SerializedName("timedOut")
        TIMED_OUT,
        /** The worker died while it ran (System.exit, Runtime.halt, out of memory, a JVM crash). */
        @SerializedName("crashed")
        CRASHED,
        /** Disabled, or an assumption did not hold. */
        @SerializedName("skipped")
        SKIPPED;

        // The names Gson writes, read from the annotations so the two never differ.
        private static final Map<String, Status> BY_WIRE_NAME = new HashMap<>();

        static {
            for (Status s : values()) {
                try {
                    BY_WIRE_NAME.put(Status.class.getField(s.name()).getAnnotation(SerializedName.class).value(), s);
                } catch (NoSuchFieldException e) {
                    throw new IllegalStateException("enum constant without its field: " + s, e);
                }
            }
        }

        /**
         * The status the worker JVM wrote ({@code passed}, {@code failed}, {@code errored},
         * {@code skipped}).
         *
         * @throws IllegalArgumentException for a name no status has: a worker of another release
         */
        public static Status ofWorker(String wire) {
            Status status = BY_WIRE_NAME.get(wire);
            if (status != null) {
                return status;
            }
            throw new IllegalArgumentException("the worker JVM reported the test status '" + wire
                    + "', which this bridge does not know; use the worker and bridge of one MR-Coupler release");
        }
    }
}
