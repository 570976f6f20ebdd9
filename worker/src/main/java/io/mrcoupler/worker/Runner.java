package io.mrcoupler.worker;

import io.mrcoupler.runtime.MutantSwitch;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.PostDiscoveryFilter;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs one test class on one mutant: a fresh {@link RunClassLoader}, the mutant switch set, the
 * JUnit Platform launcher (created once; its engines are the worker's) on a thread group of its
 * own, then the JVM state put back. Tests the executor lists in {@code exclude} (run already, or
 * the one that killed the previous worker) are filtered out after discovery.
 */
final class Runner {

    private final Channel channel;
    private final BoundedOutput output;
    private final JvmState state;
    private final List<URL> projectClasspath;
    private final Launcher launcher;
    private int runs;

    Runner(Channel channel, BoundedOutput output, JvmState state, List<URL> projectClasspath) {
        this.channel = channel;
        this.output = output;
        this.state = state;
        this.projectClasspath = projectClasspath;
        this.launcher = LauncherFactory.create();
        warmUp();
    }

    /**
     * Discovers and executes a class without tests once, so the engines' code is loaded and
     * initialised before the first real run; the executor starts the worker while it compiles, so
     * this time is not waited for.
     */
    private void warmUp() {
        try {
            launcher.execute(LauncherDiscoveryRequestBuilder.request()
                    .selectors(DiscoverySelectors.selectClass(WorkerMain.class)).build());
        } catch (RuntimeException e) {
            // An engine that cannot start shows up again, and is reported, in the first real run.
        }
    }

    void run(String testClass, int mutant, List<Path> classDirs, List<String> exclude) throws InterruptedException {
        runs++;
        output.startRun("run " + runs + ": " + testClass + " on mutant " + mutant);
        RunClassLoader loader = new RunClassLoader(classDirs, projectClasspath, Runner.class.getClassLoader());
        String[] problem = new String[2]; // {notFound, error}
        ThreadGroup group = new ThreadGroup("mr-coupler-run-" + runs);
        Thread thread = new Thread(group, () -> execute(loader, testClass, new HashSet<>(exclude), problem),
                "mr-coupler-run-" + runs);
        thread.setContextClassLoader(loader);
        MutantSwitch.ID = mutant;
        thread.start();
        thread.join();
        MutantSwitch.ID = 0;
        boolean strayThreads = strayThreads(group, thread);
        state.restore();
        if (!strayThreads) {
            try {
                loader.close();
            } catch (IOException ignored) {
                // only releases jar handles early
            }
        }
        channel.send(Wire.object("event", "done", "dirty", strayThreads || state.cannotBeRestored(),
                "notFound", problem[0], "error", problem[1]));
    }

    /**
     * Runs the class; when it cannot, says why in {@code problem}: [0] the class does not exist,
     * [1] it exists but JUnit could not run it.
     */
    private void execute(ClassLoader loader, String testClass, Set<String> exclude, String[] problem) {
        Class<?> type;
        try {
            type = Class.forName(testClass, false, loader);
        } catch (ClassNotFoundException e) {
            problem[0] = "the test class " + testClass + " is neither among the compiled sources nor on the"
                    + " project's test classpath";
            return;
        } catch (LinkageError e) {
            problem[1] = "the test class " + testClass + " could not be loaded: " + e;
            return;
        }
        PostDiscoveryFilter filter = descriptor -> exclude.contains(descriptor.getUniqueId().toString())
                ? FilterResult.excluded("ran in an earlier worker")
                : FilterResult.included(null);
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectClass(type))
                .filters(filter)
                // One test at a time, whatever junit-platform.properties says: the executor's
                // timeouts and crash reports name the single test in flight.
                .configurationParameter("junit.jupiter.execution.parallel.enabled", "false")
                .build();
        try {
            launcher.execute(request, new RunListener(channel));
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            // Engines report test failures as events; this is JUnit itself failing (no engine for
            // the class, an engine of another JUnit version).
            problem[1] = "JUnit could not run " + testClass + ": " + e;
        }
    }

    /** Whether a test left a non-daemon thread running (it would go on burning a core). */
    private static boolean strayThreads(ThreadGroup group, Thread runThread) {
        Thread[] threads = new Thread[group.activeCount() + 16];
        int n = group.enumerate(threads, true);
        for (int i = 0; i < n; i++) {
            if (threads[i] != runThread && threads[i].isAlive() && !threads[i].isDaemon()) {
                return true;
            }
        }
        return false;
    }
}
