package io.mrcoupler.worker;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Ends this JVM when the executor that started it is gone, whatever the tests are doing: a test
 * that loops forever keeps the main thread busy, so the watching is done by daemon threads of
 * their own, and the JVM ends with {@link Runtime#halt} (a looping test or a shutdown hook of the
 * project's must not hold it up).
 *
 * <p>Two signals, either one is enough:
 * <ul>
 * <li><b>stdin reaches its end.</b> The executor holds the only write end of this pipe, so its
 * end comes when the build's JVM exits in any way (even {@code kill -9}) or when the executor
 * closes it. This is what Surefire's forked JVMs watch too; it works on every OS. The requests
 * are therefore read here, by the watching thread, and handed to the main thread through
 * {@link #next()}.</li>
 * <li><b>the parent process is gone.</b> Java 8 has no {@code ProcessHandle}, so the executor
 * passes its pid ({@code -Dmrcoupler.parentPid}; without it, the parent this JVM had when it
 * started) and a thread reads {@code /proc/<pid>/stat} twice a second: the process is gone when
 * the file is missing, names a zombie, or shows another start time (the pid was reused). This
 * covers a pipe whose write end leaked into another process. It needs Linux's {@code /proc};
 * elsewhere stdin alone does the job.</li>
 * </ul>
 */
final class Watchdog {

    /** The exit code of a worker that ended because its executor was gone. */
    static final int ORPHANED = 3;

    private static final long PARENT_POLL_MS = 500;

    private final BlockingQueue<String> requests = new LinkedBlockingQueue<>();

    private Watchdog() {
    }

    /**
     * Starts reading {@code input} (the protocol's requests) and watching the parent.
     *
     * @param input the worker's stdin
     */
    static Watchdog start(BufferedReader input) {
        Watchdog watchdog = new Watchdog();
        daemon("mr-coupler-stdin", () -> watchdog.read(input));
        String given = System.getProperty("mrcoupler.parentPid");
        Path proc = Paths.get("/proc");
        if (Files.isDirectory(proc)) {
            String pid = given != null && !given.trim().isEmpty() ? given.trim() : parentOf(proc.resolve("self/stat"));
            Path stat = pid == null ? null : proc.resolve(pid).resolve("stat");
            String startTime = stat == null ? null : startTime(stat);
            if (startTime != null) {
                daemon("mr-coupler-parent-watch", () -> watchdog.watch(stat, startTime));
            }
        }
        return watchdog;
    }

    /** The next request line; blocks until one comes. */
    String next() throws InterruptedException {
        return requests.take();
    }

    private void read(BufferedReader input) {
        try {
            String line;
            while ((line = input.readLine()) != null) {
                requests.add(line);
            }
        } catch (IOException e) {
            // a broken pipe is an end too
        }
        Runtime.getRuntime().halt(ORPHANED);
    }

    private void watch(Path stat, String startTime) {
        while (true) {
            try {
                Thread.sleep(PARENT_POLL_MS);
            } catch (InterruptedException e) {
                // nobody interrupts this thread on purpose; keep watching
            }
            if (!startTime.equals(startTime(stat))) {
                Runtime.getRuntime().halt(ORPHANED);
            }
        }
    }

    /**
     * Field 22 of {@code /proc/<pid>/stat} (the start time, in clock ticks since boot), or null when
     * the process does not exist or is a zombie (it died and its parent has not reaped it yet).
     */
    static String startTime(Path stat) {
        String[] fields = fieldsAfterName(stat);
        if (fields == null || fields.length < 20 || fields[0].equals("Z") || fields[0].equals("X")) {
            return null;
        }
        return fields[19]; // fields[0] is field 3 (the state), so field 22 is fields[19]
    }

    /** Field 4 of {@code /proc/self/stat}: this process's parent. */
    private static String parentOf(Path stat) {
        String[] fields = fieldsAfterName(stat);
        return fields == null || fields.length < 2 ? null : fields[1];
    }

    /** The fields after the command name, which is in parentheses and may itself hold spaces and ')'. */
    private static String[] fieldsAfterName(Path stat) {
        try {
            String text = new String(Files.readAllBytes(stat), StandardCharsets.US_ASCII);
            int end = text.lastIndexOf(')');
            return end < 0 ? null : text.substring(end + 1).trim().split("\\s+");
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static void daemon(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
    }
}
