package io.mrcoupler.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.mrcoupler.bridge.executor.ExecutorSettings;
import io.mrcoupler.bridge.executor.Fixture;
import io.mrcoupler.bridge.executor.TestJars;
import io.mrcoupler.bridge.protocol.Action;
import io.mrcoupler.bridge.protocol.Protocol;
import io.mrcoupler.bridge.protocol.SessionConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The session loop hands each execute action's batch to the executor and its results to the core. */
class ExecuteSessionTest {

    private static final Path EXAMPLE = Paths.get(System.getProperty("mrcoupler.example.dir", "../example"))
            .toAbsolutePath().normalize();

    @TempDir
    Path dir;

    /** A core that asks for one batch, then says done; it keeps what the bridge sent. */
    private static final class ScriptedCore implements Session.Core {
        final List<String> received = new ArrayList<>();
        final String batchJson;
        boolean closed;

        ScriptedCore(String batchJson) {
            this.batchJson = batchJson;
        }

        @Override
        public String next(String resultsJson) {
            received.add(resultsJson);
            if (received.size() == 1) {
                return "{\"version\":1,\"kind\":\"execute\",\"progress\":{\"phase\":\"validate\",\"targetsDone\":0,"
                        + "\"targetsTotal\":1,\"message\":\"running\"},\"log\":[{\"level\":\"info\",\"message\":"
                        + "\"batch b7\"}],\"outputs\":[],\"batch\":" + batchJson + "}";
            }
            return "{\"version\":1,\"kind\":\"done\",\"log\":[],\"outputs\":[]}";
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    @Test
    void runsTheBatchAndSendsItsResultsWithTheProtocolsNames() throws Exception {
        Fixture project = Fixture.create(dir);
        JsonObject batch = new JsonObject();
        batch.addProperty("id", "b7");
        batch.add("replacements", new JsonArray());
        JsonArray sources = new JsonArray();
        JsonObject source = new JsonObject();
        source.addProperty("path", "com/acme/MTC1Test.java");
        source.addProperty("content", Fixture.jupiter("MTC1Test", """
                    @Test void MTC_input1() { assertEquals(5, new Calc().add(2, 3)); }
                    @Test void MTC_input2() { assertEquals(6, new Calc().add(2, 3)); }
                """).content());
        sources.add(source);
        batch.add("sources", sources);
        batch.add("runs", JsonParser.parseString("[{\"testClass\":\"com.acme.MTC1Test\",\"mutant\":0}]"));
        batch.add("limits", JsonParser.parseString("{\"testTimeoutMs\":10000}"));
        ScriptedCore core = new ScriptedCore(batch.toString());
        RecordingSink sink = new RecordingSink();

        Action done;
        try (Session session = new Session(core)) {
            done = session.run(sink, project.settings());
        }

        assertTrue(done.isDone());
        assertTrue(core.closed);
        assertEquals(List.of("info: batch b7"), sink.lines());
        assertEquals("{\"version\":1}", core.received.get(0));
        JsonObject results = JsonParser.parseString(core.received.get(1)).getAsJsonObject();
        assertEquals(1, results.get("version").getAsInt());
        assertEquals("b7", results.get("batchId").getAsString());
        JsonObject compilation = results.getAsJsonArray("compilation").get(0).getAsJsonObject();
        assertEquals("com/acme/MTC1Test.java", compilation.get("path").getAsString());
        assertTrue(compilation.get("success").getAsBoolean());
        assertEquals(0, compilation.getAsJsonArray("diagnostics").size());
        JsonObject run = results.getAsJsonArray("runs").get(0).getAsJsonObject();
        assertEquals("com.acme.MTC1Test", run.get("testClass").getAsString());
        assertEquals(0, run.get("mutant").getAsInt());
        assertTrue(run.get("ran").getAsBoolean());
        assertTrue(run.has("durationMs"));
        JsonArray tests = run.getAsJsonArray("tests");
        assertEquals(2, tests.size(), tests.toString());
        for (var element : tests) {
            JsonObject test = element.getAsJsonObject();
            if (test.get("name").getAsString().equals("MTC_input1()")) {
                assertEquals("passed", test.get("status").getAsString());
                assertFalse(test.has("message"), "nulls are left out");
            } else {
                assertEquals("MTC_input2()", test.get("name").getAsString());
                assertEquals("failed", test.get("status").getAsString());
                assertEquals("expected: <6> but was: <5>", test.get("message").getAsString());
                assertEquals("org.opentest4j.AssertionFailedError", test.get("exceptionType").getAsString());
                assertTrue(test.getAsJsonArray("frames").get(0).getAsString()
                        .startsWith("com.acme.MTC1Test.MTC_input2(MTC1Test.java:"), test.toString());
                assertTrue(test.has("durationMs"));
            }
        }
    }

    @Test
    void anExecuteActionWithoutExecutorSettingsIsAClearError() {
        ScriptedCore core = new ScriptedCore("{\"id\":\"b1\"}");

        MrCouplerException e;
        try (Session session = new Session(core)) {
            e = assertThrows(MrCouplerException.class, () -> session.run(new RecordingSink()));
        }

        assertTrue(e.getMessage().contains("classpath"), e.getMessage());
        assertTrue(core.closed);
    }

    @Test
    void theRealCoreCompilesItsSchemataThroughTheExecutor() throws Exception {
        // The mutants mode asks the executor to compile each class's schemata; the example project
        // was never compiled, so AESEncryption's schemata compiles against its source path.
        Path out = dir.resolve("out");
        SessionConfig config = SessionConfig.of(SessionConfig.MODE_MUTANTS, "example", EXAMPLE.toString(),
                List.of(EXAMPLE.resolve("src/main/java").toString()), List.of(EXAMPLE.resolve("src/test/java").toString()),
                out.toString(), "com.acme.crypto.AESEncryption#encryptText", "UTF-8");
        ExecutorSettings settings = ExecutorSettings.of(TestJars.junitApis(), List.of(EXAMPLE.resolve("src/main/java")),
                TestJars.launcherAndEngines(), out.resolve("work"));
        RecordingSink sink = new RecordingSink();

        Action done = MrCoupler.run(config, sink, settings);

        assertTrue(done.isDone());
        Path summary = out.resolve("mutants/summary.json");
        assertTrue(done.outputs().contains(summary.toString()), done.outputs().toString());
        JsonObject aes = JsonParser.parseString(Files.readString(summary, StandardCharsets.UTF_8)).getAsJsonObject()
                .getAsJsonArray("classes").get(0).getAsJsonObject();
        assertTrue(aes.get("schemataCompiles").getAsBoolean(), aes.toString());
        assertEquals(1, aes.get("compileRounds").getAsInt(), aes.toString());
        assertTrue(aes.get("compiled").getAsInt() > 0, aes.toString());
        assertEquals(aes.get("generated").getAsInt(), aes.get("compiled").getAsInt(), aes.toString());
        try (var left = Files.list(out.resolve("work"))) {
            assertEquals(List.of(), left.toList(), "the executor cleaned up after the session");
        }
    }
}
