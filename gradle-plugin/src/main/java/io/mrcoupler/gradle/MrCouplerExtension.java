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

    /** Default target methods, e.g. {@code 'com.acme.crypto.AESEncryption#encryptText'}. */
    public String getTargets() {
        return targets;
    }

    public void setTargets(String targets) {
        this.targets = targets;
    }
}
