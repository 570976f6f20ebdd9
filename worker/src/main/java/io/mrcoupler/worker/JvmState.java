package io.mrcoupler.worker;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Properties;
import java.util.TimeZone;

/**
 * The JVM-wide settings a test can change and the next run must not inherit: system properties,
 * the default locale and time zone, the standard streams, the default uncaught exception handler.
 * Taken once when the worker starts and put back after every run. What cannot be put back (a
 * security manager) makes the run "dirty" and the executor replaces the worker.
 */
final class JvmState {

    private final PrintStream output;
    private final InputStream input;
    private final Properties properties;
    private final Locale locale;
    private final TimeZone timeZone;
    private final Thread.UncaughtExceptionHandler handler;

    JvmState(PrintStream output, InputStream input) {
        this.output = output;
        this.input = input;
        this.properties = (Properties) System.getProperties().clone();
        this.locale = Locale.getDefault();
        this.timeZone = TimeZone.getDefault();
        this.handler = Thread.getDefaultUncaughtExceptionHandler();
    }

    void restore() {
        System.setOut(output);
        System.setErr(output);
        System.setIn(input);
        System.setProperties((Properties) properties.clone());
        Locale.setDefault(locale);
        TimeZone.setDefault(timeZone);
        Thread.setDefaultUncaughtExceptionHandler(handler);
    }

    @SuppressWarnings("removal")
    boolean cannotBeRestored() {
        return System.getSecurityManager() != null;
    }
}
