package io.mrcoupler.worker;

import java.util.ArrayList;
import java.util.List;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.launcher.TestIdentifier;

/** How a JUnit event becomes the name, status, message and frames of docs/protocol.md. */
final class Outcomes {

    static final int MAX_FRAMES = 5;
    static final int MAX_MESSAGE = 4000;

    // Leading frames of these packages say how an assertion failed, not where: skipped.
    private static final String[] ASSERTION_LIBRARIES = {
        "org.junit.", "junit.", "org.opentest4j.", "org.hamcrest.", "org.assertj.", "com.google.common.truth.",
    };

    private Outcomes() {
    }

    /** {@code passed}, {@code failed} (an assertion), {@code errored} or {@code skipped} (aborted). */
    static String status(TestExecutionResult result) {
        switch (result.getStatus()) {
            case SUCCESSFUL:
                return "passed";
            case ABORTED:
                return "skipped"; // an assumption did not hold
            default:
                Throwable t = result.getThrowable().orElse(null);
                // org.opentest4j.AssertionFailedError, MultipleFailuresError and JUnit 4's failures
                // all extend java.lang.AssertionError.
                return t instanceof AssertionError ? "failed" : "errored";
        }
    }

    static String message(Throwable t) {
        if (t == null) {
            return null;
        }
        String message = t.getMessage();
        if (message == null && t.getCause() != null) {
            // An ExceptionInInitializerError says nothing itself: what failed is its cause.
            message = "caused by " + t.getCause();
        }
        if (message == null) {
            return null;
        }
        return message.length() <= MAX_MESSAGE ? message : message.substring(0, MAX_MESSAGE) + "...";
    }

    /**
     * The first frames after the assertion library's own, at most {@link #MAX_FRAMES}, then the test
     * method's frame when they did not reach it; for an {@link ExceptionInInitializerError}, its cause's.
     */
    static List<String> frames(Throwable t) {
        List<String> frames = new ArrayList<>();
        if (t == null) {
            return frames;
        }
        // A failed static initialiser: where it failed (whose initialiser, the test's own or the
        // code's) is on its cause's stack, which also reaches the test method that loaded the class.
        if (t instanceof ExceptionInInitializerError && t.getCause() != null) {
            t = t.getCause();
        }
        StackTraceElement[] stack = t.getStackTrace();
        int start = 0;
        while (start < stack.length && fromAssertionLibrary(stack[start].getClassName())) {
            start++;
        }
        if (start == stack.length) {
            start = 0; // all library frames: better these than nothing
        }
        int i = start;
        for (; i < stack.length && frames.size() < MAX_FRAMES; i++) {
            frames.add(frame(stack[i]));
        }
        // The test method's own frame says which statement of the test failed (building an input,
        // or calling the class on its own output); a deep stack inside a library would cut it.
        int test = testMethodFrame(stack);
        if (test >= i) {
            frames.add(frame(stack[test]));
        }
        return frames;
    }

    /** The frame JUnit called by reflection: the test method's; -1 when there is none. */
    static int testMethodFrame(StackTraceElement[] stack) {
        for (int i = 1; i < stack.length; i++) {
            String c = stack[i].getClassName();
            if (c.startsWith("jdk.internal.reflect.") || c.startsWith("sun.reflect.")
                    || c.startsWith("java.lang.reflect.")) {
                return i - 1;
            }
        }
        return -1;
    }

    /** {@code com.acme.FooTest.m(FooTest.java:31)}, without the module or loader prefixes of Java 9+. */
    private static String frame(StackTraceElement e) {
        String where;
        if (e.isNativeMethod()) {
            where = "Native Method";
        } else if (e.getFileName() == null) {
            where = "Unknown Source";
        } else if (e.getLineNumber() >= 0) {
            where = e.getFileName() + ":" + e.getLineNumber();
        } else {
            where = e.getFileName();
        }
        return e.getClassName() + "." + e.getMethodName() + "(" + where + ")";
    }

    private static boolean fromAssertionLibrary(String className) {
        for (String prefix : ASSERTION_LIBRARIES) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The name a test is reported by, stable across runs so the core can compare a test on the
     * original and on each mutant: for Jupiter the path below the class, e.g. {@code check()},
     * {@code MTC(int)[3]} (the third invocation), {@code Inner.check()}; for JUnit 4 the method,
     * e.g. {@code check()}; for the class itself its name; otherwise the display name.
     */
    static String name(TestIdentifier identifier) {
        List<UniqueId.Segment> segments;
        try {
            segments = UniqueId.parse(identifier.getUniqueId()).getSegments();
        } catch (RuntimeException e) {
            return identifier.getDisplayName();
        }
        int classAt = -1;
        for (int i = 0; i < segments.size() && classAt < 0; i++) {
            String type = segments.get(i).getType();
            if (type.equals("class") || type.equals("runner")) {
                classAt = i;
            }
        }
        if (classAt < 0) {
            return identifier.getDisplayName();
        }
        if (classAt == segments.size() - 1) {
            return segments.get(classAt).getValue();
        }
        if (segments.get(0).getValue().equals("junit-vintage")) {
            return vintage(segments.get(segments.size() - 1).getValue(), segments.get(classAt).getValue());
        }
        StringBuilder name = new StringBuilder();
        for (int i = classAt + 1; i < segments.size(); i++) {
            String type = segments.get(i).getType();
            String value = segments.get(i).getValue();
            if (type.equals("nested-class")) {
                name.append(value).append('.');
            } else if (type.equals("test-template-invocation") || type.equals("dynamic-test")
                    || type.equals("dynamic-container")) {
                name.append('[').append(value.startsWith("#") ? value.substring(1) : value).append(']');
            } else {
                name.append(value); // method, test-template, test-factory: "m(int)"
            }
        }
        return name.toString();
    }

    /** {@code check(com.acme.FooTest)} becomes {@code check()}; {@code check[0](...)} {@code check[0]()}. */
    private static String vintage(String value, String className) {
        String suffix = "(" + className + ")";
        if (value.endsWith(suffix)) {
            return value.substring(0, value.length() - suffix.length()) + "()";
        }
        return value;
    }
}
