package io.mrcoupler.bridge.protocol;

import java.util.List;

/**
 * What an {@code execute} action asks the executor to do: compile {@code replacements} together,
 * then each of {@code sources} on its own, then run each of {@code runs}.
 *
 * @param id           echoed in the results as {@code batchId}
 * @param replacements sources that shadow project classes for this batch (mutant schemata)
 * @param sources      generated test sources, each compiled on its own
 * @param runs         test classes to run, each on one mutant, in this order
 * @param limits       bounds; may be {@code null}
 */
public record Batch(String id, List<SourceFile> replacements, List<SourceFile> sources, List<Run> runs,
        Limits limits) {

    public Batch {
        replacements = replacements == null ? List.of() : List.copyOf(replacements);
        sources = sources == null ? List.of() : List.copyOf(sources);
        runs = runs == null ? List.of() : List.copyOf(runs);
    }
}
