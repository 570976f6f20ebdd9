package io.mrcoupler.maven;

import io.mrcoupler.bridge.protocol.SessionConfig;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
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
public class MutantsMojo extends MutantsParameters {

    @Override
    String goal() {
        return "mutants";
    }

    @Override
    String run() throws MojoExecutionException, MojoFailureException {
        return outcome(runSession(sessionConfig(SessionConfig.MODE_MUTANTS), compileOnlyExecutor(), true));
    }
}
