package io.mrcoupler.worker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The class loader of one run: the batch's compiled classes (replacements, the generated test) and
 * the project's classpath, over the worker's own loader.
 *
 * <p>Each run gets a new one, so static state of the project's classes starts fresh every time (a
 * mutant run never sees what the previous run left in a static field). Classes found in the
 * compiled folders are loaded child-first: the schemata of the class under test shadows the
 * project's original. Everything else is parent-first, so JUnit's API classes, shared with the
 * engines in the worker's loader, and {@code io.mrcoupler.runtime.MutantSwitch} are one class for
 * the engines, the tests and the schemata alike.
 */
final class RunClassLoader extends URLClassLoader {

    static {
        registerAsParallelCapable();
    }

    private final Set<String> childFirst;

    RunClassLoader(List<Path> compiledDirs, List<URL> projectClasspath, ClassLoader parent) {
        super(urls(compiledDirs, projectClasspath), parent);
        this.childFirst = classNames(compiledDirs);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!childFirst.contains(name)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                c = findClass(name); // the compiled folders come first among this loader's URLs
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    @Override
    public URL getResource(String name) {
        // Keep resources consistent with classes: X.class of a replacement is the replacement's.
        if (name.endsWith(".class")
                && childFirst.contains(name.substring(0, name.length() - 6).replace('/', '.'))) {
            URL own = findResource(name);
            if (own != null) {
                return own;
            }
        }
        return super.getResource(name);
    }

    private static URL[] urls(List<Path> compiledDirs, List<URL> projectClasspath) {
        List<URL> urls = new ArrayList<>();
        for (Path dir : compiledDirs) {
            try {
                urls.add(dir.toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("not a usable folder: " + dir, e);
            }
        }
        urls.addAll(projectClasspath);
        return urls.toArray(new URL[0]);
    }

    private static Set<String> classNames(List<Path> dirs) {
        Set<String> names = new HashSet<>();
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(dir)) {
                files.filter(f -> f.toString().endsWith(".class")).forEach(f -> {
                    String relative = dir.relativize(f).toString().replace('\\', '/');
                    names.add(relative.substring(0, relative.length() - 6).replace('/', '.'));
                });
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list the compiled classes in " + dir, e);
            }
        }
        return names;
    }
}
