package io.mrcoupler.gradle;

import io.mrcoupler.bridge.ProgressLogSink;
import org.gradle.api.logging.Logger;

/**
 * Prints the core's log lines through a task's logger. The core's info lines are the answer the user
 * asked for, so they go out at LIFECYCLE (shown without --info); the core's debug lines go to INFO,
 * the level Gradle users turn on for details (Gradle's DEBUG is for Gradle's own internals). Tasks
 * that run tests also show the core's progress (see {@link ProgressLogSink}).
 */
final class GradleLogSink extends ProgressLogSink {

    private final Logger logger;

    GradleLogSink(Logger logger) {
        this(logger, false);
    }

    GradleLogSink(Logger logger, boolean showProgress) {
        super(showProgress);
        this.logger = logger;
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
}
