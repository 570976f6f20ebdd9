package io.mrcoupler.maven;

import io.mrcoupler.bridge.MrCoupler;
import io.mrcoupler.bridge.MrCouplerException;
import io.mrcoupler.bridge.protocol.SessionConfig;
import java.io.File;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;

/**
 * Lists the methods functionally coupled to each target method (MR-Coupler, phase 1) and writes them
 * to {@code couplings.json} in the output directory. Reads the sources only: it neither compiles the
 * project nor resolves its dependencies.
 */
@Mojo(name = "couplings", requiresDependencyResolution = ResolutionScope.NONE, threadSafe = true)
public class CouplingsMojo extends AbstractMojo {

    static final String EXAMPLE = "mvn mr-coupler:couplings -Dmrcoupler.targets='com.acme.crypto.AESEncryption#encryptText'";

    /**
     * The target methods, comma-separated: {@code com.acme.Aes#encryptText},
     * {@code com.acme.Aes#encryptText(String,SecretKey)}, {@code com.acme.Aes} (all its non-private
     * methods), {@code com.acme.*} (one package), {@code com.acme.**} (a package and its
     * subpackages), or {@code Aes#encryptText} when the simple name is unique. The core reads this
     * text as it is. Required.
     */
    @Parameter(property = "mrcoupler.targets")
    private String targets;

    /** Where {@code couplings.json} is written. */
    @Parameter(property = "mrcoupler.outputDirectory", defaultValue = "${project.build.directory}/mr-coupler")
    private File outputDirectory;

    /** The encoding of the sources; the project's {@code project.build.sourceEncoding} (UTF-8 when unset). */
    @Parameter(property = "mrcoupler.sourceEncoding", defaultValue = "${project.build.sourceEncoding}")
    private String sourceEncoding;

    /** Skips the goal. */
    @Parameter(property = "mrcoupler.skip", defaultValue = "false")
    private boolean skip;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    @Override
    public void execute() throws MojoFailureException {
        if (skip) {
            getLog().info("Skipping MR-Coupler (mrcoupler.skip is set).");
            return;
        }
        // An aggregator pom has no Java sources of its own; its modules are analysed one by one.
        if ("pom".equals(project.getPackaging())) {
            getLog().info("Skipping MR-Coupler for " + project.getArtifactId() + ": packaging is pom.");
            return;
        }
        if (targets == null || targets.isBlank()) {
            throw new MojoFailureException("No target methods given. Name them with -Dmrcoupler.targets, e.g.\n  "
                    + EXAMPLE + "\nor in the plugin's <configuration><targets>...</targets></configuration>.");
        }
        SessionConfig config = SessionConfig.couplings(
                project.getArtifactId(),
                project.getBasedir().getAbsolutePath(),
                absolute(project.getCompileSourceRoots()),
                absolute(project.getTestCompileSourceRoots()),
                outputDirectory.getAbsolutePath(),
                targets,
                sourceEncoding);
        try {
            MrCoupler.run(config, new MavenLogSink(getLog()));
        } catch (MrCouplerException e) {
            throw new MojoFailureException(e.getMessage(), e);
        }
    }

    /** Maven usually gives absolute roots already; a plugin that adds a relative one is resolved against basedir. */
    private List<String> absolute(List<String> roots) {
        return roots.stream()
                .map(root -> {
                    File file = new File(root);
                    return (file.isAbsolute() ? file : new File(project.getBasedir(), root)).getAbsolutePath();
                })
                .toList();
    }
}
