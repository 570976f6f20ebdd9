package io.mrcoupler.gradle;

import java.io.File;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.gradle.api.GradleException;
import org.gradle.api.Project;
import org.gradle.api.Task;
import org.gradle.api.file.FileCollection;
import org.gradle.api.tasks.SourceSet;
import org.gradle.api.tasks.compile.JavaCompile;
import org.gradle.api.tasks.testing.Test;

/**
 * What the executor needs from the java plugin's model: classpaths, the source encoding, the Java
 * release and the JDK the tests run on. Reads only API that Gradle 4.4 and current Gradle both have;
 * the newer settings ({@code options.release}, toolchains) reflectively, so this class still loads
 * on 4.4 and simply finds them absent there.
 */
final class JavaBuildModel {

    private JavaBuildModel() {
    }

    /** {@code sourceSets.main.compileClasspath}: what the main sources compile against. */
    static FileCollection mainCompileClasspath(Project project, String task) {
        return sourceSet(project, SourceSet.MAIN_SOURCE_SET_NAME, task).getCompileClasspath();
    }

    /** {@code sourceSets.test.runtimeClasspath}: classes, test classes, resources and dependencies. */
    static FileCollection testRuntimeClasspath(Project project, String task) {
        return sourceSet(project, SourceSet.TEST_SOURCE_SET_NAME, task).getRuntimeClasspath();
    }

    private static SourceSet sourceSet(Project project, String name, String task) {
        SourceSet sourceSet = SourceRoots.sourceSet(project, name);
        if (sourceSet == null) {
            throw new GradleException(task + " compiles Java against the project's classpath, but " + project
                    + " has no '" + name + "' source set. Apply the java plugin: apply plugin: 'java'.");
        }
        return sourceSet;
    }

    /** {@code compileJava.options.encoding}, or {@code null} (the core and executor read UTF-8). */
    static String sourceEncoding(Project project) {
        return compileJava(project) instanceof JavaCompile compile ? compile.getOptions().getEncoding() : null;
    }

    /**
     * The release the project compiles at: {@code options.release} (Gradle 6.6+), a
     * {@code --release} in {@code options.compilerArgs} (how 4.4 builds ask for it), else
     * {@code targetCompatibility}; 0 (the build JDK's own level) when none is readable.
     */
    static int release(Project project) {
        if (!(compileJava(project) instanceof JavaCompile compile)) {
            return 0;
        }
        Object release = Reflection.call(compile.getOptions(), "getRelease", "getOrNull");
        if (release instanceof Integer value) {
            return value;
        }
        List<String> args = compile.getOptions().getCompilerArgs();
        for (int i = 0; i < args.size(); i++) {
            String arg = String.valueOf(args.get(i));
            if (arg.equals("--release") && i + 1 < args.size()) {
                return javaVersion(String.valueOf(args.get(i + 1)));
            }
            if (arg.startsWith("--release=")) {
                return javaVersion(arg.substring("--release=".length()));
            }
        }
        return javaVersion(compile.getTargetCompatibility());
    }

    /** "1.8" and "8" are 8, "17" is 17; anything else 0. */
    static int javaVersion(String version) {
        if (version == null) {
            return 0;
        }
        String v = version.trim();
        if (v.startsWith("1.")) {
            v = v.substring(2);
        }
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * The JDK the project's tests run on, so generated tests run on it too: the {@code test} task's
     * toolchain launcher (Gradle 6.7+), else its {@code executable} (settable on 4.4), else the JVM
     * running the build.
     */
    static Path javaHome(Project project) {
        Task test = project.getTasks().findByName("test");
        Object installation = test == null ? null
                : Reflection.call(test, "getJavaLauncher", "getOrNull", "getMetadata", "getInstallationPath", "getAsFile");
        if (installation instanceof File dir) {
            return dir.toPath();
        }
        if (test instanceof Test testTask && testTask.getExecutable() != null) {
            // <home>/bin/java
            File bin = new File(testTask.getExecutable()).getAbsoluteFile().getParentFile();
            if (bin != null && bin.getParentFile() != null && new File(bin, "java").exists()) {
                return bin.getParentFile().toPath();
            }
        }
        return Paths.get(System.getProperty("java.home"));
    }

    private static Task compileJava(Project project) {
        return project.getTasks().findByName("compileJava");
    }

    /** Calls of public no-argument methods that may not exist in the running Gradle. */
    static final class Reflection {

        private Reflection() {
        }

        /** {@code target.m1().m2()...}, or {@code null} when a method is missing or a link is null. */
        static Object call(Object target, String... methods) {
            Object current = target;
            for (String name : methods) {
                if (current == null) {
                    return null;
                }
                try {
                    current = publicMethod(current.getClass(), name).invoke(current);
                } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                    return null; // an older Gradle: the setting does not exist there
                }
            }
            return current;
        }

        /**
         * The method as declared by a public type: Gradle's implementations (a property, a launcher)
         * may be classes that are not public themselves, whose methods cannot be invoked directly.
         */
        private static Method publicMethod(Class<?> type, String name) throws NoSuchMethodException {
            Method method = type.getMethod(name);
            if (Modifier.isPublic(method.getDeclaringClass().getModifiers())) {
                return method;
            }
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                for (Class<?> api : c.getInterfaces()) {
                    if (Modifier.isPublic(api.getModifiers())) {
                        try {
                            return api.getMethod(name);
                        } catch (NoSuchMethodException e) {
                            // not declared by this interface; try the next
                        }
                    }
                }
            }
            return method;
        }
    }
}
