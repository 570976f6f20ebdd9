package io.mrcoupler.bridge.executor;

import java.net.URI;
import javax.tools.SimpleJavaFileObject;

/**
 * A source of a batch as javac sees it: the text in memory, named by its path under a source root
 * so javac's checks (a public class in a file of its name) and its diagnostics work as for a file.
 * Nothing is written to the user's source folders.
 */
final class MemorySource extends SimpleJavaFileObject {

    private final String path;
    private final String content;

    MemorySource(String path, String content) {
        super(URI.create("mem:///" + path.replace('\\', '/').replaceAll("^/+", "").replace(" ", "%20")), Kind.SOURCE);
        this.path = path;
        this.content = content == null ? "" : content;
    }

    /** The path as the batch gave it. */
    String path() {
        return path;
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
        return content;
    }
}
