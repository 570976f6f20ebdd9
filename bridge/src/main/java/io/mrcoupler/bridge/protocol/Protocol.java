package io.mrcoupler.bridge.protocol;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;

/** The protocol version this bridge speaks, and the one JSON codec for its messages. */
public final class Protocol {

    /** Version of docs/protocol.md implemented by these records. */
    public static final int VERSION = 1;

    // Nulls are left out: an absent optional field and a null one mean the same to the core.
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

    private Protocol() {
    }

    public static String toJson(Object message) {
        return GSON.toJson(message);
    }

    /** Parses a message; throws {@link JsonParseException} on malformed JSON. */
    public static <T> T fromJson(String json, Class<T> type) {
        T value = GSON.fromJson(json, type);
        if (value == null) {
            throw new JsonParseException("empty message where a " + type.getSimpleName() + " was expected");
        }
        return value;
    }
}
