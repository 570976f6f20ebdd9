package io.mrcoupler.bridge.protocol;

import java.util.List;

/**
 * What the executor reports for a batch: the argument of the next {@code next} call.
 *
 * @param version     protocol version, {@link Protocol#VERSION}
 * @param batchId     the batch's {@code id}
 * @param compilation one entry per replacement, then one per source, in the batch's order
 * @param runs        one entry per run, in the batch's order
 */
public record BatchResults(int version, String batchId, List<Compilation> compilation, List<RunResult> runs) {

    public BatchResults {
        compilation = compilation == null ? List.of() : List.copyOf(compilation);
        runs = runs == null ? List.of() : List.copyOf(runs);
    }

    public static BatchResults of(String batchId, List<Compilation> compilation, List<RunResult> runs) {
        return new BatchResults(Protocol.VERSION, batchId, compilation, runs);
    }
}
