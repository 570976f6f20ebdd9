package io.mrcoupler.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.mrcoupler.bridge.protocol.Action;
import io.mrcoupler.bridge.protocol.BatchResults;
import io.mrcoupler.bridge.protocol.Compilation;
import io.mrcoupler.bridge.protocol.CompileDiagnostic;
import io.mrcoupler.bridge.protocol.Limits;
import io.mrcoupler.bridge.protocol.SessionConfig;
import io.mrcoupler.bridge.protocol.Protocol;
import io.mrcoupler.bridge.protocol.RunResult;
import io.mrcoupler.bridge.protocol.TestResult;
import io.mrcoupler.bridge.protocol.Results;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The JSON names of docs/protocol.md. */
class ProtocolTest {

    @Test
    void sessionConfigUsesTheFieldNamesOfTheProtocol() {
        SessionConfig config = SessionConfig.couplings("example", "/p", List.of("/p/src/main/java"),
                List.of("/p/src/test/java"), "/p/target/mr-coupler", "com.acme.crypto.AESEncryption#encryptText",
                "ISO-8859-1");
        JsonObject json = JsonParser.parseString(Protocol.toJson(config)).getAsJsonObject();

        assertEquals(1, json.get("version").getAsInt());
        assertEquals("couplings", json.get("mode").getAsString());
        assertEquals("example", json.get("projectName").getAsString());
        assertEquals("/p", json.get("projectDir").getAsString());
        assertEquals("/p/src/main/java", json.getAsJsonArray("sourceRoots").get(0).getAsString());
        assertEquals("/p/src/test/java", json.getAsJsonArray("testSourceRoots").get(0).getAsString());
        assertEquals("/p/target/mr-coupler", json.get("outputDir").getAsString());
        assertEquals("com.acme.crypto.AESEncryption#encryptText", json.get("targets").getAsString());
        assertEquals("ISO-8859-1", json.get("sourceEncoding").getAsString());
        assertEquals(0, json.getAsJsonObject("settings").size(), "no setting set");
        assertEquals(10, json.size(), "unset facts are left out");
    }

    @Test
    void settingsTravelRawByTheirNamesAndTheVerdictUsesTheProtocolNames() {
        SessionConfig config = SessionConfig.of(SessionConfig.MODE_GENERATE, "p", "/p", List.of(), List.of(), "/o", "A#b", null)
                .withBuildTool(SessionConfig.BUILD_TOOL_GRADLE)
                .withJUnit("4")
                .withSetting("llm.baseUrl", "http://localhost:11434/v1")
                .withSetting("llm.apiKeyEnv", "")
                .withSetting("maxPairsPerTarget", "2");
        JsonObject json = JsonParser.parseString(Protocol.toJson(config)).getAsJsonObject();
        JsonObject settings = json.getAsJsonObject("settings");
        assertEquals("http://localhost:11434/v1", settings.get("llm.baseUrl").getAsString());
        assertEquals("", settings.get("llm.apiKeyEnv").getAsString());
        assertEquals("2", settings.get("maxPairsPerTarget").getAsString(), "values stay the strings the user wrote");
        assertEquals(3, settings.size(), "only what was set");
        assertEquals("gradle", json.get("buildTool").getAsString());
        assertEquals("4", json.get("junit").getAsString());
        Action done = Protocol.fromJson("{\"version\":1,\"kind\":\"done\",\"log\":[],\"outputs\":[],"
                + "\"verdict\":{\"failBuild\":true,\"message\":\"1 violated\"}}", Action.class);
        assertTrue(done.failsBuild());
        assertEquals("1 violated", done.verdict().message());
    }

    @Test
    void firstResultsCarryOnlyTheVersion() {
        assertEquals("{\"version\":1}", Protocol.toJson(Results.start()));
    }

    @Test
    void readsTheActionOfTheProtocolExample() {
        String json = """
                {"version": 1, "kind": "done",
                 "progress": {"phase": "couplings", "targetsDone": 2, "targetsTotal": 2, "message": "m"},
                 "log": [{"level": "info", "message": "a"}, {"level": "warn", "message": "b"}],
                 "outputs": ["/p/target/mr-coupler/couplings.json"]}""";
        Action action = Protocol.fromJson(json, Action.class);

        assertTrue(action.isDone());
        assertEquals(2, action.progress().targetsTotal());
        assertEquals("warn", action.log().get(1).level());
        assertEquals(List.of("/p/target/mr-coupler/couplings.json"), action.outputs());
    }

    @Test
    void missingListsReadAsEmpty() {
        Action action = Protocol.fromJson("{\"version\":1,\"kind\":\"done\"}", Action.class);
        assertEquals(List.of(), action.log());
        assertEquals(List.of(), action.outputs());
    }

