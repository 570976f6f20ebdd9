package io.mrcoupler.gradle.gradle8;

/** Shaped like Gradle 8's {@code Property}: a public interface over classes that are not public. */
public interface Property {

    Object getOrNull();

    static Property of(Object value) {
        return new DefaultProperty(value);
    }
}
