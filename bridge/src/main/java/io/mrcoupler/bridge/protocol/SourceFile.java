package io.mrcoupler.bridge.protocol;

/**
 * One Java source of a batch.
 *
 * @param path    relative to a source root, e.g. {@code com/acme/crypto/AESEncryption.java}
 * @param content the whole source text
 */
public record SourceFile(String path, String content) {
}
