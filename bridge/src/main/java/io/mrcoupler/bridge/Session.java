package io.mrcoupler.bridge;

import com.google.gson.JsonParseException;
import io.mrcoupler.bridge.protocol.Action;
import io.mrcoupler.bridge.protocol.Protocol;
import io.mrcoupler.bridge.protocol.Results;
import io.mrcoupler.bridge.protocol.SessionConfig;
import java.util.Objects;

/**
 * One session of the core: {@code open(config)}, then {@code next(results)} until the core says
 * {@code done} (DESIGN.md, "The boundary"). The core decides everything; this class only carries the
 * messages and hands the log lines to a {@link LogSink}. Not thread-safe: one session, one thread.
 */
public final class Session implements AutoCloseable {

    private long handle;

    private Session(long handle) {
        this.handle = handle;
    }

    /** Opens a session; throws {@link MrCouplerException} when the core rejects the config. */
    public static Session open(SessionConfig config) {
        Objects.requireNonNull(config, "config");
        NativeLibrary.load();
        long handle = NativeCore.open(Protocol.toJson(config));
        if (handle <= 0) {
            throw new MrCouplerException("The MR-Coupler core returned the invalid session handle " + handle
                    + "; this is a bug in the core, please report it.");
        }
        return new Session(handle);
    }

    /**
     * Drives the session to its end: prints each action's log lines through {@code log} and returns
     * the final {@code done} action, whose {@code outputs} name the files the core wrote.
     */
    public Action run(LogSink log) {
        Objects.requireNonNull(log, "log");
        Results results = Results.start();
        while (true) {
            Action action = next(results);
            if (action.progress() != null) {
                log.progress(action.progress());
            }
            action.log().forEach(log::log);
            if (action.isDone()) {
                return action;
            }
            if (Action.KIND_EXECUTE.equals(action.kind())) {
                throw new MrCouplerException("The MR-Coupler core asked to execute a batch of tests, which this"
                        + " version of the bridge cannot do yet (it supports the couplings mode only). Use a plugin"
                        + " and a core of the same MR-Coupler version.");
            }
            throw new MrCouplerException("The MR-Coupler core returned an action of unknown kind '" + action.kind()
                    + "'. Use a plugin and a core of the same MR-Coupler version.");
        }
    }

    /** One step: sends {@code results}, returns the core's next action. */
    public Action next(Results results) {
        Objects.requireNonNull(results, "results");
        if (handle == 0) {
            throw new IllegalStateException("session is closed");
        }
        String json = NativeCore.next(handle, Protocol.toJson(results));
        Action action;
        try {
            action = Protocol.fromJson(json, Action.class);
        } catch (JsonParseException e) {
            throw new MrCouplerException("The MR-Coupler core returned an action this bridge cannot read ("
                    + e.getMessage() + "): " + abbreviate(json) + ". Use a plugin and a core of the same version.", e);
        }
        if (action.version() != Protocol.VERSION) {
            throw new MrCouplerException("The MR-Coupler core speaks protocol version " + action.version()
                    + " but this bridge speaks version " + Protocol.VERSION
                    + ". Use a plugin and a core of the same MR-Coupler version.");
        }
        return action;
    }

    /** Frees the session in the core; safe to call twice. */
    @Override
    public void close() {
        if (handle != 0) {
            long h = handle;
            handle = 0;
            NativeCore.close(h);
        }
    }

    private static String abbreviate(String s) {
        if (s == null) {
            return "null";
        }
        return s.length() <= 200 ? s : s.substring(0, 200) + "...";
    }
}
