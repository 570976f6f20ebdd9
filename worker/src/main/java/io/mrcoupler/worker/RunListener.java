package io.mrcoupler.worker;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Reports every test and container event of one run to the executor as it happens. A "started"
 * line goes out before the test body runs, so when the JVM dies or hangs the executor knows which
 * test did it. Each event names its static leaf: the test (or parameterized test method) of the
 * discovered plan it belongs to, which is what the executor excludes when it runs the rest of the
 * class again in a new worker.
 */
final class RunListener implements TestExecutionListener {

    private final Channel channel;
    private final Map<String, String> parents = new ConcurrentHashMap<>();
    private final Set<String> staticLeaves = new HashSet<>();
    private final Map<String, Long> startedAt = new ConcurrentHashMap<>();
    private TestPlan plan;

    RunListener(Channel channel) {
        this.channel = channel;
    }

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        plan = testPlan;
        for (TestIdentifier root : testPlan.getRoots()) {
            remember(root);
            for (TestIdentifier descendant : testPlan.getDescendants(root)) {
                remember(descendant);
            }
        }
        Set<String> nonLeaves = new HashSet<>(parents.values());
        for (String id : parents.keySet()) {
            if (!nonLeaves.contains(id)) {
                staticLeaves.add(id);
            }
        }
    }

    @Override
    public void dynamicTestRegistered(TestIdentifier identifier) {
        remember(identifier);
    }

    @Override
    public void executionStarted(TestIdentifier identifier) {
        startedAt.put(identifier.getUniqueId(), System.nanoTime());
        channel.send(Wire.object("event", "started", "id", identifier.getUniqueId(), "test", identifier.isTest(),
                "leaf", leafOf(identifier.getUniqueId()), "name", Outcomes.name(identifier)));
    }

    @Override
    public void executionSkipped(TestIdentifier identifier, String reason) {
        // A skipped container (a @Disabled class) reports each of its tests as skipped.
        boolean any = false;
        if (plan != null && identifier.isContainer()) {
            for (TestIdentifier descendant : plan.getDescendants(identifier)) {
                if (descendant.isTest()) {
                    skipped(descendant, reason);
                    any = true;
                }
            }
        }
        if (!any) {
            skipped(identifier, reason);
        }
    }

    private void skipped(TestIdentifier identifier, String reason) {
        channel.send(Wire.object("event", "finished", "id", identifier.getUniqueId(), "test", true,
                "leaf", leafOf(identifier.getUniqueId()), "name", Outcomes.name(identifier), "status", "skipped",
                "durationMs", 0, "message", reason));
    }

    @Override
    public void executionFinished(TestIdentifier identifier, TestExecutionResult result) {
        Long start = startedAt.remove(identifier.getUniqueId());
        long durationMs = start == null ? 0 : (System.nanoTime() - start) / 1_000_000;
        Throwable t = result.getThrowable().orElse(null);
        channel.send(Wire.object("event", "finished", "id", identifier.getUniqueId(), "test", identifier.isTest(),
                "leaf", leafOf(identifier.getUniqueId()), "name", Outcomes.name(identifier),
                "status", Outcomes.status(result), "durationMs", durationMs, "message", Outcomes.message(t),
                "exceptionType", t == null ? null : t.getClass().getName(),
                "frames", t == null ? null : Outcomes.frames(t)));
    }

    private void remember(TestIdentifier identifier) {
        parents.put(identifier.getUniqueId(), identifier.getParentId().orElse(""));
    }

    /** The nearest static leaf at or above {@code id}; "" for a container (a class, an engine). */
    private String leafOf(String id) {
        Map<String, Boolean> seen = new HashMap<>();
        for (String at = id; at != null && !at.isEmpty() && seen.put(at, Boolean.TRUE) == null; at = parents.get(at)) {
            if (staticLeaves.contains(at)) {
                return at;
            }
        }
        return "";
    }
}
