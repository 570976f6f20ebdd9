package io.mrcoupler.bridge.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mrcoupler.bridge.protocol.Batch;
import io.mrcoupler.bridge.protocol.BatchResults;
import io.mrcoupler.bridge.protocol.Limits;
import io.mrcoupler.bridge.protocol.Run;
import io.mrcoupler.bridge.protocol.RunResult;
import io.mrcoupler.bridge.protocol.SourceFile;
import io.mrcoupler.bridge.protocol.TestResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.tools.ToolProvider;

/**
 * A small compiled project ({@code com.acme.Calc}, with a static call counter) and helpers to write
 * batches of generated tests against it.
 */
public final class Fixture {

    static final String CALC = """
            package com.acme;

            public class Calc {
                public static int calls;

                public int add(int a, int b) {
                    calls++;
                    return a + b;
                }
            }
            """;

    /** What the core's schemata of Calc looks like: mutant 1 turns + into -. */
    static final String CALC_SCHEMATA = """
            package com.acme;

            public class Calc {
                public static int calls;

                public int add(int a, int b) {
                    calls++;
                    return io.mrcoupler.runtime.MutantSwitch.ID == 1 ? a - b : a + b;
                }
            }
            """;

    final Path root;
    final Path sources;
    final Path classes;

    private Fixture(Path root) {
        this.root = root;
        this.sources = root.resolve("src/main/java");
        this.classes = root.resolve("target/classes");
    }

    /** Writes Calc.java under {@code root} and compiles it to target/classes, as a build would. */
    public static Fixture create(Path root) throws IOException {
        Fixture f = new Fixture(root);
        Path calc = f.sources.resolve("com/acme/Calc.java");
        Files.createDirectories(calc.getParent());
        Files.writeString(calc, CALC);
        Files.createDirectories(f.classes);
        int status = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", f.classes.toString(),
                calc.toString());
        assertEquals(0, status, "the fixture project should compile");
        return f;
    }

    /** Settings for this project; -Dmrcoupler.test.javaHome=... runs the worker on another JDK. */
    public ExecutorSettings settings() {
        List<Path> cp = new ArrayList<>();
        cp.add(classes);
        cp.addAll(TestJars.junitApis());
        String javaHome = System.getProperty("mrcoupler.test.javaHome");
        return ExecutorSettings.of(cp, List.of(sources), TestJars.launcherAndEngines(),
                root.resolve("target/mr-coupler/work")).withRelease(17)
                .withJavaHome(javaHome == null || javaHome.isBlank() ? null : Path.of(javaHome));
    }

    /** Every file of the project with its bytes, to show that nothing was changed. */
    Map<Path, String> snapshot() throws IOException {
        try (var walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).filter(p -> !p.startsWith(root.resolve("target/mr-coupler")))
                    .collect(Collectors.toMap(p -> p, p -> {
                        try {
                            return new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }));
        }
    }

    /** A Jupiter test class {@code com.acme.<name>} with the given members. */
    public static SourceFile jupiter(String name, String members) {
        return new SourceFile("com/acme/" + name + ".java", """
                package com.acme;

                import static org.junit.jupiter.api.Assertions.*;

                import java.nio.file.*;
                import java.util.*;
                import org.junit.jupiter.api.*;

                public class %s {
                %s
                }
                """.formatted(name, members));
    }

    static Batch batch(String id, List<SourceFile> replacements, List<SourceFile> sources, List<Run> runs,
            long timeoutMs) {
        return new Batch(id, replacements, sources, runs, new Limits(timeoutMs));
    }

    static Batch tests(String id, SourceFile source, long timeoutMs) {
        String testClass = source.path().replace(".java", "").replace('/', '.');
        return batch(id, List.of(), List.of(source), List.of(new Run(testClass, 0)), timeoutMs);
    }

    /** The result of the test {@code name} in a run, failing when it is missing. */
    static TestResult test(RunResult run, String name) {
        return run.tests().stream().filter(t -> t.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no result for " + name + " in " + run));
    }

    /** Runs a fresh one-test batch and asserts it passed: the executor survived what came before. */
    static void assertStillRuns(Executor executor) {
        SourceFile source = jupiter("AliveTest", """
                    @Test void works() {
                        assertEquals(5, new Calc().add(2, 3));
                        assertTrue(Files.isDirectory(Paths.get("").toAbsolutePath()), "the working directory exists");
                    }
                """);
        BatchResults results = executor.run(tests("alive", source, 10_000));
        RunResult run = results.runs().get(0);
        assertTrue(run.ran(), results.toString());
        assertEquals(List.of(TestResult.Status.PASSED), run.tests().stream().map(TestResult::status).toList(),
                results.toString());
    }
}
