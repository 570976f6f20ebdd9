package io.mrcoupler.gradle;

import java.io.File;
import org.gradle.api.GradleException;
import org.gradle.api.Plugin;
import org.gradle.api.Project;
import org.gradle.api.Task;
import org.gradle.api.plugins.JavaBasePlugin;
import org.gradle.api.plugins.JavaPlugin;
import org.gradle.api.tasks.compile.JavaCompile;

/**
 * Plugin {@code io.mrcoupler}: adds the {@code mrCoupler { }} extension and the tasks of group
 * {@code mr-coupler}: {@code listCoupledMethods}, {@code listMutants}, {@code generateMetamorphicTests}
 * and {@code checkMetamorphicTests}. Uses only API that Gradle 4.4 and current Gradle both have.
 */
public class MrCouplerPlugin implements Plugin<Project> {

    public static final String EXTENSION_NAME = "mrCoupler";
    public static final String TASK_GROUP = "mr-coupler";
    public static final String LIST_COUPLED_METHODS = "listCoupledMethods";
    public static final String LIST_MUTANTS = "listMutants";
    public static final String GENERATE = "generateMetamorphicTests";
    public static final String CHECK = "checkMetamorphicTests";
    /** Project property with the targets: {@code -Pmrcoupler.targets=...}; wins over the extension. */
    public static final String TARGETS_PROPERTY = "mrcoupler.targets";

    @Override
    public void apply(Project project) {
        MrCouplerExtension extension = project.getExtensions().create(EXTENSION_NAME, MrCouplerExtension.class);
        ListCoupledMethodsTask task = project.getTasks().create(LIST_COUPLED_METHODS, ListCoupledMethodsTask.class);
        task.setGroup(TASK_GROUP);
        task.setDescription("Lists the methods functionally coupled to each target method and writes"
                + " build/mr-coupler/couplings.json (targets: -P" + TARGETS_PROPERTY + "=... or mrCoupler { targets = '...' }).");

        addSessionTasks(project);

        // Without the lazy Provider API (not in 4.4), read the model once the build script has run:
        // the extension, the source sets and buildDir then have their final values.
        if (project.getState().getExecuted()) {
            configureDefaults(project, extension, task);
            wireGate(project, extension);
        } else {
            project.afterEvaluate(evaluated -> {
                configureDefaults(evaluated, extension, task);
                wireGate(evaluated, extension);
            });
        }
    }

    /** {@code mrCoupler { gateCheck = true }}: {@code gradle check} runs the gate. */
    private static void wireGate(Project project, MrCouplerExtension extension) {
        if (!extension.isGateCheck()) {
            return;
        }
        Task check = project.getTasks().findByName(JavaBasePlugin.CHECK_TASK_NAME);
        if (check == null) {
            throw new GradleException("mrCoupler { gateCheck = true } wires " + CHECK + " into the check task, but "
                    + project + " has none. Apply the java plugin, or leave gateCheck off and run " + CHECK + ".");
        }
        check.dependsOn(CHECK);
    }

    /**
     * The tasks that run tests or compile through the executor. They read their settings when they run,
     * so they need no afterEvaluate. {@code testClasses} exists only with the java plugin, which may be
     * applied after this one; without it the tasks fail saying to apply it.
     */
    private static void addSessionTasks(Project project) {
        ListMutantsTask mutants = project.getTasks().create(LIST_MUTANTS, ListMutantsTask.class);
        mutants.setGroup(TASK_GROUP);
        mutants.setDescription("Generates the mutants of the target methods, compiles their schemata and writes"
                + " build/mr-coupler/mutants/ (mutationScope, exportMutants, maxMutantsPerMethod).");

        GenerateMetamorphicTestsTask generate = project.getTasks().create(GENERATE, GenerateMetamorphicTestsTask.class);
        generate.setGroup(TASK_GROUP);
        generate.setDescription("Has an LLM write metamorphic tests for the target methods and their coupled methods,"
                + " keeps those the mutation check validates (build/mr-coupler/generated-tests, report.html);"
                + " with the LLM of -P" + ProjectSettings.PREFIX + "llm.baseUrl and llm.model, else the built-in generator.");

        CheckMetamorphicTestsTask check = project.getTasks().create(CHECK, CheckMetamorphicTestsTask.class);
        check.setGroup(TASK_GROUP);
        check.setDescription("Runs the kept metamorphic tests against the current code and fails the build when a"
                + " relation is violated (JUnit XML in build/mr-coupler/check-reports).");
        project.getPlugins().withType(JavaPlugin.class, java -> {
            generate.dependsOn(JavaPlugin.TEST_CLASSES_TASK_NAME);
            check.dependsOn(JavaPlugin.TEST_CLASSES_TASK_NAME);
        });
        // In one build that does both, check what this build generated.
        check.mustRunAfter(generate);
    }

    /**
     * Fills in what the build script did not set on the task itself. {@code getBuildDir()} is
     * deprecated in Gradle 8 in favour of {@code getLayout().getBuildDirectory()}, which 4.4 lacks.
     */
    @SuppressWarnings("deprecation")
    static void configureDefaults(Project project, MrCouplerExtension extension, ListCoupledMethodsTask task) {
        Object fromCommandLine = project.findProperty(TARGETS_PROPERTY);
        if (fromCommandLine != null) {
            task.setTargets(fromCommandLine.toString());
        } else if (task.getTargets() == null) {
            task.setTargets(extension.getTargets());
        }
        if (task.getProjectName() == null) {
            task.setProjectName(project.getName());
        }
        if (task.getProjectDir() == null) {
            task.setProjectDir(project.getProjectDir());
        }
        if (task.getSourceRoots() == null) {
            task.setSourceRoots(SourceRoots.of(project, "main"));
        }
        if (task.getTestSourceRoots() == null) {
            task.setTestSourceRoots(SourceRoots.of(project, "test"));
        }
        if (task.getSourceEncoding() == null
                && project.getTasks().findByName("compileJava") instanceof JavaCompile compileJava) {
            task.setSourceEncoding(compileJava.getOptions().getEncoding());
        }
        if (task.getOutputDir() == null) {
            task.setOutputDir(new File(project.getBuildDir(), "mr-coupler"));
        }
    }
}
