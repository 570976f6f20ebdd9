package io.mrcoupler.bridge.executor;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The worker's environment: the build's, minus everything that may hold a secret. Generated tests
 * are untrusted code, and the first thing to keep from them is the LLM API key.
 */
final class WorkerEnvironment {

    private static final String[] SECRET_WORDS = {"KEY", "TOKEN", "SECRET", "PASSWORD"};

    private WorkerEnvironment() {
    }

    static Map<String, String> of(Map<String, String> base, String secretVariable) {
        Map<String, String> env = new TreeMap<>();
        base.forEach((name, value) -> {
            if (!isSecret(name, secretVariable)) {
                env.put(name, value);
            }
        });
        return env;
    }

    /** {@code env} with {@code HOME} pointing into the scratch folder: generated tests are untrusted. */
    static Map<String, String> withHome(Map<String, String> env, java.nio.file.Path home) {
        Map<String, String> out = new TreeMap<>(env);
        out.put("HOME", home.toString());
        return out;
    }

    static boolean isSecret(String name, String secretVariable) {
        String upper = name.toUpperCase(Locale.ROOT);
        if (secretVariable != null && upper.equals(secretVariable.toUpperCase(Locale.ROOT))) {
            return true;
        }
        for (String word : SECRET_WORDS) {
            if (upper.contains(word)) {
                return true;
            }
        }
        return false;
    }
}
