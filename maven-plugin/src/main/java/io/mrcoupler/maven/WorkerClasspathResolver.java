package io.mrcoupler.maven;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.maven.plugin.MojoExecutionException;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.resolution.DependencyResolutionException;

/**
 * Resolves the JUnit Platform launcher and engines the worker JVM needs (the coordinates of
 * {@code JUnitPlatform.forProject}), with their dependencies, through Maven's own resolver: the
 * project's repositories, the local repository, offline mode and mirrors all apply.
 */
final class WorkerClasspathResolver {

    // Spelled out: maven-resolver-util (JavaScopes, DependencyFilterUtils) is not exported to plugins.
    private static final String RUNTIME = "runtime";
    private static final Set<String> RUNTIME_SCOPES = Set.of("compile", RUNTIME);

    private final RepositorySystem system;
    private final RepositorySystemSession session;
    private final List<RemoteRepository> repositories;

    WorkerClasspathResolver(RepositorySystem system, RepositorySystemSession session,
            List<RemoteRepository> repositories) {
        this.system = system;
        this.session = session;
        this.repositories = repositories;
    }

    List<Path> resolve(List<String> coordinates) throws MojoExecutionException {
        CollectRequest collect = new CollectRequest();
        for (String coordinate : coordinates) {
            collect.addDependency(new Dependency(new DefaultArtifact(coordinate), RUNTIME));
        }
        collect.setRepositories(repositories);
        // What a runtime classpath holds; test and provided dependencies of the engines are not wanted.
        DependencyRequest request = new DependencyRequest(collect, (node, parents) -> node.getDependency() == null
                || RUNTIME_SCOPES.contains(node.getDependency().getScope()));
        try {
            List<Path> files = new ArrayList<>();
            for (ArtifactResult result : system.resolveDependencies(session, request).getArtifactResults()) {
                files.add(result.getArtifact().getFile().toPath());
            }
            return files;
        } catch (DependencyResolutionException e) {
            List<String> ids = repositories.stream().map(r -> r.getId() + " (" + r.getUrl() + ")").toList();
            throw new MojoExecutionException("Could not resolve the JUnit Platform launcher and engines the generated"
                    + " tests run with, " + coordinates + ", from " + ids + ": " + e.getMessage() + ". Check that"
                    + " these repositories are reachable, or run once online so the local repository holds them"
                    + " for offline builds.", e);
        }
    }
}
