package io.mrcoupler.gradle;

import io.mrcoupler.bridge.MrCoupler;
import io.mrcoupler.bridge.MrCouplerException;
import io.mrcoupler.bridge.executor.ExecutorSettings;
import io.mrcoupler.bridge.protocol.Action;
import io.mrcoupler.bridge.protocol.SessionConfig;
import java.io.File;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gradle.api.DefaultTask;
import org.gradle.api.GradleException;
import org.gradle.api.tasks.Input;
import org.gradle.api.tasks.Optional;
import org.gradle.api.tasks.options.Option;

/**
 * What the tasks that run a core session with the executor share: the targets, the project's layout
 * as the core needs it, and running the session with its lines printed through Gradle's logger.
 * Settings are read when the task runs (or when Gradle fingerprints its inputs), after the build
 * script has set the {@code mrCoupler { }} block: Gradle 4.4 has no lazy Provider API to defer them.
 */
public class MrCouplerTask extends DefaultTask {

    private String targets;

    /**
     * The target methods: {@code -Pmrcoupler.targets} wins, then {@code --targets} (Gradle 4.6+) or
     * the task's own {@code targets}, then {@code mrCoupler { targets }}.
     */
    @Input
    @Optional
    public String getTargets() {
        Object property = getProject().findProperty(MrCouplerPlugin.TARGETS_PROPERTY);
        if (property != null) {
            return property.toString();
        }
        return targets != null ? targets : extension().getTargets();
    }

    // @Option is public API since Gradle 4.6. On 4.4 its class is missing at run time, which the JVM
    // ignores for annotations; there -Pmrcoupler.targets=... does the same job.
    @Option(option = "targets", description = "The target methods, e.g. com.acme.crypto.AESEncryption#encryptText")
    public void setTargets(String targets) {
        this.targets = targets;
    }

    /**
     * The targets, or a failure saying how to give them; in a multi-project build the core decides
     * what a project without targets does (it is skipped).
     */
    String requireTargets() {
        String value = getTargets();
        if ((value == null || value.trim().isEmpty()) && GradleReactor.isMultiProject(getProject())) {
            return "";
        }
        if (value == null || value.trim().isEmpty()) {
            throw new GradleException("No target methods given. Name them with -P" + MrCouplerPlugin.TARGETS_PROPERTY
                    + ", e.g.\n  gradle " + getName() + " -P" + MrCouplerPlugin.TARGETS_PROPERTY
                    + "='com.acme.crypto.AESEncryption#encryptText'\nor in the build script: mrCoupler { targets = '...' }.");
        }
        return value;
    }

    MrCouplerExtension extension() {
        return getProject().getExtensions().getByType(MrCouplerExtension.class);
    }

    /** The user's settings, raw, {@code -Pmrcoupler.<name>} over {@code mrCoupler { }}. */
    Map<String, String> userSettings() {
        return ProjectSettings.of(getProject(), extension());
    }

    /** {@code build/mr-coupler}: the core writes every mode's files below it. */
    @SuppressWarnings("deprecation") // getLayout().getBuildDirectory() is the Gradle 8 form; 4.4 lacks it
    File outputFolder() {
        return new File(getProject().getBuildDir(), "mr-coupler");
    }

    /** A session of {@code mode} over this project: its name, folder, source roots, encoding and settings. */
    SessionConfig session(String mode, String targets) {
        return SessionConfig.of(
                        mode,
                        getProject().getName(),
                        getProject().getProjectDir().getAbsolutePath(),
                        paths(SourceRoots.of(getProject(), "main")),
                        paths(SourceRoots.of(getProject(), "test")),
                        outputFolder().getAbsolutePath(),
                        targets,
                        JavaBuildModel.sourceEncoding(getProject()))
                .withBuildTool(SessionConfig.BUILD_TOOL_GRADLE)
                .withSettings(userSettings())
                .withReactor(GradleReactor.of(getProject(), targets));
    }

    /** Executor settings every mode shares; the scratch folder lies under the output folder. */
    ExecutorSettings executor(List<Path> projectClasspath, List<Path> workerClasspath) {
        List<Path> sourcePath = new ArrayList<>();
        for (File root : SourceRoots.of(getProject(), "main")) {
            sourcePath.add(root.toPath());
        }
        return ExecutorSettings.of(projectClasspath, sourcePath, workerClasspath,
                        new File(outputFolder(), "work").toPath())
                .withRelease(JavaBuildModel.release(getProject()))
                .withSourceEncoding(charset(JavaBuildModel.sourceEncoding(getProject())));
    }

    /**
     * Runs the session, printing the core's lines and its progress; a core or executor failure fails
     * the build with its message.
     */
    Action run(SessionConfig config, ExecutorSettings executor) {
        Action done;
        try {
            done = MrCoupler.run(config, new GradleLogSink(getLogger(), true), executor);
        } catch (MrCouplerException e) {
            throw new GradleException(e.getMessage() + DaemonEnvironment.hint(e.getMessage(), apiKeyVariable(config)), e);
        }
        // The core says when the build must fail (a violated relation, every LLM request failed).
        if (done.failsBuild()) {
            throw new GradleException(done.verdict().message());
        }
        return done;
    }

    /** The variable the core reads the API key from, for the hint about a daemon's stale environment. */
    private static String apiKeyVariable(SessionConfig config) {
        String name = "llm.apiKeyEnv";
        return config.settings().getOrDefault(name, MrCouplerSettings.DEFAULTS.get(name));
    }

    static List<Path> existing(Iterable<File> files) {
        List<Path> paths = new ArrayList<>();
        for (File file : files) {
            // A source set's resources folder that was never created is on the classpath too.
            if (file.exists()) {
                paths.add(file.toPath());
            }
        }
        return paths;
    }

    private static List<String> paths(List<File> files) {
        List<String> paths = new ArrayList<>();
        for (File file : files) {
            paths.add(file.getAbsolutePath());
        }
        return paths;
    }

    private static Charset charset(String encoding) {
        if (encoding == null || encoding.isBlank()) {
            return null;
        }
        try {
            return Charset.forName(encoding);
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            throw new GradleException("compileJava.options.encoding is '" + encoding + "', which this JDK does not"
                    + " know. Use a standard name such as UTF-8 or ISO-8859-1.", e);
        }
    }
}
