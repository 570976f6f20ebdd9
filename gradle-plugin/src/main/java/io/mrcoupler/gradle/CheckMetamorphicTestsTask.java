package io.mrcoupler.gradle;

import io.mrcoupler.bridge.protocol.SessionConfig;
import org.gradle.api.tasks.TaskAction;

/**
 * The CI gate: runs the metamorphic tests kept by earlier {@code generateMetamorphicTests} runs
 * ({@code build/mr-coupler/generated-tests}) against the current code, writes JUnit XML to
 * {@code build/mr-coupler/check-reports}, and fails the build when the core's verdict says so (a
 * violated relation, unless {@code failOnViolation} is false). With {@code since} the core first
 * generates tests for the methods changed since that git revision, with the same settings as
 * {@code generateMetamorphicTests}.
 *
 * <p>A gate reports its verdict on every run, and what it checks depends on git as well as on files,
 * so it always runs.
 */
public class CheckMetamorphicTestsTask extends MrCouplerTask {

    public CheckMetamorphicTestsTask() {
        getOutputs().upToDateWhen(task -> false);
    }

    @TaskAction
    public void check() {
        TestExecution execution = TestExecution.of(this);
        String targets = getTargets();
        SessionConfig config = session(SessionConfig.MODE_CHECK, targets == null ? "" : targets)
                .withJUnit(execution.junit());
        run(config, execution.executor()); // fails the build on the core's verdict
    }
}