    @Test
    void readsTheExecuteActionOfTheProtocolExample() {
        String json = """
                {"version": 1, "kind": "execute",
                 "progress": {"phase": "validate", "targetsDone": 0, "targetsTotal": 1, "message": "..."},
                 "log": [], "outputs": [],
                 "batch": {
                   "id": "b7",
                   "replacements": [{"path": "com/acme/crypto/AESEncryption.java", "content": "class A {}"}],
                   "sources": [{"path": "com/acme/crypto/AESEncryption_encryptText_MTC1Test.java", "content": "x"}],
                   "runs": [{"testClass": "com.acme.crypto.AESEncryption_encryptText_MTC1Test", "mutant": 0},
                            {"testClass": "com.acme.crypto.AESEncryption_encryptText_MTC1Test", "mutant": 3}],
                   "limits": {"testTimeoutMs": 10000, "mutantTimeoutFactor": 1.25, "mutantTimeoutConstantMs": 4000,
                              "stopMutantAtFirstTimeout": true},
                   "secretVariable": "DEEPSEEK_API_KEY"
                 }}""";
        Action action = Protocol.fromJson(json, Action.class);

        assertTrue(action.isExecute());
        assertEquals("b7", action.batch().id());
        assertEquals("com/acme/crypto/AESEncryption.java", action.batch().replacements().get(0).path());
        assertEquals("class A {}", action.batch().replacements().get(0).content());
        assertEquals(3, action.batch().runs().get(1).mutant());
        assertEquals(new Limits(10000, 1.25, 4000, true), action.batch().limits());
        assertEquals("DEEPSEEK_API_KEY", action.batch().secretVariable());
    }

    @Test
    void limitsWithoutTheMutantRuleReadAsOneTimeoutForEveryTest() {
        Action action = Protocol.fromJson("{\"version\":1,\"kind\":\"execute\",\"batch\":{\"id\":\"b\","
                + "\"limits\":{\"testTimeoutMs\":500}}}", Action.class);

        assertEquals(new Limits(500), action.batch().limits());
    }

    @Test
    void aBatchWithoutRunsReadsAsEmptyLists() {
        Action action = Protocol.fromJson("{\"version\":1,\"kind\":\"execute\",\"batch\":{\"id\":\"m\","
                + "\"replacements\":[{\"path\":\"A.java\",\"content\":\"\"}]}}", Action.class);

        assertEquals(List.of(), action.batch().runs());
        assertEquals(List.of(), action.batch().sources());
        assertEquals(null, action.batch().limits());
    }

    @Test
    void batchResultsUseTheFieldNamesOfTheProtocol() {
        BatchResults results = BatchResults.of("b7",
                List.of(new Compilation("com/acme/T.java", false,
                        List.of(new CompileDiagnostic(CompileDiagnostic.Kind.ERROR, 12, 9, "cannot find symbol")))),
                List.of(new RunResult("com.acme.T", 3, true, 14, List.of(
                        new TestResult("MTC_input1()", TestResult.Status.PASSED, 2, null, null, null),
                        new TestResult("MTC_input2()", TestResult.Status.FAILED, 3, "expected: <a> but was: <b>",
                                "org.opentest4j.AssertionFailedError", List.of("com.acme.T.MTC_input2(T.java:31)"))))));

        assertEquals("{\"version\":1,\"batchId\":\"b7\",\"compilation\":[{\"path\":\"com/acme/T.java\","
                + "\"success\":false,\"diagnostics\":[{\"kind\":\"error\",\"line\":12,\"column\":9,"
                + "\"message\":\"cannot find symbol\"}]}],\"runs\":[{\"testClass\":\"com.acme.T\",\"mutant\":3,"
                + "\"ran\":true,\"durationMs\":14,\"tests\":[{\"name\":\"MTC_input1()\",\"status\":\"passed\","
                + "\"durationMs\":2},{\"name\":\"MTC_input2()\",\"status\":\"failed\",\"durationMs\":3,"
                + "\"message\":\"expected: <a> but was: <b>\",\"exceptionType\":\"org.opentest4j.AssertionFailedError\","
                + "\"frames\":[\"com.acme.T.MTC_input2(T.java:31)\"]}]}]}", Protocol.toJson(results));
    }

    @Test
    void outcomesHaveTheWireNamesOfTheProtocol() {
        assertEquals("[\"passed\",\"failed\",\"errored\",\"timedOut\",\"crashed\",\"skipped\"]",
                Protocol.toJson(TestResult.Status.values()));
        assertEquals("[\"error\",\"warning\",\"note\"]", Protocol.toJson(CompileDiagnostic.Kind.values()));
        for (TestResult.Status status : TestResult.Status.values()) {
            String wire = Protocol.toJson(status);
            assertEquals(status, TestResult.Status.ofWorker(wire.substring(1, wire.length() - 1)));
        }
        IllegalArgumentException unknown =
                assertThrows(IllegalArgumentException.class, () -> TestResult.Status.ofWorker("vanished"));
        assertTrue(unknown.getMessage().contains("'vanished'"), unknown.getMessage());
    }
}
