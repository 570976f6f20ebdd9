package io.mrcoupler.bridge.protocol;

import com.google.gson.annotations.SerializedName;

/**
 * One message of javac about one file.
 *
 * @param kind    what javac says it is
 * @param line    1-based line in the file; 0 when javac names no position
 * @param column  1-based column; 0 when javac names no position
 * @param message javac's text (several lines for "cannot find symbol")
 */
public record CompileDiagnostic(Kind kind, long line, long column, String message) {

    /** The kinds of docs/protocol.md. */
    public enum Kind {
        @SerializedName("error")
        ERROR,
        /** A warning, mandatory or not. */
        @SerializedName("warning")
        WARNING,
        /** Anything else javac says. */
        @SerializedName("note")
        NOTE
    }
}
