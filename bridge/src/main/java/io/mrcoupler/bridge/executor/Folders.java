package io.mrcoupler.bridge.executor;

import io.mrcoupler.bridge.MrCouplerException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Emptying and removing the executor's own scratch folders (never anything else). */
final class Folders {

    private Folders() {
    }

    /** Deletes everything inside {@code dir}, keeping {@code dir}; symbolic links are removed, not followed. */
    static void deleteContents(Path dir) {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.comparingInt(Path::getNameCount).reversed()).filter(p -> !p.equals(dir))
                    .forEach(Folders::delete);
        } catch (IOException | UncheckedIOException e) {
            throw new MrCouplerException("Could not empty the executor's scratch folder " + dir + ": " + e
                    + ". Check its permissions, or delete it by hand.", e);
        }
    }

    /** Deletes {@code dir} and everything in it. */
    static void deleteTree(Path dir) {
        deleteContents(dir);
        delete(dir);
    }

    private static void delete(Path p) {
        try {
            // A test may have made a file read-only; the scratch folder is ours to clean anyway.
            p.toFile().setWritable(true);
            Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
