package io.mrcoupler.bridge;

/** A log sink for the evaluations: the session's lines go nowhere but errors; the figures are the output. */
final class QuietLog implements LogSink {
    @Override
    public void debug(String message) {
    }

    @Override
    public void info(String message) {
    }

    @Override
    public void warn(String message) {
    }

    @Override
    public void error(String message) {
        System.err.println(message);
    }
}
