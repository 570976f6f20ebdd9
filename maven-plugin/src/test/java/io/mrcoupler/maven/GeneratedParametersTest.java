package io.mrcoupler.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The parameters generated from the core's settings schema reach Maven's plugin descriptor: each
 * setting of a goal is a parameter under its user property {@code mrcoupler.<name>}, and what the
 * {@code help} goal prints for it says its default.
 */
class GeneratedParametersTest {

    private static final Map<String, List<String>> SETTINGS_OF_GOAL = Map.of(
            "couplings", CouplingsParameters.NAMES,
            "mutants", MutantsParameters.NAMES,
            "generate", GenerateParameters.NAMES,
            "check", CheckParameters.NAMES);

    @Test
    void everySettingOfAGoalIsAParameterUnderItsUserPropertyWithItsDefault() throws Exception {
        for (Map.Entry<String, List<String>> goal : SETTINGS_OF_GOAL.entrySet()) {
            for (String name : goal.getValue()) {
                String parameter = MojoHarness.parameterOf(goal.getKey(), "mrcoupler." + name);
                assertTrue(parameter != null, goal.getKey() + " lacks mrcoupler." + name);
                String description = MojoHarness.description(goal.getKey(), parameter);
                assertTrue(description.contains("Default: "), parameter + ": " + description);
            }
        }
    }

    @Test
    void llmSettingsKeepTheirConfigurationNamesAndTheGoalsTheirSettings() throws Exception {
        assertEquals("llmBaseUrl", MojoHarness.parameterOf("generate", "mrcoupler.llm.baseUrl"));
        assertEquals("maxPairsPerTarget", MojoHarness.parameterOf("check", "mrcoupler.maxPairsPerTarget"));
        assertTrue(GenerateParameters.NAMES.contains("export"));
        assertTrue(!GenerateParameters.NAMES.contains("since"), "since is the gate's");
        assertTrue(MutantsParameters.NAMES.containsAll(List.of("mutationScope", "exportMutants", "maxMutantsPerMethod")));
        assertEquals(List.of("couplingRanking"), CouplingsParameters.NAMES);
        assertTrue(MojoHarness.description("generate", "llmTemperature").contains("Default: 0.2"));
    }
}
