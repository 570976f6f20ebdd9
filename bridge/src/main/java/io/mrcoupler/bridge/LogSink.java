package io.mrcoupler.bridge;

import io.mrcoupler.bridge.protocol.LogLine;
import io.mrcoupler.bridge.protocol.Progress;

/**
 * Where a session's log lines go: each plugin implements this over its build tool's logger (Maven's
 * {@code Log}, Gradle's task logger) and prints each line at its level, in order.
 */
public interface LogSink {

    void debug(String message);

    void info(String message);

    void warn(String message);

    void error(String message);

    /** Called with the progress of every action before its log lines; ignored unless overridden. */
    default void progress(Progress progress) {
    }

    /** Prints one line of the core at its level. */
    default void log(LogLine line) {
        String message = line.message() == null ? "" : line.message();
        String level = line.level() == null ? LogLine.INFO : line.level();
        switch (level) {
            case LogLine.DEBUG -> debug(message);
            case LogLine.WARN -> warn(message);
            case LogLine.ERROR -> error(message);
            // A level added by a newer core is still shown rather than lost.
            default -> info(message);
        }
    }
}
