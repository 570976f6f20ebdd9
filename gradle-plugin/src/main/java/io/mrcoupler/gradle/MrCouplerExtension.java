package io.mrcoupler.gradle;

/**
 * The {@code mrCoupler { }} block of a build script. Plain getters and setters (no Property API), so
 * the same plugin runs on Gradle 4.4 and on current Gradle.
 */
public class MrCouplerExtension {

    private String targets;

    /** Default target methods, e.g. {@code 'com.acme.crypto.AESEncryption#encryptText'}. */
    public String getTargets() {
        return targets;
    }

    public void setTargets(String targets) {
        this.targets = targets;
    }
}
