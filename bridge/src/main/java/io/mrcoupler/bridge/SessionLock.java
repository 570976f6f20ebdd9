package io.mrcoupler.bridge;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One {@code generate} or {@code check} at a time per output folder: two at once would pay every
 * LLM prompt twice and write the same files. The lock is {@code FileChannel.tryLock} on {@code
 * <outputDir>/.lock}, which names its holder (mode, pid, start time) for the message a second run
 * gets. The second run waits up to a bound, then fails saying who holds the lock and what to do.
 * Released by {@link #close()}; the operating system releases it when the JVM dies in any way, so
 * a killed run never leaves a stale lock (the file stays; only its lock counts).
 */
public final class SessionLock implements AutoCloseable {

    public static final String FILE_NAME = ".lock";
    /** How long a second run waits for the first before it gives up. */
    public static final Duration DEFAULT_WAIT = Duration.ofSeconds(30);
    private static final long POLL_MS = 250;
    /**
     * The locks this JVM holds, by file. A second session of the same JVM (a Gradle daemon) must not
     * open the file: closing any channel of it would drop this process's lock (POSIX record locks).
     */
    private static final Map<Path, String> HELD = new ConcurrentHashMap<>();

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private SessionLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock of {@code outputDir} for a session of {@code mode}, waiting up to {@code wait}
     * for another run to end (saying so through {@code log}).
     *
     * @throws MrCouplerException when another run still holds it after {@code wait}, or the file
     *                            cannot be written
     */
    public static SessionLock acquire(Path outputDir, String mode, Duration wait, LogSink log) {
        Path file = outputDir.toAbsolutePath().normalize().resolve(FILE_NAME);
        String holder = mode + " (pid " + ProcessHandle.current().pid() + ", started "
                + Instant.now().truncatedTo(ChronoUnit.SECONDS) + ")";
        long deadline = System.nanoTime() + wait.toNanos();
        boolean told = false;
        while (true) {
            SessionLock taken = tryAcquire(file, holder);
            if (taken != null) {
                return taken;
            }
            String other = holderOf(file);
            if (System.nanoTime() >= deadline) {
                throw new MrCouplerException("Another MR-Coupler run, " + other + ", is working in " + outputDir
                        + " (it holds " + file + "); this " + mode + " waited " + wait.toSeconds() + " s for it and"
                        + " gave up. Two runs at once would pay every LLM prompt twice and write the same files."
                        + " Wait until it ends and run again, stop it (for example kill " + pidOf(other) + "), or give"
                        + " this run another output folder (mrcoupler.outputDirectory).");
            }
            if (!told) {
                log.info("Waiting up to " + wait.toSeconds() + " s for another MR-Coupler run, " + other
                        + ", which is working in " + outputDir + ".");
                told = true;
            }
            sleep();
        }
    }

    /** The lock, or null when another run holds it. */
    private static SessionLock tryAcquire(Path file, String holder) {
        if (HELD.putIfAbsent(file, holder) != null) {
            return null; // a session of this JVM holds it
        }
        FileChannel channel = null;
        try {
            Files.createDirectories(file.getParent());
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                HELD.remove(file);
                return null;
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap((holder + "\n").getBytes(StandardCharsets.UTF_8)), 0);
            channel.force(false);
            return new SessionLock(file, channel, lock);
        } catch (IOException | OverlappingFileLockException e) {
            HELD.remove(file);
            closeQuietly(channel);
            throw new MrCouplerException("Could not lock " + file + " (" + e + "), which keeps two MR-Coupler runs"
                    + " from working in one output folder at once. Check that the folder is writable.", e);
        }
    }

    /** Who holds the lock, as the holder wrote it into the file. */
    private static String holderOf(Path file) {
        String held = HELD.get(file);
        if (held != null) {
            return held + " in this JVM";
        }
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8).strip();
            return text.isEmpty() ? "one that has just started" : text;
        } catch (IOException e) {
            return "one whose lock file cannot be read (" + e.getMessage() + ")";
        }
    }

    private static String pidOf(String holder) {
        int at = holder.indexOf("pid ");
        if (at < 0) {
            return "<its pid>";
        }
        int end = at + 4;
        while (end < holder.length() && Character.isDigit(holder.charAt(end))) {
            end++;
        }
        return end > at + 4 ? holder.substring(at + 4, end) : "<its pid>";
    }

    /** Releases the lock; the file stays (deleting it would let two runs lock two different files). */
    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException e) {
            // closing the channel below releases it too
        } finally {
            closeQuietly(channel);
            HELD.remove(file);
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // nothing left to release
            }
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(POLL_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MrCouplerException("Interrupted while waiting for another MR-Coupler run to end.", e);
        }
    }
}
