package io.mrcoupler.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.mrcoupler.bridge.protocol.Action;
import io.mrcoupler.bridge.protocol.Protocol;
import io.mrcoupler.bridge.protocol.Results;
import io.mrcoupler.bridge.protocol.SessionConfig;
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
        assertEquals(9, json.size());
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
}
