package io.mrcoupler.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.mrcoupler.bridge.protocol.Action;
import io.mrcoupler.bridge.protocol.SessionConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sessions of the real core over the bundled example project. */
class CouplingsSessionTest {

    private static final Path EXAMPLE = Paths.get(System.getProperty("mrcoupler.example.dir", "../example"))
            .toAbsolutePath().normalize();

    @TempDir
    Path out;

    @Test
    void encryptTextIsCoupledToDecryptText() throws Exception {
        RecordingSink sink = new RecordingSink();

        Action done = MrCoupler.run(config("com.acme.crypto.AESEncryption#encryptText",
                EXAMPLE.resolve("src/main/java")), sink);

        assertTrue(done.isDone());
        Path couplings = out.resolve("couplings.json");
        assertEquals(List.of(couplings.toString()), done.outputs());
        JsonObject target = JsonParser.parseString(Files.readString(couplings, StandardCharsets.UTF_8))
                .getAsJsonObject().getAsJsonArray("targets").get(0).getAsJsonObject();
        assertEquals("com.acme.crypto.AESEncryption", target.get("class").getAsString());
        assertEquals("encryptText", target.get("method").getAsString());
        JsonObject decrypt = coupled(target, "decryptText");
        assertTrue(decrypt.getAsJsonArray("features").size() > 0, decrypt.toString());
        assertTrue(sink.at("info").stream().anyMatch(line -> line.contains("decryptText")), sink.lines().toString());
    }

    @Test
    void aMissingSourceRootArrivesAsAWarning() {
        RecordingSink sink = new RecordingSink();
        Path missing = EXAMPLE.resolve("src/does-not-exist");

        MrCoupler.run(config("com.acme.crypto.AESEncryption#encryptText", EXAMPLE.resolve("src/main/java"), missing),
                sink);

        assertTrue(sink.at("warn").stream().anyMatch(line -> line.contains(missing.toString())), sink.lines().toString());
    }

    @Test
    void anUnknownTargetNamesTheClosestMethod() {
        SessionConfig config = config("com.acme.crypto.AESEncryption#encryptTxt", EXAMPLE.resolve("src/main/java"));

        MrCouplerException e = assertThrows(MrCouplerException.class, () -> MrCoupler.run(config, new RecordingSink()));

        assertTrue(e.getMessage().contains("encryptText"), e.getMessage());
        assertFalse(Files.exists(out.resolve("couplings.json")), "nothing should be written for an unknown target");
    }

    @Test
    void aConfigThatIsNotJsonIsAnExceptionNotACrash() {
        NativeLibrary.load();
        MrCouplerException e = assertThrows(MrCouplerException.class, () -> NativeCore.open("{this is not json"));
        assertFalse(e.getMessage().isBlank());
    }

    @Test
    void aConfigOfAnotherProtocolVersionIsAnException() {
        NativeLibrary.load();
        String json = "{\"version\":99,\"mode\":\"couplings\",\"projectDir\":\"/p\",\"outputDir\":\"/p/out\","
                + "\"targets\":\"a.B#c\"}";
        MrCouplerException e = assertThrows(MrCouplerException.class, () -> NativeCore.open(json));
        assertTrue(e.getMessage().contains("99"), e.getMessage());
    }

    @Test
    void anUnknownSessionHandleIsAnExceptionAndClosingItIsANoOp() {
        NativeLibrary.load();
        assertThrows(MrCouplerException.class, () -> NativeCore.next(Long.MAX_VALUE, "{\"version\":1}"));
        NativeCore.close(Long.MAX_VALUE);
    }

    private SessionConfig config(String targets, Path... sourceRoots) {
        return SessionConfig.couplings("example", EXAMPLE.toString(),
                java.util.Arrays.stream(sourceRoots).map(Path::toString).toList(),
                List.of(EXAMPLE.resolve("src/test/java").toString()), out.toString(), targets, "UTF-8");
    }

    private static JsonObject coupled(JsonObject target, String method) {
        JsonArray coupled = target.getAsJsonArray("coupled");
        for (JsonElement element : coupled) {
            if (element.getAsJsonObject().get("method").getAsString().equals(method)) {
                return element.getAsJsonObject();
            }
        }
        throw new AssertionError(method + " is not among the coupled methods: " + coupled);
    }
}
