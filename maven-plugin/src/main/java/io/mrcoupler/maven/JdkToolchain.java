package io.mrcoupler.maven;

import java.nio.file.Path;
import java.nio.file.Paths;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.toolchain.Toolchain;
import org.apache.maven.toolchain.ToolchainManager;

/**
 * The JDK the worker JVM runs the project's tests on: the "jdk" toolchain selected for the build
 * (maven-toolchains-plugin), like Surefire, else the JDK running Maven.
 */
final class JdkToolchain {

    private JdkToolchain() {
    }

    static Path javaHome(ToolchainManager toolchains, MavenSession session, Log log) {
        Toolchain jdk = toolchains == null ? null : toolchains.getToolchainFromBuildContext("jdk", session);
        if (jdk != null) {
            String java = jdk.findTool("java");
            if (java != null) {
                // <home>/bin/java
                Path home = Paths.get(java).toAbsolutePath().getParent().getParent();
                log.info("Running the tests on the JDK of the toolchain " + jdk + ": " + home);
                return home;
            }
            log.warn("The toolchain " + jdk + " has no java executable; running the tests on the JDK of Maven.");
        }
        return Paths.get(System.getProperty("java.home"));
    }
}
