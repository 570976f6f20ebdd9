package io.mrcoupler.gradle;

import io.mrcoupler.bridge.protocol.GenerationSettings;
import io.mrcoupler.bridge.protocol.LlmSettings;
import io.mrcoupler.bridge.protocol.SessionConfig;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.gradle.api.GradleException;
import org.gradle.api.file.FileCollection;
import org.gradle.api.tasks.Classpath;
import org.gradle.api.tasks.Input;
import org.gradle.api.tasks.InputFiles;
import org.gradle.api.tasks.OutputDirectory;
import org.gradle.api.tasks.PathSensitive;
import org.gradle.api.tasks.PathSensitivity;
import org.gradle.api.tasks.TaskAction;

/**
 * MR-Coupler's phases 2 and 3 for the target methods: an LLM writes metamorphic test classes over
 * each coupled pair, they are run and refined, amplified with new inputs and validated on mutants;
 * the kept ones go to {@code build/mr-coupler/generated-tests}, with {@code report.json} and
 * {@code report.html}. Every decision is the core's; this task reads the build model and runs the
 * session.
 *
 * <p>Inputs are the main and test sources (the tests give invocation examples), the test runtime
 * classpath, the prompt templates folder and every setting; the output is {@code build/mr-coupler}.
 * An unchanged project is up to date, and a re-run after a change costs no tokens for what the LLM
 * cache already holds.
 */
public class GenerateMetamorphicTestsTask extends MrCouplerTask {

    /** The main and test Java sources, and the user's prompt templates when set. */
    @InputFiles
    @PathSensitive(PathSensitivity.RELATIVE)
    public FileCollection getSources() {
        List<Object> files = new ArrayList<>(SourceRoots.of(getProject(), "main"));
        files.addAll(SourceRoots.of(getProject(), "test"));
        String prompts = settings().path("promptsDir", extension().getPromptsDir());
        if (prompts != null) {
            files.add(prompts);
        }
        return getProject().files(files.toArray());
    }

    /** {@code sourceSets.test.runtimeClasspath}: the compiled project and its dependencies. */
    @Classpath
    public FileCollection getTestRuntimeClasspath() {
        return JavaBuildModel.testRuntimeClasspath(getProject(), getName());
    }

    /**
     * Every setting that changes what is generated, as one string: the model, the phases, the export,
     * the Java release, encoding and JDK. The JUnit version is left out: it follows the classpath.
     */
    @Input
    public String getSettings() {
        return String.join("\n",
                String.valueOf(llm()),
                String.valueOf(generation(null)),
                "export=" + SessionSettings.export(settings(), extension()),
                "release=" + JavaBuildModel.release(getProject()),
                "encoding=" + JavaBuildModel.sourceEncoding(getProject()),
                "javaHome=" + JavaBuildModel.javaHome(getProject()));
    }

    @OutputDirectory
    public File getOutputDir() {
        return outputFolder();
    }

    @TaskAction
    public void generate() {
        String targets = requireTargets();
        LlmSettings llm = llm();
        TestExecution execution = TestExecution.of(this, SessionSettings.apiKeyEnv(settings(), extension().getLlm()));
        SessionConfig config = session(SessionConfig.MODE_GENERATE, targets)
                .withLlm(llm)
                .withGeneration(generation(execution.junit()));
        if (Boolean.TRUE.equals(SessionSettings.export(settings(), extension()))) {
            config = config.withExportTo(exportRoot());
        }
        run(config, execution.executor());
    }

    private LlmSettings llm() {
        return SessionSettings.llm(settings(), extension().getLlm());
    }

    private GenerationSettings generation(String junit) {
        return SessionSettings.generation(settings(), extension(), junit);
    }

    /** The first test source root: where a developer keeps the tests the kept ones join. */
    private String exportRoot() {
        List<File> roots = SourceRoots.of(getProject(), "test");
        if (roots.isEmpty()) {
            throw new GradleException("export copies the kept tests into the first test source root, but "
                    + getProject() + " has none (sourceSets.test.java.srcDirs is empty). Add one, or leave export off"
                    + " and take them from " + new File(outputFolder(), "generated-tests") + ".");
        }
        return roots.get(0).getAbsolutePath();
    }
}
