package io.mrcoupler.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

class NativeLibraryTest {

    @Test
    void loadsTheLibraryBundledAsAResource() {
        assertNull(System.getProperty(NativeLibrary.PATH_PROPERTY), "the test must not use the override");
        assertNotNull(NativeLibrary.class.getClassLoader().getResource(NativeLibrary.resourcePath()),
                "the build should have copied the core to " + NativeLibrary.resourcePath());

        String version = MrCoupler.version();

        assertFalse(version.isBlank());
        assertTrue(NativeLibrary.loadedFrom().contains("META-INF/native/" + NativeLibrary.platform() + "/"),
                NativeLibrary.loadedFrom());
    }

    @Test
    void loadsAgainInASecondClassLoader() throws Exception {
        // A Gradle daemon or a Maven build with several plugin realms loads the bridge more than once.
        try (URLClassLoader loader = isolatedLoader()) {
            String version = (String) call(loader, "io.mrcoupler.bridge.MrCoupler", "version");
            String loadedFrom = (String) call(loader, "io.mrcoupler.bridge.NativeLibrary", "loadedFrom");

            assertEquals(MrCoupler.version(), version);
            assertNotEquals(NativeLibrary.loadedFrom(), loadedFrom, "each load needs a file of its own");
        }
    }

    @Test
    void loadsTheFileNamedByTheOverridePropertyInTwoClassLoaders() throws Exception {
        Path built = Paths.get(System.getProperty("mrcoupler.test.library"));
        assertTrue(Files.isRegularFile(built), built + " should have been built by cargo");
        try (URLClassLoader first = isolatedLoader(); URLClassLoader second = isolatedLoader()) {
            withProperty(NativeLibrary.PATH_PROPERTY, built.toString(), () -> {
                assertEquals(MrCoupler.version(), call(first, "io.mrcoupler.bridge.MrCoupler", "version"));
                // The same path again from another loader, as in the next build of a Gradle daemon.
                assertEquals(MrCoupler.version(), call(second, "io.mrcoupler.bridge.MrCoupler", "version"));
                return null;
            });
            assertEquals(built.toAbsolutePath().toString(), call(first, "io.mrcoupler.bridge.NativeLibrary", "loadedFrom"));
            assertTrue(((String) call(second, "io.mrcoupler.bridge.NativeLibrary", "loadedFrom")).contains("copied to"));
        }
    }

    @Test
    void aMissingOverrideFileIsAClearError() throws Exception {
        Throwable failure = withProperty(NativeLibrary.PATH_PROPERTY, "/nonexistent/libmr_coupler.so", () -> {
            try {
                call(isolatedLoader(), "io.mrcoupler.bridge.MrCoupler", "version");
                return null;
            } catch (InvocationTargetException e) {
                return e.getCause();
            }
        });
        assertNotNull(failure, "loading a missing file must fail");
        assertEquals(MrCouplerException.class.getName(), failure.getClass().getName());
        assertTrue(failure.getMessage().contains("/nonexistent/libmr_coupler.so"), failure.getMessage());
        assertTrue(failure.getMessage().contains(NativeLibrary.PATH_PROPERTY), failure.getMessage());
    }

    @Test
    void anUnwritableTempDirIsAClearError() throws Exception {
        Throwable failure = withProperty(NativeLibrary.TMPDIR_PROPERTY, "/proc/mr-coupler-cannot-write-here", () -> {
            try {
                call(isolatedLoader(), "io.mrcoupler.bridge.MrCoupler", "version");
                return null;
            } catch (InvocationTargetException e) {
                return e.getCause();
            }
        });
        assertNotNull(failure, "extracting into /proc must fail");
        assertEquals(MrCouplerException.class.getName(), failure.getClass().getName());
        assertTrue(failure.getMessage().contains(NativeLibrary.TMPDIR_PROPERTY), failure.getMessage());
    }

    @Test
    void mapsJavaPlatformNamesToFolderNames() {
        assertEquals("x86_64", NativeLibrary.arch("amd64"));
        assertEquals("x86_64", NativeLibrary.arch("x86_64"));
        assertEquals("aarch64", NativeLibrary.arch("aarch64"));
        assertEquals("linux", NativeLibrary.os("Linux"));
        assertEquals("macos", NativeLibrary.os("Mac OS X"));
    }

    /** A class loader over the bridge classes and Gson, sharing nothing with the test's loader. */
    private static URLClassLoader isolatedLoader() throws Exception {
        URL bridge = NativeLibrary.class.getProtectionDomain().getCodeSource().getLocation();
        URL gson = Gson.class.getProtectionDomain().getCodeSource().getLocation();
        return new URLClassLoader(new URL[] {bridge, gson}, ClassLoader.getPlatformClassLoader());
    }

    private static Object call(ClassLoader loader, String className, String method) throws Exception {
        Method m = Class.forName(className, true, loader).getDeclaredMethod(method);
        m.setAccessible(true);
        return m.invoke(null);
    }

    private interface Body<T> {
        T run() throws Exception;
    }

    @SuppressWarnings("unchecked")
    private static <T> T withProperty(String key, String value, Body<?> body) throws Exception {
        String old = System.getProperty(key);
        System.setProperty(key, value);
        try {
            return (T) body.run();
        } finally {
            if (old == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, old);
            }
        }
    }
}
