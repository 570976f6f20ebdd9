package io.mrcoupler.bridge;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.mrcoupler.bridge.executor.ExecutorSettings;
import io.mrcoupler.bridge.executor.TestJars;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/** The bundled example project as the session tests use it: its folders, a config, an executor. */
final class ExampleProject {

    static final Path ROOT = Paths.get(System.getProperty("mrcoupler.example.dir", "../example"))
            .toAbsolutePath().normalize().getParent();
    static final Path EXAMPLE = ROOT.resolve("example");

    private ExampleProject() {
    }

    /** A session config of the example writing into {@code out}; the caller adds mode settings. */
    static JsonObject config(String mode, String targets, Path out) {
        JsonObject config = new JsonObject();
        config.addProperty("version", 1);
        config.addProperty("mode", mode);
        config.addProperty("projectName", "example");
        config.addProperty("targets", targets);
        config.addProperty("projectDir", EXAMPLE.toString());
        config.add("sourceRoots", array(EXAMPLE.resolve("src/main/java")));
        config.add("testSourceRoots", array(EXAMPLE.resolve("src/test/java")));
        config.addProperty("outputDir", out.toString());
        config.add("settings", settings(out));
        return config;
    }

    /** The committed home of kept MTCs in the test's folder, never in the example's sources. */
    static JsonObject settings(Path out) {
        JsonObject settings = new JsonObject();
        settings.addProperty("mtcDir", out.resolve("committed").toString());
        return settings;
    }

    /** The example compiled from its sources, the bridge's own JUnit jars for the worker. */
    static ExecutorSettings executor(Path out) {
        return ExecutorSettings.of(TestJars.junitApis(), List.of(EXAMPLE.resolve("src/main/java")),
                TestJars.launcherAndEngines(), out.resolve("work")).withRelease(17);
    }

    private static JsonArray array(Path path) {
        JsonArray a = new JsonArray();
        a.add(path.toString());
        return a;
    }
}
