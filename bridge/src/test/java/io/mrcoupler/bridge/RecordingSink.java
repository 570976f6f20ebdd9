package io.mrcoupler.bridge;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** A LogSink that remembers "level: message" lines, for assertions. */
final class RecordingSink implements LogSink {

    private final List<String> lines = new ArrayList<>();

    @Override
    public void debug(String message) {
        lines.add("debug: " + message);
    }

    @Override
    public void info(String message) {
        lines.add("info: " + message);
    }

    @Override
    public void warn(String message) {
        lines.add("warn: " + message);
    }

    @Override
    public void error(String message) {
        lines.add("error: " + message);
    }

    List<String> lines() {
        return lines;
    }

    List<String> at(String level) {
        return lines.stream().filter(l -> l.startsWith(level + ": "))
                .map(l -> l.substring(level.length() + 2)).collect(Collectors.toList());
    }
}
