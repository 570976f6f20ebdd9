package io.mrcoupler.maven;

import io.mrcoupler.bridge.protocol.Action;
import io.mrcoupler.bridge.protocol.SessionConfig;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Execute;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * The CI gate: runs the metamorphic tests kept by earlier {@code generate} runs (the sources under
 * {@code <outputDirectory>/generated-tests}) against the current code and fails the build when a
 * relation is violated, naming the relation, its inputs and the assertion. Writes JUnit XML reports
 * to {@code <outputDirectory>/check-reports} for CI systems. Targets are optional. Runs the build up
 * to {@code test-compile} first.
 *
 * <p>{@code mvn mr-coupler:check}
 */
@Mojo(name = "check", requiresDependencyResolution = ResolutionScope.TEST, threadSafe = true)
@Execute(phase = LifecyclePhase.TEST_COMPILE)
public class CheckMojo extends AbstractGeneratingMojo {

    /** Fail the build when a kept relation is violated; {@code false} only reports it. */
    @Parameter(property = "mrcoupler.failOnViolation", defaultValue = "true")
    private boolean failOnViolation;

    /**
     * A git revision: first generate metamorphic tests for the target methods changed since it
     * (with the LLM settings of {@code generate}), then check.
     */
    @Parameter(property = "mrcoupler.since")
    private String since;

    @Override
    String goal() {
        return "check";
    }

    @Override
    boolean needsTargets() {
        return false; // the gate runs what earlier runs kept
    }

    @Override
    String run() throws MojoExecutionException, MojoFailureException {
        SessionConfig config = sessionConfig(SessionConfig.MODE_CHECK)
                .withFailOnViolation(failOnViolation)
                .withSince(since == null || since.isBlank() ? null : since.trim())
                .withLlm(llm())
                .withGeneration(generation());
        Action done = runSession(config, testExecutor(apiKeyVariable(), testTimeoutMs()));
        return done.verdict() != null && done.verdict().message() != null ? done.verdict().message() : outcome(done);
    }
}
