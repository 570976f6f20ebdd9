package io.mrcoupler.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mrcoupler.bridge.protocol.Action;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** What the core says while a step still works reaches the build then, once and in order. */
class LivePollerTest {

    private static final String RETRY = "LLM request (generation of Aes#encryptText ~ decryptText): no answer "
            + "within 120 s; retry 1 of 3 in 1.0 s";

    /** A core whose one step lasts until the build printed the retry line, as a hung LLM phase does. */
    private static final class WaitingCore implements Session.Core {
        final CountDownLatch printed = new CountDownLatch(1);
        volatile boolean sawItPrintedWhileWorking;
        private boolean said;

        @Override
        public synchronized String poll() {
            if (said) {
                return "[]";
            }
            said = true;
            return "[{\"level\":\"warn\",\"message\":\"" + RETRY + "\"}]";
        }

        @Override
        public String next(String resultsJson) {
            try {
                sawItPrintedWhileWorking = printed.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "{\"version\":1,\"kind\":\"done\",\"log\":[{\"level\":\"info\",\"message\":\"LLM 1/1: answered\"}],"
                    + "\"outputs\":[]}";
        }

        @Override
        public void close() {
        }
    }

    /** Lines from two threads, in the order they arrive. */
    private static final class Lines implements LogSink {
        final List<String> lines = new ArrayList<>();
        private final CountDownLatch printed;

        Lines(CountDownLatch printed) {
            this.printed = printed;
        }

        @Override
        public synchronized void debug(String message) {
            lines.add("debug: " + message);
        }

        @Override
        public synchronized void info(String message) {
            lines.add("info: " + message);
        }

        @Override
        public synchronized void warn(String message) {
            lines.add("warn: " + message);
            printed.countDown();
        }

        @Override
        public synchronized void error(String message) {
            lines.add("error: " + message);
        }
    }

    @Test
    void aLineSaidWhileTheCoreWorksIsPrintedBeforeTheStepEndsAndOnlyOnce() {
        WaitingCore core = new WaitingCore();
        Lines sink = new Lines(core.printed);

        Action done;
        try (Session session = new Session(core)) {
            done = session.run(sink);
        }

        assertTrue(done.isDone());
        assertTrue(core.sawItPrintedWhileWorking, "printed while the core's step still worked: " + sink.lines);
        synchronized (sink) {
            assertEquals(List.of("warn: " + RETRY, "info: LLM 1/1: answered"), sink.lines);
        }
    }
}
