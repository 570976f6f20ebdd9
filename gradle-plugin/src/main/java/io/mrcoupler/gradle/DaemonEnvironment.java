package io.mrcoupler.gradle;

import org.gradle.util.GradleVersion;

/**
 * Gradle before 4.10 running on Java 9+ cannot pass the client's environment to a daemon that is
 * already running (gradle/gradle#3468): the daemon keeps the variables it was started with. The core
 * reads the LLM API key from the build process's environment, so a key exported after the daemon
 * started is not seen. This adds that explanation to a failure naming the key variable.
 */
final class DaemonEnvironment {

    private static final GradleVersion FIXED_IN = GradleVersion.version("4.10");

    private DaemonEnvironment() {
    }

    /** What to add to the core's {@code message}; empty unless the stale daemon environment may be the cause. */
    static String hint(String message, String keyVariable) {
        if (message == null || keyVariable == null || keyVariable.isEmpty() || !message.contains(keyVariable)
                || System.getenv(keyVariable) != null || Runtime.version().feature() < 9
                || GradleVersion.current().compareTo(FIXED_IN) >= 0) {
            return "";
        }
        return "\nIf " + keyVariable + " is set in your shell: Gradle " + GradleVersion.current().getVersion()
                + " on Java 9+ keeps the environment its daemon was started with (gradle/gradle#3468). Run"
                + " `gradle --stop` and build again, or build with --no-daemon.";
    }
}
