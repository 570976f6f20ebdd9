package io.mrcoupler.bridge.executor;

import io.mrcoupler.bridge.MrCouplerException;
import io.mrcoupler.bridge.protocol.CompileDiagnostic;
import io.mrcoupler.bridge.protocol.SourceFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

/**
 * Compiles sources held in memory with the JDK's own compiler, in the calling JVM (compiling is not
 * running: no generated code executes here; annotation processors are off). One file manager lives
 * as long as the executor, so the jars of the classpath are opened once, not per candidate.
 */
final class BatchCompiler implements AutoCloseable {

    /** The outcome of one call: diagnostics per path, and the classes written. */
    record Unit(boolean success, Map<String, List<CompileDiagnostic>> diagnostics, Set<String> classNames) {
    }

    /** javac's stack: 512 MiB of address space, touched only as deep as a compilation goes. */
    private static final long COMPILER_STACK_BYTES = 512L << 20;

    private final JavaCompiler javac;
    private final StandardJavaFileManager files;
    private final List<Path> classpath;
    private final List<Path> sourcePath;
    private final List<String> options;

    BatchCompiler(ExecutorSettings settings, List<Path> classpath) {
        this.javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new MrCouplerException("The JVM running the build (" + System.getProperty("java.home") + ") has no"
                    + " Java compiler (javax.tools), which MR-Coupler uses to compile generated tests. Run the build"
                    + " on a JDK, not a JRE.");
        }
        this.files = javac.getStandardFileManager(null, Locale.ROOT, settings.sourceEncoding());
        this.classpath = List.copyOf(classpath);
        // A root with a module-info.java would put javac in module mode, where it asks the file
        // manager for the path of each in-memory source and fails (IllegalArgumentException in
        // Modules.checkSourceLocation, seen on joda-time). Its classes are on the classpath anyway.
        this.sourcePath = settings.sourcePath().stream().filter(Files::isDirectory)
                .filter(root -> !Files.exists(root.resolve("module-info.java"))).toList();
        List<String> opts = new ArrayList<>(List.of("-proc:none", "-g", "-encoding", settings.sourceEncoding().name()));
        // --release makes javac open ct.sym anew for every task (tens of ms per candidate); at the
        // release of the JDK that compiles, the JDK's own modules are the same API, read from the
        // runtime image the file manager keeps open.
        if (settings.release() > 0 && settings.release() != Runtime.version().feature()) {
            opts.addAll(List.of("--release", Integer.toString(settings.release())));
        }
        this.options = List.copyOf(opts);
    }

    /**
     * Compiles {@code sources} together into {@code outputDir} (created, must not exist or be
     * empty), against {@code extraClasspath} first and then the executor's classpath.
     */
    Unit compile(List<SourceFile> sources, List<Path> extraClasspath, Path outputDir) {
        List<MemorySource> units = sources.stream().map(s -> new MemorySource(s.path(), s.content())).toList();
        Map<String, List<CompileDiagnostic>> byPath = new LinkedHashMap<>();
        units.forEach(u -> byPath.put(u.path(), new ArrayList<>()));
        DiagnosticCollector<JavaFileObject> collector = new DiagnosticCollector<>();
        boolean success;
        try {
            Files.createDirectories(outputDir);
            List<Path> cp = new ArrayList<>(extraClasspath);
            cp.addAll(classpath);
            files.setLocationFromPaths(StandardLocation.CLASS_PATH, cp);
            files.setLocationFromPaths(StandardLocation.SOURCE_PATH, sourcePath);
            files.setLocationFromPaths(StandardLocation.CLASS_OUTPUT, List.of(outputDir));
            success = onLargeStack(javac.getTask(null, files, collector, options, null, units));
        } catch (IOException e) {
            throw new MrCouplerException("Could not set up the compilation of generated code in " + outputDir + ": " + e
                    + ". Check that the build output folder is writable.", e);
        } catch (IllegalArgumentException e) {
            // javac rejects an option, e.g. a --release newer than the JDK running the build.
            throw new MrCouplerException("The Java compiler of " + System.getProperty("java.home") + " rejected the"
                    + " options " + options + ": " + e.getMessage() + ". Run the build on a JDK at least as new as the"
                    + " project's release.", e);
        }
        for (Diagnostic<? extends JavaFileObject> d : collector.getDiagnostics()) {
            attach(d, units, byPath);
        }
        if (!success) {
            Folders.deleteContents(outputDir); // javac may have written some classes before it stopped
        }
        return new Unit(success, byPath, success ? classNames(outputDir) : Set.of());
    }

    /**
     * Runs the compilation on a thread of its own with a large stack: javac recurses as deep as
     * the code it compiles and the classes it completes from the source path (joda-time's sources
     * overflowed the caller's stack in {@code Modules.initModules}). The stack is reserved, not
     * committed: an untouched stack costs address space only.
     */
    private static boolean onLargeStack(JavaCompiler.CompilationTask task) {
        FutureTask<Boolean> call = new FutureTask<>(task::call);
        Thread thread = new Thread(null, call, "mr-coupler-javac", COMPILER_STACK_BYTES);
        thread.setDaemon(true);
        thread.start();
        try {
            return call.get();
        } catch (InterruptedException e) {
            thread.interrupt();
            Thread.currentThread().interrupt();
            throw new MrCouplerException("Interrupted while compiling generated tests.", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new MrCouplerException("The Java compiler failed: " + cause, cause);
        }
    }

    private static void attach(Diagnostic<? extends JavaFileObject> d, List<MemorySource> units,
            Map<String, List<CompileDiagnostic>> byPath) {
        CompileDiagnostic.Kind kind = switch (d.getKind()) {
            case ERROR -> CompileDiagnostic.Kind.ERROR;
            case WARNING, MANDATORY_WARNING -> CompileDiagnostic.Kind.WARNING;
            default -> CompileDiagnostic.Kind.NOTE;
        };
        String message = d.getMessage(Locale.ROOT);
        JavaFileObject source = d.getSource();
        for (MemorySource unit : units) {
            if (unit == source) {
                byPath.get(unit.path()).add(new CompileDiagnostic(kind, Math.max(0, d.getLineNumber()),
                        Math.max(0, d.getColumnNumber()), message));
                return;
            }
        }
        // About no file (an option) or a file of the source path: every file of the unit gets it,
        // with the place in the message since its line is not theirs.
        String where = source == null ? "" : source.getName()
                + (d.getLineNumber() > 0 ? ":" + d.getLineNumber() : "") + ": ";
        CompileDiagnostic foreign = new CompileDiagnostic(kind, 0, 0, where + message);
        byPath.values().forEach(list -> list.add(foreign));
    }

    private static Set<String> classNames(Path dir) {
        Set<String> names = new TreeSet<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.filter(f -> f.toString().endsWith(".class")).forEach(f -> {
                String relative = dir.relativize(f).toString().replace('\\', '/');
                names.add(relative.substring(0, relative.length() - ".class".length()).replace('/', '.'));
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the classes compiled into " + dir, e);
        }
        return names;
    }

    @Override
    public void close() {
        try {
            files.close();
        } catch (IOException ignored) {
            // only releases jar handles
        }
    }
}
