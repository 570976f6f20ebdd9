package io.mrcoupler.bridge;

import io.mrcoupler.bridge.protocol.LogLine;
import io.mrcoupler.bridge.protocol.Protocol;
import java.time.Duration;

/**
 * Prints what the core says while one of its {@code next} calls is still working (each LLM answer,
 * each retry with its reason, a hung service at its first timeout), so a user watches a long LLM
 * phase as it goes. A daemon thread polls the core's live lines ({@code poll}, docs/protocol.md)
 * every {@link #INTERVAL}; the session prints an action's own lines through {@link #print}, under
 * the same lock, so the build shows every line once and in order. Decides nothing.
 */
final class LivePoller implements AutoCloseable {

    static final Duration INTERVAL = Duration.ofMillis(250);

    private final Session.Core core;
    private final LogSink log;
    private final Thread thread;
    private volatile boolean running = true;

    private LivePoller(Session.Core core, LogSink log) {
        this.core = core;
        this.log = log;
        this.thread = new Thread(this::pollUntilClosed, "mr-coupler-live-log");
        thread.setDaemon(true);
    }

    static LivePoller start(Session.Core core, LogSink log) {
        LivePoller poller = new LivePoller(core, log);
        poller.thread.start();
        return poller;
    }

    /** Prints lines the session received with an action, after any the poller took before them. */
    void print(Iterable<LogLine> lines) {
        synchronized (this) {
            lines.forEach(log::log);
        }
    }

    private void pollUntilClosed() {
        while (running) {
            try {
                Thread.sleep(INTERVAL.toMillis());
                pollOnce();
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // A poll that fails loses nothing: the lines come with the next action instead.
                log.debug("MR-Coupler could not poll the core's live log lines: " + e.getMessage());
            }
        }
    }

    private void pollOnce() {
        synchronized (this) {
            if (!running) {
                return;
            }
            LogLine[] lines = Protocol.fromJson(core.poll(), LogLine[].class);
            if (lines != null) {
                for (LogLine line : lines) {
                    log.log(line);
                }
            }
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            running = false;
        }
        thread.interrupt();
    }
}
