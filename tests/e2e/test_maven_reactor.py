"""MR-Coupler's goals on a multi-module reactor (tests/fixtures/maven-multi-module): each module on
its own, a module without sources skipped with a clear line, one summary at the end."""

import shutil

from conftest import (AES_TARGET, EXAMPLE, assert_no_jvm_crash, candidates_by_pair, llm_env, maven_llm_args,
                      read_couplings, read_report)

SKIPPED = "Skipping MR-Coupler for app: no sources"


def reactor(copy_project):
    """The fixture with the example's AESEncryption and its tests in the crypto module."""
    project = copy_project("maven-multi-module")
    for part in ("main", "test"):
        shutil.copytree(EXAMPLE / "src" / part / "java" / "com" / "acme" / "crypto",
                        project / "crypto" / "src" / part / "java" / "com" / "acme" / "crypto")
    assert not (project / "app" / "src" / "main" / "java").exists()
    return project


def summary(build, goal):
    """The lines of the reactor summary the last module prints."""
    lines = [line.removeprefix("[INFO] ") for line in build.lines("[INFO]")]
    start = lines.index(f"MR-Coupler {goal} summary:")
    return [line.strip() for line in lines[start + 1:] if line.startswith("  ")][:2]


def test_couplings_in_a_reactor_use_each_modules_targets_and_skip_a_module_without_sources(copy_project, mvn):
    project = reactor(copy_project)

    build = mvn(project, "mr-coupler:couplings")  # crypto's pom names its targets

    assert build.succeeded, build
    target = read_couplings(project / "crypto" / "target" / "mr-coupler" / "couplings.json")["targets"][0]
    assert (target["class"], target["method"]) == ("com.acme.crypto.AESEncryption", "encryptText")
    assert SKIPPED in build.output, build
    assert not (project / "app" / "target" / "mr-coupler").exists()
    assert not (project / "target" / "mr-coupler").exists()  # the aggregator has no sources of its own
    crypto, app = summary(build, "couplings")
    assert crypto.startswith("crypto: ") and app == "app: skipped: no sources", build


def test_generate_and_check_in_a_reactor(copy_project, mvn, scripted_llm):
    project = reactor(copy_project)

    # A target on the command line goes to every module; the one without sources is skipped.
    generated = mvn(project, "mr-coupler:generate", f"-Dmrcoupler.targets={AES_TARGET}",
                    *maven_llm_args(scripted_llm("aes-example.json")), env=llm_env())
    checked = mvn(project, "mr-coupler:check")

    assert generated.succeeded, generated
    report = read_report(project / "crypto" / "target" / "mr-coupler")
    candidates = candidates_by_pair(report)
    assert candidates["encryptWithDefaultKey"]["status"] == "kept", candidates
    assert candidates["encryptTextWithAbecedarium"]["status"] == "filteredByMutation", candidates
    assert SKIPPED in generated.output, generated
    crypto, app = summary(generated, "generate")
    assert crypto.startswith("crypto: ") and "1 kept" in crypto, generated
    assert app == "app: skipped: no sources", generated
    assert checked.succeeded, checked
    crypto, _ = summary(checked, "check")
    assert "hold" in crypto, checked
    assert_no_jvm_crash(generated)
