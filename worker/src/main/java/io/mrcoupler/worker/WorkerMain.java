package io.mrcoupler.worker;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UnsupportedEncodingException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The worker JVM's main class. The executor starts it once and talks JSON lines to it:
 *
 * <pre>
 * in:  {"op":"init","classpath":[project classpath entries]}
 *      {"op":"run","testClass":"com.acme.FooTest","mutant":3,"classDirs":[compiled folders],"exclude":[unique ids]}
 *      {"op":"quit"}
 * out: @@mrc {"event":"ready"}
 *      @@mrc {"event":"initialized"}             (or "initFailed" with "error", then it exits)
 *      @@mrc {"event":"started","id":..,"test":true,"leaf":..,"name":"check()"}
 *      @@mrc {"event":"finished","id":..,"test":true,"leaf":..,"name":..,"status":"failed","durationMs":3,
 *             "message":..,"exceptionType":..,"frames":[..]}
 *      @@mrc {"event":"done","dirty":false}      (or "error": why the class could not be run)
 * </pre>
 *
 * The worker decides nothing about time: the executor kills it when a test does not finish and
 * starts another. It ends by itself when the executor is gone ({@link Watchdog}: stdin at its end,
 * or the parent process dead), even while a test loops. The tests' own stdout and stderr go to this
 * JVM's stderr, bounded per run (system property {@code mrcoupler.outputLimit}, bytes). The executor
 * also passes {@code -Dmrcoupler.worker=<its scratch folder>}, which nothing here reads: it marks
 * the command line, so a test (or a user with {@code ps}) can find the workers of a build.
 */
public final class WorkerMain {

    private WorkerMain() {
    }

    public static void main(String[] args) throws Exception {
        // Take stdin and stdout for the protocol before any test can touch System.in/out.
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), false, "UTF-8");
        BufferedReader requests = new BufferedReader(
                new InputStreamReader(new FileInputStream(FileDescriptor.in), StandardCharsets.UTF_8));
        long limit = Long.getLong("mrcoupler.outputLimit", 64 * 1024);
        BoundedOutput output = new BoundedOutput(new FileOutputStream(FileDescriptor.err), limit);
        JvmState state = new JvmState(printStream(output), new ByteArrayInputStream(new byte[0]));
        state.restore();

        // From here on the JVM ends by itself when the executor is gone, even while a test loops.
        Watchdog watchdog = Watchdog.start(requests);
        Channel channel = new Channel(protocol);
        Runner runner = null;
        channel.send(Wire.object("event", "ready"));
        while (true) {
            String line = watchdog.next();
            if (line.trim().isEmpty()) {
                continue;
            }
            Map<String, Object> request = Wire.parseObject(line);
            String op = String.valueOf(request.get("op"));
            if (op.equals("init")) {
                try {
                    runner = new Runner(channel, output, state, urls(Wire.strings(request.get("classpath"))));
                } catch (Throwable e) {
                    // No launcher, or one of another JUnit than the engines: nothing can run here.
                    channel.send(Wire.object("event", "initFailed", "error", e.toString()));
                    System.exit(2);
                }
                channel.send(Wire.object("event", "initialized"));
            } else if (op.equals("run")) {
                if (runner == null) {
                    throw new IllegalStateException("a run arrived before init");
                }
                List<java.nio.file.Path> dirs = new ArrayList<>();
                for (String dir : Wire.strings(request.get("classDirs"))) {
                    dirs.add(Paths.get(dir));
                }
                runner.run(String.valueOf(request.get("testClass")), ((Number) request.get("mutant")).intValue(), dirs,
                        Wire.strings(request.get("exclude")));
            } else if (op.equals("quit")) {
                break;
            } else {
                throw new IllegalArgumentException("unknown request: " + line);
            }
        }
        protocol.flush();
        // Threads a test left behind must not keep this JVM alive once the executor is gone.
        System.exit(0);
    }

    private static PrintStream printStream(BoundedOutput output) throws UnsupportedEncodingException {
        return new PrintStream(output, true, "UTF-8");
    }

    private static List<URL> urls(List<String> paths) throws MalformedURLException {
        List<URL> urls = new ArrayList<>();
        for (String path : paths) {
            urls.add(Paths.get(path).toUri().toURL());
        }
        return urls;
    }
}
