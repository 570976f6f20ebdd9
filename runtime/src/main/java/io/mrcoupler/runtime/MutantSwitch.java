package io.mrcoupler.runtime;

/**
 * Chooses the mutant that schemata code behaves as: {@code MutantSwitch.ID == 3 ? a - b : a + b}.
 * 0 means the original behaviour.
 *
 * <p>The core writes schemata that read this field, and the executor's worker sets it before each
 * run. It is loaded once, by the worker JVM's application class loader, which is the parent of the
 * fresh class loader every run gets for the project's classes: so they all see one field. Keep it a
 * plain public static int (no accessor): a field read is the cheapest guard there is in a method
 * with hundreds of mutants, and the core's generated code names it exactly so.
 */
public final class MutantSwitch {

    /** The active mutant; 0 is the original program. */
    public static int ID;

    private MutantSwitch() {
    }
}
