package io.mrcoupler.bridge;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.mrcoupler.bridge.executor.ExecutorSettings;
import io.mrcoupler.bridge.executor.TestJars;
import io.mrcoupler.bridge.protocol.Action;
import io.mrcoupler.bridge.protocol.SessionConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * The built-in generator on real code written by others (run by tests/bench/builtin): for one
 * project, `generate` with no LLM on whole classes, then each planted bug in a copy of the sources
 * run against the kept MTCs with `check`. Prints key=value lines; asserts nothing.
 *
 * <p>Arguments: name, source root, work folder, comma-separated classes, then bugs as
 * {@code relative/Path.java|original text|replacement|what}.
 */
public final class BuiltinEvaluation {

    public static void main(String[] args) throws Exception {
        String name = args[0];
        Path sources = Paths.get(args[1]);
        Path work = Paths.get(args[2]);
        String targets = args[3];
        Path out = work.resolve("out");
        Path classes = Evaluations.compile(sources, work.resolve("classes"));
        long start = System.nanoTime();
        Action done = run(SessionConfig.MODE_GENERATE, sources, classes, out, targets);
        long generateMs = (System.nanoTime() - start) / 1_000_000;
        report(name, out.resolve("report.json"), generateMs, done);
        int planted = 0;
        int caught = 0;
        for (int i = 4; i < args.length; i++) {
            String[] bug = args[i].split("\\|", 4);
            Path copy = work.resolve("bug-" + (i - 3));
            Evaluations.copyTree(sources, copy.resolve("src"));
            Path file = copy.resolve("src").resolve(bug[0]);
            String text = Files.readString(file);
            if (!text.contains(bug[1])) {
                System.out.println(name + ".bug" + (i - 3) + "=not planted: text not found in " + bug[0]);
                continue;
            }
            Files.writeString(file, text.replace(bug[1], bug[2]));
            Path bugClasses = Evaluations.compile(copy.resolve("src"), copy.resolve("classes"));
            Evaluations.copyTree(out.resolve("committed"), copy.resolve("out/committed"));
            Action check = run(SessionConfig.MODE_CHECK, copy.resolve("src"), bugClasses, copy.resolve("out"), "");
            boolean found = check.failsBuild();
            planted++;
            caught += found ? 1 : 0;
            System.out.println(name + ".bug" + (i - 3) + "=" + (found ? "caught" : "missed") + ": " + bug[3]);
        }
        System.out.println(name + ".bugs_planted=" + planted);
        System.out.println(name + ".bugs_caught=" + caught);
    }

    private static Action run(String mode, Path sources, Path classes, Path out, String targets) {
        SessionConfig config = SessionConfig.of(mode, "evaluation", sources.toString(), List.of(sources.toString()),
                List.of(), out.toString(), targets, "UTF-8").withSetting("failOnViolation", "true")
                // The committed home in the output folder, never in the sources under evaluation.
                .withSetting("mtcDir", out.resolve("committed").toString());
        // Any setting as -Dmrcoupler.<name>=<value> (e.g. validation=false for a quick look at
        // which templates fit and compile, without the mutation analysis).
        for (String key : System.getProperties().stringPropertyNames()) {
            if (key.startsWith("mrcoupler.")) {
                config = config.withSetting(key.substring("mrcoupler.".length()), System.getProperty(key));
            }
        }
        List<Path> classpath = new ArrayList<>(TestJars.junitApis());
        classpath.add(0, classes);
        ExecutorSettings settings = ExecutorSettings.of(classpath, List.of(sources), TestJars.launcherAndEngines(),
                out.resolve("work"));
        return MrCoupler.run(config, new QuietLog(), settings);
    }

