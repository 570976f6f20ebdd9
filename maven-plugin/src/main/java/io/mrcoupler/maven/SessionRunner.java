package io.mrcoupler.maven;

import io.mrcoupler.bridge.LogSink;
import io.mrcoupler.bridge.MrCoupler;
import io.mrcoupler.bridge.executor.ExecutorSettings;
import io.mrcoupler.bridge.protocol.Action;
import io.mrcoupler.bridge.protocol.SessionConfig;

/**
 * How a goal runs its session: through the bridge and the core in a build, through a stand-in in the
 * goals' unit tests, which check what a goal passes to the core without running it (the seam PIT's
 * {@code GoalStrategy} gives its mojo).
 */
@FunctionalInterface
interface SessionRunner {

    /** The real one: the bridge loads the core and runs the session to its end. */
    SessionRunner BRIDGE = MrCoupler::run;

    /**
     * Runs a session to its end and returns the final action.
     *
     * @param executor how to compile and run what the core asks; {@code null} when the goal cannot
     *                 (or need not) run anything
     */
    Action run(SessionConfig config, LogSink log, ExecutorSettings executor);
}
