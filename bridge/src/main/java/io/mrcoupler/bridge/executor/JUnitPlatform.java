package io.mrcoupler.bridge.executor;

import io.mrcoupler.bridge.MrCouplerException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JUnit Platform launcher and engines the worker needs for a project, at the versions that
 * match the JUnit the project's tests are written against: a Jupiter engine of another version
 * than the project's {@code junit-jupiter-api} fails in odd ways, and the vintage engine needs the
 * platform of its own release. Resolving the coordinates to files is the build plugin's job.
 *
 * @param jupiterVersion  the project's junit-jupiter-api version, or {@code null}
 * @param platformVersion the JUnit Platform version the launcher is taken at
 * @param junit4Version   the project's junit:junit version, or {@code null}
 * @param coordinates     {@code group:artifact:version} of the launcher and the engines to add
 */
public record JUnitPlatform(String jupiterVersion, String platformVersion, String junit4Version,
        List<String> coordinates) {

    /** The vintage engine and launcher for a project on JUnit 4 alone (both still run on Java 8). */
    public static final String JUNIT4_ONLY_VINTAGE = "5.10.2";
    public static final String JUNIT4_ONLY_PLATFORM = "1.10.2";

    private static final Pattern JAR_NAME = Pattern.compile("(.+?)-(\\d[\\w.\\-]*)\\.jar");
    private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)(.*)");

    public JUnitPlatform {
        coordinates = List.copyOf(coordinates);
    }

    /**
     * Reads the JUnit versions from the project's test classpath (jar names, else their manifests)
     * and returns what to put on the worker's classpath.
     *
     * @throws MrCouplerException when the project has neither JUnit 5 nor JUnit 4.12+
     */
    public static JUnitPlatform forProject(List<Path> projectClasspath) {
        String jupiter = null;
        String commons = null;
        String junit4 = null;
        for (Path entry : projectClasspath) {
            String[] artifact = artifact(entry);
            if (artifact == null) {
                continue;
            }
            switch (artifact[0]) {
                case "junit-jupiter-api" -> jupiter = jupiter == null ? artifact[1] : jupiter;
                case "junit-platform-commons" -> commons = commons == null ? artifact[1] : commons;
                case "junit" -> junit4 = junit4 == null ? artifact[1] : junit4;
                default -> {
                }
            }
        }
        if (junit4 != null && !atLeast(junit4, 4, 12)) {
            throw new MrCouplerException("The project's tests use JUnit " + junit4 + "; MR-Coupler runs JUnit 4 tests"
                    + " with the JUnit Platform's vintage engine, which needs junit:junit 4.12 or later. Upgrade the"
                    + " junit dependency to 4.13.2.");
        }
        List<String> coordinates = new ArrayList<>();
        if (jupiter != null) {
            String platform = commons != null ? commons : platformOf(jupiter);
            coordinates.add("org.junit.platform:junit-platform-launcher:" + platform);
            coordinates.add("org.junit.jupiter:junit-jupiter-engine:" + jupiter);
            if (junit4 != null) {
                coordinates.add("org.junit.vintage:junit-vintage-engine:" + jupiter);
            }
            return new JUnitPlatform(jupiter, platform, junit4, coordinates);
        }
        if (junit4 != null) {
            // JUnit 4 alone; a platform already on the classpath (a vintage setup) sets the version.
            String platform = commons != null ? commons : JUNIT4_ONLY_PLATFORM;
            String vintage = commons != null ? jupiterOf(commons) : JUNIT4_ONLY_VINTAGE;
            coordinates.add("org.junit.platform:junit-platform-launcher:" + platform);
            coordinates.add("org.junit.vintage:junit-vintage-engine:" + vintage);
            return new JUnitPlatform(null, platform, junit4, coordinates);
        }
        throw new MrCouplerException("The project's test classpath has neither JUnit 5 (junit-jupiter-api) nor JUnit 4"
                + " (junit:junit), so generated tests could not compile. Add a test dependency on"
                + " org.junit.jupiter:junit-jupiter (or junit:junit 4.13.2).");
    }

    /** Jupiter 5.M.P goes with Platform 1.M.P; from JUnit 6 on they share one version. */
    static String platformOf(String jupiter) {
        Matcher m = VERSION.matcher(jupiter);
        if (m.matches() && m.group(1).equals("5")) {
            return "1." + m.group(2) + m.group(3);
        }
        return jupiter;
    }

    static String jupiterOf(String platform) {
        Matcher m = VERSION.matcher(platform);
        if (m.matches() && m.group(1).equals("1")) {
            return "5." + m.group(2) + m.group(3);
        }
        return platform;
    }

    private static boolean atLeast(String version, int major, int minor) {
        Matcher m = VERSION.matcher(version);
        if (!m.matches()) {
            return true; // unknown form: let the engine judge
        }
        int ma = Integer.parseInt(m.group(1));
        int mi = Integer.parseInt(m.group(2));
        return ma > major || (ma == major && mi >= minor);
    }

    /** {artifactId, version} of a JUnit jar, from its name or else its manifest; null for others. */
    static String[] artifact(Path entry) {
        Path fileName = entry.getFileName();
        if (fileName == null || !fileName.toString().endsWith(".jar") || Files.isDirectory(entry)) {
            return null;
        }
        Matcher m = JAR_NAME.matcher(fileName.toString());
        if (m.matches() && known(m.group(1))) {
            return new String[] {m.group(1), m.group(2)};
        }
        return fromManifest(entry);
    }

    private static boolean known(String artifactId) {
        return artifactId.equals("junit-jupiter-api") || artifactId.equals("junit-platform-commons")
                || artifactId.equals("junit");
    }

    private static String[] fromManifest(Path jar) {
        if (!Files.isRegularFile(jar)) {
            return null;
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            if (manifest == null) {
                return null;
            }
            Attributes main = manifest.getMainAttributes();
            String version = first(main.getValue("Implementation-Version"), main.getValue("Bundle-Version"));
            String name = first(main.getValue("Bundle-SymbolicName"), main.getValue("Implementation-Title"));
            String module = main.getValue("Automatic-Module-Name");
            if (version == null) {
                return null;
            }
            if ("junit-jupiter-api".equals(name) || "org.junit.jupiter.api".equals(module)) {
                return new String[] {"junit-jupiter-api", version};
            }
            if ("junit-platform-commons".equals(name) || "org.junit.platform.commons".equals(module)) {
                return new String[] {"junit-platform-commons", version};
            }
            if ("junit".equals(module) || ("JUnit".equalsIgnoreCase(name) && version.startsWith("4."))) {
                return new String[] {"junit", version};
            }
            return null;
        } catch (IOException e) {
            return null; // not a readable jar: not JUnit's
        }
    }

    private static String first(String a, String b) {
        return a != null ? a.split(";")[0].trim() : b == null ? null : b.split(";")[0].trim();
    }
}
