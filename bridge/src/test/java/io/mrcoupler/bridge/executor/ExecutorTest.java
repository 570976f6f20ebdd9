package io.mrcoupler.bridge.executor;

import static io.mrcoupler.bridge.executor.Fixture.batch;
import static io.mrcoupler.bridge.executor.Fixture.jupiter;
import static io.mrcoupler.bridge.executor.Fixture.test;
import static io.mrcoupler.bridge.executor.Fixture.tests;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mrcoupler.bridge.protocol.BatchResults;
import io.mrcoupler.bridge.protocol.Compilation;
import io.mrcoupler.bridge.protocol.CompileDiagnostic;
import io.mrcoupler.bridge.protocol.Run;
import io.mrcoupler.bridge.protocol.RunResult;
import io.mrcoupler.bridge.protocol.SourceFile;
import io.mrcoupler.bridge.protocol.TestResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Compiling and running well-behaved generated tests: outcomes, names, diagnostics, mutants. */
class ExecutorTest {

    @TempDir
    static Path dir;
    static Fixture project;
    static Executor executor;

    @BeforeAll
    static void start() throws Exception {
        project = Fixture.create(dir);
        executor = new Executor(project.settings());
    }

    @AfterAll
    static void stop() {
        executor.close();
    }

    @Test
    void reportsEachJupiterTestWithItsOutcome() {
        SourceFile source = jupiter("OutcomesTest", """
                    @Test void passes() { assertEquals(5, new Calc().add(2, 3)); }
                    @Test void fails() { assertEquals("a \\"quoted\\"\\nline \\u2713", "b"); }
                    @Test void errs() { throw new IllegalStateException("boom"); }
                    @Test @Disabled("not today") void disabled() { }
                    @Test void aborted() { Assumptions.assumeTrue(false, "no"); }
                """);

        BatchResults results = executor.run(tests("b1", source, 10_000));

        assertEquals("b1", results.batchId());
        assertEquals(List.of(new Compilation("com/acme/OutcomesTest.java", true, List.of())), results.compilation());
        RunResult run = results.runs().get(0);
        assertTrue(run.ran());
        assertEquals(5, run.tests().size(), run.toString());
        assertEquals(TestResult.Status.PASSED, test(run, "passes()").status());
        assertNull(test(run, "passes()").frames());

        TestResult fails = test(run, "fails()");
        assertEquals(TestResult.Status.FAILED, fails.status());
        assertEquals("org.opentest4j.AssertionFailedError", fails.exceptionType());
        assertTrue(fails.message().contains("a \"quoted\"\nline \u2713"), fails.message());
        assertTrue(fails.frames().get(0).startsWith("com.acme.OutcomesTest.fails(OutcomesTest.java:"),
                fails.frames().toString());
        assertTrue(fails.frames().size() <= 5);

        TestResult errs = test(run, "errs()");
        assertEquals(TestResult.Status.ERRORED, errs.status());
        assertEquals("java.lang.IllegalStateException", errs.exceptionType());
        assertEquals("boom", errs.message());
        assertTrue(errs.frames().get(0).startsWith("com.acme.OutcomesTest.errs(OutcomesTest.java:"),
                errs.frames().toString());

        assertEquals(TestResult.Status.SKIPPED, test(run, "disabled()").status());
        assertEquals("not today", test(run, "disabled()").message());
        assertEquals(TestResult.Status.SKIPPED, test(run, "aborted()").status());
    }

    @Test
    void anErrorWithoutAMessageIsReportedByItsCause() {
        SourceFile source = jupiter("InitTest", """
                    static class Data { static final int SIZE = load(); }
                    static int load() { throw new IllegalStateException("no data"); }
                    @Test void errs() { assertEquals(0, Data.SIZE); }
                """);

        TestResult errs = test(executor.run(tests("b11", source, 10_000)).runs().get(0), "errs()");

        assertEquals("java.lang.ExceptionInInitializerError", errs.exceptionType());
        assertEquals("caused by java.lang.IllegalStateException: no data", errs.message());
        assertTrue(errs.frames().get(0).startsWith("com.acme.InitTest.load("), "the cause's frames: " + errs.frames());
        assertTrue(errs.frames().stream().anyMatch(f -> f.startsWith("com.acme.InitTest.errs(")), errs.frames().toString());
    }

