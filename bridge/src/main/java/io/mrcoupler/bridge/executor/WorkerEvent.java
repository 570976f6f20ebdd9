package io.mrcoupler.bridge.executor;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.List;

/**
 * One line the worker wrote (see {@code io.mrcoupler.worker.WorkerMain} for the messages), or
 * {@link #EXIT}: the worker's stdout ended, so the worker is dead.
 */
record WorkerEvent(String event, String id, boolean test, String leaf, String name, String status, long durationMs,
        String message, String exceptionType, List<String> frames, boolean dirty, String notFound, String error) {

    static final String READY = "ready";
    static final String INITIALIZED = "initialized";
    static final String STARTED = "started";
    static final String FINISHED = "finished";
    static final String DONE = "done";

    /** The worker's stdout reached its end. */
    static final WorkerEvent EXIT = new WorkerEvent("exit", "", false, "", "", null, 0, null, null, null, false, null,
            null);

    boolean is(String kind) {
        return event.equals(kind);
    }

    static WorkerEvent parse(String json) {
        JsonObject o = JsonParser.parseString(json).getAsJsonObject();
        List<String> frames = null;
        if (o.has("frames")) {
            frames = new ArrayList<>();
            for (JsonElement frame : (JsonArray) o.get("frames")) {
                frames.add(frame.getAsString());
            }
        }
        return new WorkerEvent(text(o, "event"), text(o, "id"), o.has("test") && o.get("test").getAsBoolean(),
                text(o, "leaf"), text(o, "name"), text(o, "status"),
                o.has("durationMs") ? o.get("durationMs").getAsLong() : 0, text(o, "message"),
                text(o, "exceptionType"), frames, o.has("dirty") && o.get("dirty").getAsBoolean(), text(o, "notFound"),
                text(o, "error"));
    }

    private static String text(JsonObject o, String key) {
        JsonElement e = o.get(key);
        return e == null || e.isJsonNull() ? null : e.getAsString();
    }
}
