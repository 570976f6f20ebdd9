package io.mrcoupler.gradle.gradle8;

/** Not public, in another package than the plugin: its methods are reachable only through {@link Property}. */
final class DefaultProperty implements Property {

    private final Object value;

    DefaultProperty(Object value) {
        this.value = value;
    }

    @Override
    public Object getOrNull() {
        return value;
    }
}