    @Test
    void runsJUnit4TestsThroughTheVintageEngine() {
        SourceFile source = new SourceFile("com/acme/LegacyTest.java", """
                package com.acme;

                import static org.junit.Assert.assertEquals;

                import org.junit.Test;

                public class LegacyTest {
                    @Test public void passes() { assertEquals(5, new Calc().add(2, 3)); }
                    @Test public void fails() { assertEquals(4, new Calc().add(2, 3)); }
                }
                """);

        RunResult run = executor.run(tests("b2", source, 10_000)).runs().get(0);

        assertEquals(2, run.tests().size(), run.toString());
        assertEquals(TestResult.Status.PASSED, test(run, "passes()").status());
        TestResult fails = test(run, "fails()");
        assertEquals(TestResult.Status.FAILED, fails.status());
        assertEquals("java.lang.AssertionError", fails.exceptionType());
        assertTrue(fails.frames().get(0).startsWith("com.acme.LegacyTest.fails(LegacyTest.java:"),
                fails.frames().toString());
    }

    @Test
    void reportsEachInvocationOfAParameterizedTest() {
        SourceFile source = jupiter("OddTest", """
                    @org.junit.jupiter.params.ParameterizedTest
                    @org.junit.jupiter.params.provider.ValueSource(ints = {1, 2, 3})
                    void odd(int n) { assertEquals(1, n % 2); }
                """);

        RunResult run = executor.run(tests("b3", source, 10_000)).runs().get(0);

        assertEquals(List.of("odd(int)[1]", "odd(int)[2]", "odd(int)[3]"),
                run.tests().stream().map(TestResult::name).toList());
        assertEquals(List.of(TestResult.Status.PASSED, TestResult.Status.FAILED, TestResult.Status.PASSED),
                run.tests().stream().map(TestResult::status).toList());
    }

    @Test
    void aCompileErrorCostsOnlyItsOwnCandidate() {
        SourceFile broken = new SourceFile("com/acme/BrokenTest.java", """
                package com.acme;

                public class BrokenTest {
                    @org.junit.jupiter.api.Test
                    void uses() {
                        int x = new Calc().subtract(2, 3);
                    }
                }
                """);
        SourceFile good = jupiter("GoodTest", "    @Test void adds() { assertEquals(5, new Calc().add(2, 3)); }");
        List<Run> runs = List.of(new Run("com.acme.BrokenTest", 0), new Run("com.acme.GoodTest", 0));

        BatchResults results = executor.run(batch("b4", List.of(), List.of(broken, good), runs, 10_000));

        Compilation brokenResult = results.compilation().get(0);
        assertEquals("com/acme/BrokenTest.java", brokenResult.path());
        assertFalse(brokenResult.success());
        CompileDiagnostic error = brokenResult.diagnostics().get(0);
        assertEquals(CompileDiagnostic.Kind.ERROR, error.kind());
        assertEquals(6, error.line());
        assertEquals(27, error.column(), "the column of 'subtract' in line 6");
        assertTrue(error.message().contains("cannot find symbol"), error.message());
        assertTrue(error.message().contains("subtract"), error.message());
        assertTrue(results.compilation().get(1).success(), results.toString());

        assertFalse(results.runs().get(0).ran());
        assertTrue(results.runs().get(0).tests().isEmpty());
        assertTrue(results.runs().get(1).ran());
        assertEquals(TestResult.Status.PASSED, test(results.runs().get(1), "adds()").status());
    }

    @Test
    void runsTheSchemataOnEachMutantWithFreshStaticState() {
        SourceFile schemata = new SourceFile("com/acme/Calc.java", Fixture.CALC_SCHEMATA);
        SourceFile source = jupiter("CalcTest", """
                    @Test void addsAndCountsOneCall() {
                        assertEquals(0, Calc.calls, "static state of an earlier run leaked");
                        assertEquals(5, new Calc().add(2, 3));
                        assertEquals(1, Calc.calls);
                    }
                """);
        List<Run> runs = List.of(new Run("com.acme.CalcTest", 0), new Run("com.acme.CalcTest", 1),
                new Run("com.acme.CalcTest", 0));

        BatchResults results = executor.run(batch("b5", List.of(schemata), List.of(source), runs, 10_000));

        assertTrue(results.compilation().get(0).success(), results.toString());
        assertEquals(List.of(TestResult.Status.PASSED, TestResult.Status.FAILED, TestResult.Status.PASSED),
                results.runs().stream().map(r -> r.tests().get(0).status()).toList(), results.toString());
        assertEquals(List.of(0, 1, 0), results.runs().stream().map(RunResult::mutant).toList());
        assertTrue(results.runs().get(1).tests().get(0).message().contains("expected: <5> but was: <-1>"),
                results.runs().get(1).toString());
    }

