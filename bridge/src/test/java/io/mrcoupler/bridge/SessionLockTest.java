package io.mrcoupler.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One generate or check at a time per output folder: a second one waits, then fails naming the first. */
class SessionLockTest {

    @TempDir
    Path out;

    @Test
    void aSecondRunWaitsThenFailsNamingTheFirstAndWhatToDo() throws Exception {
        Process other = LockHolder.start("session", out);
        try {
            RecordingSink sink = new RecordingSink();
            long start = System.nanoTime();

            MrCouplerException e = assertThrows(MrCouplerException.class,
                    () -> SessionLock.acquire(out, "check", Duration.ofSeconds(1), sink));

            long waited = (System.nanoTime() - start) / 1_000_000;
            String message = e.getMessage();
            assertTrue(message.contains("generate (pid " + other.pid() + ", started "), message);
            assertTrue(message.contains(out.resolve(SessionLock.FILE_NAME).toString()), message);
            assertTrue(message.contains("kill " + other.pid()) && message.contains("mrcoupler.outputDirectory"),
                    message);
            assertTrue(message.contains("pay every LLM prompt twice"), message);
            assertTrue(waited >= 1000 && waited < 5000, "waited " + waited + " ms for a bound of 1 s");
            assertEquals(1, sink.at("info").size(), sink.lines().toString());
            assertTrue(sink.at("info").get(0).startsWith("Waiting up to 1 s for another MR-Coupler run, generate (pid "
                    + other.pid()), sink.lines().toString());
        } finally {
            other.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aKilledRunLeavesNoStaleLock() throws Exception {
        Process other = LockHolder.start("session", out);
        other.destroyForcibly().waitFor(10, TimeUnit.SECONDS); // no chance to clean up

        try (SessionLock lock = SessionLock.acquire(out, "generate", Duration.ZERO, new RecordingSink())) {
            String holder = Files.readString(out.resolve(SessionLock.FILE_NAME));
            assertTrue(holder.startsWith("generate (pid " + ProcessHandle.current().pid() + ", started "), holder);
        }
    }

    @Test
    void aWaitingRunGoesAheadWhenTheFirstEnds() throws Exception {
        Process other = LockHolder.start("session", out);
        Thread release = new Thread(() -> {
            try {
                Thread.sleep(700);
                other.getOutputStream().close(); // the holder releases and exits
            } catch (Exception e) {
                other.destroyForcibly();
            }
        });
        release.start();
        RecordingSink sink = new RecordingSink();

        try (SessionLock lock = SessionLock.acquire(out, "generate", Duration.ofSeconds(30), sink)) {
            assertEquals(1, sink.at("info").size(), "it said it waits: " + sink.lines());
        } finally {
            release.join();
            other.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void twoSessionsOfOneJvmAreKeptApartAndTheLockIsFreeAfterClose() {
        RecordingSink sink = new RecordingSink();
        try (SessionLock first = SessionLock.acquire(out, "generate", Duration.ZERO, sink)) {
            MrCouplerException e = assertThrows(MrCouplerException.class,
                    () -> SessionLock.acquire(out, "generate", Duration.ofMillis(300), sink));
            assertTrue(e.getMessage().contains("in this JVM"), e.getMessage());
        }
        try (SessionLock again = SessionLock.acquire(out, "check", Duration.ZERO, sink)) {
            assertEquals(List.of(), sink.at("warn"));
        }
    }
}
