package io.mrcoupler.bridge.executor;

import io.mrcoupler.bridge.MrCouplerException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The executor's own folder, {@code <scratchDir>/executor-<random>}, and proof that it is in use:
 * a lock on its {@code owner.lock} held from creation to removal. Removed by {@link #delete()} on
 * every way out the build's JVM lives through (the end of a session, an exception, Ctrl-C or
 * SIGTERM through the executor's shutdown hook). A JVM killed outright ({@code kill -9}, a crash)
 * cannot clean up: its folder's lock dies with it, so the next executor over the same scratch
 * folder finds the folder unlocked and removes it ({@link #create}).
 */
final class ScratchFolder {

    static final String PREFIX = "executor-";
    static final String OWNER_LOCK = "owner.lock";
    /** A folder without an owner.lock may be one that another executor is creating right now. */
    private static final Duration UNLOCKED_GRACE = Duration.ofMinutes(1);
    /**
     * The folders of this JVM's live executors. They are never opened to test their lock: closing any
     * channel of a file drops every lock this process holds on it (POSIX record locks).
     */
    private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();

    private final Path home;
    private FileChannel owner;
    private boolean deleted;

    private ScratchFolder(Path home, FileChannel owner) {
        this.home = home;
        this.owner = owner;
    }

    /**
     * Removes the folders that dead executors left under {@code scratchDir}, then makes and locks a
     * new one.
     *
     * @throws MrCouplerException when the folder cannot be made
     */
    static ScratchFolder create(Path scratchDir) {
        scratchDir = scratchDir.toAbsolutePath().normalize(); // one spelling, for LIVE
        Path home = null;
        try {
            Files.createDirectories(scratchDir);
            removeAbandoned(scratchDir);
            home = Files.createTempDirectory(scratchDir, PREFIX);
            FileChannel owner = FileChannel.open(home.resolve(OWNER_LOCK), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            if (owner.tryLock() == null) {
                owner.close();
                throw new IOException("its " + OWNER_LOCK + " is locked by another process");
            }
            LIVE.add(home);
            return new ScratchFolder(home, owner);
        } catch (IOException | RuntimeException e) {
            if (home != null) {
                deleteQuietly(home);
            }
            throw new MrCouplerException("Could not create the executor's scratch folder under " + scratchDir + ": "
                    + e + ". Check that the build output folder is writable.", e);
        }
    }

    Path home() {
        return home;
    }

    /** Releases the lock and removes the folder; safe to call twice and from two threads. */
    synchronized void delete() {
        if (deleted) {
            return;
        }
        deleted = true;
        try {
            owner.close(); // releases the lock
        } catch (IOException e) {
            // the lock goes with the process anyway
        }
        owner = null;
        // The session's thread may still be writing a class file when a shutdown hook gets here.
        for (int attempt = 0; attempt < 5 && Files.exists(home, LinkOption.NOFOLLOW_LINKS); attempt++) {
            if (attempt > 0) {
                pause(100);
            }
            deleteQuietly(home);
        }
        LIVE.remove(home);
    }

    /** Folders of executors whose JVM is gone: their owner.lock can be locked (or is long missing). */
    static void removeAbandoned(Path scratchDir) {
        try (DirectoryStream<Path> folders = Files.newDirectoryStream(scratchDir, PREFIX + "*")) {
            for (Path folder : folders) {
                if (Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
                    removeIfAbandoned(folder);
                }
            }
        } catch (IOException | RuntimeException e) {
            // Leftovers only cost disk space, and `mvn clean` removes them: never fail a run for them.
        }
    }

    private static void removeIfAbandoned(Path folder) throws IOException {
        if (LIVE.contains(folder)) {
            return;
        }
        Path lockFile = folder.resolve(OWNER_LOCK);
        if (!Files.exists(lockFile, LinkOption.NOFOLLOW_LINKS)) {
            Instant modified = Files.getLastModifiedTime(folder, LinkOption.NOFOLLOW_LINKS).toInstant();
            if (modified.isBefore(Instant.now().minus(UNLOCKED_GRACE))) {
                deleteQuietly(folder);
            }
            return;
        }
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE);
                FileLock lock = channel.tryLock()) {
            if (lock != null) {
                deleteQuietly(folder);
            }
        } catch (OverlappingFileLockException e) {
            // this JVM holds it (LIVE makes this unlikely): a live executor of another session
        }
    }

    private static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void deleteQuietly(Path folder) {
        try {
            Folders.deleteTree(folder);
        } catch (MrCouplerException | java.io.UncheckedIOException e) {
            // A file a test still writes, or a permission a test took away; `mvn clean` removes it.
        }
    }
}
