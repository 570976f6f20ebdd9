package io.mrcoupler.bridge;

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
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The LLM path on real code (run by tests/bench/llm): `generate` with the LLM the `mrcoupler.*`
 * system properties name (as `-Dmrcoupler.*` on a Maven command line) on each project of one set,
 * then the set's figures from the projects' report.json. Prints key=value lines; asserts nothing.
 *
 * <p>Arguments: set name, work folder, then projects as {@code name|main sources|test sources|targets}
 * (test sources may be empty; targets as `mrcoupler.targets` takes them).
 */
public final class LlmEvaluation {

    public static void main(String[] args) throws Exception {
        String set = args[0];
        Path work = Paths.get(args[1]);
        Figures total = new Figures();
        for (int i = 2; i < args.length; i++) {
            String[] project = args[i].split("\\|", 4);
            Figures figures = run(project[0], Paths.get(project[1]), project[2], project[3], work.resolve(project[0]));
            figures.print(set + "." + project[0]);
            total.add(figures);
        }
        total.print(set);
    }

    private static Figures run(String name, Path sources, String tests, String targets, Path work) throws IOException {
        Path out = work.resolve("out");
        Path classes = Evaluations.compile(sources, work.resolve("classes"));
        List<String> testRoots = tests.isEmpty() ? List.of() : List.of(tests);
        SessionConfig config = SessionConfig.of(SessionConfig.MODE_GENERATE, name, sources.toString(),
                List.of(sources.toString()), testRoots, out.toString(), targets, "UTF-8").withSettings(settings())
                // The committed home in the output folder, never in the sources under evaluation.
                .withSetting("mtcDir", out.resolve("committed").toString());
        List<Path> classpath = new ArrayList<>(TestJars.junitApis());
        classpath.add(0, classes);
        ExecutorSettings executor = ExecutorSettings.of(classpath, List.of(sources), TestJars.launcherAndEngines(),
                out.resolve("work"));
        long start = System.nanoTime();
        MrCoupler.run(config, new ProgressLog(name), executor);
        long ms = (System.nanoTime() - start) / 1_000_000;
        return Figures.of(out.resolve("report.json"), ms);
    }

    /** Every `mrcoupler.<name>` system property, as the settings map a plugin passes. */
    private static Map<String, String> settings() {
        Map<String, String> settings = new TreeMap<>();
        for (String key : System.getProperties().stringPropertyNames()) {
            if (key.startsWith("mrcoupler.") && !key.startsWith("mrcoupler.native.")) {
                settings.put(key.substring("mrcoupler.".length()), System.getProperty(key));
            }
        }
        return settings;
    }

    /** The core's info lines and warnings on stderr, so a long run can be watched. */
    private static final class ProgressLog implements LogSink {
        private final String name;

        ProgressLog(String name) {
            this.name = name;
        }

        @Override
        public void debug(String message) {
        }

        @Override
        public void info(String message) {
            System.err.println("[" + name + "] " + message);
        }

        @Override
        public void warn(String message) {
            System.err.println("[" + name + "] WARN " + message);
        }

        @Override
        public void error(String message) {
            System.err.println("[" + name + "] ERROR " + message);
        }
    }

    /** The figures of one project or of a set, summed from report.json. */
    private static final class Figures {
        long requests;
        long tokens;
        long ms;
        int candidates;
        int replied;
        int firstCompiled;
        int compiled;
        int refinements;
        int roundsSaved;
        int relations;
        int inputs;
        int catalogueInputs;
        int inputsRequested;
        int reasked;
        int kept;
        int targets;
        int targetsWithKept;
        /** With `provider` `both`: the templates' candidates, apart from the LLM's figures above. */
        int templateCandidates;
        int templateKept;
        int targetsWithKeptEither;
        final java.util.TreeMap<String, Integer> statuses = new java.util.TreeMap<>();

        static Figures of(Path reportJson, long ms) throws IOException {
            JsonObject report = JsonParser.parseString(Files.readString(reportJson)).getAsJsonObject();
            Figures f = new Figures();
            f.ms = ms;
            JsonObject tokens = report.getAsJsonObject("tokens");
            f.requests = tokens.get("requests").getAsLong() - tokens.get("cached").getAsLong();
            f.tokens = tokens.get("promptTokens").getAsLong() + tokens.get("completionTokens").getAsLong();
            for (JsonElement t : report.getAsJsonArray("targets")) {
                f.targets++;
                boolean keptHere = false;
                boolean templateKeptHere = false;
                for (JsonElement c : t.getAsJsonObject().getAsJsonArray("candidates")) {
                    JsonObject candidate = c.getAsJsonObject();
                    if (candidate.has("template") && !candidate.get("template").isJsonNull()) {
                        templateKeptHere |= f.addTemplateCandidate(candidate);
                    } else {
                        keptHere |= f.addCandidate(candidate);
                    }
                }
                f.targetsWithKept += keptHere ? 1 : 0;
                f.targetsWithKeptEither += keptHere || templateKeptHere ? 1 : 0;
            }
            return f;
        }

