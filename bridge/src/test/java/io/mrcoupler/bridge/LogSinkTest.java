package io.mrcoupler.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mrcoupler.bridge.protocol.LogLine;
import java.util.List;
import org.junit.jupiter.api.Test;

class LogSinkTest {

    @Test
    void eachLineGoesToItsLevelInOrder() {
        RecordingSink sink = new RecordingSink();
        List.of(new LogLine("info", "a"), new LogLine("warn", "b"), new LogLine("debug", "c"),
                new LogLine("error", "d"), new LogLine("trace", "e"), new LogLine(null, null))
                .forEach(sink::log);
        assertEquals(List.of("info: a", "warn: b", "debug: c", "error: d", "info: e", "info: "), sink.lines());
    }
}
