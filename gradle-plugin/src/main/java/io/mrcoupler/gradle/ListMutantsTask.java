package io.mrcoupler.gradle;

import io.mrcoupler.bridge.protocol.SessionConfig;
import java.util.List;
import org.gradle.api.tasks.TaskAction;

/**
 * Generates the mutants of the target methods (Major's operators) and compiles each class's schemata
 * through the executor; writes {@code build/mr-coupler/mutants/} (schemata, {@code mutants.log},
 * {@code summary.json}) and prints per operator: generated, compiled, dropped.
 *
 * <p>It depends on no task. The schemata are compiled against {@code sourceSets.main.compileClasspath}
 * with the main source roots as source path, so javac takes every other class of the project from
 * its sources: nothing needs compiling first, and a project whose tests do not compile (or were never
 * compiled) works, as the Maven goal does. Depending on {@code compileJava} would add nothing the
 * source path does not give, and {@code compileTestJava} is never needed since no test runs.
 *
 * <p>Printing is its job, so it always runs.
 */
public class ListMutantsTask extends MrCouplerTask {

    public ListMutantsTask() {
        getOutputs().upToDateWhen(task -> false);
    }

    @TaskAction
    public void listMutants() {
        SessionConfig config = session(SessionConfig.MODE_MUTANTS, requireTargets());
        // A batch without runs only compiles: no worker JVM starts, so no JUnit launcher is needed.
        run(config, executor(existing(JavaBuildModel.mainCompileClasspath(getProject(), getName())), List.of()));
    }
}
