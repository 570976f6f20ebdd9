package io.mrcoupler.bridge;

/**
 * The JNI entry points of the Rust core (see docs/protocol.md). Every argument and result is a JSON
 * string; errors and panics in the core arrive as {@link MrCouplerException}.
 *
 * <p>Call {@link NativeLibrary#load()} before any of these: a missing library then gives a clear
 * message instead of an {@link UnsatisfiedLinkError}. The method names and signatures are the
 * symbols the core exports ({@code Java_io_mrcoupler_bridge_NativeCore_*}): do not rename.
 */
final class NativeCore {

    private NativeCore() {
    }

    /** The crate version of the core, e.g. {@code "0.1.0"}. */
    static native String version();

    /** Opens a session from a SessionConfig JSON; returns a handle greater than zero. */
    static native long open(String configJson);

    /** Advances the session with a Results JSON; returns an Action JSON. */
    static native String next(long session, String resultsJson);

    /**
     * The lines the session said since the last poll or action, as a JSON array of LogLine; safe to
     * call from another thread while {@link #next} runs. {@code []} for an unknown handle.
     */
    static native String poll(long session);

    /** Frees the session; an unknown handle is a no-op. */
    static native void close(long session);
}
