package io.mrcoupler.gradle;

import io.mrcoupler.bridge.protocol.SessionConfig;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
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
        String prompts = userSettings().get("promptsDir");
        if (prompts != null && !prompts.isBlank()) {
            files.add(getProject().file(prompts));
        }
        return getProject().files(files.toArray());
    }

    /** {@code sourceSets.test.runtimeClasspath}: the compiled project and its dependencies. */
    @Classpath
    public FileCollection getTestRuntimeClasspath() {
        return JavaBuildModel.testRuntimeClasspath(getProject(), getName());
    }

    /**
     * Every setting that changes what is generated, as one string: the user's settings, the Java
     * release, encoding and JDK. The JUnit version is left out: it follows the classpath.
     */
    @Input
    public String getSettings() {
        return String.join("\n",
                String.valueOf(userSettings()),
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
        TestExecution execution = TestExecution.of(this);
        run(session(SessionConfig.MODE_GENERATE, targets).withJUnit(execution.junit()), execution.executor());
    }
}
