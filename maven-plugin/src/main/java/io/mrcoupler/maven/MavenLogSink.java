package io.mrcoupler.maven;

import io.mrcoupler.bridge.ProgressLogSink;
import org.apache.maven.plugin.logging.Log;

/**
 * Prints the core's log lines through Maven's {@link Log}, each at its own level; goals that run
 * tests also show the core's progress (see {@link ProgressLogSink}).
 */
final class MavenLogSink extends ProgressLogSink {

    private final Log log;

    MavenLogSink(Log log) {
        this(log, false);
    }

    MavenLogSink(Log log, boolean showProgress) {
        super(showProgress);
        this.log = log;
    }

    @Override
    public void debug(String message) {
        log.debug(message);
    }

    @Override
    public void info(String message) {
        log.info(message);
    }

    @Override
    public void warn(String message) {
        log.warn(message);
    }

    @Override
    public void error(String message) {
        log.error(message);
    }
}
