package io.mrcoupler.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.mrcoupler.bridge.executor.Executor;
import io.mrcoupler.bridge.executor.ExecutorSettings;
import io.mrcoupler.bridge.executor.Fixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** However a session ends, the executor's worker and scratch folder are gone afterwards. */
class SessionCleanupTest {

    @TempDir
    Path dir;

    /** A core that asks for one batch, then answers {@code second}. */
    private record TwoStepCore(String batchJson, String second) implements Session.Core {
        @Override
        public String next(String resultsJson) {
            if (resultsJson.equals("{\"version\":1}")) {
                return "{\"version\":1,\"kind\":\"execute\",\"log\":[],\"outputs\":[],\"batch\":" + batchJson + "}";
            }
            return second;
        }

        @Override
        public void close() {
        }
    }

    private static String batch() {
        JsonObject batch = new JsonObject();
        batch.addProperty("id", "b1");
        JsonArray sources = new JsonArray();
        JsonObject source = new JsonObject();
        source.addProperty("path", "com/acme/MTC1Test.java");
        source.addProperty("content", Fixture.jupiter("MTC1Test", "    @Test void works() { }").content());
        sources.add(source);
        batch.add("sources", sources);
        JsonArray runs = new JsonArray();
        JsonObject run = new JsonObject();
        run.addProperty("testClass", "com.acme.MTC1Test");
        run.addProperty("mutant", 0);
        runs.add(run);
        batch.add("runs", runs);
        return batch.toString();
    }

    @Test
    void anErrorOfTheCoreAfterABatchLeavesNoWorkerAndNoScratchFolder() throws Exception {
        Fixture project = Fixture.create(dir);
        ExecutorSettings settings = project.settings();

        try (Session session = new Session(new TwoStepCore(batch(), "this is not an action"))) {
            assertThrows(MrCouplerException.class, () -> session.run(new RecordingSink(), settings));
        }

        assertNothingLeft(settings.scratchDir());
    }

    @Test
    void anErrorOfTheExecutorLeavesNoWorkerAndNoScratchFolder() throws Exception {
        Fixture project = Fixture.create(dir);
        // No launcher on the worker's classpath: the worker starts, then cannot set up JUnit.
        ExecutorSettings settings = ExecutorSettings.of(project.settings().projectClasspath(), List.of(), List.of(),
                project.settings().scratchDir());

        MrCouplerException e;
        try (Session session = new Session(new TwoStepCore(batch(), "{}"))) {
            e = assertThrows(MrCouplerException.class, () -> session.run(new RecordingSink(), settings));
        }

        assertTrue(e.getMessage().contains("launcher"), e.getMessage());
        assertNothingLeft(settings.scratchDir());
    }

    static void assertNothingLeft(Path scratchDir) throws Exception {
        try (var left = Files.list(scratchDir)) {
            assertEquals(List.of(), left.toList(), "the scratch folder is removed");
        }
        String marker = Executor.MARKER_PROPERTY + "=" + scratchDir;
        List<ProcessHandle> workers = ProcessHandle.allProcesses().filter(p -> p.info().arguments()
                .map(args -> List.of(args).stream().anyMatch(a -> a.startsWith(marker))).orElse(false))
                .filter(ProcessHandle::isAlive).toList();
        assertEquals(List.of(), workers.stream().map(p -> p.pid() + " " + p.info().commandLine()
                .orElse("")).toList(), "no worker of this scratch folder survives");
    }
}
