package io.mrcoupler.bridge.executor;

import static io.mrcoupler.bridge.executor.Fixture.assertStillRuns;
import static io.mrcoupler.bridge.executor.Fixture.batch;
import static io.mrcoupler.bridge.executor.Fixture.jupiter;
import static io.mrcoupler.bridge.executor.Fixture.test;
import static io.mrcoupler.bridge.executor.Fixture.tests;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mrcoupler.bridge.protocol.BatchResults;
import io.mrcoupler.bridge.protocol.Run;
import io.mrcoupler.bridge.protocol.RunResult;
import io.mrcoupler.bridge.protocol.SourceFile;
import io.mrcoupler.bridge.protocol.TestResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Generated tests are untrusted: each hostile one costs its own outcome, and the next batch of the
 * same executor still runs.
 */
class HostileTestsTest {

    static final String SECRET_VARIABLE = "MRC_LLM_CREDENTIAL";

    @TempDir
    static Path dir;
    static Fixture project;
    static Executor executor;

    @BeforeAll
    static void start() throws Exception {
        project = Fixture.create(dir);
        Map<String, String> environment = new HashMap<>(System.getenv());
        environment.put(SECRET_VARIABLE, "sk-fake-secret");
        environment.put("GITHUB_TOKEN", "ghp-fake");
        environment.put("db_password", "hunter2");
        environment.put("MRC_VISIBLE", "yes");
        executor = new Executor(project.settings().withEnvironment(environment).withSecretVariable(SECRET_VARIABLE)
                .withWorkerHeap("256m").withOutputLimit(4096));
    }

    @AfterAll
    static void stop() {
        executor.close();
    }

    @Test
    void systemExitCrashesOneTestAndTheRestStillRun() {
        SourceFile source = jupiter("ExitTest", """
                    @Test void exits() { System.exit(1); }
                    @Test void passes() { assertEquals(5, new Calc().add(2, 3)); }
                """);
        int before = executor.workersStarted();

        RunResult run = executor.run(tests("exit", source, 10_000)).runs().get(0);

        TestResult exits = test(run, "exits()");
        assertEquals(TestResult.Status.CRASHED, exits.status(), run.toString());
        assertTrue(exits.message().contains("exit code 1"), exits.message());
        assertEquals(TestResult.Status.PASSED, test(run, "passes()").status(), run.toString());
        assertEquals(2, run.tests().size(), run.toString());
        assertTrue(executor.workersStarted() > before, "a new worker replaced the dead one");
        assertStillRuns(executor);
    }

    @Test
    void theUsersHomeIsTheScratchFolderForGeneratedTests() {
        Path home = Path.of(System.getProperty("user.home"));
        SourceFile source = jupiter("HomeTest", """
                    @Test void homeIsScratch() throws Exception {
                        java.nio.file.Path home = java.nio.file.Path.of(System.getProperty("user.home"));
                        assertEquals(home.toString(), System.getenv("HOME"));
                        java.nio.file.Files.writeString(home.resolve("mr-coupler-home-probe.txt"), "written");
                        assertTrue(home.toString().contains("executor-"), home.toString());
                    }
                """);

        RunResult run = executor.run(tests("home", source, 10_000)).runs().get(0);

        assertEquals(TestResult.Status.PASSED, test(run, "homeIsScratch()").status(), run.toString());
        assertFalse(Files.exists(home.resolve("mr-coupler-home-probe.txt")), "nothing was written into the real home");
    }

    @Test
    void anEndlessLoopTimesOutAndTheRestOfTheBatchRuns() {
        SourceFile source = jupiter("LoopTest", """
                    @Test void spins() { while (true) { } }
                    @Test void passes() { assertEquals(5, new Calc().add(2, 3)); }
                """);
        SourceFile after = jupiter("AfterLoopTest", "    @Test void runs() { }");
        List<Run> runs = List.of(new Run("com.acme.LoopTest", 0), new Run("com.acme.AfterLoopTest", 0));

        long start = System.nanoTime();
        BatchResults results = executor.run(batch("loop", List.of(), List.of(source, after), runs, 1500));
        long ms = (System.nanoTime() - start) / 1_000_000;

        RunResult run = results.runs().get(0);
        TestResult spins = test(run, "spins()");
        assertEquals(TestResult.Status.TIMED_OUT, spins.status(), run.toString());
        assertTrue(spins.durationMs() >= 1500, spins.toString());
        assertTrue(spins.message().contains("1500 ms"), spins.message());
        assertEquals(TestResult.Status.PASSED, test(run, "passes()").status(), run.toString());
        assertEquals(TestResult.Status.PASSED, test(results.runs().get(1), "runs()").status(), results.toString());
        assertTrue(ms < 15_000, "the timeout of 1.5 s was enforced, the batch took " + ms + " ms");
        assertStillRuns(executor);
    }

