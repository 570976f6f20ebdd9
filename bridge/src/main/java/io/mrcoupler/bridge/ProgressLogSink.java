package io.mrcoupler.bridge;

import io.mrcoupler.bridge.protocol.Progress;

/**
 * A {@link LogSink} that also prints the core's progress, once per change, so a long run is not
 * silent and a CI log stays short (one line per batch at most). The plugins extend it with their
 * build tool's levels.
 */
public abstract class ProgressLogSink implements LogSink {

    private final boolean showProgress;
    private String lastProgress;

    protected ProgressLogSink(boolean showProgress) {
        this.showProgress = showProgress;
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
            debug(line);
        } else {
            info(line);
        }
    }
}
