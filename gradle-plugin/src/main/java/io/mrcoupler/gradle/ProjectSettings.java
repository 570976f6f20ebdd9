package io.mrcoupler.gradle;

import java.util.Map;
import java.util.TreeMap;
import org.gradle.api.Project;

/**
 * The user's settings for a session, as the raw strings the core parses: the {@code mrCoupler { }}
 * values, with each {@code -Pmrcoupler.<name>} project property (command line or gradle.properties)
 * over them, as the Maven plugin's {@code -Dmrcoupler.<name>} wins over its configuration. One loop
 * over the schema's names: no setting has code of its own here, and none is checked here. A
 * {@code -Pmrcoupler.*} on the command line that is no setting is passed on too, so the core can
 * warn naming the closest one.
 */
final class ProjectSettings {

    static final String PREFIX = "mrcoupler.";

    private ProjectSettings() {
    }

    static Map<String, String> of(Project project, MrCouplerExtension extension) {
        Map<String, String> settings = new TreeMap<>(extension.settings());
        for (String name : MrCouplerSettings.NAMES) {
            Object value = project.findProperty(PREFIX + name);
            if (value != null) {
                settings.put(name, MrCouplerSettings.text(value));
            }
        }
        project.getGradle().getStartParameter().getProjectProperties().forEach((key, value) -> {
            if (key.startsWith(PREFIX) && !key.equals(MrCouplerPlugin.TARGETS_PROPERTY)) {
                settings.putIfAbsent(key.substring(PREFIX.length()), value);
            }
        });
        return settings;
    }
}
