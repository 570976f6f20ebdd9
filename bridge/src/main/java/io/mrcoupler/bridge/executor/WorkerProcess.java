package io.mrcoupler.bridge.executor;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.mrcoupler.bridge.MrCouplerException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.RandomAccessFile;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One worker JVM and the executor's end of its JSON-lines channel. Its stdout is read by a thread of
 * its own into a queue, so the executor can wait for the next event with a deadline and kill the
 * worker when a test overruns it. Its stderr (the tests' bounded output, the JVM's own last words)
 * is appended to a log file under the scratch folder.
 */
final class WorkerProcess {

    private static final String PREFIX = "@@mrc ";

    private final Process process;
    private final Writer stdin;
    private final Path log;
    private final List<String> command;
    private final BlockingQueue<WorkerEvent> events = new LinkedBlockingQueue<>();
    private boolean ready;
    private int runs;

    private WorkerProcess(Process process, Path log, List<String> command) {
        this.process = process;
        this.log = log;
        this.command = List.copyOf(command);
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(this::readEvents, "mr-coupler-worker-" + process.pid() + "-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts a worker JVM without waiting for it: it boots while the executor compiles. Call
     * {@link #awaitReady} before the first run.
     *
     * @throws MrCouplerException when the JVM cannot be started
     */
    static WorkerProcess launch(List<String> command, Path workingDir, Map<String, String> environment, Path log) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(workingDir.toFile())
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().clear();
        builder.environment().putAll(environment);
        try {
            return new WorkerProcess(builder.start(), log, command);
        } catch (IOException e) {
            throw new MrCouplerException("Could not start the test worker JVM " + command.get(0) + ": " + e.getMessage()
                    + ". Check the Java home MR-Coupler was given (the project's JDK).", e);
        }
    }

    /**
     * Waits until the worker says it is ready, hands it the project classpath, and waits until its
     * launcher is set up.
     *
     * @throws MrCouplerException when it does not answer in time, exits first, or cannot load the
     *                            launcher: a setup error that every run would hit, so it fails the
     *                            session rather than each test
     */
    void awaitReady(Duration timeout, List<Path> projectClasspath) {
        if (ready) {
            return;
        }
        WorkerEvent first = next(timeout.toMillis());
        if (first == null || !first.is(WorkerEvent.READY)) {
            String why = first == null ? "no answer within " + timeout.toSeconds() + " s"
                    : "it exited with code " + exitCode();
            kill();
            throw new MrCouplerException("The test worker JVM did not start (" + why + "); its last output: "
                    + lastOutput(2000) + ". The command was: " + String.join(" ", command) + ". Check the Java home"
                    + " and the JUnit launcher and engines given to the executor.");
        }
        JsonObject init = new JsonObject();
        init.addProperty("op", "init");
        init.add("classpath", strings(projectClasspath.stream().map(Path::toString).toList()));
        send(init);
        WorkerEvent initialized = next(timeout.toMillis());
        if (initialized == null || !initialized.is(WorkerEvent.INITIALIZED)) {
            String why = initialized == null ? "no answer within " + timeout.toSeconds() + " s"
                    : initialized.error() != null ? initialized.error() : "it exited with code " + exitCode();
            kill();
            throw new MrCouplerException("The test worker JVM could not set up the JUnit Platform launcher (" + why
                    + "). The worker's classpath must hold the launcher and the engines of the project's JUnit"
                    + " version (JUnitPlatform.forProject names them); it was: " + classpathOf(command) + ".");
        }
        ready = true;
    }

    private static String classpathOf(List<String> command) {
        int at = command.indexOf("-cp");
        return at >= 0 && at + 1 < command.size() ? command.get(at + 1) : String.join(" ", command);
    }

    /** Asks for a run; false when the worker is gone already (its stdin is closed). */
    boolean run(String testClass, int mutant, List<Path> classDirs, Iterable<String> exclude) {
        JsonObject run = new JsonObject();
        run.addProperty("op", "run");
        run.addProperty("testClass", testClass);
        run.addProperty("mutant", mutant);
        run.add("classDirs", strings(classDirs.stream().map(Path::toString).toList()));
        JsonArray excluded = new JsonArray();
        exclude.forEach(excluded::add);
        run.add("exclude", excluded);
        runs++;
        return send(run);
    }

    /** Runs asked of this worker so far. */
    int runs() {
        return runs;
    }

    /** The next event, {@link WorkerEvent#EXIT} when the worker died, or null after {@code timeoutMs}. */
    WorkerEvent next(long timeoutMs) {
        try {
            WorkerEvent event = events.poll(Math.max(0, timeoutMs), TimeUnit.MILLISECONDS);
            if (event == WorkerEvent.EXIT) {
                events.offer(WorkerEvent.EXIT); // stays dead for every later call
            }
            return event;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
            throw new MrCouplerException("Interrupted while waiting for the test worker; it was stopped.", e);
        }
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Kills the worker and whatever processes its tests started. */
    void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Asks the worker to stop, and kills it if it does not within a second. Its stdin is closed
     * too: a worker whose main thread is stuck ends on that alone (its watchdog halts it).
     */
    void quit() {
        JsonObject quit = new JsonObject();
        quit.addProperty("op", "quit");
        send(quit);
        closeInput();
        try {
            if (!process.waitFor(1, TimeUnit.SECONDS)) {
                kill();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
        }
    }

    /**
     * Closes the worker's stdin, as the death of the build's JVM does: the worker's watchdog halts
     * it, whatever its tests are doing.
     */
    void closeInput() {
        try {
            stdin.close();
        } catch (IOException e) {
            // already closed, or the worker is gone: either way its input has ended
        }
    }

    /** The worker's process id (tests look for it among the live processes). */
    long pid() {
        return process.pid();
    }

    /** The exit code once the worker is dead (waiting briefly for it), or -1 while it still runs. */
    int exitCode() {
        try {
            return process.waitFor(2, TimeUnit.SECONDS) ? process.exitValue() : -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** The last non-blank line of the worker's log, for a crash message (the JVM's last words). */
    String lastOutput(int maxChars) {
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            long length = file.length();
            int n = (int) Math.min(length, 8192);
            byte[] tail = new byte[n];
            file.seek(length - n);
            file.readFully(tail);
            String[] lines = new String(tail, StandardCharsets.UTF_8).split("\\R");
            for (int i = lines.length - 1; i >= 0; i--) {
                String line = lines[i].strip();
                if (!line.isEmpty()) {
                    return line.length() <= maxChars ? line : line.substring(line.length() - maxChars);
                }
            }
            return "(none)";
        } catch (IOException e) {
            return "(the log " + log + " could not be read: " + e.getMessage() + ")";
        }
    }

    private boolean send(JsonObject message) {
        try {
            stdin.write(message.toString());
            stdin.write('\n');
            stdin.flush();
            return true;
        } catch (IOException e) {
            return false; // the worker died; the caller sees EXIT and starts another
        }
    }

    private void readEvents() {
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                // The worker starts every message on a line of its own; anything else was written by
                // a test straight to the file descriptor.
                if (line.startsWith(PREFIX)) {
                    try {
                        events.offer(WorkerEvent.parse(line.substring(PREFIX.length())));
                    } catch (RuntimeException e) {
                        // A forged or torn line: not the worker's.
                    }
                }
            }
        } catch (IOException e) {
            // the stream broke: the worker is gone
        } finally {
            events.offer(WorkerEvent.EXIT);
        }
    }

    private static JsonArray strings(List<String> values) {
        JsonArray array = new JsonArray();
        values.forEach(array::add);
        return array;
    }
}
