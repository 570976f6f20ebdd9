"""`mvn mr-coupler:help`: every goal, each with its parameters and their user properties."""

import pytest

GOALS = {
    "couplings": ("mrcoupler.targets", "mrcoupler.outputDirectory", "mrcoupler.skip"),
    "mutants": ("mrcoupler.targets", "mrcoupler.mutationScope", "mrcoupler.exportMutants",
                "mrcoupler.maxMutantsPerMethod"),
    "generate": ("mrcoupler.targets", "mrcoupler.export", "mrcoupler.llm.baseUrl", "mrcoupler.llm.model",
                 "mrcoupler.llm.apiKeyEnv", "mrcoupler.llm.offline", "mrcoupler.llm.budgetUsd",
                 "mrcoupler.maxPairsPerTarget", "mrcoupler.amplification", "mrcoupler.testTimeoutMs"),
    "check": ("mrcoupler.failOnViolation", "mrcoupler.since", "mrcoupler.testTimeoutMs"),
}


def test_help_lists_every_goal(copy_project, mvn):
    build = mvn(copy_project("example"), "mr-coupler:help")

    assert build.succeeded, build
    for goal in GOALS:
        assert f"mr-coupler:{goal}" in build.output, build


@pytest.mark.parametrize("goal", sorted(GOALS))
def test_help_documents_each_goals_parameters(copy_project, mvn, goal):
    build = mvn(copy_project("example"), "mr-coupler:help", "-Ddetail", f"-Dgoal={goal}")

    assert build.succeeded, build
    for prop in GOALS[goal]:
        assert f"User property: {prop}\n" in build.output, (prop, build)
