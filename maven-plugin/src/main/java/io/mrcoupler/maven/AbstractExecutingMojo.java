package io.mrcoupler.maven;

import io.mrcoupler.bridge.MrCouplerException;
import io.mrcoupler.bridge.executor.ExecutorSettings;
import io.mrcoupler.bridge.executor.JUnitPlatform;
import io.mrcoupler.bridge.protocol.Action;
import io.mrcoupler.bridge.protocol.SessionConfig;
import java.io.File;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.toolchain.ToolchainManager;
import org.eclipse.aether.RepositorySystem;

/**
 * A goal whose session asks the bridge to compile (and run) Java: it tells the executor where the
 * project's classes, sources and JDK are, and resolves the JUnit Platform the worker JVM runs the
 * tests with. What the tests may take (the timeout) and what the worker must not see (the API key's
 * variable) the core tells the executor with each batch.
 */
abstract class AbstractExecutingMojo extends AbstractMrCouplerMojo {

    @Component
    private ToolchainManager toolchainManager;

    @Component
    private RepositorySystem repositorySystem;

    /**
     * The executor's settings, or why there are none: a project without JUnit cannot run generated
     * tests, but the core may not need to run any (nothing kept yet, or it stops earlier with its
     * own message), so the reason is given only when the session fails.
     */
    record PreparedExecutor(ExecutorSettings settings, String unavailable) {
    }

    /** For compiling only (the mutant schemata): the compile classpath, no JUnit, no worker needed. */
    ExecutorSettings compileOnlyExecutor() throws MojoExecutionException {
        List<Path> classpath;
        try {
            classpath = paths(project.getCompileClasspathElements());
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("Maven did not resolve the compile classpath of " + project.getId()
                    + ": " + e.getMessage(), e);
        }
        return common(ExecutorSettings.of(classpath, paths(absolute(project.getCompileSourceRoots())), List.of(),
                scratchDir()));
    }

    /**
     * For compiling and running tests: the test classpath (the project's classes and test classes,
     * compiled by the forked test-compile phase), the JDK of the build's toolchain, and the launcher
     * and engines of the project's JUnit on the worker's classpath.
     */
    PreparedExecutor testExecutor() throws MojoExecutionException {
        List<Path> classpath;
        try {
            classpath = paths(project.getTestClasspathElements());
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("Maven did not resolve the test classpath of " + project.getId()
                    + ": " + e.getMessage(), e);
        }
        JUnitPlatform platform;
        try {
            platform = JUnitPlatform.forProject(classpath);
        } catch (MrCouplerException e) {
            return new PreparedExecutor(null, e.getMessage());
        }
        List<Path> workerClasspath = new WorkerClasspathResolver(repositorySystem, session.getRepositorySession(),
                project.getRemoteProjectRepositories()).resolve(platform.coordinates());
        getLog().debug("MR-Coupler worker classpath (" + platform.coordinates() + "): " + workerClasspath);
        ExecutorSettings settings = common(ExecutorSettings.of(classpath, paths(absolute(project.getCompileSourceRoots())),
                workerClasspath, scratchDir()))
                .withJavaHome(JdkToolchain.javaHome(toolchainManager, session, getLog()));
        return new PreparedExecutor(settings, null);
    }

    /**
     * Runs a session that may execute tests. When the core asks for tests but the executor could not
     * be prepared, the failure names why (e.g. no JUnit on the test classpath).
     */
    Action runSession(SessionConfig config, PreparedExecutor executor) throws MojoFailureException {
        try {
            return runSession(config, executor.settings(), true);
        } catch (MojoFailureException e) {
            if (executor.unavailable() == null) {
                throw e;
            }
            throw new MojoFailureException(e.getMessage() + "\nMR-Coupler could not prepare to run tests: "
                    + executor.unavailable(), e.getCause());
        }
    }

    private ExecutorSettings common(ExecutorSettings settings) {
        settings = settings.withRelease(JavaRelease.of(project, session.getUserProperties()));
        Charset charset = charset();
        return charset == null ? settings : settings.withSourceEncoding(charset);
    }

    /** The declared encoding, if Java knows it; otherwise the core reports the files it cannot read. */
    private Charset charset() {
        if (sourceEncoding == null || sourceEncoding.isBlank()) {
            return null;
        }
        try {
            return Charset.forName(sourceEncoding.trim());
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            getLog().warn("The source encoding " + sourceEncoding + " is unknown to Java; compiling as UTF-8.");
            return null;
        }
    }

    private Path scratchDir() {
        return new File(outputDirectory, "work").toPath().toAbsolutePath();
    }

    private static List<Path> paths(List<String> elements) {
        return elements.stream().map(Paths::get).toList();
    }
}
