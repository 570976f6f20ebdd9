package io.mrcoupler.maven;

import io.mrcoupler.bridge.protocol.Action;
import io.mrcoupler.bridge.protocol.SessionConfig;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Execute;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * The CI gate: runs the metamorphic tests kept by earlier {@code generate} runs (the sources under
 * {@code <outputDirectory>/generated-tests}) against the current code and fails the build when a
 * relation is violated, naming the relation, its inputs and the assertion. Writes JUnit XML reports
 * to {@code <outputDirectory>/check-reports} for CI systems. Targets are optional. Runs the build up
 * to {@code test-compile} first.
 *
 * <p>{@code mvn mr-coupler:check}, or bound to {@code verify} by declaring an execution of the goal
 * {@code check} (no {@code <phase>} needed).
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, requiresDependencyResolution = ResolutionScope.TEST,
        threadSafe = true)
@Execute(phase = LifecyclePhase.TEST_COMPILE)
public class CheckMojo extends CheckParameters {

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
        SessionConfig config = sessionConfig(SessionConfig.MODE_CHECK).withJUnit(ProjectJUnit.of(project));
        Action done = runSession(config, testExecutor());
        return done.verdict() != null && done.verdict().message() != null ? done.verdict().message() : outcome(done);
    }
}
