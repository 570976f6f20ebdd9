package io.mrcoupler.gradle;

import io.mrcoupler.bridge.executor.JUnitPlatform;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.gradle.api.GradleException;
import org.gradle.api.Project;
import org.gradle.api.artifacts.Configuration;
import org.gradle.api.artifacts.Dependency;

/**
 * The JUnit Platform launcher and engines the worker JVM runs generated tests with, resolved from the
 * project's own repositories. Which ones (and at which versions) is the bridge's choice
 * ({@link JUnitPlatform#forProject}, matching the JUnit on the project's test classpath); fetching
 * them is the build tool's job, done here with a detached configuration, which Gradle 4.4 and current
 * Gradle both offer.
 */
final class WorkerJars {

    private WorkerJars() {
    }

    static List<Path> resolve(Project project, JUnitPlatform platform) {
        Dependency[] dependencies = new Dependency[platform.coordinates().size()];
        for (int i = 0; i < dependencies.length; i++) {
            dependencies[i] = project.getDependencies().create(platform.coordinates().get(i));
        }
        Configuration configuration = project.getConfigurations().detachedConfiguration(dependencies);
        List<Path> jars = new ArrayList<>();
        try {
            for (File file : configuration.getFiles()) {
                jars.add(file.toPath());
            }
        } catch (RuntimeException e) {
            throw new GradleException("Could not resolve " + String.join(", ", platform.coordinates())
                    + ", which run the generated tests (the JUnit Platform launcher and engines matching the project's"
                    + " JUnit), from the repositories of " + project + ": " + messages(e) + "\nAdd a repository that"
                    + " has them to repositories { } (e.g. mavenCentral()), or run once without --offline so"
                    + " Gradle caches them.", e);
        }
        return jars;
    }

    /** Gradle wraps the reason (a missing module, offline mode) in causes; show them all. */
    private static String messages(Throwable e) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = e; t != null && t != t.getCause(); t = t.getCause()) {
            if (t.getMessage() != null && text.indexOf(t.getMessage()) < 0) {
                text.append(text.length() == 0 ? "" : "; ").append(t.getMessage());
            }
        }
        return text.toString();
    }
}
