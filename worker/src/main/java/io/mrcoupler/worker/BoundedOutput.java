package io.mrcoupler.worker;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Where {@code System.out} and {@code System.err} of the tests go: the worker's stderr (a log file
 * the executor keeps under its scratch folder), never stdout, which carries the protocol. A test
 * that prints in a loop must not fill the disk, so each run may write at most {@code limit} bytes;
 * the rest is dropped with one note saying so.
 */
final class BoundedOutput extends OutputStream {

    private final OutputStream target;
    private final long limit;
    private long written;
    private boolean noted;

    BoundedOutput(OutputStream target, long limit) {
        this.target = target;
        this.limit = limit;
    }

    /** Starts the budget of a new run, with a header line that says which run the output is of. */
    synchronized void startRun(String header) {
        written = 0;
        noted = false;
        try {
            target.write(("\n=== " + header + " ===\n").getBytes(StandardCharsets.UTF_8));
            target.flush();
        } catch (IOException ignored) {
            // The log is for people; losing it must not fail a run.
        }
    }

    @Override
    public synchronized void write(int b) throws IOException {
        if (take(1) == 1) {
            target.write(b);
        } else {
            noteDropped();
        }
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
        int n = take(length);
        if (n > 0) {
            target.write(bytes, offset, n);
        }
        if (n < length) {
            noteDropped();
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        target.flush();
    }

    private int take(int wanted) {
        int n = (int) Math.min(Math.max(0, limit - written), wanted);
        written += n;
        return n;
    }

    private void noteDropped() throws IOException {
        if (!noted) {
            noted = true;
            target.write(("\n[mr-coupler: the rest of this run's output was dropped after " + limit
                    + " bytes]\n").getBytes(StandardCharsets.UTF_8));
        }
    }
}
