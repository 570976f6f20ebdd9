package io.mrcoupler.bridge;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import javax.tools.ToolProvider;

/** What the evaluations on real code share: compiling a source tree as a build would, copying one. */
final class Evaluations {

    private Evaluations() {
    }

    /**
     * The project compiled once with javac (kept when already there), as a build does before `generate`; the
     * tree's other files are copied beside the classes, as Maven's resources phase does (a sources jar holds
     * both: joda-money's currencies are a CSV file its classes read when they load).
     */
    static Path compile(Path sources, Path classes) throws IOException {
        if (Files.isDirectory(classes)) {
            return classes;
        }
        List<String> args = new ArrayList<>(List.of("-nowarn", "-proc:none", "-encoding", "UTF-8", "-d", classes.toString()));
        try (Stream<Path> files = Files.walk(sources)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> args.add(f.toString()));
        }
        int status = ToolProvider.getSystemJavaCompiler().run(null, null, System.err, args.toArray(String[]::new));
        if (status != 0) {
            throw new IllegalStateException("javac failed on " + sources);
        }
        copyResources(sources, classes);
        return classes;
    }

    static void copyTree(Path from, Path to) throws IOException {
        copyFiles(from, to, f -> true);
    }

    private static void copyResources(Path sources, Path classes) throws IOException {
        copyFiles(sources, classes, f -> !f.toString().endsWith(".java"));
    }

    private static void copyFiles(Path from, Path to, Predicate<Path> which) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else if (which.test(f)) {
                    Files.createDirectories(target.getParent());
                    Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
