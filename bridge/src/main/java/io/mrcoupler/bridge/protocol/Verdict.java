package io.mrcoupler.bridge.protocol;

/**
 * The core's verdict at the end of a {@code check} session: whether the plugin must fail the
 * build, and the message to fail it with. The plugin obeys; it decides nothing.
 */
public record Verdict(boolean failBuild, String message) {
}
