package io.mrcoupler.bridge;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Another process holding a lock, for the tests of the locks that keep runs apart: {@code session
 * <outputDir>} takes the {@link SessionLock} of a generate run, {@code file <path>} locks a file
 * with {@code FileChannel.lock}. It prints "locked", then holds the lock until its stdin ends.
 */
public final class LockHolder {

    private LockHolder() {
    }

    public static void main(String[] args) throws IOException {
        AutoCloseable held;
        if (args[0].equals("session")) {
            held = SessionLock.acquire(Path.of(args[1]), "generate", Duration.ZERO, new RecordingSink());
        } else {
            FileChannel channel = FileChannel.open(Path.of(args[1]), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock lock = channel.lock();
            held = lock::release;
        }
        System.out.println("locked");
        System.out.flush();
        InputStream in = System.in;
        while (in.read() >= 0) {
            // hold the lock until the test closes our stdin (or kills us)
        }
        try {
            held.close();
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    /** Starts a holder JVM on this test JVM's classpath and waits until it holds the lock. */
    public static Process start(String kind, Path path) throws IOException, InterruptedException {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", cp, LockHolder.class.getName(), kind, path.toString()));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        byte[] expected = "locked".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        InputStream out = process.getInputStream();
        for (byte b : expected) {
            int read = out.read();
            if (read != b) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new IOException("the lock holder did not lock " + path + " (it wrote " + read + ")");
            }
        }
        return process;
    }
}
