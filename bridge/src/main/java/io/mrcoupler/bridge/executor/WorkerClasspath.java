package io.mrcoupler.bridge.executor;

import io.mrcoupler.bridge.MrCouplerException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How the worker's classes are split between its JVM classpath and the per-run class loader
 * (ARCHITECTURE.md, "The worker's classpath"):
 *
 * <ul>
 *   <li>JVM classpath (the application loader, one per worker): the runtime jar
 *       ({@code MutantSwitch}), the worker jar, the project's own JUnit jars (API, params, JUnit 4,
 *       Hamcrest, opentest4j, apiguardian) and then the launcher and engines of
 *       {@link ExecutorSettings#workerClasspath()}. A jar whose file name was seen already is left
 *       out, so the project's copy of a shared jar wins.</li>
 *   <li>per run (a fresh child loader): the compiled batch classes, child-first, then the rest of the
 *       project classpath (its classes, test classes and other dependencies).</li>
 * </ul>
 *
 * JUnit's API must sit with the engines, or the engines would not recognise the tests' {@code @Test}
 * (another loader, another class); everything else of the project belongs to the run, so its static
 * state is new each time.
 */
final class WorkerClasspath {

    static final String RUNTIME_CLASS = "io/mrcoupler/runtime/MutantSwitch.class";
    static final String WORKER_CLASS = "io/mrcoupler/worker/WorkerMain.class";
    static final String WORKER_MAIN = "io.mrcoupler.worker.WorkerMain";

    // Artifacts the engines and the tests must share: JUnit 5's and 4's APIs and what they depend on.
    private static final Pattern FRAMEWORK = Pattern.compile(
            "(junit-(jupiter|platform|vintage)-.*|junit(-\\d.*)?|hamcrest.*|opentest4j.*|apiguardian.*)\\.jar");

    private final List<Path> jvm;
    private final List<Path> perRun;
    private final Path runtimeJar;

    private WorkerClasspath(List<Path> jvm, List<Path> perRun, Path runtimeJar) {
        this.jvm = List.copyOf(jvm);
        this.perRun = List.copyOf(perRun);
        this.runtimeJar = runtimeJar;
    }

    static WorkerClasspath of(ExecutorSettings settings) {
        Path runtime = locate(RUNTIME_CLASS, "mr-coupler-runtime");
        Path worker = locate(WORKER_CLASS, "mr-coupler-worker");
        List<Path> jvm = new ArrayList<>(List.of(runtime, worker));
        List<Path> perRun = new ArrayList<>();
        for (Path entry : settings.projectClasspath()) {
            (isFramework(entry) ? jvm : perRun).add(entry);
        }
        jvm.addAll(settings.workerClasspath());
        return new WorkerClasspath(withoutDuplicateJars(jvm), perRun, runtime);
    }

    /** The worker JVM's {@code -cp}. */
    List<Path> jvm() {
        return jvm;
    }

    /** The project entries each run's class loader gets, after the compiled classes. */
    List<Path> perRun() {
        return perRun;
    }

    /** Where {@code io.mrcoupler.runtime.MutantSwitch} lives, for the compile classpath. */
    Path runtimeJar() {
        return runtimeJar;
    }

    static boolean isFramework(Path entry) {
        Path name = entry.getFileName();
        return name != null && FRAMEWORK.matcher(name.toString()).matches() && !Files.isDirectory(entry);
    }

    private static List<Path> withoutDuplicateJars(List<Path> entries) {
        Set<String> seen = new HashSet<>();
        List<Path> kept = new ArrayList<>();
        for (Path entry : entries) {
            String name = entry.getFileName() == null ? entry.toString() : entry.getFileName().toString();
            if (!name.endsWith(".jar") || seen.add(name)) {
                kept.add(entry);
            }
        }
        return kept;
    }

    /** The jar or folder a class of this build was loaded from. */
    static Path locate(String classResource, String artifact) {
        URL url = WorkerClasspath.class.getClassLoader().getResource(classResource);
        if (url == null) {
            throw new MrCouplerException("The MR-Coupler bridge cannot find " + classResource + " (from " + artifact
                    + ") on its classpath. Use the bridge with its dependencies, as the MR-Coupler plugins declare them.");
        }
        String text = url.toString();
        try {
            if (text.startsWith("jar:")) {
                return Paths.get(new URL(text.substring(4, text.indexOf("!/"))).toURI());
            }
            if (text.startsWith("file:") && text.endsWith(classResource)) {
                return Paths.get(new URL(text.substring(0, text.length() - classResource.length())).toURI());
            }
        } catch (URISyntaxException | java.net.MalformedURLException e) {
            // reported below
        }
        throw new MrCouplerException("The MR-Coupler bridge found " + classResource + " at " + url + ", which is"
                + " neither a jar nor a folder on disk, so the worker JVM cannot use it. Put " + artifact
                + " on the plugin's classpath as a file.");
    }
}