        /** A template's candidate (`provider` `both`); true when it was kept. */
        private boolean addTemplateCandidate(JsonObject c) {
            String status = c.get("status").getAsString();
            if ("duplicate".equals(status)) {
                return false;
            }
            templateCandidates++;
            boolean isKept = "kept".equals(status);
            templateKept += isKept ? 1 : 0;
            return isKept;
        }

        /** An LLM's candidate; true when it was kept. */
        private boolean addCandidate(JsonObject c) {
            String status = c.get("status").getAsString();
            if ("duplicate".equals(status) || "llmFailed".equals(status)) {
                return false; // counted once, as the other candidate; or never written
            }
            candidates++;
            statuses.merge(status, 1, Integer::sum);
            JsonElement first = c.get("firstReplyCompiled");
            if (first != null && !first.isJsonNull()) {
                replied++;
                firstCompiled += first.getAsBoolean() ? 1 : 0;
            }
            compiled += c.get("compiled").getAsBoolean() ? 1 : 0;
            refinements += c.get("refinements").getAsInt();
            roundsSaved += c.get("llmRoundsSaved").getAsInt();
            JsonObject amplified = c.getAsJsonObject("amplifiedInputs");
            if (amplified != null) {
                inputsRequested += amplified.get("requested").getAsInt();
                reasked += amplified.get("reasked").getAsBoolean() ? 1 : 0;
                for (Map.Entry<String, JsonElement> r : amplified.getAsJsonObject("perRelation").entrySet()) {
                    relations++;
                    inputs += r.getValue().getAsInt();
                }
                JsonObject catalogue = amplified.getAsJsonObject("fromCatalogue");
                for (Map.Entry<String, JsonElement> r : catalogue == null ? Map.<String, JsonElement>of().entrySet()
                        : catalogue.entrySet()) {
                    catalogueInputs += r.getValue().getAsInt();
                }
            }
            boolean isKept = "kept".equals(status);
            kept += isKept ? 1 : 0;
            return isKept;
        }

        void add(Figures o) {
            requests += o.requests;
            tokens += o.tokens;
            ms += o.ms;
            candidates += o.candidates;
            replied += o.replied;
            firstCompiled += o.firstCompiled;
            compiled += o.compiled;
            refinements += o.refinements;
            roundsSaved += o.roundsSaved;
            relations += o.relations;
            inputs += o.inputs;
            catalogueInputs += o.catalogueInputs;
            inputsRequested += o.inputsRequested;
            reasked += o.reasked;
            kept += o.kept;
            targets += o.targets;
            targetsWithKept += o.targetsWithKept;
            templateCandidates += o.templateCandidates;
            templateKept += o.templateKept;
            targetsWithKeptEither += o.targetsWithKeptEither;
            o.statuses.forEach((k, v) -> statuses.merge(k, v, Integer::sum));
        }

        void print(String prefix) {
            System.out.println(prefix + ".requests=" + requests);
            System.out.println(prefix + ".tokens=" + tokens);
            System.out.println(prefix + ".minutes=" + String.format("%.1f", ms / 60000.0));
            System.out.println(prefix + ".candidates=" + candidates);
            System.out.println(prefix + ".first_reply_compile_rate=" + percent(firstCompiled, replied));
            System.out.println(prefix + ".compile_rate_after_repairs=" + percent(compiled, candidates) + " (aim >= 80%)");
            System.out.println(prefix + ".llm_refinement_rounds=" + refinements);
            System.out.println(prefix + ".llm_rounds_saved_by_static_repair=" + roundsSaved);
            System.out.println(prefix + ".amplified_relations=" + relations);
            System.out.println(prefix + ".amplified_inputs_per_relation="
                    + (relations == 0 ? "n/a" : String.format("%.1f", (double) inputs / relations))
                    + " (asked " + (relations == 0 ? 0 : inputsRequested / relations) + ", re-asked for "
                    + reasked + " candidate(s))");
            System.out.println(prefix + ".catalogue_inputs_per_relation="
                    + (relations == 0 ? "n/a" : String.format("%.1f", (double) catalogueInputs / relations))
                    + " (added without the LLM where it gave too few: the catalogue's values, or the source input's numbers moved)");
            System.out.println(prefix + ".statuses=" + statuses);
            System.out.println(prefix + ".kept_candidates=" + kept + " = " + percent(kept, candidates) + " (aim >= 50%)");
            System.out.println(prefix + ".targets_with_kept_mtc=" + targetsWithKept + " of " + targets + " = "
                    + percent(targetsWithKept, targets) + " (aim >= 70%)");
            if (templateCandidates > 0) {
                System.out.println(prefix + ".template_candidates=" + templateCandidates + ", kept " + templateKept
                        + " (provider both: the built-in generator's, not in the figures above)");
                System.out.println(prefix + ".targets_with_kept_mtc_llm_or_template=" + targetsWithKeptEither + " of "
                        + targets + " = " + percent(targetsWithKeptEither, targets));
            }
        }

        private static String percent(int part, int whole) {
            return whole == 0 ? "n/a" : Math.round(100.0 * part / whole) + "%";
        }
    }
}
