package io.mrcoupler.bridge.executor;

import static io.mrcoupler.bridge.executor.Fixture.jupiter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mrcoupler.bridge.protocol.Batch;
import io.mrcoupler.bridge.protocol.BatchResults;
import io.mrcoupler.bridge.protocol.Limits;
import io.mrcoupler.bridge.protocol.Run;
import io.mrcoupler.bridge.protocol.RunResult;
import io.mrcoupler.bridge.protocol.SourceFile;
import io.mrcoupler.bridge.protocol.TestResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mutant that never terminates costs one short timeout, not the full test timeout once per test
 * method: on a mutant a test gets 1.25 × its time on the original + a constant (PIT's rule, the
 * numbers the core sends), and the mutant's run ends at its first timeout.
 */
class LoopingMutantTest {

    /** Mutant 1 turns + into -; mutant 2 never returns. */
    static final String LOOPING_SCHEMATA = """
            package com.acme;

            public class Calc {
                public static int calls;

                public int add(int a, int b) {
                    calls++;
                    if (io.mrcoupler.runtime.MutantSwitch.ID == 2) {
                        while (b == b) {
                            a++;
                        }
                    }
                    return io.mrcoupler.runtime.MutantSwitch.ID == 1 ? a - b : a + b;
                }
            }
            """;

    static final int METHODS = 6;
    /** The core's numbers (native/src/pipeline/timeouts.rs) and its default test timeout. */
    static final Limits PIT = new Limits(10_000, 1.25, 4_000, true);

    @TempDir
    Path dir;

    @Test
    void aLoopingMutantStopsAtItsFirstShortTimeoutAndTheNextMutantStillRuns() throws Exception {
        Fixture project = Fixture.create(dir);
        StringBuilder members = new StringBuilder();
        for (int i = 1; i <= METHODS; i++) {
            members.append("    @Test void MTC_input").append(i).append("() { assertEquals(").append(i + 3)
                    .append(", new Calc().add(").append(i).append(", 3)); }\n");
        }
        SourceFile mtc = jupiter("LoopTest", members.toString());
        List<Run> runs = List.of(new Run("com.acme.LoopTest", 0), new Run("com.acme.LoopTest", 2),
                new Run("com.acme.LoopTest", 1));
        Batch batch = new Batch("loop", List.of(new SourceFile("com/acme/Calc.java", LOOPING_SCHEMATA)),
                List.of(mtc), runs, PIT);

        BatchResults results;
        long ms;
        try (Executor executor = new Executor(project.settings())) {
            long start = System.nanoTime();
            results = executor.run(batch);
            ms = (System.nanoTime() - start) / 1_000_000;
        }
        System.out.println("looping mutant: batch of " + METHODS + " methods on the original and 2 mutants took "
                + ms + " ms (test timeout " + PIT.testTimeoutMs() + " ms)");

        RunResult original = results.runs().get(0);
        assertEquals(METHODS, original.tests().size(), original.toString());
        assertTrue(original.tests().stream().allMatch(t -> t.status().equals(TestResult.Status.PASSED)), original.toString());

        RunResult looping = results.runs().get(1);
        assertEquals(1, looping.tests().size(), "the run stopped at its first timeout: " + looping);
        TestResult first = looping.tests().get(0);
        assertEquals(TestResult.Status.TIMED_OUT, first.status(), looping.toString());
        assertTrue(first.message().contains("1.25 × its") && first.message().contains("+ 4000 ms)")
                && first.message().contains("remaining tests were not run"), first.message());
        assertTrue(first.durationMs() >= 4000 && first.durationMs() < PIT.testTimeoutMs(), first.toString());

        RunResult killed = results.runs().get(2);
        assertEquals(METHODS, killed.tests().size(), killed.toString());
        assertTrue(killed.tests().stream().allMatch(t -> t.status().equals(TestResult.Status.FAILED)), killed.toString());
        // Before the rule: one full 10 s timeout and a new worker per method, over a minute.
        assertTrue(ms < 25_000, "the batch took " + ms + " ms");
    }

    @Test
    void onTheOriginalCodeATestKeepsTheFullTimeoutAndTheRestOfTheClassRuns() throws Exception {
        Fixture project = Fixture.create(dir);
        SourceFile mtc = jupiter("SlowTest", """
                    @Test void spins() { while (true) { } }
                    @Test void passes() { assertEquals(5, new Calc().add(2, 3)); }
                """);
        Batch batch = new Batch("slow", List.of(), List.of(mtc), List.of(new Run("com.acme.SlowTest", 0)),
                new Limits(1500, 1.25, 4_000, true));

        RunResult run;
        try (Executor executor = new Executor(project.settings())) {
            run = executor.run(batch).runs().get(0);
        }

        assertEquals(TestResult.Status.TIMED_OUT, Fixture.test(run, "spins()").status(), run.toString());
        assertTrue(Fixture.test(run, "spins()").message().contains("within 1500 ms;"), run.toString());
        assertEquals(TestResult.Status.PASSED, Fixture.test(run, "passes()").status(), run.toString());
    }
}
