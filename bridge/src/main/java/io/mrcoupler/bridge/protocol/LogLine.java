package io.mrcoupler.bridge.protocol;

/**
 * One line the core wants the user to see, printed by the plugin through its own logger.
 *
 * @param level   {@code debug}, {@code info}, {@code warn} or {@code error}
 * @param message the text, already worded for the user
 */
public record LogLine(String level, String message) {

    public static final String DEBUG = "debug";
    public static final String INFO = "info";
    public static final String WARN = "warn";
    public static final String ERROR = "error";
}
