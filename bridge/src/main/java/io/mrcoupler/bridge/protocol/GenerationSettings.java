package io.mrcoupler.bridge.protocol;

/**
 * How {@code generate} runs ({@code generation} in docs/protocol.md): the paper's phases can be
 * switched off for its ablation, and its baseline is a mode. Every field may be {@code null} for
 * the core's default.
 *
 * @param provider "llm" or "builtin" (MR templates, no LLM); {@code null}: the LLM when one is set
 * @param junit    "4" or "5": the JUnit the project's tests use
 */
public record GenerationSettings(
        String provider,
        Boolean coupling,
        Boolean amplification,
        Boolean validation,
        Boolean baseline,
        Integer amplificationInputs,
        Integer maxPairsPerTarget,
        Integer examplesPerMethod,
        Boolean excludeRelatingTests,
        Integer promptTokenBudget,
        String promptsDir,
        String junit,
        Long testTimeoutMs) {

    /** All at the core's defaults, JUnit as given. */
    public static GenerationSettings defaults(String junit) {
        return new GenerationSettings(null, null, null, null, null, null, null, null, null, null, null, junit, null);
    }
}
