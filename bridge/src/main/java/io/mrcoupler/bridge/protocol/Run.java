package io.mrcoupler.bridge.protocol;

/**
 * One test class to run on one mutant.
 *
 * @param testClass binary name of the test class, e.g. {@code com.acme.crypto.AESEncryption_MTC1Test}
 * @param mutant    the value the mutant switch holds during the run; 0 is the original program
 */
public record Run(String testClass, int mutant) {
}
