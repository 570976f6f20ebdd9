package io.mrcoupler.gradle;

import io.mrcoupler.bridge.protocol.GenerationSettings;
import io.mrcoupler.bridge.protocol.LlmSettings;

/**
 * The core's {@code llm} and {@code generation} settings (docs/protocol.md) read from
 * {@code -Pmrcoupler.*} and {@code mrCoupler { }}. Names are the core's field names, as in the
 * Maven plugin: {@code mrcoupler.llm.<field>} for the model, {@code mrcoupler.<field>} for the rest.
 * Nothing is defaulted here: what the user did not set stays {@code null} for the core to decide.
 */
final class SessionSettings {

    private SessionSettings() {
    }

    /**
     * The model, or {@code null} when neither its base URL nor its name is set: the core then answers
     * with what to set, in the words of the property names.
     */
    static LlmSettings llm(ProjectSettings settings, LlmExtension llm) {
        String baseUrl = settings.string("llm.baseUrl", llm.getBaseUrl());
        String model = settings.string("llm.model", llm.getModel());
        if (baseUrl == null && model == null) {
            return null;
        }
        return new LlmSettings(
                settings.string("llm.provider", llm.getProvider()),
                baseUrl,
                model,
                settings.decimal("llm.temperature", llm.getTemperature()),
                settings.integer("llm.maxTokens", llm.getMaxTokens()),
                apiKeyEnv(settings, llm),
                settings.integer("llm.timeoutSeconds", llm.getTimeoutSeconds()),
                settings.integer("llm.retries", llm.getRetries()),
                settings.integer("llm.concurrency", llm.getConcurrency()),
                settings.bool("llm.offline", llm.getOffline()),
                settings.path("llm.cacheDir", llm.getCacheDir()),
                settings.decimal("llm.pricePerMillionPrompt", llm.getPricePerMillionPrompt()),
                settings.decimal("llm.pricePerMillionCompletion", llm.getPricePerMillionCompletion()),
                settings.decimal("llm.budgetUsd", llm.getBudgetUsd()),
                settings.integer("llm.repetitions", llm.getRepetitions()),
                settings.integer("llm.retryBaseMillis", llm.getRetryBaseMillis()),
                settings.string("llm.azureApiVersion", llm.getAzureApiVersion()));
    }

    /** The variable holding the API key; the executor keeps it out of the worker's environment. */
    static String apiKeyEnv(ProjectSettings settings, LlmExtension llm) {
        return settings.string("llm.apiKeyEnv", llm.getApiKeyEnv());
    }

    /** The phases; {@code junit} ("4" or "5") is read from the project's test classpath. */
    static GenerationSettings generation(ProjectSettings settings, MrCouplerExtension extension, String junit) {
        return new GenerationSettings(
                settings.string("provider", extension.getProvider()),
                settings.bool("coupling", extension.getCoupling()),
                settings.bool("amplification", extension.getAmplification()),
                settings.bool("validation", extension.getValidation()),
                settings.bool("baseline", extension.getBaseline()),
                settings.integer("amplificationInputs", extension.getAmplificationInputs()),
                settings.integer("maxPairsPerTarget", extension.getMaxPairsPerTarget()),
                settings.integer("examplesPerMethod", extension.getExamplesPerMethod()),
                settings.bool("excludeRelatingTests", extension.getExcludeRelatingTests()),
                settings.integer("promptTokenBudget", extension.getPromptTokenBudget()),
                settings.path("promptsDir", extension.getPromptsDir()),
                junit,
                settings.longValue("testTimeoutMs", extension.getTestTimeoutMs()));
    }

    static Boolean export(ProjectSettings settings, MrCouplerExtension extension) {
        return settings.bool("export", extension.getExport());
    }
}
