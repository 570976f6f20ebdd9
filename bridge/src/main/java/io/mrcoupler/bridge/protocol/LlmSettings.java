package io.mrcoupler.bridge.protocol;

/**
 * The LLM the {@code generate} mode talks to ({@code llm} in docs/protocol.md). Every field may be
 * {@code null}: Gson leaves it out and the core applies its default (see
 * {@code native/src/llm/settings.rs}). The API key never appears here: the core reads the
 * environment variable {@code apiKeyEnv} names.
 */
public record LlmSettings(
        String provider,
        String baseUrl,
        String model,
        Double temperature,
        Integer maxTokens,
        String apiKeyEnv,
        Integer timeoutSeconds,
        Integer retries,
        Integer concurrency,
        Boolean offline,
        String cacheDir,
        Double pricePerMillionPrompt,
        Double pricePerMillionCompletion,
        Double budgetUsd,
        Integer repetitions,
        Integer retryBaseMillis,
        String azureApiVersion) {

    /** Only what is needed to reach a model; the rest at the core's defaults. */
    public static LlmSettings of(String baseUrl, String model, String apiKeyEnv) {
        return new LlmSettings(null, baseUrl, model, null, null, apiKeyEnv, null, null, null, null, null, null,
                null, null, null, null, null);
    }
}
