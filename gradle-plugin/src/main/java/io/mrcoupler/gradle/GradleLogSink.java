package io.mrcoupler.gradle;

import io.mrcoupler.bridge.LogSink;
import io.mrcoupler.bridge.protocol.Progress;
import org.gradle.api.logging.Logger;

/**
 * Prints the core's log lines through a task's logger. The core's info lines are the answer the user
 * asked for, so they go out at LIFECYCLE (shown without --info); the core's debug lines go to INFO,
 * the level Gradle users turn on for details (Gradle's DEBUG is for Gradle's own internals).
 *
 * <p>Tasks that run tests also show the core's progress, once per change, so a long run is not silent
 * and a CI log stays short (one line per batch at most).
 */
final class GradleLogSink implements LogSink {

    private final Logger logger;
    private final boolean showProgress;
    private String lastProgress;

    GradleLogSink(Logger logger) {
        this(logger, false);
    }

    GradleLogSink(Logger logger, boolean showProgress) {
        this.logger = logger;
        this.showProgress = showProgress;
    }

    @Override
    public void debug(String message) {
        logger.info(message);
    }

    @Override
    public void info(String message) {
        logger.lifecycle(message);
    }

    @Override
    public void warn(String message) {
        logger.warn(message);
    }

    @Override
    public void error(String message) {
        logger.error(message);
    }

    @Override
    public void progress(Progress progress) {
        if (!showProgress || progress.message() == null || progress.message().isBlank()) {
            return;
        }
        // Done/total count targets, or the kept tests in check: the core's unit, shown as it gives it.
        String line = "[" + progress.phase() + " " + progress.targetsDone() + "/" + progress.targetsTotal() + "] "
                + progress.message();
        if (line.equals(lastProgress)) {
            return;
        }
        lastProgress = line;
        // A multi-line message (a check verdict) is printed in full by the core's own lines.
        if (line.contains("\n")) {
            logger.info(line);
        } else {
            logger.lifecycle(line);
        }
    }
}
