package io.mrcoupler.bridge.executor;

import io.mrcoupler.bridge.protocol.Batch;
import io.mrcoupler.bridge.protocol.BatchResults;
import io.mrcoupler.bridge.protocol.Run;
import io.mrcoupler.bridge.protocol.RunResult;
import io.mrcoupler.bridge.protocol.SourceFile;
import io.mrcoupler.bridge.protocol.TestResult;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The executor benchmark behind {@code tests/bench/executor}: the median cost of (a) compiling and
 * running a 10-method test class in the warm worker, (b) each further mutant run of it with the
 * schemata, (c) the same class compiled by a cold {@code javac} and run by a cold {@code java}
 * process with the JUnit console launcher (the paper's prototype way). Prints key=value lines and
 * asserts nothing, except that the runs it times did what they should (else the figures lie).
 *
 * <p>Arguments: the junit-platform-console-standalone jar, then optionally the number of timed
 * rounds for (a) (default 20), mutant runs for (b) (default 100) and cold rounds for (c) (default 5).
 */
public final class ExecutorBench {

    private static final String TEST_CLASS = "com.acme.CalcBenchTest";
    private static final int WARMUP_ROUNDS = 40;

    private ExecutorBench() {
    }

    public static void main(String[] args) throws Exception {
        Path console = Paths.get(args[0]);
        int warmRounds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int mutantRuns = args.length > 2 ? Integer.parseInt(args[2]) : 100;
        int coldRounds = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        Path dir = Files.createTempDirectory("mrc-bench-executor-");
        try {
            Fixture project = Fixture.create(dir);
            SourceFile test = tenMethodTest();
            List<Long> warm = new ArrayList<>();
            List<Long> mutant = new ArrayList<>();
            List<Long> warmRun = new ArrayList<>();
            long firstBatch;
            long crashRecovery;
            int workers;
            try (Executor executor = new Executor(project.settings())) {
                long t0 = System.nanoTime();
                check(executor.run(candidate("first", test)), 0);
                firstBatch = ms(t0);
                for (int i = 0; i < WARMUP_ROUNDS; i++) { // javac and the worker's JIT reach their pace
                    check(executor.run(candidate("warmup" + i, test)), 0);
                }
                for (int i = 0; i < warmRounds; i++) {
                    long t = System.nanoTime();
                    BatchResults results = executor.run(candidate("warm" + i, test));
                    warm.add(ms(t));
                    check(results, 0);
                    warmRun.add(results.runs().get(0).durationMs());
                }
                // (b): the schemata compiled once, then one run per mutant id (1 is the only real
                // mutant; the others behave as the original, as most guards of a schemata do).
                List<Run> runs = IntStream.range(0, mutantRuns).mapToObj(i -> new Run(TEST_CLASS, i % 10)).toList();
                Batch batch = Fixture.batch("mutants", List.of(new SourceFile("com/acme/Calc.java",
                        Fixture.CALC_SCHEMATA)), List.of(test), runs, 10_000);
                executor.run(batch); // warm the schemata path
                BatchResults results = executor.run(batch);
                for (RunResult run : results.runs()) {
                    check(run, run.mutant() == 1 ? 10 : 0);
                    mutant.add(run.durationMs());
                }
                // A test that calls System.exit: the worker dies, a new one runs the other nine.
                SourceFile exits = Fixture.jupiter("ExitBenchTest", "    @Test void exits() { System.exit(1); }\n"
                        + IntStream.range(0, 9).mapToObj(i -> "    @Test void passes" + i + "() { }\n")
                                .collect(Collectors.joining()));
                long t = System.nanoTime();
                BatchResults crashed = executor.run(Fixture.tests("crash", exits, 10_000));
                crashRecovery = ms(t);
                if (crashed.runs().get(0).tests().size() != 10) {
                    throw new IllegalStateException("the crash run did not report all ten tests: " + crashed);
                }
                workers = executor.workersStarted();
            }
            ColdRun cold = cold(project, test, console, coldRounds);

            long warmMedian = median(warm);
            long mutantMedian = median(mutant);
            print("warm_candidate_ms", warmMedian);
            print("warm_candidate_min_ms", Collections.min(warm));
            print("warm_candidate_run_ms", median(warmRun));
            print("warm_candidate_compile_ms", warmMedian - median(warmRun));
            print("first_batch_ms", firstBatch);
            print("mutant_run_ms", mutantMedian);
            print("mutant_run_max_ms", Collections.max(mutant));
            print("crash_recovery_ms", crashRecovery);
            print("cold_javac_ms", cold.javacMs);
            print("cold_run_ms", cold.runMs);
            print("cold_candidate_ms", cold.javacMs + cold.runMs);
            System.out.printf("cold_over_warm=%.1f%n", (cold.javacMs + cold.runMs) / (double) Math.max(1, warmMedian));
            System.out.printf("cold_run_over_warm=%.1f%n", cold.runMs / (double) Math.max(1, warmMedian));
            print("workers_started", workers);
            print("warmup_rounds", WARMUP_ROUNDS);
            print("warm_rounds", warmRounds);
            print("mutant_runs", mutantRuns);
            print("cold_rounds", coldRounds);
            print("cores", Runtime.getRuntime().availableProcessors());
        } finally {
            Folders.deleteTree(dir);
        }
    }

    private record ColdRun(long javacMs, long runMs) {
    }

    /** (c): javac and the console launcher as fresh processes, as a build per candidate would. */
    private static ColdRun cold(Fixture project, SourceFile test, Path console, int rounds) throws Exception {
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        Path javac = Paths.get(System.getProperty("java.home"), "bin", "javac");
        Path src = project.root.resolve("cold/src/" + test.path());
        Files.createDirectories(src.getParent());
        Files.writeString(src, test.content());
        String cp = project.classes + File.pathSeparator + TestJars.junitApis().stream().map(Path::toString)
                .collect(Collectors.joining(File.pathSeparator));
        List<Long> javacTimes = new ArrayList<>();
        List<Long> runTimes = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            Path out = project.root.resolve("cold/classes-" + i);
            long t = System.nanoTime();
            exec(List.of(javac.toString(), "-proc:none", "-d", out.toString(), "-cp", cp, src.toString()));
            javacTimes.add(ms(t));
            t = System.nanoTime();
            exec(List.of(java.toString(), "-jar", console.toString(), "execute", "--disable-banner", "--details=none",
                    "--fail-if-no-tests", "-cp", out + File.pathSeparator + cp, "--select-class", TEST_CLASS));
            runTimes.add(ms(t));
        }
        return new ColdRun(median(javacTimes), median(runTimes));
    }

    private static void exec(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed:\n" + output);
        }
    }

    private static SourceFile tenMethodTest() {
        String methods = IntStream.range(0, 10).mapToObj(i -> """
                    @Test void adds%d() {
                        Calc calc = new Calc();
                        assertEquals(%d, calc.add(%d, 3));
                        assertEquals(calc.add(3, %d), calc.add(%d, 3), "add is commutative");
                    }
                """.formatted(i, i + 3, i, i, i)).collect(Collectors.joining("\n"));
        return Fixture.jupiter("CalcBenchTest", methods);
    }

    private static Batch candidate(String id, SourceFile test) {
        return Fixture.tests(id, test, 10_000);
    }

    /** The figures mean nothing unless the tests ran as they should: 10 tests, {@code failed} failing. */
    private static void check(BatchResults results, int failed) {
        check(results.runs().get(0), failed);
    }

    private static void check(RunResult run, int failed) {
        long failures = run.tests().stream().filter(t -> t.status() != TestResult.Status.PASSED).count();
        if (!run.ran() || run.tests().size() != 10 || failures != failed) {
            throw new IllegalStateException("the benchmark's test class did not run as expected: " + run);
        }
    }

    private static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    private static long ms(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static void print(String key, long value) {
        System.out.println(key + "=" + value);
    }
}
