package io.mrcoupler.bridge.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The worker JVM dies with the build: it halts on its own when its stdin ends or its parent process
 * is gone, even while a test loops forever on its main thread (Surefire's forked JVMs behave so).
 */
class WorkerLifetimeTest {

    /** io.mrcoupler.worker.Watchdog.ORPHANED: the worker ended because its executor was gone. */
    private static final int ORPHANED = 3;
    private static final long GONE_WITHIN_MS = 5_000;

    @TempDir
    Path dir;
    Executor executor;
    Path classes;

    @BeforeEach
    void setUp() throws IOException {
        Fixture project = Fixture.create(dir);
        executor = new Executor(project.settings());
        classes = compileSpinTest();
    }

    @AfterEach
    void tearDown() {
        executor.close();
    }

    @Test
    void theWorkerHaltsWhenItsStdinEndsWhileATestLoops() throws Exception {
        WorkerProcess worker = start(executor.workerCommand());
        try {
            awaitSpinning(worker);

            worker.closeInput(); // what the death of the build's JVM does to the pipe

            assertGone(worker);
        } finally {
            worker.kill();
        }
    }

    @Test
    @EnabledOnOs(OS.LINUX) // the parent is watched through /proc
    void theWorkerHaltsWhenItsParentDiesWhileATestLoopsAndItsStdinStaysOpen() throws Exception {
        // The watched parent is a process of this test's own, so it can die while the pipe stays open.
        Process parent = new ProcessBuilder("sleep", "600").start();
        List<String> command = new ArrayList<>();
        for (String arg : executor.workerCommand()) {
            command.add(arg.startsWith("-Dmrcoupler.parentPid=") ? "-Dmrcoupler.parentPid=" + parent.pid() : arg);
        }
        WorkerProcess worker = start(command);
        try {
            awaitSpinning(worker);
            Thread.sleep(1200); // the watchdog has looked at the parent a few times and found it alive
            assertTrue(worker.isAlive(), "the worker must live while its parent does");

            parent.destroyForcibly();
            parent.waitFor(10, TimeUnit.SECONDS); // reaped: gone from /proc, not a zombie

            assertGone(worker);
        } finally {
            parent.destroyForcibly();
            worker.kill();
        }
    }

    @Test
    void theWorkersCommandLineCarriesTheMarkerWithTheExecutorsFolder() {
        assertTrue(executor.workerCommand().contains(Executor.MARKER_PROPERTY + "=" + executor.home()),
                executor.workerCommand().toString());
    }

    private WorkerProcess start(List<String> command) {
        Path log = executor.home().resolve("lifetime-" + System.nanoTime() + ".log");
        WorkerProcess worker = WorkerProcess.launch(command, executor.workingDir(), Map.copyOf(System.getenv()), log);
        List<Path> projectClasspath = new ArrayList<>(TestJars.junitApis());
        worker.awaitReady(Duration.ofSeconds(60), projectClasspath);
        return worker;
    }

    /** Asks for the looping test and waits until it runs. */
    private void awaitSpinning(WorkerProcess worker) {
        assertTrue(worker.run("com.acme.SpinTest", 0, List.of(classes), List.of()));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            WorkerEvent event = worker.next(1000);
            assertFalse(event == WorkerEvent.EXIT, "the worker died before the test started: "
                    + worker.lastOutput(500));
            if (event != null && event.is(WorkerEvent.STARTED) && event.test()) {
                return;
            }
        }
        throw new AssertionError("the looping test never started");
    }

    private static void assertGone(WorkerProcess worker) throws InterruptedException {
        long start = System.nanoTime();
        // Wait on the Process itself: the OS may report the pid gone before the JDK's reaper thread
        // has collected its exit (seen on a loaded machine: gone for ProcessHandle, alive for Process).
        while (worker.isAlive() && System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(GONE_WITHIN_MS)) {
            Thread.sleep(50);
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertFalse(worker.isAlive(), "the worker still runs " + ms + " ms later");
        assertEquals(ORPHANED, worker.exitCode(), "it halted itself (exit code " + ORPHANED + ") after " + ms + " ms");
    }

    /** com.acme.SpinTest, whose one test never ends, compiled into a folder of its own. */
    private Path compileSpinTest() throws IOException {
        Path src = dir.resolve("spin/com/acme/SpinTest.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, """
                package com.acme;

                import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

                public class SpinTest {
                    @Test void spins() { while (true) { } }
                }
                """);
        Path out = Files.createDirectories(dir.resolve("spin-classes"));
        String cp = TestJars.junitApis().stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
        // Release 8: -Dmrcoupler.test.javaHome may run the worker on an old JDK.
        int status = ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "8", "-cp", cp, "-d",
                out.toString(), src.toString());
        assertEquals(0, status, "SpinTest should compile");
        return out;
    }
}
