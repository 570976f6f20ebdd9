package io.mrcoupler.bridge;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.mrcoupler.bridge.executor.ExecutorSettings;
import io.mrcoupler.bridge.executor.TestJars;
import io.mrcoupler.bridge.protocol.SessionConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Planted bugs in real code written by others (run by tests/bench/bugs): for each bug, `generate`
 * with the built-in generator on a copy of the sources with the bug planted, the bug's method as the
 * target; is the bug reported as a suspected bug, and at what rank? Then the same targets on the
 * unmodified code: every suspected bug there is a false suspect. Prints key=value lines; asserts
 * nothing.
 *
 * <p>Arguments: name, source root, work folder, then bugs as
 * {@code relative/Path.java|original text|replacement|target|what}.
 */
public final class SuspectedBugsEvaluation {

    public static void main(String[] args) throws Exception {
        String name = args[0];
        Path sources = Paths.get(args[1]);
        Path work = Paths.get(args[2]);
        Set<String> targets = new LinkedHashSet<>();
        int planted = 0;
        int reported = 0;
        for (int i = 3; i < args.length; i++) {
            String[] bug = args[i].split("\\|", 5);
            String id = name + ".bug" + (i - 2);
            Path copy = work.resolve("bug-" + (i - 2));
            Evaluations.copyTree(sources, copy.resolve("src"));
            Path file = copy.resolve("src").resolve(bug[0]);
            String text = Files.readString(file);
            if (!text.contains(bug[1])) {
                System.out.println(id + "=not planted: text not found in " + bug[0]);
                continue;
            }
            Files.writeString(file, text.replace(bug[1], bug[2]));
            targets.add(bug[3]);
            planted++;
            JsonObject report = generate(copy.resolve("src"), copy.resolve("out"), bug[3]);
            int rank = rankOf(report, bug[3]);
            reported += rank > 0 ? 1 : 0;
            String outcome = rank > 0 ? "reported at rank " + rank : "not reported (" + summary(report) + ")";
            System.out.println(id + "=" + outcome + ": " + bug[4]);
        }
        int falseSuspects = 0;
        for (String target : targets) {
            Path out = work.resolve("clean-" + target.replaceAll("[^A-Za-z0-9]", "_"));
            JsonObject report = generate(sources, out, target);
            JsonArray suspects = report.getAsJsonArray("suspectedBugs");
            int here = suspects == null ? 0 : suspects.size();
            falseSuspects += here;
            if (here > 0) {
                JsonObject first = suspects.get(0).getAsJsonObject();
                System.out.println(name + ".false_suspect." + target + "=" + here + " (first: "
                        + first.get("relation").getAsString() + ")");
            }
        }
        System.out.println(name + ".bugs_planted=" + planted);
        System.out.println(name + ".bugs_reported=" + reported);
        System.out.println(name + ".targets_on_unmodified_code=" + targets.size());
        System.out.println(name + ".false_suspects=" + falseSuspects);
    }

    /** The rank (1-based, by confidence) of the first suspected bug in the target's method, or 0. */
    private static int rankOf(JsonObject report, String target) {
        JsonArray suspects = report.getAsJsonArray("suspectedBugs");
        if (suspects == null) {
            return 0;
        }
        String method = target.substring(target.indexOf('#') + 1).replaceAll("\\(.*", "");
        for (int i = 0; i < suspects.size(); i++) {
            JsonObject s = suspects.get(i).getAsJsonObject();
            boolean inMethod = method.equals(s.get("method").getAsString())
                    || (s.has("coupled") && !s.get("coupled").isJsonNull()
                            && s.get("coupled").getAsString().startsWith(method + "("));
            if (inMethod) {
                return i + 1;
            }
        }
        return 0;
    }

    /** What happened to the candidates, for a bug that was not reported. */
    private static String summary(JsonObject report) {
        List<String> statuses = new ArrayList<>();
        for (JsonElement t : report.getAsJsonArray("targets")) {
            for (JsonElement c : t.getAsJsonObject().getAsJsonArray("candidates")) {
                statuses.add(c.getAsJsonObject().get("status").getAsString());
            }
        }
        return statuses.isEmpty() ? "no candidate" : String.join(" ", statuses);
    }

    private static JsonObject generate(Path sources, Path out, String target) throws IOException {
        Path classes = Evaluations.compile(sources, out.resolve("classes"));
        SessionConfig config = SessionConfig.of(SessionConfig.MODE_GENERATE, "evaluation", sources.toString(),
                List.of(sources.toString()), List.of(), out.toString(), target, "UTF-8").withJUnit("5")
                .withSetting("mtcDir", out.resolve("committed").toString());
        List<Path> classpath = new ArrayList<>(TestJars.junitApis());
        classpath.add(0, classes);
        ExecutorSettings settings = ExecutorSettings.of(classpath, List.of(sources), TestJars.launcherAndEngines(),
                out.resolve("work"));
        MrCoupler.run(config, new QuietLog(), settings);
        return JsonParser.parseString(Files.readString(out.resolve("report.json"))).getAsJsonObject();
    }
}
