package io.mrcoupler.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mrcoupler.bridge.executor.ExecutorSettings;
import io.mrcoupler.bridge.protocol.SessionConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What each goal passes to the core, checked through the {@link SessionRunner} seam without running
 * the core: the mode, the build's facts and the user's settings as written.
 */
class GoalSessionTest {

    private static final String TARGET = "com.acme.Aes#encryptText";

    @TempDir
    Path dir;

    private MojoHarness harness;

    @BeforeEach
    void project() throws Exception {
        harness = new MojoHarness(dir);
    }

    @Test
    void generatePassesTheSettingsTheUserSetAsWrittenAndLeavesOutTheRest() throws Exception {
        GenerateMojo mojo = harness.mojo(new GenerateMojo());
        mojo.targets = TARGET;
        MojoHarness.setProperty(mojo, "generate", "mrcoupler.maxPairsPerTarget", "2");
        MojoHarness.setProperty(mojo, "generate", "mrcoupler.llm.model", "qwen2.5-coder");
        MojoHarness.setProperty(mojo, "generate", "mrcoupler.export", "true");

        mojo.execute();

        SessionConfig config = harness.runner.only();
        assertEquals(SessionConfig.MODE_GENERATE, config.mode());
        assertEquals(SessionConfig.BUILD_TOOL_MAVEN, config.buildTool());
        assertEquals(Map.of("maxPairsPerTarget", "2", "llm.model", "qwen2.5-coder", "export", "true"),
                config.settings(), "the core checks the values, names the missing base URL, and exports");
        assertEquals(TARGET, config.targets());
        assertEquals(dir.toString(), config.projectDir());
        assertEquals(List.of(dir.resolve("src/main/java").toString()), config.sourceRoots());
        assertEquals(List.of(dir.resolve("src/test/java").toString()), config.testSourceRoots());
        assertEquals(dir.resolve("target/mr-coupler").toString(), config.outputDir());
        assertNull(config.junit(), "no JUnit among the test dependencies: the core's default");
        assertNull(harness.runner.executors.get(0), "without JUnit no worker can run tests");
    }

    @Test
    void aValueTheCoreWillRefuseStillReachesItAsWritten() throws Exception {
        GenerateMojo mojo = harness.mojo(new GenerateMojo());
        mojo.targets = TARGET;
        MojoHarness.setProperty(mojo, "generate", "mrcoupler.testTimeoutMs", "ten seconds");

        mojo.execute();

        assertEquals(Map.of("testTimeoutMs", "ten seconds"), harness.runner.only().settings());
    }

    @Test
    void mutantsPassesItsSettingsAndACompileOnlyExecutorAtTheProjectsRelease() throws Exception {
        harness.project.getProperties().setProperty("maven.compiler.release", "11");
        MutantsMojo mojo = harness.mojo(new MutantsMojo());
        mojo.targets = TARGET;
        MojoHarness.setProperty(mojo, "mutants", "mrcoupler.mutationScope", "class");
        MojoHarness.setProperty(mojo, "mutants", "mrcoupler.maxMutantsPerMethod", "4");

        mojo.execute();

        SessionConfig config = harness.runner.only();
        assertEquals(SessionConfig.MODE_MUTANTS, config.mode());
        assertEquals(Map.of("mutationScope", "class", "maxMutantsPerMethod", "4"), config.settings());
        ExecutorSettings executor = harness.runner.executors.get(0);
        assertNotNull(executor);
        assertEquals(11, executor.release());
        assertEquals(List.of(dir.resolve("src/main/java")), executor.sourcePath());
        assertEquals(List.of(), executor.workerClasspath(), "compiling only: no worker");
    }

    @Test
    void checkNeedsNoTargetsAndFailsTheBuildWhenTheCoresVerdictSays() throws Exception {
        CheckMojo mojo = harness.mojo(new CheckMojo());
        MojoHarness.setProperty(mojo, "check", "mrcoupler.since", "HEAD~1");
        harness.runner.answerWithVerdict(true, "1 kept metamorphic relation(s) violated");

        MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);

        assertTrue(e.getMessage().startsWith("1 kept metamorphic relation(s) violated"), e.getMessage());
        SessionConfig config = harness.runner.only();
        assertEquals(SessionConfig.MODE_CHECK, config.mode());
        assertEquals(Map.of("since", "HEAD~1"), config.settings());
    }

    @Test
    void aVerdictThatPassesDoesNotFailTheBuild() throws Exception {
        CheckMojo mojo = harness.mojo(new CheckMojo());
        MojoHarness.setProperty(mojo, "check", "mrcoupler.failOnViolation", "false");
        harness.runner.answerWithVerdict(false, "1 kept metamorphic relation(s) violated");

        mojo.execute();

        assertEquals(Map.of("failOnViolation", "false"), harness.runner.only().settings());
    }

    @Test
    void couplingsWithoutTargetsFailsBeforeTheCoreNamingTheProperty() {
        CouplingsMojo mojo = harness.mojo(new CouplingsMojo());

        MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);

        assertTrue(e.getMessage().contains("-Dmrcoupler.targets="), e.getMessage());
        assertEquals(List.of(), harness.runner.configs);
    }

    @Test
    void couplingsPassesNoSettingsAndNoExecutor() throws Exception {
        CouplingsMojo mojo = harness.mojo(new CouplingsMojo());
        mojo.targets = TARGET;

        mojo.execute();

        assertEquals(Map.of(), harness.runner.only().settings());
        assertNull(harness.runner.executors.get(0));
    }

    @Test
    void skipRunsNoSession() throws Exception {
        GenerateMojo mojo = harness.mojo(new GenerateMojo());
        mojo.targets = TARGET;
        mojo.skip = true;

        mojo.execute();

        assertEquals(List.of(), harness.runner.configs);
    }
}
