package io.mrcoupler.gradle;

import io.mrcoupler.bridge.protocol.SessionConfig;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.gradle.api.Project;

/**
 * The projects of a multi-project build that apply MR-Coupler and have main Java sources, in the
 * order Gradle runs one task of several projects in (by path), each with the targets it is given:
 * build facts the core needs to decide which targets are this project's, to skip a project that
 * holds none, and to fail once, in the last project, for a target that none holds (docs/protocol.md,
 * {@code reactor}). Decides nothing.
 */
final class GradleReactor {

    private GradleReactor() {
    }

    /** The build's projects for a session in {@code current}; {@code null} when it is the only one. */
    static List<SessionConfig.ReactorModule> of(Project current, String currentTargets) {
        List<SessionConfig.ReactorModule> modules = new ArrayList<>();
        for (Project project : current.getRootProject().getAllprojects()) {
            MrCouplerExtension extension = project.getExtensions().findByType(MrCouplerExtension.class);
            List<String> roots = existingRoots(project);
            if (extension == null || roots.isEmpty()) {
                continue;
            }
            String given = project == current ? currentTargets : targetsOf(project, extension);
            modules.add(new SessionConfig.ReactorModule(project.getName(), project.getProjectDir().getAbsolutePath(),
                    roots, given));
        }
        return modules.size() < 2 ? null : modules;
    }

    /** Whether {@code current} is one of several projects of its build that apply MR-Coupler. */
    static boolean isMultiProject(Project current) {
        int applying = 0;
        for (Project project : current.getRootProject().getAllprojects()) {
            applying += project.getExtensions().findByType(MrCouplerExtension.class) == null ? 0 : 1;
        }
        return applying > 1;
    }

    /** The command line's {@code -Pmrcoupler.targets} (it reaches every project), else its block's. */
    private static String targetsOf(Project project, MrCouplerExtension extension) {
        Object property = project.findProperty(MrCouplerPlugin.TARGETS_PROPERTY);
        return property != null ? property.toString() : extension.getTargets();
    }

    private static List<String> existingRoots(Project project) {
        List<String> roots = new ArrayList<>();
        boolean any = false;
        for (File root : SourceRoots.of(project, "main")) {
            roots.add(root.getAbsolutePath());
            any |= root.isDirectory();
        }
        return any ? roots : new ArrayList<>();
    }
}
