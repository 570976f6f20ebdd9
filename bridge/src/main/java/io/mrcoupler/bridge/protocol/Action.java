package io.mrcoupler.bridge.protocol;

import java.util.List;

/**
 * What the core asks for next, returned by each {@code next} call.
 *
 * @param version  protocol version of the core
 * @param kind     {@link #KIND_DONE}, or in later versions {@link #KIND_EXECUTE}
 * @param progress where the session is, for display; may be {@code null}
 * @param log      lines to print, in order, at their level
 * @param outputs  absolute paths of the files the core wrote (with {@code done})
 * @param batch    what to compile and run (with {@code execute}); otherwise {@code null}
 * @param verdict  with {@code done} of a {@code check} session: whether to fail the build; otherwise
 *                 {@code null}
 */
public record Action(int version, String kind, Progress progress, List<LogLine> log, List<String> outputs,
        Batch batch, Verdict verdict) {

    /** The session is finished; nothing more will be written. */
    public static final String KIND_DONE = "done";
    /** Run the batch of the action and call {@code next} with its {@link BatchResults}. */
    public static final String KIND_EXECUTE = "execute";

    public Action {
        log = log == null ? List.of() : List.copyOf(log);
        outputs = outputs == null ? List.of() : List.copyOf(outputs);
    }

    public boolean isDone() {
        return KIND_DONE.equals(kind);
    }

    public boolean isExecute() {
        return KIND_EXECUTE.equals(kind);
    }

    /** Whether the core says the build must fail (a violated relation in {@code check}). */
    public boolean failsBuild() {
        return verdict != null && verdict.failBuild();
    }
}
