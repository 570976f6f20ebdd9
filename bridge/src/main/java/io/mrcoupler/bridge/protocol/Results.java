package io.mrcoupler.bridge.protocol;

/**
 * What the bridge hands back to the core on each {@code next} call. The first call carries only the
 * version; execution results will be added here together with the {@code execute} action.
 *
 * @param version protocol version, {@link Protocol#VERSION}
 */
public record Results(int version) {

    /** The message of the first {@code next} call. */
    public static Results start() {
        return new Results(Protocol.VERSION);
    }
}
