package io.mrcoupler.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.mrcoupler.bridge.executor.ExecutorSettings;
import io.mrcoupler.bridge.protocol.Action;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real core's generate mode on the example project, with the scripted LLM conversation of
 * tests/llm/scripts/aes-example.json, and every batch compiled and run for real by the executor:
 * the schemata, the candidates (one of which does not compile until refined), their amplified
 * versions, and the validation on the pair's mutants.
 */
class GenerateSessionTest {

    private static final Path ROOT = ExampleProject.ROOT;

    @TempDir
    Path out;

    @Test
    void generateRunsEveryBatchInTheWorkerAndKeepsTheValidRelation() throws Exception {
        Process server = new ProcessBuilder("python3", ROOT.resolve("tests/llm/scripted_server.py").toString(),
                "--script", ROOT.resolve("tests/llm/scripts/aes-example.json").toString(),
                "--log", out.resolve("requests.jsonl").toString(), "--max-seconds", "120")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            String first = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            int port = Integer.parseInt(first.trim().substring("PORT=".length()));
            JsonObject config = ExampleProject.config("generate", "com.acme.crypto.AESEncryption#encryptText", out);
            JsonObject settings = JsonParser.parseString("""
                    {"llm.model": "deepseek-chat", "llm.apiKeyEnv": "MRC_TEST_GENERATE_KEY",
                     "llm.pricePerMillionPrompt": "0.27", "llm.pricePerMillionCompletion": "1.1",
                     "llm.retryBaseMillis": "10", "maxPairsPerTarget": "2"}""")
                    .getAsJsonObject();
            settings.addProperty("llm.baseUrl", "http://127.0.0.1:" + port + "/v1");
            // The scripted conversation answers the first two pairs Algorithm 1 ranks.
            settings.addProperty("couplingRanking", "algorithm1");
            settings.addProperty("mtcDir", out.resolve("committed").toString());
            config.add("settings", settings);
            ExecutorSettings executor = ExampleProject.executor(out);
            RecordingSink sink = new RecordingSink();

            Action done;
            try (Session session = Session.open(config.toString())) {
                done = session.run(sink, executor);
            }

            assertTrue(done.isDone(), sink.lines().toString());
            JsonObject report = JsonParser.parseString(Files.readString(out.resolve("report.json")))
                    .getAsJsonObject();
            JsonArray candidates = report.getAsJsonArray("targets").get(0).getAsJsonObject()
                    .getAsJsonArray("candidates");
            JsonObject valid = candidates.get(0).getAsJsonObject();
            JsonObject invalid = candidates.get(1).getAsJsonObject();
            assertEquals("kept", valid.get("status").getAsString(), valid + "\n" + sink.lines());
            assertTrue(valid.get("refined").getAsBoolean(), "the compile error went back to the model: " + valid);
            assertEquals(1.0, valid.get("p").getAsDouble(), valid.toString());
            assertEquals("filteredByMutation", invalid.get("status").getAsString(), invalid.toString());
            // Listing 6 of the paper: the invalid relation holds on 3 of its 11 inputs on the original.
            assertEquals(3.0 / 11, invalid.get("p").getAsDouble(), 1e-9, invalid.toString());
        } finally {
            server.destroyForcibly();
        }
    }
}
