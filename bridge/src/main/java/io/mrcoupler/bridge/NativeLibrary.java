package io.mrcoupler.bridge;

import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Loads the native core once per class loader.
 *
 * <p>By default the library is extracted from this jar ({@code META-INF/native/<os>-<arch>/}) to a
 * temporary file of its own. The JVM refuses to load one {@code .so} path from two class loaders,
 * and a Gradle daemon or a Maven build with several plugin realms does exactly that, so every load
 * gets a unique file. Two system properties change the default:
 * <ul>
 *   <li>{@value #PATH_PROPERTY}: load this library file instead (a core built by hand);</li>
 *   <li>{@value #TMPDIR_PROPERTY}: extract into this directory instead of {@code java.io.tmpdir}
 *       (for machines where {@code /tmp} is mounted {@code noexec}).</li>
 * </ul>
 */
public final class NativeLibrary {

    public static final String PATH_PROPERTY = "mrcoupler.native.path";
    public static final String TMPDIR_PROPERTY = "mrcoupler.native.tmpdir";
    static final String LIBRARY_NAME = "mr_coupler";

    // Static state lives in this class, so "loaded" is per class loader, which is what the JVM tracks.
    private static boolean loaded;
    private static String loadedFrom;

    private NativeLibrary() {
    }

    /** Loads the library if this class loader has not done so yet. */
    public static synchronized void load() {
        if (loaded) {
            return;
        }
        String override = System.getProperty(PATH_PROPERTY);
        if (override != null && !override.isBlank()) {
            loadedFrom = loadOverride(Paths.get(override.trim()));
        } else {
            loadedFrom = loadFromJar();
        }
        loaded = true;
    }

    /**
     * Where the library of this class loader came from (the override path, or the jar resource and
     * the temporary file it was extracted to), or {@code null} before {@link #load()}.
     */
    public static synchronized String loadedFrom() {
        return loadedFrom;
    }

    /** The platform folder name under {@code META-INF/native/}, e.g. {@code linux-x86_64}. */
    public static String platform() {
        return os(System.getProperty("os.name", "")) + "-" + arch(System.getProperty("os.arch", ""));
    }

    /** The resource path of the library for this platform inside the jar. */
    public static String resourcePath() {
        return "META-INF/native/" + platform() + "/" + System.mapLibraryName(LIBRARY_NAME);
    }

    static String os(String osName) {
        String name = osName.toLowerCase(Locale.ROOT);
        if (name.startsWith("linux")) {
            return "linux";
        }
        if (name.startsWith("mac") || name.startsWith("darwin")) {
            return "macos";
        }
        if (name.startsWith("windows")) {
            return "windows";
        }
        return name.replaceAll("[^a-z0-9]+", "");
    }

    static String arch(String osArch) {
        String arch = osArch.toLowerCase(Locale.ROOT);
        switch (arch) {
            case "amd64":
            case "x86_64":
            case "x86-64":
                return "x86_64"; // Java says amd64 where Rust and the folder say x86_64
            case "aarch64":
            case "arm64":
                return "aarch64";
            default:
                return arch.replaceAll("[^a-z0-9_]+", "");
        }
    }

    private static String loadOverride(Path library) {
        if (!Files.isRegularFile(library)) {
            throw new MrCouplerException("The MR-Coupler native library set by -D" + PATH_PROPERTY + " does not exist: "
                    + library.toAbsolutePath() + ". Point it at a built libmr_coupler (cargo build --release -p mr_coupler"
                    + " writes target/release/" + System.mapLibraryName(LIBRARY_NAME) + "), or remove the property to use"
                    + " the library bundled in the jar.");
        }
        String absolute = library.toAbsolutePath().toString();
        try {
            System.load(absolute);
            return absolute;
        } catch (UnsatisfiedLinkError e) {
            if (String.valueOf(e.getMessage()).contains("another classloader")) {
                // The next build in the same Gradle daemon (or another Maven realm) loaded this path
                // first: this class loader gets a copy of its own, as with the bundled library.
                return absolute + " (copied to " + loadCopy(toUrl(library)) + ")";
            }
            throw new MrCouplerException("Could not load the MR-Coupler native library " + absolute + " (set by -D"
                    + PATH_PROPERTY + "): " + e.getMessage() + ". Check that it was built for " + platform() + ".", e);
        }
    }

    private static String loadFromJar() {
        String resource = resourcePath();
        URL url = NativeLibrary.class.getClassLoader().getResource(resource);
        if (url == null) {
            throw new MrCouplerException("This MR-Coupler build has no native library for the platform " + platform()
                    + " (looked for " + resource + " in the mr-coupler-bridge jar). Build the core for this platform"
                    + " (cargo build --release -p mr_coupler) and set -D" + PATH_PROPERTY + "=/path/to/"
                    + System.mapLibraryName(LIBRARY_NAME) + ".");
        }
        return url + " (extracted to " + loadCopy(url) + ")";
    }

    /** Copies the library at {@code url} to a file of its own, loads that, and returns its path. */
    private static Path loadCopy(URL url) {
        Path file = extract(url);
        try {
            System.load(file.toString());
        } catch (UnsatisfiedLinkError e) {
            // The JVM's message names the file already (e.g. "...: failed to map segment from shared object").
            throw new MrCouplerException("Could not load the MR-Coupler native library copied from " + url + ": "
                    + e.getMessage() + ". If " + file.getParent() + " is mounted noexec, set -D" + TMPDIR_PROPERTY
                    + "=<a directory that allows executables> (for Gradle in gradle.properties as"
                    + " systemProp." + TMPDIR_PROPERTY + "=..., for Maven in MAVEN_OPTS).", e);
        } finally {
            deleteNowIfPossible(file);
        }
        return file;
    }

    private static URL toUrl(Path file) {
        try {
            return file.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new MrCouplerException("Cannot read the MR-Coupler native library " + file + ": " + e, e);
        }
    }

    private static Path extract(URL url) {
        Path dir = Paths.get(System.getProperty(TMPDIR_PROPERTY, System.getProperty("java.io.tmpdir")));
        Path file;
        try {
            Files.createDirectories(dir);
            // Unique name per load: the JVM will not load the same path into a second class loader.
            file = Files.createTempFile(dir, "libmr_coupler-", suffix());
        } catch (IOException e) {
            throw new MrCouplerException("Could not create a temporary file for the MR-Coupler native library in "
                    + dir.toAbsolutePath() + ": " + e + ". Set -D" + TMPDIR_PROPERTY
                    + "=<a writable directory>.", e);
        }
        file.toFile().deleteOnExit();
        try (InputStream in = url.openStream()) {
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new MrCouplerException("Could not extract the MR-Coupler native library " + url + " to " + file
                    + ": " + e + ". Check the free space in " + dir.toAbsolutePath() + " or set -D" + TMPDIR_PROPERTY
                    + "=<another directory>.", e);
        }
        return file;
    }

    private static String suffix() {
        String mapped = System.mapLibraryName(LIBRARY_NAME);
        int dot = mapped.lastIndexOf('.');
        return dot < 0 ? ".lib" : mapped.substring(dot);
    }

    /**
     * On POSIX systems a loaded library stays mapped after its file is unlinked, so remove it right
     * away: a daemon killed with SIGKILL then leaves no file behind. Windows keeps it locked; there
     * deleteOnExit (already registered) is the best there is.
     */
    private static void deleteNowIfPossible(Path file) {
        if (os(System.getProperty("os.name", "")).equals("windows")) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // deleteOnExit is still registered
        }
    }
}