    /**
     * The yield of the built-in generator: target methods, those with a kept MTC (yield: their own,
     * or the same MTC kept for another target, whose validation ran their mutants too), the
     * candidates and how many compiled (after the repairs), the kept MTCs and those that kill at
     * least one mutant (p = p' = 100% kills none), and the methods no template fits.
     */
    private static void report(String name, Path reportJson, long generateMs, Action done) throws IOException {
        JsonObject report = JsonParser.parseString(Files.readString(reportJson)).getAsJsonObject();
        int targets = 0;
        int targetsWithKept = 0;
        int candidates = 0;
        int compiled = 0;
        int kept = 0;
        int killing = 0;
        int keptWithFailures = 0;
        int targetsSharingKept = 0;
        int targetsWithKilling = 0;
        for (JsonElement t : report.getAsJsonArray("targets")) {
            targets++;
            int keptHere = 0;
            boolean killsHere = false;
            // The core says when a duplicate's kept twin stands for the target (validated on its mutants too).
            boolean sharesKept = t.getAsJsonObject().has("keptThrough");
            for (JsonElement c : t.getAsJsonObject().getAsJsonArray("candidates")) {
                JsonObject candidate = c.getAsJsonObject();
                String status = candidate.get("status").getAsString();
                if ("duplicate".equals(status)) {
                    continue; // the same MTC as another candidate: counted once, there
                }
                candidates++;
                compiled += "didNotCompile".equals(status) ? 0 : 1;
                if ("kept".equals(status)) {
                    keptHere++;
                    boolean kills = !candidate.get("killsNothing").getAsBoolean();
                    killing += kills ? 1 : 0;
                    killsHere |= kills;
                    // A kept MTC some of whose inputs fail on the original: a false alarm, or a bug.
                    keptWithFailures += candidate.get("p").getAsDouble() < 1.0 ? 1 : 0;
                }
            }
            kept += keptHere;
            targetsWithKept += keptHere > 0 ? 1 : 0;
            targetsWithKilling += killsHere ? 1 : 0;
            targetsSharingKept += keptHere == 0 && sharesKept ? 1 : 0;
        }
        int without = report.getAsJsonArray("methodsWithoutCandidate").size();
        // On released code, a suspected bug is most likely a false suspect (#11: at most 1 per 20 targets).
        JsonArray suspects = report.getAsJsonArray("suspectedBugs");
        int suspected = suspects == null ? 0 : suspects.size();
        System.out.println(name + ".target_methods=" + targets);
        System.out.println(name + ".methods_with_kept_mtc=" + (targetsWithKept + targetsSharingKept) + " ("
                + targetsSharingKept + " through the MTC kept for another target, validated on their mutants too)");
        System.out.println(name + ".yield=" + percent(targetsWithKept + targetsSharingKept, targets) + " (aim >= 35%)");
        System.out.println(name + ".yield_own=" + percent(targetsWithKept, targets)
                + " (a kept MTC written for the method itself)");
        // A kept MTC that kills no mutant is reported, not counted as a win (#10).
        System.out.println(name + ".yield_own_killing=" + percent(targetsWithKilling, targets)
                + " (a kept MTC of its own that kills a mutant)");
        System.out.println(name + ".candidates=" + candidates);
        System.out.println(name + ".compile_rate=" + percent(compiled, candidates) + " (aim >= 80%)");
        System.out.println(name + ".kept_mtcs=" + kept);
        System.out.println(name + ".kept_killing_a_mutant=" + killing + " = " + percent(killing, kept) + " (aim >= 90%)");
        System.out.println(name + ".kept_failing_on_original=" + keptWithFailures);
        System.out.println(name + ".methods_without_candidate=" + without);
        System.out.println(name + ".suspected_bugs_on_released_code=" + suspected + " ("
                + String.format(java.util.Locale.ROOT, "%.1f", 20.0 * suspected / Math.max(1, targets))
                + " per 20 target methods; aim <= 1)");
        System.out.println(name + ".generate_ms=" + generateMs);
    }

    private static String percent(int part, int whole) {
        return whole == 0 ? "n/a" : Math.round(100.0 * part / whole) + "%";
    }
}
