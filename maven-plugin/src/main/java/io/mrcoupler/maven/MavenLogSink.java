package io.mrcoupler.maven;

import io.mrcoupler.bridge.LogSink;
import io.mrcoupler.bridge.protocol.Progress;
import org.apache.maven.plugin.logging.Log;

/**
 * Prints the core's log lines through Maven's {@link Log}, each at its own level. Goals that run
 * tests also show the core's progress, once per change, so a long run is not silent and a CI log
 * stays short (one line per batch at most).
 */
final class MavenLogSink implements LogSink {

    private final Log log;
    private final boolean showProgress;
    private String lastProgress;

    MavenLogSink(Log log) {
        this(log, false);
    }

    MavenLogSink(Log log, boolean showProgress) {
        this.log = log;
        this.showProgress = showProgress;
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
            log.debug(line);
        } else {
            log.info(line);
        }
    }
}
