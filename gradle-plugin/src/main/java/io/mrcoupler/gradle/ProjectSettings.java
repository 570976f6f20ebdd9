package io.mrcoupler.gradle;

import java.math.BigDecimal;
import java.util.Locale;
import org.gradle.api.GradleException;
import org.gradle.api.Project;

/**
 * One setting's value: the project property {@code -Pmrcoupler.<name>} when given (it wins, as the
 * Maven plugin's {@code -Dmrcoupler.<name>} does), else the {@code mrCoupler { }} value, else
 * {@code null} so the core's default applies. Project properties arrive as strings; a value that
 * does not parse fails the build naming the property and the form it needs.
 */
final class ProjectSettings {

    static final String PREFIX = "mrcoupler.";

    private final Project project;

    ProjectSettings(Project project) {
        this.project = project;
    }

    /** The raw project property {@code mrcoupler.<name>}, or {@code null}. */
    String property(String name) {
        Object value = project.findProperty(PREFIX + name);
        return value == null ? null : value.toString();
    }

    String string(String name, String fromExtension) {
        String property = property(name);
        return property != null ? property : fromExtension;
    }

    /** {@code -Pmrcoupler.export} alone means true, as {@code -Dflag} does for Maven. */
    Boolean bool(String name, Boolean fromExtension) {
        String property = property(name);
        if (property == null) {
            return fromExtension;
        }
        String value = property.trim().toLowerCase(Locale.ROOT);
        if (value.isEmpty() || value.equals("true")) {
            return Boolean.TRUE;
        }
        if (value.equals("false")) {
            return Boolean.FALSE;
        }
        throw invalid(name, property, "true or false");
    }

    Integer integer(String name, Number fromExtension) {
        String property = property(name);
        if (property == null) {
            return fromExtension == null ? null : whole(name, new BigDecimal(fromExtension.toString())).intValue();
        }
        try {
            return whole(name, new BigDecimal(property.trim())).intValue();
        } catch (NumberFormatException e) {
            throw invalid(name, property, "a whole number, e.g. 2");
        }
    }

    Long longValue(String name, Number fromExtension) {
        String property = property(name);
        if (property == null) {
            return fromExtension == null ? null : whole(name, new BigDecimal(fromExtension.toString())).longValue();
        }
        try {
            return whole(name, new BigDecimal(property.trim())).longValue();
        } catch (NumberFormatException e) {
            throw invalid(name, property, "a whole number, e.g. 10000");
        }
    }

    Double decimal(String name, Number fromExtension) {
        String property = property(name);
        if (property == null) {
            return fromExtension == null ? null : fromExtension.doubleValue();
        }
        try {
            return Double.valueOf(property.trim());
        } catch (NumberFormatException e) {
            throw invalid(name, property, "a number, e.g. 0.2");
        }
    }

    /** A folder: relative paths are the project's, as everywhere in Gradle. */
    String path(String name, Object fromExtension) {
        String property = property(name);
        Object value = property != null ? property : fromExtension;
        if (value == null || value.toString().isBlank()) {
            return null;
        }
        return project.file(value).getAbsolutePath();
    }

    private BigDecimal whole(String name, BigDecimal value) {
        if (value.stripTrailingZeros().scale() > 0) {
            throw invalid(name, value.toPlainString(), "a whole number");
        }
        return value;
    }

    private static GradleException invalid(String name, String value, String expected) {
        return new GradleException("MR-Coupler setting " + name + " is '" + value + "', which is not " + expected
                + ". Fix -P" + PREFIX + name + " or " + name + " in mrCoupler { }.");
    }
}
