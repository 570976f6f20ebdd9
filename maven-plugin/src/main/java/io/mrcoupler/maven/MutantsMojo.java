package io.mrcoupler.maven;

import io.mrcoupler.bridge.protocol.SessionConfig;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Generates Major-style mutants of the target methods and checks that they compile: per class, the
 * mutant schemata source and Major's {@code mutants.log} under {@code <outputDirectory>/mutants/},
 * with {@code summary.json} and a table per operator (generated, compiled, dropped). Needs the
 * compile classpath only and compiles the schemata against the source roots, so it works on a
 * project that was never compiled or whose tests do not compile.
 *
 * <p>{@code mvn mr-coupler:mutants -Dmrcoupler.targets='com.acme.crypto.AESEncryption#encryptText'}
 */
@Mojo(name = "mutants", requiresDependencyResolution = ResolutionScope.COMPILE, threadSafe = true)
public class MutantsMojo extends AbstractExecutingMojo {

    /**
     * Which methods are mutated: {@code pair} (each target and the methods coupled to it) or
     * {@code class} (every method of the targets' classes). The core's default is {@code pair}.
     */
    @Parameter(property = "mrcoupler.mutationScope")
    private String mutationScope;

    /** Also writes one plain source file per mutant, beside the schemata. */
    @Parameter(property = "mrcoupler.exportMutants")
    private Boolean exportMutants;

    /**
     * At most this many mutants per method (a schemata method must stay under the JVM's 64 KB code
     * limit); the core says how many it dropped. The core's default when unset.
     */
    @Parameter(property = "mrcoupler.maxMutantsPerMethod")
    private Integer maxMutantsPerMethod;

    @Override
    String goal() {
        return "mutants";
    }

    @Override
    String run() throws MojoExecutionException, MojoFailureException {
        SessionConfig config = sessionConfig(SessionConfig.MODE_MUTANTS)
                .withMutation(mutationScope, exportMutants, maxMutantsPerMethod);
        return outcome(runSession(config, compileOnlyExecutor(), true));
    }
}
