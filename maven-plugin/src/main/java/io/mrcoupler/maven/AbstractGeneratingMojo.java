package io.mrcoupler.maven;

import io.mrcoupler.bridge.protocol.GenerationSettings;
import io.mrcoupler.bridge.protocol.LlmSettings;
import java.io.File;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * The settings of the LLM and of the generation phases, shared by {@code generate} and by
 * {@code check} (which generates first when given {@code since}). Every setting left unset takes
 * the core's default; the API key itself is never a parameter: the core reads it from the
 * environment variable {@code mrcoupler.llm.apiKeyEnv} names.
 */
abstract class AbstractGeneratingMojo extends AbstractExecutingMojo {

    /** The LLM service's base URL (OpenAI-compatible), e.g. {@code https://api.deepseek.com/v1} or {@code http://localhost:11434/v1}. */
    @Parameter(property = "mrcoupler.llm.baseUrl")
    private String llmBaseUrl;

    /** The model, e.g. {@code deepseek-chat} (for Azure: the deployment name). */
    @Parameter(property = "mrcoupler.llm.model")
    private String llmModel;

    /** The environment variable holding the API key (the core's default: {@code OPENAI_API_KEY}); empty for servers that need none. */
    @Parameter(property = "mrcoupler.llm.apiKeyEnv")
    private String llmApiKeyEnv;

    /** {@code openAi} (OpenAI-compatible chat completions, the default) or {@code azure}. */
    @Parameter(property = "mrcoupler.llm.provider")
    private String llmProvider;

    /** Sampling temperature (the paper's 0.2 by default). */
    @Parameter(property = "mrcoupler.llm.temperature")
    private Double llmTemperature;

    /** Maximum completion tokens per request. */
    @Parameter(property = "mrcoupler.llm.maxTokens")
    private Integer llmMaxTokens;

    /** Seconds one request may take. */
    @Parameter(property = "mrcoupler.llm.timeoutSeconds")
    private Integer llmTimeoutSeconds;

    /** Further attempts after a 429, a 5xx, a timeout or a dropped connection. */
    @Parameter(property = "mrcoupler.llm.retries")
    private Integer llmRetries;

    /** Requests in flight at once. */
    @Parameter(property = "mrcoupler.llm.concurrency")
    private Integer llmConcurrency;

    /** Answer from the cache only and fail on a miss, never calling the service (CI without a key). */
    @Parameter(property = "mrcoupler.llm.offline")
    private Boolean llmOffline;

    /** Where LLM exchanges are cached (the core's default: {@code <outputDirectory>/llm-cache}). */
    @Parameter(property = "mrcoupler.llm.cacheDir")
    private File llmCacheDir;

    /** US dollars per million prompt tokens, for the cost figures. */
    @Parameter(property = "mrcoupler.llm.pricePerMillionPrompt")
    private Double llmPricePerMillionPrompt;

    /** US dollars per million completion tokens, for the cost figures. */
    @Parameter(property = "mrcoupler.llm.pricePerMillionCompletion")
    private Double llmPricePerMillionCompletion;

    /** Stop cleanly, keeping what is done, once this many US dollars are spent. */
    @Parameter(property = "mrcoupler.llm.budgetUsd")
    private Double llmBudgetUsd;

    /** Generations per coupled pair (the paper used 5; the default is 1). */
    @Parameter(property = "mrcoupler.llm.repetitions")
    private Integer llmRepetitions;

    /** Coupling analysis on (the default) or off: the paper's ablation v1. */
    @Parameter(property = "mrcoupler.coupling")
    private Boolean coupling;

    /** Amplification with new inputs on (the default) or off: the paper's ablation v2. */
    @Parameter(property = "mrcoupler.amplification")
    private Boolean amplification;

    /** Validation on mutants on (the default) or off: the paper's ablation v3. */
    @Parameter(property = "mrcoupler.validation")
    private Boolean validation;

    /** The paper's baseline: prompting without coupling, no amplification, no validation. */
    @Parameter(property = "mrcoupler.baseline")
    private Boolean baseline;

    /** New inputs per relation in the amplification (the paper's M = 10). */
    @Parameter(property = "mrcoupler.amplificationInputs")
    private Integer amplificationInputs;

    /** Coupled methods tried per target, best-ranked first (all by default). */
    @Parameter(property = "mrcoupler.maxPairsPerTarget")
    private Integer maxPairsPerTarget;

    /**
     * Who writes the MTCs: {@code llm} or {@code builtin} (MR templates, no LLM). Unset: the LLM when
     * its base URL and model are set, the built-in generator otherwise.
     */
    @Parameter(property = "mrcoupler.provider")
    private String provider;

    /** First wait before retrying a rate-limited or failed LLM request, doubled per attempt (1000 ms). */
    @Parameter(property = "mrcoupler.llm.retryBaseMillis")
    private Integer llmRetryBaseMillis;

    /** The Azure OpenAI API version, with {@code mrcoupler.llm.provider=azure}. */
    @Parameter(property = "mrcoupler.llm.azureApiVersion")
    private String llmAzureApiVersion;

    /** Invocation examples from the project's tests per method in a prompt (3 by default). */
    @Parameter(property = "mrcoupler.examplesPerMethod")
    private Integer examplesPerMethod;

    /** Leave out of the prompts the project's tests that already relate the two methods of a pair. */
    @Parameter(property = "mrcoupler.excludeRelatingTests")
    private Boolean excludeRelatingTests;

    /** Tokens a prompt may use; the least useful context is trimmed first. */
    @Parameter(property = "mrcoupler.promptTokenBudget")
    private Integer promptTokenBudget;

    /** A folder of prompt templates that replace the built-in ones of the same name. */
    @Parameter(property = "mrcoupler.promptsDir")
    private File promptsDir;

    /** Milliseconds one generated test may run before it is stopped (10000 by default). */
    @Parameter(property = "mrcoupler.testTimeoutMs")
    private Long testTimeoutMs;

    /**
     * The LLM, or {@code null} when neither its base URL nor its model is set. Half a configuration
     * goes to the core as it is: the core names the missing setting.
     */
    LlmSettings llm() {
        boolean hasUrl = llmBaseUrl != null && !llmBaseUrl.isBlank();
        boolean hasModel = llmModel != null && !llmModel.isBlank();
        if (!hasUrl && !hasModel) {
            return null;
        }
        File cacheDir = absolute(llmCacheDir, project);
        return new LlmSettings(llmProvider, hasUrl ? llmBaseUrl.trim() : null, hasModel ? llmModel.trim() : null,
                llmTemperature, llmMaxTokens,
                llmApiKeyEnv, llmTimeoutSeconds, llmRetries, llmConcurrency, llmOffline,
                cacheDir == null ? null : cacheDir.getAbsolutePath(), llmPricePerMillionPrompt,
                llmPricePerMillionCompletion, llmBudgetUsd, llmRepetitions, llmRetryBaseMillis, llmAzureApiVersion);
    }

    /** The phases, with JUnit 4 or 5 as the project's tests use. */
    GenerationSettings generation() {
        File prompts = absolute(promptsDir, project);
        return new GenerationSettings(provider, coupling, amplification, validation, baseline, amplificationInputs,
                maxPairsPerTarget, examplesPerMethod, excludeRelatingTests, promptTokenBudget,
                prompts == null ? null : prompts.getAbsolutePath(), ProjectJUnit.of(project), testTimeoutMs);
    }

    /** The environment variable the worker JVM must never see. */
    String apiKeyVariable() {
        return llmApiKeyEnv;
    }

    Long testTimeoutMs() {
        return testTimeoutMs;
    }
}
