package io.mrcoupler.gradle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.mrcoupler.gradle.gradle8.Property;
import java.io.File;
import org.junit.jupiter.api.Test;

/**
 * The parts of {@link JavaBuildModel} that only current Gradle exercises (toolchains,
 * {@code options.release}), which the end-to-end tests on Gradle 4.4 cannot reach: the reflective
 * chain is tried here on objects shaped like Gradle 8's.
 */
class JavaBuildModelTest {

    @Test
    void aToolchainLauncherChainYieldsTheInstallationFolder() {
        File home = new File("/opt/jdk-21");

        Object found = JavaBuildModel.Reflection.call(new Gradle8Test(home),
                "getJavaLauncher", "getOrNull", "getMetadata", "getInstallationPath", "getAsFile");

        assertEquals(home, found);
    }

    @Test
    void aMissingMethodOrAnUnsetPropertyYieldsNull() {
        assertNull(JavaBuildModel.Reflection.call(new Object(), "getJavaLauncher", "getOrNull"));
        assertNull(JavaBuildModel.Reflection.call(new Gradle8Test(null), "getJavaLauncher", "getOrNull",
                "getMetadata"));
    }

    @Test
    void javaVersionsAreReadInBothSpellings() {
        assertEquals(8, JavaBuildModel.javaVersion("1.8"));
        assertEquals(8, JavaBuildModel.javaVersion("8"));
        assertEquals(17, JavaBuildModel.javaVersion(" 17 "));
        assertEquals(0, JavaBuildModel.javaVersion("VERSION_HIGHER"));
        assertEquals(0, JavaBuildModel.javaVersion(null));
    }

    // Gradle 8's shapes: Test.getJavaLauncher() -> Property<JavaLauncher>, whose class is an
    // implementation in another package that is not public (see gradle8/).

    public static final class Gradle8Test {
        private final File home;

        Gradle8Test(File home) {
            this.home = home;
        }

        public Property getJavaLauncher() {
            return Property.of(home == null ? null : new Launcher(home));
        }
    }

    public record Launcher(File home) {
        public Metadata getMetadata() {
            return new Metadata(home);
        }
    }

    public record Metadata(File home) {
        public Directory getInstallationPath() {
            return new Directory(home);
        }
    }

    public record Directory(File file) {
        public File getAsFile() {
            return file;
        }
    }
}
