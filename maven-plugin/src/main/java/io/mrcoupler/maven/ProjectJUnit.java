package io.mrcoupler.maven;

import org.apache.maven.artifact.Artifact;
import org.apache.maven.project.MavenProject;

/**
 * Which JUnit the generated tests are written for: the one the project's tests use, read from its
 * resolved test dependencies. The core writes JUnit 5 when this says nothing.
 */
final class ProjectJUnit {

    private ProjectJUnit() {
    }

    /** "5" with junit-jupiter-api on the test classpath, else "4" with junit:junit, else {@code null}. */
    static String of(MavenProject project) {
        boolean junit4 = false;
        for (Artifact artifact : project.getArtifacts()) {
            if ("org.junit.jupiter".equals(artifact.getGroupId()) && "junit-jupiter-api".equals(artifact.getArtifactId())) {
                return "5";
            }
            junit4 |= "junit".equals(artifact.getGroupId()) && "junit".equals(artifact.getArtifactId());
        }
        return junit4 ? "4" : null;
    }
}
