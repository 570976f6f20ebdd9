package io.mrcoupler.bridge.executor;

import io.mrcoupler.bridge.MrCouplerException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The executor's one worker JVM: started on first use, replaced when it dies, is killed, or is left
 * in a state a run cannot undo, and recycled after {@link #RUNS_PER_WORKER} runs so class loaders a
 * test pinned (a thread it left, a static cache of the JDK) cannot pile up.
 *
 * <p>The session's thread uses it; {@link #shutDown()} may come from another thread (the build's
 * JVM shutting down), so the current worker is only swapped under this object's lock, and no
 * worker starts after it.
 */
final class WorkerPool implements AutoCloseable {

    static final int RUNS_PER_WORKER = 1000;
    static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);

    private final List<String> command;
    private final Path workingDir;
    private final Map<String, String> environment;
    private final Path log;
    private final List<Path> projectClasspath;
    private WorkerProcess current;
    private int started;
    private boolean shutDown;

    WorkerPool(List<String> command, Path workingDir, Map<String, String> environment, Path log,
            List<Path> projectClasspath) {
        this.command = List.copyOf(command);
        this.workingDir = workingDir;
        this.environment = Map.copyOf(environment);
        this.log = log;
        this.projectClasspath = List.copyOf(projectClasspath);
    }

    /**
     * Starts a worker if there is none, without waiting: it boots while the batch compiles.
     *
     * @throws MrCouplerException after {@link #shutDown()}
     */
    synchronized void prestart() {
        if (shutDown) {
            throw new MrCouplerException("The test worker was stopped because the build is ending (interrupted or"
                    + " killed); no more tests run.");
        }
        if (current != null && (!current.isAlive() || current.runs() >= RUNS_PER_WORKER)) {
            retire();
        }
        if (current == null) {
            current = WorkerProcess.launch(command, workingDir, environment, log);
            started++;
        }
    }

    /** A live, ready worker, started if there is none. */
    WorkerProcess get() {
        WorkerProcess worker;
        synchronized (this) {
            prestart();
            worker = current;
        }
        // Outside the lock: a shutdown must be able to kill a worker that is still booting.
        worker.awaitReady(STARTUP_TIMEOUT, projectClasspath);
        return worker;
    }

    /** Kills the current worker (a test overran its time); the next {@link #get} starts another. */
    synchronized void kill() {
        if (current != null) {
            current.kill();
            current = null;
        }
    }

    /** Lets the current worker go; the next {@link #get} starts another. */
    synchronized void retire() {
        if (current != null) {
            if (current.isAlive()) {
                current.quit();
            }
            current = null;
        }
    }

    /** Kills the current worker and refuses to start another: the build is ending. */
    synchronized void shutDown() {
        shutDown = true;
        kill();
    }

    /** Worker JVMs started so far (for tests and the benchmark). */
    synchronized int started() {
        return started;
    }

    /** The current worker, or null (for tests). */
    synchronized WorkerProcess current() {
        return current;
    }

    @Override
    public synchronized void close() {
        retire();
        shutDown = true;
    }
}
