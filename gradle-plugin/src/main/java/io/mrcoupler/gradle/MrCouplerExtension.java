package io.mrcoupler.gradle;

/**
 * The {@code mrCoupler { }} block of a build script: the targets, and every setting of the core's
 * settings schema (generated into {@link MrCouplerSettings}, with its {@code llm { }} block,
 * {@link LlmExtension}). Plain getters and setters (no Property API), so the same plugin runs on
 * Gradle 4.4 and on current Gradle. Each setting has a project property of the same name,
 * {@code -Pmrcoupler.<name>} (the LLM's {@code -Pmrcoupler.llm.<name>}), which wins; the names are
 * those of the Maven plugin's {@code -Dmrcoupler.*} properties. Unset values ({@code null}) take the
 * core's defaults, and the core checks every value (docs/protocol.md).
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
public class MrCouplerExtension extends MrCouplerSettings {

    private String targets;
    private boolean gateCheck;

    /** Default target methods, e.g. {@code 'com.acme.crypto.AESEncryption#encryptText'}. */
    public String getTargets() {
        return targets;
    }

    public void setTargets(String targets) {
        this.targets = targets;
    }

    /**
     * Wire the gate into the build: {@code gradle check} then depends on {@code checkMetamorphicTests}
     * (as the Maven goal {@code check} runs in {@code verify} once declared). Build plumbing, not a
     * setting of the core; off by default.
     */
    public boolean isGateCheck() {
        return gateCheck;
    }

    public void setGateCheck(boolean gateCheck) {
        this.gateCheck = gateCheck;
    }
}
