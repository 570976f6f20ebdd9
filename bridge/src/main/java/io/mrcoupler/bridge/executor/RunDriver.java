package io.mrcoupler.bridge.executor;

import io.mrcoupler.bridge.protocol.Run;
import io.mrcoupler.bridge.protocol.RunResult;
import io.mrcoupler.bridge.protocol.TestResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs one test class on one mutant in the worker and turns its events into a {@link RunResult}.
 *
 * <p>The timeout is the executor's: when no event comes within the limit of the test in flight
 * ({@link TestTimeouts}: the batch's {@code testTimeoutMs}, on a mutant a multiple of the test's
 * time on the original), it has overrun; the worker is killed and the test reported
 * {@code timedOut}. When the worker dies, the test in flight is reported {@code crashed}. Either
 * way a new worker runs the class again without the tests that finished already and without the
 * culprit (for a parameterized test, its remaining invocations go with it), until every test has
 * an outcome; except that a timeout on a mutant ends the run when the core asked so ({@code
 * stopMutantAtFirstTimeout}): one looping mutant then costs one timeout, not one per test. When
 * the culprit is not a test but the class itself (a static initializer, {@code @BeforeAll}), the
 * class gets the outcome and the run ends.
 */
final class RunDriver {

    // Each attempt excludes one more test, so this only guards against a worker that dies at once.
    private static final int MAX_ATTEMPTS = 10_000;

    private final WorkerPool workers;
    private final TestTimeouts timeouts;

    RunDriver(WorkerPool workers, TestTimeouts timeouts) {
        this.workers = workers;
        this.timeouts = timeouts;
    }

    RunResult run(Run run, List<Path> classDirs) {
        long start = System.nanoTime();
        Map<String, TestResult> results = new LinkedHashMap<>();
        Set<String> exclude = new LinkedHashSet<>();
        boolean lostBeforeStart = false;
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            WorkerProcess worker = workers.get();
            if (!worker.run(run.testClass(), run.mutant(), classDirs, exclude)) {
                // It died between runs (a thread an earlier test left behind); not this run's doing.
                workers.kill();
                if (lostBeforeStart) {
                    return finish(run, start, true, results); // twice: give up rather than loop
                }
                lostBeforeStart = true;
                continue;
            }
            Attempt one = new Attempt(worker, run.testClass(), run.mutant());
            Ending ending = one.follow(results, exclude);
            if (ending == Ending.DONE) {
                return finish(run, start, !one.notFound, results);
            }
            if (ending == Ending.CLASS_ENDED) {
                return finish(run, start, true, results);
            }
            // Ending.RETRY: a test died; the rest of the class runs in a new worker.
        }
        return finish(run, start, true, results);
    }

    private static RunResult finish(Run run, long start, boolean ran, Map<String, TestResult> results) {
        long ms = (System.nanoTime() - start) / 1_000_000;
        return new RunResult(run.testClass(), run.mutant(), ran, ms, new ArrayList<>(results.values()));
    }

    private enum Ending { DONE, RETRY, CLASS_ENDED }

    /** One request to one worker, followed to its "done", its death or its timeout. */
    private final class Attempt {
        private final WorkerProcess worker;
        private final LinkedHashMap<String, WorkerEvent> inFlight = new LinkedHashMap<>();
        private final Map<String, Long> startedAt = new LinkedHashMap<>();
        private final String testClass;
        private final int mutant;
        private boolean notFound;

        Attempt(WorkerProcess worker, String testClass, int mutant) {
            this.worker = worker;
            this.testClass = testClass;
            this.mutant = mutant;
        }

        Ending follow(Map<String, TestResult> results, Set<String> exclude) {
            TestTimeouts.Limit limit = timeouts.limit(testClass, mutant, null);
            long deadline = System.nanoTime() + limit.ms() * 1_000_000;
            while (true) {
                long left = (deadline - System.nanoTime()) / 1_000_000;
                WorkerEvent event = left <= 0 ? null : worker.next(left);
                if (event == null) {
                    workers.kill();
                    boolean stop = timeouts.stopsAtFirstTimeout(mutant);
                    Ending ending = culprit(results, exclude, TestResult.Status.TIMED_OUT, "did not finish within "
                            + limit.description() + "; the worker JVM running it was stopped"
                            + (stop ? ", and the mutant's remaining tests were not run" : ""));
                    return stop ? Ending.CLASS_ENDED : ending;
                }
                if (event == WorkerEvent.EXIT) {
                    String why = "the worker JVM died while this ran (exit code " + worker.exitCode()
                            + "; System.exit, Runtime.halt, out of memory or a JVM crash); its last output: "
                            + worker.lastOutput(300);
                    workers.kill();
                    return culprit(results, exclude, TestResult.Status.CRASHED, why);
                }
                switch (event.event()) {
                    case WorkerEvent.STARTED -> {
                        inFlight.put(event.id(), event);
                        startedAt.put(event.id(), System.nanoTime());
                    }
                    case WorkerEvent.FINISHED -> finished(event, results, exclude);
                    case WorkerEvent.DONE -> {
                        done(event, results);
                        return Ending.DONE;
                    }
                    default -> {
                        // an event of a newer worker: ignored
                    }
                }
                limit = timeouts.limit(testClass, mutant, innermost());
                deadline = System.nanoTime() + limit.ms() * 1_000_000;
            }
        }

        /** The id of the test or container that started last and has not finished; null before any. */
        private String innermost() {
            String last = null;
            for (String id : inFlight.keySet()) {
                last = id;
            }
            return last;
        }

        private void finished(WorkerEvent event, Map<String, TestResult> results, Set<String> exclude) {
            inFlight.remove(event.id());
            startedAt.remove(event.id());
            if (mutant == 0) {
                timeouts.onOriginal(testClass, event.id(), event.durationMs());
            }
            // Tests always; containers only when they failed (a static initializer, @BeforeAll).
            TestResult.Status status = TestResult.Status.ofWorker(event.status());
            if (event.test() || status != TestResult.Status.PASSED) {
                results.put(event.id(), new TestResult(event.name(), status, event.durationMs(),
                        event.message(), event.exceptionType(), event.frames()));
            }
            if (event.id().equals(event.leaf())) {
                exclude.add(event.id()); // finished: a rerun in another worker leaves it out
            }
        }

        private void done(WorkerEvent event, Map<String, TestResult> results) {
            if (event.dirty()) {
                workers.retire(); // a stray thread or a security manager: the next run gets a new JVM
            }
            if (event.notFound() != null) {
                notFound = true;
            } else if (event.error() != null) {
                results.put("", new TestResult(testClass, TestResult.Status.ERRORED, 0, event.error(), null, null));
            }
        }

        /** Reports the innermost thing in flight as {@code status}; says whether to go on. */
        private Ending culprit(Map<String, TestResult> results, Set<String> exclude, TestResult.Status status,
                String message) {
            WorkerEvent culprit = null;
            for (WorkerEvent e : inFlight.values()) {
                culprit = e; // the last started is the innermost
            }
            if (culprit == null) {
                results.put("", new TestResult(testClass, status, 0, message, null, null));
                return Ending.CLASS_ENDED;
            }
            long ms = (System.nanoTime() - startedAt.get(culprit.id())) / 1_000_000;
            results.put(culprit.id(), new TestResult(culprit.name(), status, ms, message, null, null));
            if (culprit.leaf() == null || culprit.leaf().isEmpty() || !exclude.add(culprit.leaf())) {
                return Ending.CLASS_ENDED; // the class itself (or a test we cannot leave out) died
            }
            return Ending.RETRY;
        }
    }
}
