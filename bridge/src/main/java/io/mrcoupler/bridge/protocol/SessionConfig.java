package io.mrcoupler.bridge.protocol;

import java.util.List;

/**
 * What a plugin read from the build model, passed to the core when a session opens.
 *
 * @param version         protocol version, {@link Protocol#VERSION}
 * @param mode            what the session does: {@code couplings} (later {@code generate}, {@code mutants},
 *                        {@code check})
 * @param projectName     the build's name for the project (Maven artifactId, Gradle project name)
 * @param projectDir      absolute path of the project directory
 * @param sourceRoots     absolute paths of the main Java source roots
 * @param testSourceRoots absolute paths of the test Java source roots
 * @param outputDir       absolute path of the folder the core writes into
 * @param targets         the user's target expression, passed through untouched
 * @param sourceEncoding  the project's declared source encoding, or {@code null} for UTF-8
 */
public record SessionConfig(
        int version,
        String mode,
        String projectName,
        String projectDir,
        List<String> sourceRoots,
        List<String> testSourceRoots,
        String outputDir,
        String targets,
        String sourceEncoding) {

    public static final String MODE_COUPLINGS = "couplings";

    public SessionConfig {
        sourceRoots = sourceRoots == null ? List.of() : List.copyOf(sourceRoots);
        testSourceRoots = testSourceRoots == null ? List.of() : List.copyOf(testSourceRoots);
    }

    /** A {@code couplings} session: find the methods coupled to each target and write couplings.json. */
    public static SessionConfig couplings(String projectName, String projectDir, List<String> sourceRoots,
            List<String> testSourceRoots, String outputDir, String targets, String sourceEncoding) {
        return new SessionConfig(Protocol.VERSION, MODE_COUPLINGS, projectName, projectDir, sourceRoots,
                testSourceRoots, outputDir, targets, sourceEncoding);
    }
}
