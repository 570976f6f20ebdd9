"""Targets given at the root of a Gradle multi-project build (tests/fixtures/gradle-multi-project), with
Debian's Gradle 4.4.1: the project that holds them works on them, the other is skipped with one line,
and a target no project holds fails the build once, in the last project, naming the projects
searched and the closest names across all of them."""

from conftest import read_couplings

TARGET = "com.acme.crypto.Caesar#encrypt"
NOT_HERE = "MR-Coupler in text: skipped: none of the targets is in this module"


def test_targets_at_the_root_go_to_the_project_that_holds_them(copy_project, gradle):
    project = copy_project("gradle-multi-project")

    build = gradle(project, "listCoupledMethods", f"-Pmrcoupler.targets={TARGET}")

    assert build.succeeded, build
    target = read_couplings(project / "crypto" / "build" / "mr-coupler" / "couplings.json")["targets"][0]
    assert (target["class"], target["method"]) == ("com.acme.crypto.Caesar", "encrypt")
    assert "decrypt" in [c["method"] for c in target["coupled"]], target
    assert NOT_HERE in build.output, build
    assert not (project / "text" / "build" / "mr-coupler" / "couplings.json").exists()


def test_a_target_no_project_holds_fails_once_in_the_last_project(copy_project, gradle):
    project = copy_project("gradle-multi-project")

    build = gradle(project, "listCoupledMethods", f"-Pmrcoupler.targets={TARGET},com.acme.text.Wrds#count")

    assert not build.succeeded, build
    assert (project / "crypto" / "build" / "mr-coupler" / "couplings.json").is_file(), "crypto did its share"
    assert "target `com.acme.text.Wrds#count` is in no module of this build; the build fails at its end, in text" \
        in build.output, build
    assert "unknown target `com.acme.text.Wrds#count`: no class `com.acme.text.Wrds` in any module of the build " \
           "(searched crypto, text)" in build.output, build
    assert "Closest classes: com.acme.text.Words (in text)" in build.output, build
    assert "Execution failed for task ':text:listCoupledMethods'" in build.output, build
