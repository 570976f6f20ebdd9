package io.mrcoupler.worker;

import java.io.PrintStream;

/**
 * The worker's side of the protocol stream (its real stdout). Every message is one line that
 * starts with {@link #PREFIX}: the executor ignores anything else, so a test that writes to
 * {@code FileDescriptor.out} directly cannot forge or break a message. Each line is flushed at
 * once: when a test hangs or kills the JVM, its "started" line must already be out.
 */
final class Channel {

    static final String PREFIX = "@@mrc ";

    private final PrintStream out;

    Channel(PrintStream out) {
        this.out = out;
    }

    synchronized void send(String json) {
        // A newline first: ends whatever a test may have written without one.
        out.print("\n" + PREFIX + json + "\n");
        out.flush();
    }
}
