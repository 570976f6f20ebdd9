package io.mrcoupler.gradle;

import io.mrcoupler.bridge.MrCouplerException;
import io.mrcoupler.bridge.executor.ExecutorSettings;
import io.mrcoupler.bridge.executor.JUnitPlatform;
import java.nio.file.Path;
import java.util.List;
import org.gradle.api.GradleException;

/**
 * How generated tests run for a project: the executor's settings (the test runtime classpath, the
 * tests' JDK, the launcher and engines matching the project's JUnit) and the JUnit version the core
 * writes tests for.
 *
 * @param executor the executor settings
 * @param junit    "5" when the project's tests have JUnit Jupiter, else "4"
 */
record TestExecution(ExecutorSettings executor, String junit) {

    /**
     * Reads the project's test runtime classpath (so {@code testClasses} must have run) and resolves
     * the worker's JUnit jars from the project's repositories. The core tells the executor which
     * variable holds the API key, to keep it from the worker.
     */
    static TestExecution of(MrCouplerTask task) {
        List<Path> classpath = MrCouplerTask.existing(
                JavaBuildModel.testRuntimeClasspath(task.getProject(), task.getName()));
        JUnitPlatform platform;
        try {
            platform = JUnitPlatform.forProject(classpath);
        } catch (MrCouplerException e) {
            throw new GradleException(e.getMessage(), e);
        }
        ExecutorSettings executor = task.executor(classpath, WorkerJars.resolve(task.getProject(), platform))
                .withJavaHome(JavaBuildModel.javaHome(task.getProject()));
        return new TestExecution(executor, platform.jupiterVersion() != null ? "5" : "4");
    }
}
