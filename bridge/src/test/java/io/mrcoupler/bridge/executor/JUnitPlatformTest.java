package io.mrcoupler.bridge.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mrcoupler.bridge.MrCouplerException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JUnitPlatformTest {

    @TempDir
    Path dir;

    @Test
    void jupiterAndJUnit4GetTheEnginesOfTheProjectsVersion() {
        JUnitPlatform platform = JUnitPlatform.forProject(List.of(
                Paths.get("/r/org/junit/jupiter/junit-jupiter-api/5.9.3/junit-jupiter-api-5.9.3.jar"),
                Paths.get("/r/junit/junit/4.13.1/junit-4.13.1.jar"),
                Paths.get("/p/target/classes")));

        assertEquals("5.9.3", platform.jupiterVersion());
        assertEquals("1.9.3", platform.platformVersion());
        assertEquals("4.13.1", platform.junit4Version());
        assertEquals(List.of("org.junit.platform:junit-platform-launcher:1.9.3",
                "org.junit.jupiter:junit-jupiter-engine:5.9.3", "org.junit.vintage:junit-vintage-engine:5.9.3"),
                platform.coordinates());
    }

    @Test
    void jupiterAloneNeedsNoVintageEngine() {
        JUnitPlatform platform = JUnitPlatform.forProject(List.of(
                Paths.get("junit-jupiter-api-5.11.0-M2.jar"), Paths.get("junit-platform-commons-1.11.0-M2.jar")));

        assertEquals(List.of("org.junit.platform:junit-platform-launcher:1.11.0-M2",
                "org.junit.jupiter:junit-jupiter-engine:5.11.0-M2"), platform.coordinates());
    }

    @Test
    void junit6SharesOneVersion() {
        JUnitPlatform platform = JUnitPlatform.forProject(List.of(Paths.get("junit-jupiter-api-6.0.1.jar")));

        assertEquals("6.0.1", platform.platformVersion());
        assertTrue(platform.coordinates().contains("org.junit.jupiter:junit-jupiter-engine:6.0.1"));
    }

    @Test
    void junit4AloneGetsVintage510() {
        JUnitPlatform platform = JUnitPlatform.forProject(List.of(Paths.get("junit-4.12.jar"),
                Paths.get("hamcrest-core-1.3.jar")));

        assertNull(platform.jupiterVersion());
        assertEquals(List.of("org.junit.platform:junit-platform-launcher:1.10.2",
                "org.junit.vintage:junit-vintage-engine:5.10.2"), platform.coordinates());
    }

    @Test
    void readsTheVersionFromTheManifestWhenTheNameHasNone() throws Exception {
        Path api = jar("api.jar", "junit-jupiter-api", "5.8.2");
        Path four = jar("junit.jar", null, "4.13.2");

        JUnitPlatform platform = JUnitPlatform.forProject(List.of(api, four));

        assertEquals("5.8.2", platform.jupiterVersion());
        assertEquals("4.13.2", platform.junit4Version());
        assertEquals("1.8.2", platform.platformVersion());
    }

    @Test
    void readsTheRealJarsOfThisBuild() {
        JUnitPlatform platform = JUnitPlatform.forProject(TestJars.junitApis());

        assertEquals("5.10.2", platform.jupiterVersion());
        assertEquals("1.10.2", platform.platformVersion());
        assertEquals("4.13.2", platform.junit4Version());
    }

    @Test
    void noJUnitIsAnErrorThatSaysWhatToAdd() {
        MrCouplerException e = assertThrows(MrCouplerException.class,
                () -> JUnitPlatform.forProject(List.of(Paths.get("gson-2.11.0.jar"))));
        assertTrue(e.getMessage().contains("junit-jupiter"), e.getMessage());
    }

    @Test
    void junit4BeforeTheVintageEngineIsAnError() {
        MrCouplerException e = assertThrows(MrCouplerException.class,
                () -> JUnitPlatform.forProject(List.of(Paths.get("junit-4.11.jar"))));
        assertTrue(e.getMessage().contains("4.12"), e.getMessage());
    }

    private Path jar(String name, String title, String version) throws Exception {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (title != null) {
            main.put(Attributes.Name.IMPLEMENTATION_TITLE, title);
        } else {
            main.putValue("Automatic-Module-Name", "junit");
        }
        main.put(Attributes.Name.IMPLEMENTATION_VERSION, version);
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream ignored = new JarOutputStream(out, manifest)) {
            // a manifest is all it needs
        }
        return jar;
    }
}
