/**
 * The JSON messages of the JNI boundary, protocol version {@value io.mrcoupler.bridge.protocol.Protocol#VERSION}.
 * Each record mirrors a serde type of {@code native/src/protocol.rs}; the contract is
 * {@code docs/protocol.md}. Field names are the JSON names: do not rename.
 */
package io.mrcoupler.bridge.protocol;
