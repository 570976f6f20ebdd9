package io.mrcoupler.bridge.protocol;

import java.util.List;

/**
 * Whether one file of a batch compiled, and what javac said about it.
 *
 * @param path        the file's path as the batch gave it
 * @param success     whether its classes were produced (for replacements: all of them compiled)
 * @param diagnostics javac's messages about this file, in order
 */
public record Compilation(String path, boolean success, List<CompileDiagnostic> diagnostics) {

    public Compilation {
        diagnostics = diagnostics == null ? List.of() : List.copyOf(diagnostics);
    }
}
