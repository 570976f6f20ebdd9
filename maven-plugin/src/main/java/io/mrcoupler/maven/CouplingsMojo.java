package io.mrcoupler.maven;

import io.mrcoupler.bridge.protocol.SessionConfig;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Lists the methods functionally coupled to each target method (MR-Coupler, phase 1) and writes them
 * to {@code couplings.json} in the output directory. Reads the sources only: it neither compiles the
 * project nor resolves its dependencies.
 *
 * <p>{@code mvn mr-coupler:couplings -Dmrcoupler.targets='com.acme.crypto.AESEncryption#encryptText'}
 */
@Mojo(name = "couplings", requiresDependencyResolution = ResolutionScope.NONE, threadSafe = true)
public class CouplingsMojo extends CouplingsParameters {

    @Override
    String goal() {
        return "couplings";
    }

    @Override
    String run() throws MojoFailureException {
        return outcome(runSession(sessionConfig(SessionConfig.MODE_COUPLINGS), null, false));
    }
}
