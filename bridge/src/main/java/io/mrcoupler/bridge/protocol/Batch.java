package io.mrcoupler.bridge.protocol;

import java.util.List;

/**
 * What an {@code execute} action asks the executor to do: compile {@code replacements} together,
 * then each of {@code sources} on its own, then run each of {@code runs}.
 *
 * @param id             echoed in the results as {@code batchId}
 * @param replacements   sources that shadow project classes for this batch (mutant schemata)
 * @param sources        generated test sources, each compiled on its own
 * @param runs           test classes to run, each on one mutant, in this order
 * @param limits         bounds; may be {@code null}
 * @param secretVariable the environment variable holding the LLM API key, which the worker JVM must
 *                       never see; {@code null} when the session uses no key
 */
public record Batch(String id, List<SourceFile> replacements, List<SourceFile> sources, List<Run> runs,
        Limits limits, String secretVariable) {

    public Batch {
        replacements = replacements == null ? List.of() : List.copyOf(replacements);
        sources = sources == null ? List.of() : List.copyOf(sources);
        runs = runs == null ? List.of() : List.copyOf(runs);
    }

    /** A batch that names no secret variable. */
    public Batch(String id, List<SourceFile> replacements, List<SourceFile> sources, List<Run> runs, Limits limits) {
        this(id, replacements, sources, runs, limits, null);
    }
}
