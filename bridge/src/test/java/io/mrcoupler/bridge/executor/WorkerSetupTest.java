package io.mrcoupler.bridge.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mrcoupler.bridge.MrCouplerException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The worker's environment and classpath, decided before any JVM starts. */
class WorkerSetupTest {

    @Test
    void dropsTheSecretVariableAndEveryNameThatLooksLikeASecret() {
        Map<String, String> env = WorkerEnvironment.of(Map.of("LLM_CREDENTIAL", "sk", "OPENAI_API_KEY", "sk",
                "GitHub_Token", "t", "AWS_SECRET_ACCESS_KEY", "s", "PGPASSWORD", "p", "PATH", "/bin", "HOME", "/h"),
                "llm_credential");

        assertEquals(Map.of("PATH", "/bin", "HOME", "/h"), env);
    }

    @Test
    void theProjectsJUnitJarsJoinTheEnginesAndTheRestStaysPerRun(@TempDir Path scratch) {
        Path classes = Paths.get("/p/target/classes");
        Path api = Paths.get("/m2/junit-jupiter-api-5.10.2.jar");
        Path guava = Paths.get("/m2/guava-33.0.jar");
        Path engineApi = Paths.get("/elsewhere/junit-jupiter-api-5.10.2.jar");
        Path engine = Paths.get("/elsewhere/junit-jupiter-engine-5.10.2.jar");
        ExecutorSettings settings = ExecutorSettings.of(List.of(classes, api, guava), List.of(),
                List.of(engineApi, engine), scratch);

        WorkerClasspath layout = WorkerClasspath.of(settings);

        assertEquals(List.of(classes, guava), layout.perRun());
        List<Path> jvm = layout.jvm();
        assertTrue(jvm.get(0).toString().contains("runtime"), jvm.toString());
        assertTrue(jvm.get(1).toString().contains("worker"), jvm.toString());
        assertEquals(List.of(api, engine), jvm.subList(2, jvm.size()), "the project's copy of a shared jar wins");
        assertEquals(jvm.get(0), layout.runtimeJar());
    }

    @Test
    void hamcrestAndJUnit4AreFrameworkJarsButAFolderNeverIs() {
        assertTrue(WorkerClasspath.isFramework(Paths.get("/m2/junit-4.13.2.jar")));
        assertTrue(WorkerClasspath.isFramework(Paths.get("/m2/hamcrest-2.2.jar")));
        assertTrue(WorkerClasspath.isFramework(Paths.get("/m2/opentest4j-1.3.0.jar")));
        assertFalse(WorkerClasspath.isFramework(Paths.get("/m2/junit-pioneer-2.2.0.jar")));
        assertFalse(WorkerClasspath.isFramework(Paths.get("/m2/mockito-core-5.0.jar")));
        assertFalse(WorkerClasspath.isFramework(Paths.get("/m2/assertj-core-3.25.jar")));
    }

    @Test
    void aJavaHomeWithoutJavaIsAClearError(@TempDir Path scratch) {
        ExecutorSettings settings = ExecutorSettings.of(List.of(), List.of(), List.of(), scratch)
                .withJavaHome(scratch.resolve("no-jdk"));

        MrCouplerException e = assertThrows(MrCouplerException.class, () -> new Executor(settings));
        assertTrue(e.getMessage().contains("bin/java"), e.getMessage());
    }

    @Test
    void aWorkerClasspathWithoutTheLauncherIsAClearError(@TempDir Path dir) throws Exception {
        Fixture project = Fixture.create(dir);
        ExecutorSettings settings = project.settings();
        ExecutorSettings noLauncher = new ExecutorSettings(settings.javaHome(), settings.projectClasspath(),
                settings.sourcePath(), settings.release(), List.of(), settings.scratchDir(), null, null, 0, null, null,
                null);
        try (Executor executor = new Executor(noLauncher)) {
            MrCouplerException e = assertThrows(MrCouplerException.class, () -> executor.run(
                    Fixture.tests("b", Fixture.jupiter("ATest", "    @Test void t() { }"), 10_000)));
            assertTrue(e.getMessage().contains("org/junit/platform/launcher"), e.getMessage());
            assertTrue(e.getMessage().contains("JUnitPlatform.forProject"), e.getMessage());
        }
    }
}
