package io.mrcoupler.bridge.protocol;

import java.util.List;

/**
 * What a plugin read from the build model, passed to the core when a session opens
 * (docs/protocol.md). {@code null} fields are left out of the JSON and take the core's defaults.
 *
 * @param version            protocol version, {@link Protocol#VERSION}
 * @param mode               {@code couplings}, {@code mutants}, {@code generate} or {@code check}
 * @param projectName        the build's name for the project (Maven artifactId, Gradle project name)
 * @param projectDir         absolute path of the project directory
 * @param sourceRoots        absolute paths of the main Java source roots
 * @param testSourceRoots    absolute paths of the test Java source roots
 * @param outputDir          absolute path of the folder the core writes into
 * @param targets            the user's target expression, passed through untouched
 * @param sourceEncoding     the project's declared source encoding, or {@code null} for UTF-8
 * @param mutationScope      {@code pair} or {@code class} ({@code mutants})
 * @param exportMutants      also write one source per mutant ({@code mutants})
 * @param maxMutantsPerMethod cap of mutants per method
 * @param llm                the model ({@code generate})
 * @param generation         the phases ({@code generate})
 * @param failOnViolation    whether a violated relation fails the build ({@code check})
 * @param exportTo           a test source root to copy the kept MTCs into; an existing file is never
 *                           replaced ({@code generate})
 * @param since              a git revision: {@code check} first generates MTCs for the methods changed
 *                           since it
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
        String sourceEncoding,
        String mutationScope,
        Boolean exportMutants,
        Integer maxMutantsPerMethod,
        LlmSettings llm,
        GenerationSettings generation,
        Boolean failOnViolation,
        String exportTo,
        String since) {

    public static final String MODE_COUPLINGS = "couplings";
    public static final String MODE_MUTANTS = "mutants";
    public static final String MODE_GENERATE = "generate";
    public static final String MODE_CHECK = "check";

    public SessionConfig {
        sourceRoots = sourceRoots == null ? List.of() : List.copyOf(sourceRoots);
        testSourceRoots = testSourceRoots == null ? List.of() : List.copyOf(testSourceRoots);
    }

    /** A session of {@code mode} over a project; the mode's own settings come with the {@code with} methods. */
    public static SessionConfig of(String mode, String projectName, String projectDir, List<String> sourceRoots,
            List<String> testSourceRoots, String outputDir, String targets, String sourceEncoding) {
        return new SessionConfig(Protocol.VERSION, mode, projectName, projectDir, sourceRoots, testSourceRoots,
                outputDir, targets, sourceEncoding, null, null, null, null, null, null, null, null);
    }

    /** A {@code couplings} session: find the methods coupled to each target and write couplings.json. */
    public static SessionConfig couplings(String projectName, String projectDir, List<String> sourceRoots,
            List<String> testSourceRoots, String outputDir, String targets, String sourceEncoding) {
        return of(MODE_COUPLINGS, projectName, projectDir, sourceRoots, testSourceRoots, outputDir, targets,
                sourceEncoding);
    }

    public SessionConfig withMutation(String scope, Boolean export, Integer maxPerMethod) {
        return new SessionConfig(version, mode, projectName, projectDir, sourceRoots, testSourceRoots, outputDir,
                targets, sourceEncoding, scope, export, maxPerMethod, llm, generation, failOnViolation, exportTo, since);
    }

    public SessionConfig withLlm(LlmSettings settings) {
        return new SessionConfig(version, mode, projectName, projectDir, sourceRoots, testSourceRoots, outputDir,
                targets, sourceEncoding, mutationScope, exportMutants, maxMutantsPerMethod, settings, generation,
                failOnViolation, exportTo, since);
    }

    public SessionConfig withGeneration(GenerationSettings settings) {
        return new SessionConfig(version, mode, projectName, projectDir, sourceRoots, testSourceRoots, outputDir,
                targets, sourceEncoding, mutationScope, exportMutants, maxMutantsPerMethod, llm, settings,
                failOnViolation, exportTo, since);
    }

    public SessionConfig withFailOnViolation(Boolean fail) {
        return new SessionConfig(version, mode, projectName, projectDir, sourceRoots, testSourceRoots, outputDir,
                targets, sourceEncoding, mutationScope, exportMutants, maxMutantsPerMethod, llm, generation, fail,
                exportTo, since);
    }

    public SessionConfig withExportTo(String testSourceRoot) {
        return new SessionConfig(version, mode, projectName, projectDir, sourceRoots, testSourceRoots, outputDir,
                targets, sourceEncoding, mutationScope, exportMutants, maxMutantsPerMethod, llm, generation,
                failOnViolation, testSourceRoot, since);
    }

    public SessionConfig withSince(String revision) {
        return new SessionConfig(version, mode, projectName, projectDir, sourceRoots, testSourceRoots, outputDir,
                targets, sourceEncoding, mutationScope, exportMutants, maxMutantsPerMethod, llm, generation,
                failOnViolation, exportTo, revision);
    }
}
