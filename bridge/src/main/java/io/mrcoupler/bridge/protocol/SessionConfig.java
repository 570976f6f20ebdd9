package io.mrcoupler.bridge.protocol;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a plugin read from the build model, passed to the core when a session opens
 * (docs/protocol.md): the facts only the build knows, and the user's settings as the raw strings the
 * user wrote. The core parses and checks the settings with its schema; the plugins and the bridge
 * decide nothing about them. {@code null} fields are left out of the JSON.
 *
 * @param version         protocol version, {@link Protocol#VERSION}
 * @param mode            {@code couplings}, {@code mutants}, {@code generate} or {@code check}
 * @param buildTool       {@code maven} or {@code gradle}: the core names settings in messages as the
 *                        users of that tool write them
 * @param projectName     the build's name for the project (Maven artifactId, Gradle project name)
 * @param projectDir      absolute path of the project directory; relative paths in settings are its
 * @param sourceRoots     absolute paths of the main Java source roots
 * @param testSourceRoots absolute paths of the test Java source roots (the first receives exported tests)
 * @param outputDir       absolute path of the folder the core writes into
 * @param targets         the user's target expression, passed through untouched
 * @param sourceEncoding  the project's declared source encoding, or {@code null} for UTF-8
 * @param junit           {@code "4"} or {@code "5"}: the JUnit of the project's tests, or {@code null}
 * @param settings        the user's settings by name as written after {@code mrcoupler.} (e.g.
 *                        {@code "llm.model"}, {@code "maxPairsPerTarget"}), values as the user wrote
 *                        them; unset settings are absent
 * @param reactor         the modules of a multi-module build that have Java sources, in build order,
 *                        this one among them, or {@code null} for a single project: the core decides
 *                        which targets are this module's and fails once for a target in none
 */
public record SessionConfig(
        int version,
        String mode,
        String buildTool,
        String projectName,
        String projectDir,
        List<String> sourceRoots,
        List<String> testSourceRoots,
        String outputDir,
        String targets,
        String sourceEncoding,
        String junit,
        Map<String, String> settings,
        List<ReactorModule> reactor) {

    public static final String MODE_COUPLINGS = "couplings";
    public static final String MODE_MUTANTS = "mutants";
    public static final String MODE_GENERATE = "generate";
    public static final String MODE_CHECK = "check";

    public static final String BUILD_TOOL_MAVEN = "maven";
    public static final String BUILD_TOOL_GRADLE = "gradle";

    public SessionConfig {
        sourceRoots = sourceRoots == null ? List.of() : List.copyOf(sourceRoots);
        testSourceRoots = testSourceRoots == null ? List.of() : List.copyOf(testSourceRoots);
        settings = Collections.unmodifiableMap(settings == null ? new TreeMap<>() : new TreeMap<>(settings));
        reactor = reactor == null ? null : List.copyOf(reactor);
    }

    /**
     * A module of a multi-module build with Java sources, as the build knows it.
     *
     * @param name        the build's name for it (Maven artifactId), as {@code projectName} in its session
     * @param dir         absolute path of its project folder (where its committed home of kept MTCs is)
     * @param sourceRoots absolute paths of its main Java source roots
     * @param targets     the targets given to it, as the user wrote them ({@code ""} for none)
     */
    public record ReactorModule(String name, String dir, List<String> sourceRoots, String targets) {
        public ReactorModule {
            sourceRoots = List.copyOf(sourceRoots);
            targets = targets == null ? "" : targets;
        }
    }

    /** A session of {@code mode} over a project, no settings set; add them with the {@code with} methods. */
    public static SessionConfig of(String mode, String projectName, String projectDir, List<String> sourceRoots,
            List<String> testSourceRoots, String outputDir, String targets, String sourceEncoding) {
        return new SessionConfig(Protocol.VERSION, mode, null, projectName, projectDir, sourceRoots, testSourceRoots,
                outputDir, targets, sourceEncoding, null, null, null);
    }

    /** A {@code couplings} session: find the methods coupled to each target and write couplings.json. */
    public static SessionConfig couplings(String projectName, String projectDir, List<String> sourceRoots,
            List<String> testSourceRoots, String outputDir, String targets, String sourceEncoding) {
        return of(MODE_COUPLINGS, projectName, projectDir, sourceRoots, testSourceRoots, outputDir, targets,
                sourceEncoding);
    }

    public SessionConfig withBuildTool(String tool) {
        return new SessionConfig(version, mode, tool, projectName, projectDir, sourceRoots, testSourceRoots,
                outputDir, targets, sourceEncoding, junit, settings, reactor);
    }

    public SessionConfig withJUnit(String version4or5) {
        return new SessionConfig(version, mode, buildTool, projectName, projectDir, sourceRoots, testSourceRoots,
                outputDir, targets, sourceEncoding, version4or5, settings, reactor);
    }

    /** These settings instead of the ones set so far. */
    public SessionConfig withSettings(Map<String, String> values) {
        return new SessionConfig(version, mode, buildTool, projectName, projectDir, sourceRoots, testSourceRoots,
                outputDir, targets, sourceEncoding, junit, values, reactor);
    }

    /** A session in one module of a multi-module build: its modules with Java sources, in build order. */
    public SessionConfig withReactor(List<ReactorModule> modules) {
        return new SessionConfig(version, mode, buildTool, projectName, projectDir, sourceRoots, testSourceRoots,
                outputDir, targets, sourceEncoding, junit, settings, modules);
    }

    /** One setting more, e.g. {@code withSetting("maxPairsPerTarget", "2")}. */
    public SessionConfig withSetting(String name, String value) {
        Map<String, String> values = new TreeMap<>(settings);
        values.put(name, value);
        return withSettings(values);
    }
}
