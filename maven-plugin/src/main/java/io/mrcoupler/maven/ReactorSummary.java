package io.mrcoupler.maven;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.project.MavenProject;
import org.eclipse.aether.SessionData;

/**
 * One summary of a goal over a multi-module build: each module records the line its session ended
 * with, and the last module of the reactor prints them all, so a reactor's outcome is readable in
 * one place. Kept in the repository session's data, which lives exactly as long as the build (the
 * plugin's classes may outlive it in a daemon). A single-module build prints nothing more.
 */
final class ReactorSummary {

    private final MavenSession session;
    private final String goal;
    private final Map<String, String> lines;

    private ReactorSummary(MavenSession session, String goal, Map<String, String> lines) {
        this.session = session;
        this.goal = goal;
        this.lines = lines;
    }

    @SuppressWarnings("unchecked")
    static ReactorSummary of(MavenSession session, String goal) {
        String key = ReactorSummary.class.getName() + ":" + goal;
        SessionData data = session.getRepositorySession().getData();
        Map<String, String> lines;
        synchronized (data) {
            lines = (Map<String, String>) data.get(key);
            if (lines == null) {
                lines = new LinkedHashMap<>();
                data.set(key, lines);
            }
        }
        return new ReactorSummary(session, goal, lines);
    }

    void record(MavenProject project, String line) {
        synchronized (lines) {
            lines.put(project.getId(), line);
        }
    }

    /** Prints the summary when {@code project} is the reactor's last and the reactor has several. */
    void printIfLast(MavenProject project, Log log) {
        List<MavenProject> projects = session.getProjects();
        if (projects.size() < 2 || !projects.get(projects.size() - 1).getId().equals(project.getId())) {
            return;
        }
        synchronized (lines) {
            if (lines.isEmpty()) {
                return;
            }
            log.info("MR-Coupler " + goal + " summary:");
            for (MavenProject module : projects) {
                String line = lines.get(module.getId());
                if (line != null) {
                    log.info("  " + module.getArtifactId() + ": " + line);
                }
            }
        }
    }
}
