package io.mrcoupler.gradle;

import java.io.File;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.gradle.api.Project;
import org.gradle.api.tasks.SourceSet;
import org.gradle.api.tasks.SourceSetContainer;

/** Reads the Java source roots of a project from its build model, on Gradle 4.4 and current Gradle. */
final class SourceRoots {

    private SourceRoots() {
    }

    /** The Java source directories of {@code sourceSetName} ("main", "test"), absolute. */
    static List<File> of(Project project, String sourceSetName) {
        SourceSet sourceSet = sourceSet(project, sourceSetName);
        if (sourceSet == null) {
            // No java plugin (or no such source set): the conventional layout.
            return Collections.singletonList(project.file("src/" + sourceSetName + "/java").getAbsoluteFile());
        }
        List<File> roots = new ArrayList<>();
        for (File dir : sourceSet.getJava().getSrcDirs()) {
            roots.add(dir.getAbsoluteFile());
        }
        return roots;
    }

    /** The source set of that name, or {@code null} without the java plugin. */
    static SourceSet sourceSet(Project project, String sourceSetName) {
        SourceSetContainer sourceSets = sourceSets(project);
        return sourceSets == null ? null : sourceSets.findByName(sourceSetName);
    }

    /**
     * Gradle 4.10+ registers {@code sourceSets} as an extension; older versions (Debian's 4.4) only as
     * a convention property, which {@code Project.property} still finds. {@code getConvention()} is
     * not used: it is deprecated in 8.2 and gone in 9.
     */
    private static SourceSetContainer sourceSets(Project project) {
        Object found = project.getExtensions().findByName("sourceSets");
        if (found == null && project.hasProperty("sourceSets")) {
            found = project.property("sourceSets");
        }
        return found instanceof SourceSetContainer ? (SourceSetContainer) found : null;
    }
}
