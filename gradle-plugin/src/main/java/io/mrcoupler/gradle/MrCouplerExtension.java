package io.mrcoupler.gradle;

import org.gradle.api.Action;

/**
 * The {@code mrCoupler { }} block of a build script. Plain getters and setters (no Property API), so
 * the same plugin runs on Gradle 4.4 and on current Gradle. Each setting has a project property of
 * the same name, {@code -Pmrcoupler.<name>} (the LLM's {@code -Pmrcoupler.llm.<name>}), which wins;
 * the names are those of the Maven plugin's {@code -Dmrcoupler.*} properties. Unset values
 * ({@code null}) take the core's defaults (docs/protocol.md).
 *
 * <pre>
 * mrCoupler {
 *     targets = 'com.acme.crypto.AESEncryption#encryptText'
 *     llm {
 *         baseUrl = 'https://api.deepseek.com/v1'
 *         model = 'deepseek-chat'
 *         apiKeyEnv = 'DEEPSEEK_API_KEY'
 *     }
 *     maxPairsPerTarget = 2
 * }
 * </pre>
 */
public class MrCouplerExtension {

    private String targets;

    // mutants (listMutants)
    private String mutationScope;
    private Boolean exportMutants;
    private Number maxMutantsPerMethod;

    private final LlmExtension llm = new LlmExtension();

    // generation (generateMetamorphicTests; checkMetamorphicTests with since)
    private String provider;
    private Boolean coupling;
    private Boolean amplification;
    private Boolean validation;
    private Boolean baseline;
    private Number amplificationInputs;
    private Number maxPairsPerTarget;
    private Number examplesPerMethod;
    private Boolean excludeRelatingTests;
    private Number promptTokenBudget;
    private Object promptsDir;
    private Number testTimeoutMs;
    private Boolean export;

    // the gate (checkMetamorphicTests)
    private Boolean failOnViolation;
    private String since;

    /** Default target methods, e.g. {@code 'com.acme.crypto.AESEncryption#encryptText'}. */
    public String getTargets() {
        return targets;
    }

    public void setTargets(String targets) {
        this.targets = targets;
    }

    /** {@code pair} (each target and its coupled methods) or {@code class} (every method of the class). */
    public String getMutationScope() {
        return mutationScope;
    }

    public void setMutationScope(String mutationScope) {
        this.mutationScope = mutationScope;
    }

    /** {@code listMutants} also writes one plain source per mutant. */
    public Boolean getExportMutants() {
        return exportMutants;
    }

    public void setExportMutants(Boolean exportMutants) {
        this.exportMutants = exportMutants;
    }

    public Number getMaxMutantsPerMethod() {
        return maxMutantsPerMethod;
    }

    public void setMaxMutantsPerMethod(Number maxMutantsPerMethod) {
        this.maxMutantsPerMethod = maxMutantsPerMethod;
    }

    /** The model; also settable as {@code llm.baseUrl = '...'}. */
    public LlmExtension getLlm() {
        return llm;
    }

    /** {@code llm { baseUrl = '...'; model = '...' }}; Gradle adds the Closure form for build scripts. */
    public void llm(Action<? super LlmExtension> action) {
        action.execute(llm);
    }

    /** Who writes the MTCs: 'llm' or 'builtin' (MR templates); unset: the LLM when one is configured. */
    public String getProvider() {
        return provider;
    }

    public void setProvider(String provider) {
        this.provider = provider;
    }

    /** Coupling analysis in the prompt (off: the paper's ablation v1). */
    public Boolean getCoupling() {
        return coupling;
    }

    public void setCoupling(Boolean coupling) {
        this.coupling = coupling;
    }

    /** Amplification with new inputs (off: v2). */
    public Boolean getAmplification() {
        return amplification;
    }

    public void setAmplification(Boolean amplification) {
        this.amplification = amplification;
    }

    /** Validation on mutants (off: v3). */
    public Boolean getValidation() {
        return validation;
    }

    public void setValidation(Boolean validation) {
        this.validation = validation;
    }

    /** The paper's baseline: prompting without coupling, amplification or validation. */
    public Boolean getBaseline() {
        return baseline;
    }

    public void setBaseline(Boolean baseline) {
        this.baseline = baseline;
    }

    /** New inputs per relation (the paper's M = 10). */
    public Number getAmplificationInputs() {
        return amplificationInputs;
    }

    public void setAmplificationInputs(Number amplificationInputs) {
        this.amplificationInputs = amplificationInputs;
    }

    /** Coupled methods tried per target, best-ranked first; all when unset. */
    public Number getMaxPairsPerTarget() {
        return maxPairsPerTarget;
    }

    public void setMaxPairsPerTarget(Number maxPairsPerTarget) {
        this.maxPairsPerTarget = maxPairsPerTarget;
    }

    /** Invocation examples taken from the project's tests per method. */
    public Number getExamplesPerMethod() {
        return examplesPerMethod;
    }

    public void setExamplesPerMethod(Number examplesPerMethod) {
        this.examplesPerMethod = examplesPerMethod;
    }

    /** Leave out example tests that already relate the two methods of a pair. */
    public Boolean getExcludeRelatingTests() {
        return excludeRelatingTests;
    }

    public void setExcludeRelatingTests(Boolean excludeRelatingTests) {
        this.excludeRelatingTests = excludeRelatingTests;
    }

    public Number getPromptTokenBudget() {
        return promptTokenBudget;
    }

    public void setPromptTokenBudget(Number promptTokenBudget) {
        this.promptTokenBudget = promptTokenBudget;
    }

    /** A folder of prompt templates replacing the built-in ones; a path relative to the project, or a File. */
    public Object getPromptsDir() {
        return promptsDir;
    }

    public void setPromptsDir(Object promptsDir) {
        this.promptsDir = promptsDir;
    }

    /** How long one generated test may run. */
    public Number getTestTimeoutMs() {
        return testTimeoutMs;
    }

    public void setTestTimeoutMs(Number testTimeoutMs) {
        this.testTimeoutMs = testTimeoutMs;
    }

    /** Also copy the kept tests into the first test source root; an existing file is never replaced. */
    public Boolean getExport() {
        return export;
    }

    public void setExport(Boolean export) {
        this.export = export;
    }

    /** Whether a violated kept relation fails {@code checkMetamorphicTests} (default true). */
    public Boolean getFailOnViolation() {
        return failOnViolation;
    }

    public void setFailOnViolation(Boolean failOnViolation) {
        this.failOnViolation = failOnViolation;
    }

    /** A git revision: {@code checkMetamorphicTests} first generates tests for the methods changed since it. */
    public String getSince() {
        return since;
    }

    public void setSince(String since) {
        this.since = since;
    }
}
