package io.mrcoupler.bridge.executor;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the executor needs to know about the project and the machine. The plugins fill it from the
 * build model; {@link #of} gives the defaults and the {@code with} methods change one setting.
 *
 * @param javaHome         the JDK (or JRE) the worker JVM runs on: the project's; its {@code bin/java}
 *                         is started
 * @param projectClasspath the project's test runtime classpath: its classes, its test classes, its
 *                         dependencies (JUnit's API jars among them)
 * @param sourcePath       the project's source roots, so a replacement compiles even when the project
 *                         was never compiled
 * @param release          the {@code --release} to compile at, e.g. 17; 0 compiles at the level of the
 *                         JDK running the build
 * @param workerClasspath  the JUnit Platform launcher and engines (and their dependencies) of the
 *                         project's JUnit version, see {@link JUnitPlatform#forProject}
 * @param scratchDir       a folder under the build output the executor may fill and empty, e.g.
 *                         {@code target/mr-coupler/work}
 * @param testTimeout      how long one test may run when a batch sets no limit
 * @param secretVariable   the environment variable holding the LLM API key; never passed to the
 *                         worker (nor is any variable named like a key, token, secret or password)
 * @param outputLimit      bytes of stdout and stderr one run may write to the worker's log
 * @param environment      the environment the worker's is derived from; the build's by default
 * @param workerHeap       the worker JVM's {@code -Xmx}, e.g. {@code 512m}: modest, so a test that
 *                         allocates without end dies quickly
 * @param sourceEncoding   the encoding of the files on {@code sourcePath}
 */
public record ExecutorSettings(
        Path javaHome,
        List<Path> projectClasspath,
        List<Path> sourcePath,
        int release,
        List<Path> workerClasspath,
        Path scratchDir,
        Duration testTimeout,
        String secretVariable,
        long outputLimit,
        Map<String, String> environment,
        String workerHeap,
        Charset sourceEncoding) {

    public static final Duration DEFAULT_TEST_TIMEOUT = Duration.ofSeconds(10);
    public static final long DEFAULT_OUTPUT_LIMIT = 64 * 1024;
    public static final String DEFAULT_WORKER_HEAP = "512m";
    public static final String DEFAULT_SECRET_VARIABLE = "OPENAI_API_KEY";

    public ExecutorSettings {
        javaHome = javaHome == null ? Paths.get(System.getProperty("java.home")) : javaHome;
        projectClasspath = List.copyOf(Objects.requireNonNull(projectClasspath, "projectClasspath"));
        sourcePath = sourcePath == null ? List.of() : List.copyOf(sourcePath);
        workerClasspath = List.copyOf(Objects.requireNonNull(workerClasspath, "workerClasspath"));
        Objects.requireNonNull(scratchDir, "scratchDir");
        testTimeout = testTimeout == null || testTimeout.isZero() || testTimeout.isNegative()
                ? DEFAULT_TEST_TIMEOUT : testTimeout;
        secretVariable = secretVariable == null || secretVariable.isBlank() ? DEFAULT_SECRET_VARIABLE : secretVariable;
        outputLimit = outputLimit <= 0 ? DEFAULT_OUTPUT_LIMIT : outputLimit;
        environment = Map.copyOf(environment == null ? System.getenv() : environment);
        workerHeap = workerHeap == null || workerHeap.isBlank() ? DEFAULT_WORKER_HEAP : workerHeap;
        sourceEncoding = sourceEncoding == null ? StandardCharsets.UTF_8 : sourceEncoding;
    }

    /** Settings with every default: this JVM's Java, release 0, 10 s per test, the build's environment. */
    public static ExecutorSettings of(List<Path> projectClasspath, List<Path> sourcePath, List<Path> workerClasspath,
            Path scratchDir) {
        return new ExecutorSettings(null, projectClasspath, sourcePath, 0, workerClasspath, scratchDir, null, null, 0,
                null, null, null);
    }

    public ExecutorSettings withJavaHome(Path value) {
        return new ExecutorSettings(value, projectClasspath, sourcePath, release, workerClasspath, scratchDir,
                testTimeout, secretVariable, outputLimit, environment, workerHeap, sourceEncoding);
    }

    public ExecutorSettings withRelease(int value) {
        return new ExecutorSettings(javaHome, projectClasspath, sourcePath, value, workerClasspath, scratchDir,
                testTimeout, secretVariable, outputLimit, environment, workerHeap, sourceEncoding);
    }

    public ExecutorSettings withTestTimeout(Duration value) {
        return new ExecutorSettings(javaHome, projectClasspath, sourcePath, release, workerClasspath, scratchDir,
                value, secretVariable, outputLimit, environment, workerHeap, sourceEncoding);
    }

    public ExecutorSettings withSecretVariable(String value) {
        return new ExecutorSettings(javaHome, projectClasspath, sourcePath, release, workerClasspath, scratchDir,
                testTimeout, value, outputLimit, environment, workerHeap, sourceEncoding);
    }

    public ExecutorSettings withOutputLimit(long value) {
        return new ExecutorSettings(javaHome, projectClasspath, sourcePath, release, workerClasspath, scratchDir,
                testTimeout, secretVariable, value, environment, workerHeap, sourceEncoding);
    }

    public ExecutorSettings withEnvironment(Map<String, String> value) {
        return new ExecutorSettings(javaHome, projectClasspath, sourcePath, release, workerClasspath, scratchDir,
                testTimeout, secretVariable, outputLimit, value, workerHeap, sourceEncoding);
    }

    public ExecutorSettings withWorkerHeap(String value) {
        return new ExecutorSettings(javaHome, projectClasspath, sourcePath, release, workerClasspath, scratchDir,
                testTimeout, secretVariable, outputLimit, environment, value, sourceEncoding);
    }

    public ExecutorSettings withSourceEncoding(Charset value) {
        return new ExecutorSettings(javaHome, projectClasspath, sourcePath, release, workerClasspath, scratchDir,
                testTimeout, secretVariable, outputLimit, environment, workerHeap, value);
    }
}
