package io.mrcoupler.bridge.executor;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mrcoupler.bridge.LockHolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM killed outright cannot remove its executor's folder; the next executor over the same
 * scratch folder does, and leaves the folders of live executors alone.
 */
class ScratchFolderTest {

    @TempDir
    Path scratch;

    @Test
    void theFolderOfADeadExecutorIsRemovedByTheNextOne() throws Exception {
        Path dead = Files.createDirectories(scratch.resolve("executor-123/cwd"));
        Files.writeString(scratch.resolve("executor-123/" + ScratchFolder.OWNER_LOCK), "");
        Files.writeString(dead.resolve("left-by-a-test.txt"), "x");

        ScratchFolder next = ScratchFolder.create(scratch);
        try {
            assertFalse(Files.exists(scratch.resolve("executor-123")), "the dead executor's folder is removed");
            assertTrue(Files.isDirectory(next.home()));
        } finally {
            next.delete();
        }
        assertFalse(Files.exists(next.home()), "delete() removes the folder");
    }

    @Test
    void theFolderOfALiveExecutorInAnotherProcessStays() throws Exception {
        Path live = Files.createDirectories(scratch.resolve("executor-456"));
        Process owner = LockHolder.start("file", live.resolve(ScratchFolder.OWNER_LOCK));
        try {
            ScratchFolder next = ScratchFolder.create(scratch);
            next.delete();

            assertTrue(Files.isDirectory(live), "a locked folder belongs to a live executor");
        } finally {
            owner.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        ScratchFolder.create(scratch).delete();
        assertFalse(Files.exists(live), "once its owner is dead it goes");
    }

    @Test
    void theFolderOfALiveExecutorOfThisJvmStays() {
        ScratchFolder first = ScratchFolder.create(scratch);
        try {
            ScratchFolder second = ScratchFolder.create(scratch);
            second.delete();
            assertTrue(Files.isDirectory(first.home()));
            // Its lock still holds: the second executor did not drop it by opening the file.
            ScratchFolder.removeAbandoned(scratch);
            assertTrue(Files.isDirectory(first.home()));
        } finally {
            first.delete();
        }
    }

    @Test
    void aFolderWithoutALockIsOnlyRemovedOnceItIsOld() throws Exception {
        Path young = Files.createDirectories(scratch.resolve("executor-young"));
        Path old = Files.createDirectories(scratch.resolve("executor-old"));
        Files.setLastModifiedTime(old, FileTime.from(Instant.now().minus(Duration.ofMinutes(5))));

        ScratchFolder.removeAbandoned(scratch);

        assertTrue(Files.isDirectory(young), "it may be one that another executor is creating right now");
        assertFalse(Files.exists(old));
    }
}
