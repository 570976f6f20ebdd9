package io.mrcoupler.bridge;

/**
 * A failure reported by the MR-Coupler core or by the bridge, with a message that says what failed
 * and what to do about it. The plugins show the message as the build failure.
 *
 * <p>The Rust core throws this class by its JNI name {@code io/mrcoupler/bridge/MrCouplerException}
 * through the {@code (String)} constructor: keep both the name and that constructor.
 */
public class MrCouplerException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public MrCouplerException(String message) {
        super(message);
    }

    public MrCouplerException(String message, Throwable cause) {
        super(message, cause);
    }
}
