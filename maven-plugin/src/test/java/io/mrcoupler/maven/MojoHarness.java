package io.mrcoupler.maven;

import io.mrcoupler.bridge.LogSink;
import io.mrcoupler.bridge.executor.ExecutorSettings;
import io.mrcoupler.bridge.protocol.Action;
import io.mrcoupler.bridge.protocol.Progress;
import io.mrcoupler.bridge.protocol.SessionConfig;
import io.mrcoupler.bridge.protocol.Verdict;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.maven.execution.DefaultMavenExecutionRequest;
import org.apache.maven.execution.DefaultMavenExecutionResult;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.project.MavenProject;
import org.eclipse.aether.DefaultRepositorySystemSession;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * A goal as Maven runs it, without Maven and without the core: a project in a temporary folder, a
 * session, parameters set the way Maven injects a {@code -Dmrcoupler.<name>} (found through the
 * plugin descriptor), and a {@link SessionRunner} that records what the goal passes to the core.
 */
final class MojoHarness {

    final Path dir;
    final MavenProject project;
    final MavenSession session;
    final Recorder runner = new Recorder();

    MojoHarness(Path dir) throws IOException {
        this.dir = dir;
        Files.createDirectories(dir.resolve("src/main/java"));
        project = new MavenProject();
        project.setGroupId("com.acme");
        project.setArtifactId("demo");
        project.setVersion("1.0");
        project.setPackaging("jar");
        project.setFile(dir.resolve("pom.xml").toFile());
        project.addCompileSourceRoot(dir.resolve("src/main/java").toString());
        project.addTestCompileSourceRoot(dir.resolve("src/test/java").toString());
        project.getBuild().setDirectory(dir.resolve("target").toString());
        project.getBuild().setOutputDirectory(dir.resolve("target/classes").toString());
        project.getBuild().setTestOutputDirectory(dir.resolve("target/test-classes").toString());
        session = new MavenSession(null, new DefaultRepositorySystemSession(), new DefaultMavenExecutionRequest(),
                new DefaultMavenExecutionResult());
        session.setProjects(List.of(project));
    }

    /** The mojo wired as Maven would: project, session, output folder, and the recording runner. */
    <M extends AbstractMrCouplerMojo> M mojo(M mojo) {
        mojo.project = project;
        mojo.session = session;
        mojo.outputDirectory = dir.resolve("target/mr-coupler").toFile();
        mojo.runner = runner;
        return mojo;
    }

    /**
     * Sets the parameter whose user property is {@code property}, as {@code -D<property>=<value>}
     * does: the plugin descriptor maps the property to the parameter, Maven injects the value.
     */
    static void setProperty(AbstractMrCouplerMojo mojo, String goal, String property, String value) throws Exception {
        String parameter = parameterOf(goal, property);
        if (parameter == null) {
            throw new AssertionError("goal " + goal + " has no parameter with user property " + property);
        }
        Field field = field(mojo.getClass(), parameter);
        field.setAccessible(true);
        field.set(mojo, value);
    }

    /** The parameter of {@code goal} whose expression is {@code ${property}}, or {@code null}. */
    static String parameterOf(String goal, String property) throws Exception {
        NodeList configuration = goalElement(goal).getElementsByTagName("configuration");
        if (configuration.getLength() == 0) {
            return null;
        }
        NodeList children = configuration.item(0).getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            Node child = children.item(i);
            if (child.getNodeType() == Node.ELEMENT_NODE && ("${" + property + "}").equals(child.getTextContent().trim())) {
                return child.getNodeName();
            }
        }
        return null;
    }

    /** The description the {@code help} goal prints for a parameter of {@code goal}. */
    static String description(String goal, String parameter) throws Exception {
        NodeList parameters = goalElement(goal).getElementsByTagName("parameter");
        for (int i = 0; i < parameters.getLength(); i++) {
            Element p = (Element) parameters.item(i);
            if (parameter.equals(p.getElementsByTagName("name").item(0).getTextContent())) {
                return p.getElementsByTagName("description").item(0).getTextContent();
            }
        }
        throw new AssertionError("goal " + goal + " has no parameter " + parameter);
    }

    /** This plugin's descriptor, which maven-plugin-plugin wrote before the tests run. */
    private static Element goalElement(String goal) throws Exception {
        for (URL url : Collections.list(MojoHarness.class.getClassLoader().getResources("META-INF/maven/plugin.xml"))) {
            Document descriptor;
            try (InputStream in = url.openStream()) {
                descriptor = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);
            }
            if (!"mr-coupler".equals(text(descriptor.getDocumentElement(), "goalPrefix"))) {
                continue;
            }
            NodeList mojos = descriptor.getElementsByTagName("mojo");
            for (int i = 0; i < mojos.getLength(); i++) {
                Element mojo = (Element) mojos.item(i);
                if (goal.equals(text(mojo, "goal"))) {
                    return mojo;
                }
            }
        }
        throw new AssertionError("no goal " + goal + " in the plugin descriptor");
    }

    private static String text(Element parent, String tag) {
        NodeList nodes = parent.getElementsByTagName(tag);
        return nodes.getLength() == 0 ? null : nodes.item(0).getTextContent().trim();
    }

    private static Field field(Class<?> type, String name) throws NoSuchFieldException {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            try {
                return c.getDeclaredField(name);
            } catch (NoSuchFieldException e) {
                // declared further up
            }
        }
        throw new NoSuchFieldException(name + " in " + type);
    }

    /** Records each session a goal runs and answers with {@link #answer}. */
    static final class Recorder implements SessionRunner {
        final List<SessionConfig> configs = new ArrayList<>();
        final List<ExecutorSettings> executors = new ArrayList<>();
        Action answer = new Action(1, Action.KIND_DONE, new Progress("done", 1, 1, "1 target done"), List.of(),
                List.of(), null, null);

        @Override
        public Action run(SessionConfig config, LogSink log, ExecutorSettings executor) {
            configs.add(config);
            executors.add(executor);
            return answer;
        }

        SessionConfig only() {
            if (configs.size() != 1) {
                throw new AssertionError("expected one session, got " + configs);
            }
            return configs.get(0);
        }

        void answerWithVerdict(boolean failBuild, String message) {
            answer = new Action(1, Action.KIND_DONE, null, List.of(), List.of(), null, new Verdict(failBuild, message));
        }
    }
}
