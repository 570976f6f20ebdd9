package io.mrcoupler.bridge.executor;

import io.mrcoupler.bridge.MrCouplerException;
import io.mrcoupler.bridge.protocol.Batch;
import io.mrcoupler.bridge.protocol.BatchResults;
import io.mrcoupler.bridge.protocol.Compilation;
import io.mrcoupler.bridge.protocol.CompileDiagnostic;
import io.mrcoupler.bridge.protocol.Run;
import io.mrcoupler.bridge.protocol.RunResult;
import io.mrcoupler.bridge.protocol.SourceFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Executes the batches of a session (docs/protocol.md, "Batches"): compiles in memory in this JVM,
 * runs in a forked worker JVM that is reused from batch to batch. It decides nothing: it compiles
 * what it is given, runs what it is asked, and reports what happened.
 *
 * <p>Everything it writes lives in a folder of its own under {@link ExecutorSettings#scratchDir()}
 * ({@link ScratchFolder}), removed by {@link #close()}, and by a shutdown hook when the build's JVM
 * is stopped (Ctrl-C, SIGTERM), which also kills the worker: {@code classes/} (the batch's compiled classes), {@code cwd/} (the
 * worker's working directory, emptied before each batch), {@code tmp/} (its {@code java.io.tmpdir})
 * and {@code worker.log} (the tests' bounded output and the JVM's own messages).
 *
 * <p>Not thread-safe: one session, one thread.
 */
public final class Executor implements AutoCloseable {

    /** The system property on every worker's command line, {@code =<the executor's folder>}. */
    public static final String MARKER_PROPERTY = "-Dmrcoupler.worker";
    /** How long the shutdown hook waits for the batch in progress to notice and stop. */
    private static final long STOP_WAIT_MS = 3000;

    private final ExecutorSettings settings;
    private final WorkerClasspath classpath;
    private final Path home;
    private final Path workingDir;
    private final Path tmpDir;
    private final Path classesDir;
    private final List<String> workerCommand;
    private final WorkerPool workers;
    private final ScratchFolder scratch;
    private final Thread shutdownHook;
    /** Held while a batch runs; the shutdown hook waits a little for it before removing the folder. */
    private final ReentrantLock running = new ReentrantLock();
    private volatile boolean stopping;
    private BatchCompiler compiler;
    private Object workingDirKey;
    private int batches;

    public Executor(ExecutorSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.classpath = WorkerClasspath.of(settings);
        Path java = settings.javaHome().resolve("bin").resolve(isWindows() ? "java.exe" : "java");
        if (!Files.isExecutable(java)) {
            throw new MrCouplerException("There is no java executable at " + java + ". Point MR-Coupler at the"
                    + " project's JDK (its Java home, the folder that contains bin/java).");
        }
        this.scratch = ScratchFolder.create(settings.scratchDir());
        this.home = scratch.home();
        try {
            this.workingDir = Files.createDirectory(home.resolve("cwd"));
            this.tmpDir = Files.createDirectory(home.resolve("tmp"));
            this.classesDir = Files.createDirectory(home.resolve("classes"));
        } catch (IOException e) {
            scratch.delete();
            throw new MrCouplerException("Could not create the executor's scratch folder " + home + ": " + e
                    + ". Check that the build output folder is writable.", e);
        }
        this.workingDirKey = fileKey(workingDir);
        this.workerCommand = workerCommand(java);
        this.workers = new WorkerPool(workerCommand, workingDir,
                WorkerEnvironment.withHome(WorkerEnvironment.of(settings.environment(), settings.secretVariable()),
                        tmpDir),
                home.resolve("worker.log"), classpath.perRun());
        this.shutdownHook = new Thread(this::abort, "mr-coupler-executor-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    private List<String> workerCommand(Path java) {
        return List.of(java.toString(),
                // Marks the command line (ps shows which build's worker this is); the worker reads nothing of it.
                MARKER_PROPERTY + "=" + home,
                // The worker halts when this process is gone (Watchdog), even while a test loops.
                "-Dmrcoupler.parentPid=" + ProcessHandle.current().pid(),
                "-Xmx" + settings.workerHeap(),
                // Out of memory is a crash: the heap of a JVM that ran out is no place for the next test.
                "-XX:+ExitOnOutOfMemoryError",
                // The JVM's own messages ("Terminating due to java.lang.OutOfMemoryError") go to the
                // log, where a crash report reads them, not into the protocol stream.
                "-XX:+DisplayVMOutputToStderr",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-XX:-UsePerfData",
                "-Xshare:auto",
                "-Djava.io.tmpdir=" + tmpDir,
                // A test that writes into the user's home writes into the scratch folder instead.
                "-Duser.home=" + tmpDir,
                "-Dmrcoupler.outputLimit=" + settings.outputLimit(),
                "-cp", join(classpath.jvm()),
                WorkerClasspath.WORKER_MAIN);
    }

    /**
     * Compiles and runs one batch; the results echo its id.
     *
     * @throws MrCouplerException when the build's JVM is shutting down (the batch stops part way)
     */
    public BatchResults run(Batch batch) {
        Objects.requireNonNull(batch, "batch");
        running.lock();
        try {
            checkNotStopping();
            return runLocked(batch);
        } finally {
            running.unlock();
        }
    }

    private BatchResults runLocked(Batch batch) {
        batches++;
        Path batchDir = prepare();
        if (!batch.runs().isEmpty()) {
            workers.prestart(); // the worker JVM boots on the other core while javac works
        }
        List<Compilation> compilation = new ArrayList<>();

        List<Path> replacementDirs = List.of();
        boolean replacementsCompiled = true;
        if (!batch.replacements().isEmpty()) {
            Path out = batchDir.resolve("replacements");
            BatchCompiler.Unit unit = compiler().compile(batch.replacements(), List.of(), out);
            replacementsCompiled = unit.success();
            for (SourceFile file : batch.replacements()) {
                compilation.add(new Compilation(file.path(), unit.success(), withReason(unit, file.path())));
            }
            if (unit.success()) {
                replacementDirs = List.of(out);
            }
        }

        List<CompiledSource> compiled = new ArrayList<>();
        for (int i = 0; i < batch.sources().size(); i++) {
            checkNotStopping();
            SourceFile file = batch.sources().get(i);
            Path out = batchDir.resolve("source-" + (i + 1));
            BatchCompiler.Unit unit = compiler().compile(List.of(file), replacementDirs, out);
            compilation.add(new Compilation(file.path(), unit.success(), unit.diagnostics().get(file.path())));
            compiled.add(new CompiledSource(file.path(), unit.success(), unit.classNames(), out));
        }

        List<RunResult> runs = new ArrayList<>();
        RunDriver driver = new RunDriver(workers, TestTimeouts.of(batch.limits(), settings.testTimeout()));
        for (Run run : batch.runs()) {
            checkNotStopping();
            runs.add(runOne(run, replacementsCompiled, replacementDirs, compiled, driver));
        }
        return BatchResults.of(batch.id(), compilation, runs);
    }

    private RunResult runOne(Run run, boolean replacementsCompiled, List<Path> replacementDirs,
            List<CompiledSource> compiled, RunDriver driver) {
        if (!replacementsCompiled) {
            return RunResult.notRun(run); // the classes the core asked to run against do not exist
        }
        List<Path> dirs = new ArrayList<>();
        for (CompiledSource source : compiled) {
            if (source.classNames().contains(run.testClass())) {
                dirs.add(source.dir());
                break;
            }
        }
        if (dirs.isEmpty() && compiled.stream().anyMatch(s -> !s.success() && s.wouldDefine(run.testClass()))) {
            return RunResult.notRun(run); // its source did not compile
        }
        // Neither: a test class of the project itself, run against the replacements.
        dirs.addAll(replacementDirs);
        keepWorkingDir();
        return driver.run(run, dirs);
    }

    /** Worker JVMs started so far: one, plus one per crash, timeout or recycling. */
    public int workersStarted() {
        return workers.started();
    }

    /** The executor's own folder under the scratch folder. */
    public Path home() {
        return home;
    }

    /** The command line of this executor's workers (tests start one of their own with it). */
    List<String> workerCommand() {
        return workerCommand;
    }

    /** The worker's working directory. */
    public Path workingDir() {
        return workingDir;
    }

    /** Stops the worker and removes the scratch folder. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook runs (or ran) and does the same
        }
        try {
            workers.close();
        } finally {
            if (compiler != null) {
                compiler.close();
            }
            scratch.delete();
        }
    }

    /**
     * The shutdown hook (Ctrl-C, SIGTERM, System.exit of the build): kills the worker at once, gives
     * the batch in progress a moment to notice, and removes the scratch folder. The session's
     * thread may still run meanwhile; {@link #stopping} keeps it from starting anything new.
     */
    private void abort() {
        stopping = true;
        workers.shutDown();
        boolean idle = false;
        try {
            idle = running.tryLock(STOP_WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            scratch.delete();
        } finally {
            if (idle) {
                running.unlock();
            }
        }
    }

    private void checkNotStopping() {
        if (stopping) {
            throw new MrCouplerException("The build is ending (interrupted or killed): MR-Coupler stopped its tests"
                    + " and removed its scratch folder " + home + ".");
        }
    }

    private BatchCompiler compiler() {
        if (compiler == null) {
            List<Path> cp = new ArrayList<>();
            cp.add(classpath.runtimeJar());
            cp.addAll(settings.projectClasspath());
            compiler = new BatchCompiler(settings, cp);
        }
        return compiler;
    }

    /**
     * A clean working directory and a new folder for the batch's classes. A test may have deleted
     * the working directory itself: then it is made again and the worker, whose current directory
     * is gone, replaced.
     */
    private Path prepare() {
        try {
            keepWorkingDir();
            Folders.deleteContents(workingDir);
            Files.createDirectories(tmpDir);
            Folders.deleteContents(tmpDir);
            Folders.deleteContents(classesDir);
            return Files.createDirectories(classesDir.resolve("batch-" + batches));
        } catch (IOException e) {
            throw new MrCouplerException("Could not prepare the executor's scratch folder " + home + ": " + e
                    + ". Check that the build output folder is writable.", e);
        }
    }

    /** Makes the working directory again if a test removed or replaced it, with a worker that is in it. */
    private void keepWorkingDir() {
        if (Objects.equals(fileKey(workingDir), workingDirKey)) {
            return;
        }
        try {
            if (Files.exists(workingDir, LinkOption.NOFOLLOW_LINKS)) {
                Folders.deleteTree(workingDir); // a file or a link in its place: removed, never followed
            }
            Files.createDirectories(workingDir);
        } catch (IOException e) {
            throw new MrCouplerException("Could not make the worker's working directory " + workingDir + " again: " + e
                    + ". Check that the build output folder is writable.", e);
        }
        workingDirKey = fileKey(workingDir);
        workers.retire();
    }

    private static Object fileKey(Path dir) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(dir, BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (!attributes.isDirectory()) {
                return null;
            }
            // Where the file system has no keys, the creation time tells a new folder from the old.
            return attributes.fileKey() != null ? attributes.fileKey() : attributes.creationTime();
        } catch (IOException e) {
            return null;
        }
    }

    /** Diagnostics of one replacement; when the group failed for others' errors, says so. */
    private static List<CompileDiagnostic> withReason(BatchCompiler.Unit unit, String path) {
        List<CompileDiagnostic> own = new ArrayList<>(unit.diagnostics().get(path));
        if (!unit.success() && own.stream().noneMatch(d -> d.kind() == CompileDiagnostic.Kind.ERROR)) {
            List<String> culprits = unit.diagnostics().entrySet().stream()
                    .filter(e -> e.getValue().stream().anyMatch(d -> d.kind() == CompileDiagnostic.Kind.ERROR))
                    .map(java.util.Map.Entry::getKey).toList();
            own.add(new CompileDiagnostic(CompileDiagnostic.Kind.NOTE, 0, 0, "not compiled: the replacements of a batch"
                    + " compile together, and " + (culprits.isEmpty() ? "the group" : String.join(", ", culprits))
                    + " has errors"));
        }
        return own;
    }

    private static String join(List<Path> paths) {
        return String.join(java.io.File.pathSeparator, paths.stream().map(Path::toString).toList());
    }

    private static boolean isWindows() {
        return System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("windows");
    }

    /** One source of the batch after compiling. */
    private record CompiledSource(String path, boolean success, Set<String> classNames, Path dir) {

        /** Whether this source, by its path, is where {@code testClass} would have come from. */
        boolean wouldDefine(String testClass) {
            String topLevel = testClass.contains("$") ? testClass.substring(0, testClass.indexOf('$')) : testClass;
            String fromPath = path.replace('\\', '/').replaceAll("\\.java$", "").replace('/', '.');
            return fromPath.equals(topLevel);
        }
    }
}