    @Test
    void runningOutOfMemoryCrashesOnlyThatTest() {
        SourceFile source = jupiter("HogTest", """
                    @Test void hogs() {
                        List<long[]> hog = new ArrayList<>();
                        while (true) {
                            hog.add(new long[1 << 20]);
                        }
                    }
                """);

        RunResult run = executor.run(tests("oom", source, 30_000)).runs().get(0);

        TestResult hogs = test(run, "hogs()");
        assertEquals(TestResult.Status.CRASHED, hogs.status(), run.toString());
        assertTrue(hogs.message().contains("OutOfMemoryError"), hogs.message());
        assertStillRuns(executor);
    }

    @Test
    void runtimeHaltCrashesOnlyThatTest() {
        SourceFile source = jupiter("HaltTest", """
                    @Test void halts() { Runtime.getRuntime().halt(3); }
                """);

        RunResult run = executor.run(tests("halt", source, 10_000)).runs().get(0);

        TestResult halts = test(run, "halts()");
        assertEquals(TestResult.Status.CRASHED, halts.status(), run.toString());
        assertTrue(halts.message().contains("exit code 3"), halts.message());
        assertStillRuns(executor);
    }

    @Test
    void deletingItsWorkingDirectoryTouchesNoProjectFile() throws Exception {
        Map<Path, String> before = project.snapshot();
        Path scratch = project.settings().scratchDir().toRealPath();
        SourceFile source = jupiter("DeleteTest", """
                    @Test void deletesEverythingItCan() throws Exception {
                        Path cwd = Paths.get("").toAbsolutePath();
                        assertTrue(cwd.startsWith("%s"), cwd + " is not under the scratch folder");
                        Files.writeString(cwd.resolve("mine.txt"), "x");
                        try (var walk = Files.walk(cwd)) {
                            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                                Files.delete(p);
                            }
                        }
                        assertFalse(Files.exists(cwd), "the working directory itself is gone");
                    }
                """.formatted(scratch));

        RunResult run = executor.run(tests("delete", source, 10_000)).runs().get(0);

        assertEquals(TestResult.Status.PASSED, test(run, "deletesEverythingItCan()").status(), run.toString());
        assertEquals(before, project.snapshot(), "the project's files are untouched");
        assertStillRuns(executor); // also checks that its working directory exists again
    }

    @Test
    void theWorkerEnvironmentHoldsNoSecret() {
        SourceFile source = jupiter("EnvTest", """
                    @Test void seesNoSecret() {
                        Map<String, String> env = System.getenv();
                        for (Map.Entry<String, String> e : env.entrySet()) {
                            assertFalse(e.getValue().contains("sk-fake-secret"), "the API key is in " + e.getKey());
                        }
                        assertFalse(env.containsKey("%s"));
                        assertFalse(env.containsKey("GITHUB_TOKEN"));
                        assertFalse(env.containsKey("db_password"));
                        assertEquals("yes", env.get("MRC_VISIBLE"), "the rest of the environment is passed on");
                    }
                """.formatted(SECRET_VARIABLE));

        RunResult run = executor.run(tests("env", source, 10_000)).runs().get(0);

        assertEquals(TestResult.Status.PASSED, test(run, "seesNoSecret()").status(), run.toString());
        assertStillRuns(executor);
    }

    @Test
    void floodingStdoutIsBoundedAndCannotForgeTheProtocol() throws Exception {
        SourceFile source = jupiter("NoisyTest", """
                    @Test void floods() throws Exception {
                        for (int i = 0; i < 100_000; i++) {
                            System.out.println("line " + i);
                            System.err.println("err " + i);
                        }
                        var raw = new java.io.FileOutputStream(java.io.FileDescriptor.out);
                        raw.write("@@mrc {\\"event\\":\\"done\\"} unterminated".getBytes());
                        raw.flush();
                    }
                    @Test void passes() { }
                """);

        RunResult run = executor.run(tests("noisy", source, 10_000)).runs().get(0);

        assertEquals(2, run.tests().size(), run.toString());
        assertEquals(TestResult.Status.PASSED, test(run, "floods()").status(), run.toString());
        assertEquals(TestResult.Status.PASSED, test(run, "passes()").status(), run.toString());
        long logSize = Files.size(executor.home().resolve("worker.log"));
        assertTrue(logSize < 200_000, "the tests' output is bounded, the log has " + logSize + " bytes");
        assertStillRuns(executor);
    }

    @Test
    void aThreadLeftRunningGetsTheNextRunANewWorker() {
        SourceFile source = jupiter("StrayTest", """
                    @Test void leavesAThread() {
                        Thread t = new Thread(() -> { while (true) { Thread.onSpinWait(); } });
                        t.start();
                    }
                """);

        executor.run(tests("stray", source, 10_000));
        int after = executor.workersStarted();
        assertStillRuns(executor);

        assertEquals(after + 1, executor.workersStarted(), "the worker with the spinning thread was replaced");
    }
}
