package io.mrcoupler.gradle;

/**
 * The {@code llm { }} block inside {@code mrCoupler { }}: the model {@code generateMetamorphicTests}
 * talks to. The names are those of the core's {@code llm} settings (docs/protocol.md) and of the
 * project properties {@code -Pmrcoupler.llm.<name>}, which win over what is set here. Unset values
 * ({@code null}) take the core's defaults. The API key itself is never set here: the core reads the
 * environment variable {@link #getApiKeyEnv() apiKeyEnv} names.
 *
 * <p>Numbers are {@link Number} so that Groovy literals of any kind ({@code 2}, {@code 0.2}) fit.
 */
public class LlmExtension {

    private String provider;
    private String baseUrl;
    private String model;
    private String apiKeyEnv;
    private Number temperature;
    private Number maxTokens;
    private Number timeoutSeconds;
    private Number retries;
    private Number concurrency;
    private Boolean offline;
    private Object cacheDir;
    private Number pricePerMillionPrompt;
    private Number pricePerMillionCompletion;
    private Number budgetUsd;
    private Number repetitions;

    /** {@code openAi} (any OpenAI-compatible server) or {@code azure}. */
    public String getProvider() {
        return provider;
    }

    public void setProvider(String provider) {
        this.provider = provider;
    }

    /** e.g. {@code https://api.deepseek.com/v1} or {@code http://localhost:11434/v1}. */
    public String getBaseUrl() {
        return baseUrl;
    }

    public void setBaseUrl(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    /** The model name (for Azure: the deployment). */
    public String getModel() {
        return model;
    }

    public void setModel(String model) {
        this.model = model;
    }

    /** The environment variable holding the API key ({@code OPENAI_API_KEY} by default). */
    public String getApiKeyEnv() {
        return apiKeyEnv;
    }

    public void setApiKeyEnv(String apiKeyEnv) {
        this.apiKeyEnv = apiKeyEnv;
    }

    public Number getTemperature() {
        return temperature;
    }

    public void setTemperature(Number temperature) {
        this.temperature = temperature;
    }

    public Number getMaxTokens() {
        return maxTokens;
    }

    public void setMaxTokens(Number maxTokens) {
        this.maxTokens = maxTokens;
    }

    public Number getTimeoutSeconds() {
        return timeoutSeconds;
    }

    public void setTimeoutSeconds(Number timeoutSeconds) {
        this.timeoutSeconds = timeoutSeconds;
    }

    public Number getRetries() {
        return retries;
    }

    public void setRetries(Number retries) {
        this.retries = retries;
    }

    public Number getConcurrency() {
        return concurrency;
    }

    public void setConcurrency(Number concurrency) {
        this.concurrency = concurrency;
    }

    /** Fail on a cache miss instead of calling the model. */
    public Boolean getOffline() {
        return offline;
    }

    public void setOffline(Boolean offline) {
        this.offline = offline;
    }

    /** Where exchanges are cached; a path relative to the project, or a File. */
    public Object getCacheDir() {
        return cacheDir;
    }

    public void setCacheDir(Object cacheDir) {
        this.cacheDir = cacheDir;
    }

    /** US dollars per million prompt tokens, for the cost figures. */
    public Number getPricePerMillionPrompt() {
        return pricePerMillionPrompt;
    }

    public void setPricePerMillionPrompt(Number pricePerMillionPrompt) {
        this.pricePerMillionPrompt = pricePerMillionPrompt;
    }

    /** US dollars per million completion tokens, for the cost figures. */
    public Number getPricePerMillionCompletion() {
        return pricePerMillionCompletion;
    }

    public void setPricePerMillionCompletion(Number pricePerMillionCompletion) {
        this.pricePerMillionCompletion = pricePerMillionCompletion;
    }

    /** Stop cleanly, keeping what is done, once this much (US dollars) is spent. */
    public Number getBudgetUsd() {
        return budgetUsd;
    }

    public void setBudgetUsd(Number budgetUsd) {
        this.budgetUsd = budgetUsd;
    }

    /** Generations per coupled pair (the paper used 5). */
    public Number getRepetitions() {
        return repetitions;
    }

    public void setRepetitions(Number repetitions) {
        this.repetitions = repetitions;
    }

    private Number retryBaseMillis;
    private String azureApiVersion;

    /** First wait before retrying a rate-limited or failed request, doubled per attempt (1000 ms). */
    public Number getRetryBaseMillis() {
        return retryBaseMillis;
    }

    public void setRetryBaseMillis(Number retryBaseMillis) {
        this.retryBaseMillis = retryBaseMillis;
    }

    /** The Azure OpenAI API version, with provider 'azure'. */
    public String getAzureApiVersion() {
        return azureApiVersion;
    }

    public void setAzureApiVersion(String azureApiVersion) {
        this.azureApiVersion = azureApiVersion;
    }
}
