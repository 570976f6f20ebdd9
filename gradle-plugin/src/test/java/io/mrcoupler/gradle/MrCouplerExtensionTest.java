package io.mrcoupler.gradle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@code mrCoupler { }} block, generated from the core's settings schema, hands the core what the
 * build script set: by setting name, as text, files as absolute paths, nothing unset.
 */
class MrCouplerExtensionTest {

    @Test
    void whatTheBuildScriptSetReachesTheCoreAsText() {
        MrCouplerExtension extension = new MrCouplerExtension();
        extension.setTargets("com.acme.Aes#encryptText");
        extension.setMaxPairsPerTarget(2);
        extension.setExport(true);
        extension.getLlm().setModel("deepseek-chat");
        extension.getLlm().setPricePerMillionPrompt(new BigDecimal("0.27")); // Groovy's 0.27
        extension.llm(llm -> llm.setCacheDir(new File("relative/cache")));
        extension.getLlm().setOffline(false);

        Map<String, String> settings = extension.settings();

        assertEquals(Map.of(
                "maxPairsPerTarget", "2",
                "export", "true",
                "llm.model", "deepseek-chat",
                "llm.pricePerMillionPrompt", "0.27",
                "llm.cacheDir", new File("relative/cache").getAbsolutePath(),
                "llm.offline", "false"), settings, "the targets are a build fact, not a setting");
    }

    @Test
    void nothingSetIsNothingPassed() {
        assertEquals(Map.of(), new MrCouplerExtension().settings());
    }

    @Test
    void everySchemaNameIsKnownToTheProjectPropertyLoop() {
        assertTrue(MrCouplerSettings.NAMES.contains("llm.apiKeyEnv"));
        assertTrue(MrCouplerSettings.NAMES.contains("maxMutantsPerMethod"));
        assertEquals("OPENAI_API_KEY", MrCouplerSettings.DEFAULTS.get("llm.apiKeyEnv"));
    }
}
