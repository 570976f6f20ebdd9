package io.mrcoupler.bridge;

import io.mrcoupler.bridge.executor.ExecutorSettings;
import io.mrcoupler.bridge.protocol.Action;
import io.mrcoupler.bridge.protocol.SessionConfig;
import java.nio.file.Path;

/** The one entry point of the plugins: run a session to its end with the build's logger. */
public final class MrCoupler {

    private MrCoupler() {
    }

    /** The version of the native core, loading it first. */
    public static String version() {
        NativeLibrary.load();
        try {
            return NativeCore.version();
        } catch (UnsatisfiedLinkError e) {
            // The file loaded, but it is not an MR-Coupler core (or one from another release).
            throw new MrCouplerException("The native library loaded from " + NativeLibrary.loadedFrom()
                    + " does not export the MR-Coupler JNI functions (" + e.getMessage() + "). Use the library"
                    + " built with this bridge, or unset -D" + NativeLibrary.PATH_PROPERTY + ".", e);
        }
    }

    /**
     * Runs one session and returns its final action (whose {@code outputs} name the files written).
     *
     * @throws MrCouplerException with a message for the user when the core or the bridge fails
     */
    public static Action run(SessionConfig config, LogSink log) {
        return run(config, log, null);
    }

    /**
     * Runs one session whose core may ask to compile and run tests: they run in a worker JVM made
     * from {@code executorSettings} (the project's classpath, JDK, scratch folder), stopped when the
     * session ends. {@code null} settings are fine for modes that execute nothing ({@code couplings}).
     * A {@code generate} or {@code check} first takes the output folder's {@link SessionLock}: a
     * second one in the same folder waits for the first, then fails naming it.
     *
     * @throws MrCouplerException with a message for the user when the core, the bridge or the
     *                            executor fails
     */
    public static Action run(SessionConfig config, LogSink log, ExecutorSettings executorSettings) {
        String version = version();
        log.debug("MR-Coupler core " + version + " loaded from " + NativeLibrary.loadedFrom());
        try (SessionLock lock = lockFor(config, log); Session session = Session.open(config)) {
            return session.run(log, executorSettings);
        }
    }

    /**
     * The output folder's lock for the sessions that run tests and may ask an LLM ({@code generate},
     * {@code check}); null for the others, which only read sources and write their own files.
     */
    private static SessionLock lockFor(SessionConfig config, LogSink log) {
        boolean exclusive = SessionConfig.MODE_GENERATE.equals(config.mode())
                || SessionConfig.MODE_CHECK.equals(config.mode());
        if (!exclusive || config.outputDir() == null) {
            return null;
        }
        return SessionLock.acquire(Path.of(config.outputDir()), config.mode(), SessionLock.DEFAULT_WAIT, log);
    }
}
