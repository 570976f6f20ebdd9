package io.mrcoupler.gradle;

import io.mrcoupler.bridge.MrCoupler;
import io.mrcoupler.bridge.MrCouplerException;
import io.mrcoupler.bridge.protocol.SessionConfig;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.gradle.api.DefaultTask;
import org.gradle.api.GradleException;
import org.gradle.api.tasks.Input;
import org.gradle.api.tasks.Internal;
import org.gradle.api.tasks.Optional;
import org.gradle.api.tasks.TaskAction;
import org.gradle.api.tasks.options.Option;

/**
 * Lists the methods functionally coupled to each target method (MR-Coupler, phase 1) and writes
 * {@code couplings.json}. Reads the sources only: it compiles nothing and resolves no dependency.
 *
 * <p>Printing is its job, so it always runs. The file locations are {@link Internal}: nothing is
 * cached, so Gradle need not fingerprint them.
 */
public class ListCoupledMethodsTask extends DefaultTask {

    static final String EXAMPLE =
            "gradle listCoupledMethods -P" + MrCouplerPlugin.TARGETS_PROPERTY + "='com.acme.crypto.AESEncryption#encryptText'";

    private String targets;
    private String projectName;
    private File projectDir;
    private List<File> sourceRoots;
    private List<File> testSourceRoots;
    private File outputDir;
    private String sourceEncoding;

    public ListCoupledMethodsTask() {
        getOutputs().upToDateWhen(task -> false);
    }

    /** The target methods, comma-separated, e.g. {@code com.acme.crypto.AESEncryption#encryptText}. */
    @Input
    @Optional
    public String getTargets() {
        return targets;
    }

    // @Option is public API since Gradle 4.6. On 4.4 its class is missing at run time, which the JVM
    // ignores for annotations; there -Pmrcoupler.targets=... does the same job.
    @Option(option = "targets", description = "The target methods, e.g. com.acme.crypto.AESEncryption#encryptText")
    public void setTargets(String targets) {
        this.targets = targets;
    }

    @Input
    @Optional
    public String getProjectName() {
        return projectName;
    }

    public void setProjectName(String projectName) {
        this.projectName = projectName;
    }

    @Internal
    public File getProjectDir() {
        return projectDir;
    }

    public void setProjectDir(File projectDir) {
        this.projectDir = projectDir;
    }

    @Internal
    public List<File> getSourceRoots() {
        return sourceRoots;
    }

    public void setSourceRoots(List<File> sourceRoots) {
        this.sourceRoots = sourceRoots == null ? null : new ArrayList<>(sourceRoots);
    }

    @Internal
    public List<File> getTestSourceRoots() {
        return testSourceRoots;
    }

    public void setTestSourceRoots(List<File> testSourceRoots) {
        this.testSourceRoots = testSourceRoots == null ? null : new ArrayList<>(testSourceRoots);
    }

    /** Where {@code couplings.json} is written; {@code build/mr-coupler} by default. */
    @Internal
    public File getOutputDir() {
        return outputDir;
    }

    public void setOutputDir(File outputDir) {
        this.outputDir = outputDir;
    }

    /** The encoding of the sources; {@code compileJava.options.encoding} by default (UTF-8 when unset). */
    @Input
    @Optional
    public String getSourceEncoding() {
        return sourceEncoding;
    }

    public void setSourceEncoding(String sourceEncoding) {
        this.sourceEncoding = sourceEncoding;
    }

    @TaskAction
    public void listCoupledMethods() {
        boolean none = targets == null || targets.trim().isEmpty();
        if (none && !GradleReactor.isMultiProject(getProject())) {
            throw new GradleException("No target methods given. Name them with -P" + MrCouplerPlugin.TARGETS_PROPERTY
                    + ", e.g.\n  " + EXAMPLE + "\nor in the build script: mrCoupler { targets = '...' }.");
        }
        SessionConfig config = SessionConfig.couplings(
                projectName,
                projectDir.getAbsolutePath(),
                paths(sourceRoots),
                paths(testSourceRoots),
                outputDir.getAbsolutePath(),
                none ? "" : targets,
                sourceEncoding)
                .withBuildTool(SessionConfig.BUILD_TOOL_GRADLE)
                .withReactor(GradleReactor.of(getProject(), none ? "" : targets));
        try {
            MrCoupler.run(config, new GradleLogSink(getLogger()));
        } catch (MrCouplerException e) {
            throw new GradleException(e.getMessage(), e);
        }
    }

    private static List<String> paths(List<File> files) {
        List<String> paths = new ArrayList<>();
        if (files != null) {
            for (File file : files) {
                paths.add(file.getAbsolutePath());
            }
        }
        return paths;
    }
}
