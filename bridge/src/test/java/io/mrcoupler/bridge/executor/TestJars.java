package io.mrcoupler.bridge.executor;

import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * JUnit's jars from this test JVM's classpath: the APIs a generated test compiles against (the
 * "project" side) and the launcher and engines the worker runs them with. The bridge's test
 * dependencies (junit-bom 5.10.2, junit 4.13.2) supply both.
 */
public final class TestJars {

    private TestJars() {
    }

    /** The test classpath (surefire passes it in a property; its own java.class.path is a booter jar). */
    static List<Path> classpath() {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return Arrays.stream(cp.split(Pattern.quote(File.pathSeparator))).filter(s -> !s.isBlank()).map(Paths::get)
                .toList();
    }

    /** The jar of {@code artifactId} (any version) on the test classpath. */
    static Path jar(String artifactId) {
        Pattern name = Pattern.compile(Pattern.quote(artifactId) + "-\\d[\\w.\\-]*\\.jar");
        return classpath().stream().filter(p -> p.getFileName() != null && name.matcher(p.getFileName().toString())
                .matches()).findFirst().orElseThrow(() -> new AssertionError(artifactId
                        + " is not on the test classpath: " + classpath()));
    }

    /** What a project on JUnit 5 and JUnit 4 has on its test classpath. */
    public static List<Path> junitApis() {
        return List.of(jar("junit-jupiter-api"), jar("junit-jupiter-params"), jar("junit-platform-commons"),
                jar("opentest4j"), jar("apiguardian-api"), jar("junit"), jar("hamcrest-core"));
    }

    /** The launcher and engines for the worker. */
    public static List<Path> launcherAndEngines() {
        return List.of(jar("junit-platform-launcher"), jar("junit-platform-engine"), jar("junit-jupiter-engine"),
                jar("junit-vintage-engine"));
    }
}
