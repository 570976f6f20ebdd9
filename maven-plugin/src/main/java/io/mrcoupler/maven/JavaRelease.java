package io.mrcoupler.maven;

import java.util.Properties;
import org.apache.maven.model.Plugin;
import org.apache.maven.project.MavenProject;
import org.codehaus.plexus.util.xml.Xpp3Dom;

/**
 * The Java release the project compiles at, so generated tests and mutant schemata compile as the
 * project's own code does: the compiler plugin's {@code release}, {@code target} or {@code source}
 * (in that order), else the {@code maven.compiler.release}, {@code .target} or {@code .source}
 * property (the command line's first). {@code 1.8} is release 8; 0 means "unknown", which the
 * executor reads as the release of the JDK running the build.
 */
final class JavaRelease {

    private static final String[] SETTINGS = {"release", "target", "source"};

    private JavaRelease() {
    }

    static int of(MavenProject project, Properties userProperties) {
        Plugin compiler = project.getPlugin("org.apache.maven.plugins:maven-compiler-plugin");
        if (compiler != null && compiler.getConfiguration() instanceof Xpp3Dom configuration) {
            for (String setting : SETTINGS) {
                Xpp3Dom child = configuration.getChild(setting);
                int release = parse(child == null ? null : child.getValue());
                if (release > 0) {
                    return release;
                }
            }
        }
        for (String setting : SETTINGS) {
            String key = "maven.compiler." + setting;
            String value = userProperties.getProperty(key, project.getProperties().getProperty(key));
            int release = parse(value);
            if (release > 0) {
                return release;
            }
        }
        return 0;
    }

    /** "17" and "1.8" to 17 and 8; anything else (blank, an unresolved ${...}) to 0. */
    static int parse(String value) {
        if (value == null) {
            return 0;
        }
        String v = value.trim();
        if (v.startsWith("1.")) {
            v = v.substring(2);
        }
        try {
            return Math.max(0, Integer.parseInt(v));
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
