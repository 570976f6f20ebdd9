package io.mrcoupler.bridge.protocol;

/**
 * Bounds the core sets on a batch.
 *
 * @param testTimeoutMs how long one test may run before the worker is killed and the test reported
 *                      {@code timedOut}; 0 (absent) means the executor's configured default
 */
public record Limits(long testTimeoutMs) {
}
