package io.mrcoupler.maven;

import io.mrcoupler.bridge.MrCouplerException;
import io.mrcoupler.bridge.executor.ExecutorSettings;
import io.mrcoupler.bridge.protocol.Action;
import io.mrcoupler.bridge.protocol.SessionConfig;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * What every MR-Coupler goal shares: the targets, the output folder, the source encoding, the skip
 * flag, and the rules for modules a goal has nothing to do in (an aggregator pom, a module without
 * sources). Each goal's settings are parameters generated from the core's settings schema
 * ({@code <Goal>Parameters}, between this class and the goal's mojo), passed to the core as the user
 * wrote them. Each goal builds its {@link SessionConfig}, runs it through the bridge and obeys the
 * core; none decides anything itself.
 */
abstract class AbstractMrCouplerMojo extends AbstractMojo {

    static final String EXAMPLE_TARGET = "com.acme.crypto.AESEncryption#encryptText";

    /**
     * The target methods, comma-separated: {@code com.acme.Aes#encryptText},
     * {@code com.acme.Aes#encryptText(String,SecretKey)}, {@code com.acme.Aes} (all its non-private
     * methods), {@code com.acme.*} (one package), {@code com.acme.**} (a package and its
     * subpackages), or {@code Aes#encryptText} when the simple name is unique. The core reads this
     * text as it is. In a multi-module build, targets given at the root go to every module: each
     * module works on those it contains, the others are skipped with one line, and a target that
     * no module contains fails the build once, at its end. A module may also have its own
     * ({@code mrcoupler.targets} property in its pom); modules without main sources are skipped.
     */
    @Parameter(property = "mrcoupler.targets")
    protected String targets;

    /** Where the core writes its files (reports, generated tests, mutants). */
    @Parameter(property = "mrcoupler.outputDirectory", defaultValue = "${project.build.directory}/mr-coupler")
    protected File outputDirectory;

    /** The encoding of the sources; the project's {@code project.build.sourceEncoding} (UTF-8 when unset). */
    @Parameter(property = "mrcoupler.sourceEncoding", defaultValue = "${project.build.sourceEncoding}")
    protected String sourceEncoding;

    /** Skips the goal. */
    @Parameter(property = "mrcoupler.skip", defaultValue = "false")
    protected boolean skip;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    protected MavenProject project;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    protected MavenSession session;

    /** The bridge; a unit test puts a stand-in here. Not a parameter. */
    SessionRunner runner = SessionRunner.BRIDGE;

    /** The goal's name, as in {@code mvn mr-coupler:<goal>}. */
    abstract String goal();

    /**
     * The settings the user set for this goal, by their names after {@code mrcoupler.}, as written;
     * generated from the core's settings schema.
     */
    abstract Map<String, String> settings();

    static void put(Map<String, String> settings, String name, String value) {
        if (value != null) {
            settings.put(name, value);
        }
    }

    /** Whether the goal needs {@link #targets} (every goal but {@code check}). */
    boolean needsTargets() {
        return true;
    }

    /**
     * Runs the goal on a module that has sources and targets; returns the one line the reactor
     * summary shows for this module.
     */
    abstract String run() throws MojoExecutionException, MojoFailureException;

    @Override
    public final void execute() throws MojoExecutionException, MojoFailureException {
        ReactorSummary summary = ReactorSummary.of(session, goal());
        try {
            if (skip) {
                getLog().info("Skipping MR-Coupler (mrcoupler.skip is set).");
                return;
            }
            // An aggregator pom has no Java sources of its own; its modules are analysed one by one.
            if ("pom".equals(project.getPackaging())) {
                getLog().info("Skipping MR-Coupler for " + project.getArtifactId() + ": packaging is pom.");
                return;
            }
            List<String> sourceRoots = absolute(project.getCompileSourceRoots());
            if (sourceRoots.stream().noneMatch(root -> new File(root).isDirectory())) {
                // A module without sources holds none of the targets; in a reactor it must not fail the build.
                getLog().info("Skipping MR-Coupler for " + project.getArtifactId() + ": no sources (none of "
                        + sourceRoots + " exists).");
                summary.record(project, "skipped: no sources");
                return;
            }
            // In a reactor the core decides what a module without targets does (it is skipped).
            if (needsTargets() && (targets == null || targets.isBlank()) && session.getProjects().size() < 2) {
                throw new MojoFailureException("No target methods given. Name them with -Dmrcoupler.targets, e.g.\n  mvn mr-coupler:"
                        + goal() + " -Dmrcoupler.targets='" + EXAMPLE_TARGET + "'\nor in the plugin's"
                        + " <configuration><targets>...</targets></configuration>.");
            }
            summary.record(project, run());
        } finally {
            summary.printIfLast(project, getLog());
        }
    }

    /** A session of {@code mode} over this module, with the goal's settings. */
    SessionConfig sessionConfig(String mode) {
        return SessionConfig.of(
                        mode,
                        project.getArtifactId(),
                        project.getBasedir().getAbsolutePath(),
                        absolute(project.getCompileSourceRoots()),
                        absolute(project.getTestCompileSourceRoots()),
                        outputDirectory.getAbsolutePath(),
                        targets,
                        sourceEncoding)
                .withBuildTool(SessionConfig.BUILD_TOOL_MAVEN)
                .withSettings(settings())
                .withReactor(reactor());
    }

    /**
     * The reactor's modules with Java sources, in build order, each with the targets it is given
     * (the command line's, else its {@code mrcoupler.targets} property); {@code null} for a single
     * project. The core decides from them which targets are this module's.
     */
    private List<SessionConfig.ReactorModule> reactor() {
        List<MavenProject> projects = session.getProjects();
        if (projects.size() < 2) {
            return null;
        }
        String fromCommandLine = session.getUserProperties().getProperty("mrcoupler.targets");
        List<SessionConfig.ReactorModule> modules = new ArrayList<>();
        for (MavenProject module : projects) {
            List<String> roots = absolute(module.getCompileSourceRoots(), module);
            if ("pom".equals(module.getPackaging()) || roots.stream().noneMatch(r -> new File(r).isDirectory())) {
                continue; // skipped before it reaches the core (execute)
            }
            String given = module.getId().equals(project.getId()) ? targets
                    : fromCommandLine != null ? fromCommandLine : module.getProperties().getProperty("mrcoupler.targets");
            modules.add(new SessionConfig.ReactorModule(module.getArtifactId(), module.getBasedir().getAbsolutePath(),
                    roots, given));
        }
        return modules;
    }

    /**
     * Runs a session to its end, printing the core's lines (and, for goals that run tests, its
     * progress) through Maven's log. A failure of the core, the bridge or the executor fails the
     * build with the message it gave.
     *
     * @param executor how to compile and run what the core asks; {@code null} for goals that run nothing
     */
    Action runSession(SessionConfig config, ExecutorSettings executor, boolean showProgress)
            throws MojoFailureException {
        Action done;
        try {
            done = runner.run(config, new MavenLogSink(getLog(), showProgress), executor);
        } catch (MrCouplerException e) {
            throw new MojoFailureException(e.getMessage(), e);
        }
        // The core says when the build must fail (a violated relation, every LLM request failed).
        if (done.failsBuild()) {
            throw new MojoFailureException(done.verdict().message());
        }
        return done;
    }

    /** The line of the reactor summary: the core's last progress message, else "done". */
    static String outcome(Action done) {
        String message = done.progress() == null ? null : done.progress().message();
        return message == null || message.isBlank() ? "done" : message;
    }

    /** Maven usually gives absolute roots already; a plugin that adds a relative one is resolved against basedir. */
    List<String> absolute(List<String> roots) {
        return absolute(roots, project);
    }

    static List<String> absolute(List<String> roots, MavenProject module) {
        return roots.stream()
                .map(root -> {
                    File file = new File(root);
                    return (file.isAbsolute() ? file : new File(module.getBasedir(), root)).getAbsolutePath();
                })
                .toList();
    }

    static File absolute(File file, MavenProject project) {
        return file == null || file.isAbsolute() ? file : new File(project.getBasedir(), file.getPath());
    }
}
