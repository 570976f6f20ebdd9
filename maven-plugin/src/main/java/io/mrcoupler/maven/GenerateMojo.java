package io.mrcoupler.maven;

import io.mrcoupler.bridge.protocol.SessionConfig;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Execute;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Generates metamorphic tests for the target methods (MR-Coupler, phases 1-3): finds the coupled
 * methods, has the LLM write a candidate metamorphic test class per pair, compiles and runs it
 * (refining it once with the errors), amplifies it with new inputs, and keeps it only when it
 * passes on the original code more often than on the pair's mutants. Kept tests are written to
 * {@code <outputDirectory>/generated-tests}, with {@code report.json} and {@code report.html}
 * saying what was tried, what it cost and why each candidate was kept or dropped. Every LLM
 * exchange is cached, so a re-run (or a run resumed after an interruption) costs no tokens for
 * what is done. Without an LLM ({@code mrcoupler.llm.baseUrl} and {@code mrcoupler.llm.model}), the
 * core says so and its built-in generator writes the tests from MR templates. Runs the build up to
 * {@code test-compile} first. Each kept test is also added, once, to the committed home
 * {@code src/test/mr-coupler} ({@code mrcoupler.mtcDir}), which {@code check} runs. In a
 * multi-module build, each module works on the targets it contains.
 *
 * <p>{@code mvn mr-coupler:generate -Dmrcoupler.targets='com.acme.crypto.AESEncryption#encryptText'
 * -Dmrcoupler.llm.baseUrl=https://api.deepseek.com/v1 -Dmrcoupler.llm.model=deepseek-chat
 * -Dmrcoupler.llm.apiKeyEnv=DEEPSEEK_API_KEY}
 */
@Mojo(name = "generate", requiresDependencyResolution = ResolutionScope.TEST, threadSafe = true)
@Execute(phase = LifecyclePhase.TEST_COMPILE)
public class GenerateMojo extends GenerateParameters {

    @Override
    String goal() {
        return "generate";
    }

    @Override
    String run() throws MojoExecutionException, MojoFailureException {
        SessionConfig config = sessionConfig(SessionConfig.MODE_GENERATE).withJUnit(ProjectJUnit.of(project));
        return outcome(runSession(config, testExecutor()));
    }
}
