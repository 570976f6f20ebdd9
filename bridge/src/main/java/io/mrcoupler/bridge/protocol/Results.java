package io.mrcoupler.bridge.protocol;

/**
 * What the bridge hands back to the core on the first {@code next} call: only the version. After an
 * {@code execute} action the bridge sends {@link BatchResults} instead.
 *
 * @param version protocol version, {@link Protocol#VERSION}
 */
public record Results(int version) {

    /** The message of the first {@code next} call. */
    public static Results start() {
        return new Results(Protocol.VERSION);
    }
}
