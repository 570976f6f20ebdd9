package io.mrcoupler.bridge.protocol;

/**
 * One message of javac about one file.
 *
 * @param kind    {@code error}, {@code warning} or {@code note}
 * @param line    1-based line in the file; 0 when javac names no position
 * @param column  1-based column; 0 when javac names no position
 * @param message javac's text (several lines for "cannot find symbol")
 */
public record CompileDiagnostic(String kind, long line, long column, String message) {

    public static final String ERROR = "error";
    public static final String WARNING = "warning";
    public static final String NOTE = "note";
}