    @Test
    void theProjectsOwnClassIsUsedWithoutReplacements() {
        SourceFile source = jupiter("PlainTest", """
                    @Test void originalOnEveryMutant() { assertEquals(5, new Calc().add(2, 3)); }
                """);
        List<Run> runs = List.of(new Run("com.acme.PlainTest", 1));

        BatchResults results = executor.run(batch("b6", List.of(), List.of(source), runs, 10_000));

        assertEquals(TestResult.Status.PASSED, results.runs().get(0).tests().get(0).status(), results.toString());
    }

    @Test
    void aReplacementThatDoesNotCompileStopsTheRunsAndSaysWhere() {
        SourceFile schemata = new SourceFile("com/acme/Calc.java",
                Fixture.CALC_SCHEMATA.replace("a - b", "a - \"b\""));
        SourceFile source = jupiter("CalcTest", "    @Test void adds() { assertEquals(5, new Calc().add(2, 3)); }");

        BatchResults results = executor.run(batch("b7", List.of(schemata), List.of(source),
                List.of(new Run("com.acme.CalcTest", 0)), 10_000));

        Compilation calc = results.compilation().get(0);
        assertFalse(calc.success());
        assertEquals(8, calc.diagnostics().get(0).line(), calc.toString());
        assertFalse(results.runs().get(0).ran());
    }

    @Test
    void aSchemataCompilesFromTheSourcePathAlone(@TempDir Path fresh) throws Exception {
        // A project that was never compiled: Calc exists only as a source; the replacement uses it.
        Path sources = fresh.resolve("src/main/java/com/acme");
        Files.createDirectories(sources);
        Files.writeString(sources.resolve("Calc.java"), Fixture.CALC);
        ExecutorSettings settings = ExecutorSettings.of(TestJars.junitApis(), List.of(fresh.resolve("src/main/java")),
                TestJars.launcherAndEngines(), fresh.resolve("target/mr-coupler/work"));
        SourceFile user = new SourceFile("com/acme/Twice.java", """
                package com.acme;

                public class Twice {
                    public int twice(int a) { return io.mrcoupler.runtime.MutantSwitch.ID == 2 ? a : new Calc().add(a, a); }
                }
                """);
        try (Executor compileOnly = new Executor(settings)) {
            BatchResults results = compileOnly.run(batch("m1", List.of(user), List.of(), List.of(), 0));

            assertEquals(List.of(new Compilation("com/acme/Twice.java", true, List.of())), results.compilation());
            assertEquals(List.of(), results.runs());
            assertEquals(0, compileOnly.workersStarted(), "a batch without runs needs no worker");
        }
        assertFalse(Files.exists(fresh.resolve("src/main/java/com/acme/Twice.java")), "nothing in the sources");
        try (var left = Files.list(fresh.resolve("target/mr-coupler/work"))) {
            assertEquals(List.of(), left.toList(), "the executor's folder is removed on close");
        }
    }

    @Test
    void aClassThatExistsNowhereIsNotRun() {
        BatchResults results = executor.run(batch("b8", List.of(), List.of(),
                List.of(new Run("com.acme.NoSuchTest", 0)), 10_000));

        assertFalse(results.runs().get(0).ran(), results.toString());
    }

    @Test
    void aFailingBeforeAllIsReportedForTheClass() {
        SourceFile source = jupiter("StaticTest", """
                    @BeforeAll static void setUp() { throw new IllegalStateException("no setup"); }
                    @Test void never() { }
                """);

        RunResult run = executor.run(tests("b9", source, 10_000)).runs().get(0);

        assertTrue(run.ran());
        TestResult cls = test(run, "com.acme.StaticTest");
        assertEquals(TestResult.Status.ERRORED, cls.status(), run.toString());
        assertEquals("java.lang.IllegalStateException", cls.exceptionType(), run.toString());
        assertEquals("no setup", cls.message());
    }
}
