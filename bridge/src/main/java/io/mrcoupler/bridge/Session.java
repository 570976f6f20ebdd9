package io.mrcoupler.bridge;

import com.google.gson.JsonParseException;
import io.mrcoupler.bridge.executor.Executor;
import io.mrcoupler.bridge.executor.ExecutorSettings;
import io.mrcoupler.bridge.protocol.Action;
import io.mrcoupler.bridge.protocol.BatchResults;
import io.mrcoupler.bridge.protocol.Protocol;
import io.mrcoupler.bridge.protocol.Results;
import io.mrcoupler.bridge.protocol.SessionConfig;
import java.util.Objects;

/**
 * One session of the core: {@code open(config)}, then {@code next(results)} until the core says
 * {@code done} (DESIGN.md, "The boundary"). The core decides everything; this class only carries the
 * messages, hands the log lines to a {@link LogSink}, and hands each batch the core asks to execute
 * to an {@link Executor}. Not thread-safe: one session, one thread (and a {@link LivePoller} that
 * prints what the core says while a step still works).
 */
public final class Session implements AutoCloseable {

    /** The core's side of a session: the native core, or a scripted one in tests. */
    interface Core {
        String next(String resultsJson);

        /** What the core said while {@code next} still works: a JSON array of log lines. */
        default String poll() {
            return "[]";
        }

        void close();
    }

    private Core core;

    Session(Core core) {
        this.core = core;
    }

    /** Opens a session; throws {@link MrCouplerException} when the core rejects the config. */
    public static Session open(SessionConfig config) {
        Objects.requireNonNull(config, "config");
        return open(Protocol.toJson(config));
    }

    /** Opens a session from a config already in JSON (settings this bridge has no record field for). */
    static Session open(String configJson) {
        NativeLibrary.load();
        long handle = NativeCore.open(configJson);
        if (handle <= 0) {
            throw new MrCouplerException("The MR-Coupler core returned the invalid session handle " + handle
                    + "; this is a bug in the core, please report it.");
        }
        return new Session(new Core() {
            @Override
            public String next(String resultsJson) {
                return NativeCore.next(handle, resultsJson);
            }

            @Override
            public String poll() {
                return NativeCore.poll(handle);
            }

            @Override
            public void close() {
                NativeCore.close(handle);
            }
        });
    }

    /**
     * Drives a session that never executes anything (the {@code couplings} mode) to its end; see
     * {@link #run(LogSink, ExecutorSettings)}.
     */
    public Action run(LogSink log) {
        return run(log, null);
    }

    /**
     * Drives the session to its end: prints each action's log lines through {@code log}, runs each
     * batch the core asks for in an {@link Executor} made from {@code executorSettings} on first use
     * (and closed at the end), and returns the final {@code done} action, whose {@code outputs} name
     * the files the core wrote.
     *
     * @param executorSettings the project's classpath and the rest; {@code null} for modes that
     *                         execute nothing
     */
    public Action run(LogSink log, ExecutorSettings executorSettings) {
        Objects.requireNonNull(log, "log");
        Object results = Results.start();
        Executor executor = null;
        LivePoller live = LivePoller.start(core, log);
        try {
            while (true) {
                Action action = exchange(results);
                if (action.progress() != null) {
                    log.progress(action.progress());
                }
                live.print(action.log());
                if (action.isDone()) {
                    return action;
                }
                if (!action.isExecute()) {
                    throw new MrCouplerException("The MR-Coupler core returned an action of unknown kind '"
                            + action.kind() + "'. Use a plugin and a core of the same MR-Coupler version.");
                }
                if (action.batch() == null) {
                    throw new MrCouplerException("The MR-Coupler core asked to execute a batch but sent none; this"
                            + " is a bug in the core, please report it.");
                }
                if (executorSettings == null) {
                    throw new MrCouplerException("The MR-Coupler core asked to compile and run tests, but this goal"
                            + " gave the bridge no project classpath to do it with. Use a goal or task that executes"
                            + " tests (and a plugin and core of the same MR-Coupler version).");
                }
                if (executor == null) {
                    executor = new Executor(withSecret(executorSettings, action.batch().secretVariable()));
                }
                results = executor.run(action.batch());
            }
        } finally {
            live.close();
            if (executor != null) {
                executor.close();
            }
        }
    }

    /** The core names the API key's variable (a user setting); the worker JVM must never see it. */
    private static ExecutorSettings withSecret(ExecutorSettings settings, String secretVariable) {
        return secretVariable == null || secretVariable.isBlank() ? settings : settings.withSecretVariable(secretVariable);
    }

    /** One step: sends {@code results}, returns the core's next action. */
    public Action next(Results results) {
        return exchange(Objects.requireNonNull(results, "results"));
    }

    /** One step after an {@code execute} action: sends what the executor reported. */
    public Action next(BatchResults results) {
        return exchange(Objects.requireNonNull(results, "results"));
    }

    private Action exchange(Object results) {
        if (core == null) {
            throw new IllegalStateException("session is closed");
        }
        String json = core.next(Protocol.toJson(results));
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
        if (core != null) {
            Core c = core;
            core = null;
            c.close();
        }
    }

    private static String abbreviate(String s) {
        if (s == null) {
            return "null";
        }
        return s.length() <= 200 ? s : s.substring(0, 200) + "...";
    }
}
