package io.mrcoupler.bridge.protocol;

/**
 * Where a session is, carried by every action so a plugin can show it.
 *
 * @param phase        the current phase, e.g. {@code couplings}
 * @param targetsDone  targets finished so far
 * @param targetsTotal targets in the session
 * @param message      a one-line summary for display; may be {@code null}
 */
public record Progress(String phase, int targetsDone, int targetsTotal, String message) {
}
