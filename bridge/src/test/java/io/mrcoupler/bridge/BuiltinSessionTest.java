package io.mrcoupler.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.mrcoupler.bridge.executor.ExecutorSettings;
import io.mrcoupler.bridge.protocol.Action;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real core's generate mode with no LLM: the built-in generator writes MTCs from its MR
 * templates for the example's AESEncryption and ElementStore, and the executor compiles them, runs
 * them on the original and on the mutants, and the core keeps the valid ones.
 */
class BuiltinSessionTest {

    @TempDir
    Path out;

    @Test
    void theBuiltInGeneratorsMtcsCompileRunAndPassValidation() throws Exception {
        JsonObject config = ExampleProject.config("generate",
                "com.acme.crypto.AESEncryption#encryptText, com.acme.collections.ElementStore#insertElement", out);
        ExecutorSettings settings = ExampleProject.executor(out);
        RecordingSink sink = new RecordingSink();

        Action done;
        try (Session session = Session.open(config.toString())) {
            done = session.run(sink, settings);
        }

        assertTrue(done.isDone(), sink.lines().toString());
        assertTrue(sink.lines().toString().contains("No LLM is configured: the built-in generator"), sink.lines().toString());
        JsonObject report = JsonParser.parseString(Files.readString(out.resolve("report.json"))).getAsJsonObject();
        Map<String, JsonObject> byTemplate = new HashMap<>();
        for (JsonElement target : report.getAsJsonArray("targets")) {
            for (JsonElement c : target.getAsJsonObject().getAsJsonArray("candidates")) {
                JsonObject candidate = c.getAsJsonObject();
                byTemplate.put(candidate.get("template").getAsString() + " " + candidate.get("relation").getAsString(), candidate);
            }
        }
        JsonObject roundTrip = byTemplate.get("roundTrip decryptText(encryptText(x, ...), ...) = x");
        JsonObject delegation = byTemplate.get("delegation encryptWithDefaultKey(x) = encryptText(plainText, defaultKey)");
        JsonObject contains = byTemplate.get("producerConsumer contains(x) holds just after insertElement(x)");
        for (JsonObject kept : new JsonObject[] {roundTrip, delegation, contains}) {
            assertTrue(kept != null, byTemplate.keySet().toString());
            assertEquals("kept", kept.get("status").getAsString(), kept.toString());
            assertEquals(1.0, kept.get("p").getAsDouble(), kept.toString());
            assertTrue(kept.get("keptMethods").getAsJsonArray().size() >= 8, kept.toString());
            assertFalse(kept.get("refined").getAsBoolean(), "no LLM to refine with");
            assertTrue(Files.isRegularFile(Path.of(kept.get("file").getAsString())), kept.toString());
        }
        assertEquals(0, report.getAsJsonObject("tokens").get("requests").getAsInt(), "no LLM request");
        assertEquals("built-in generator", report.get("model").getAsString());
    }
}
