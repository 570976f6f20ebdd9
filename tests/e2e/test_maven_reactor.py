"""MR-Coupler's goals on a multi-module reactor (tests/fixtures/maven-multi-module): each module works
on the targets it contains (its own, or those given at the root), a module with none of them or
without sources is skipped with one line, a target no module contains fails the build once, at its
end, and the last module prints one summary."""

import re
import shutil

from conftest import (AES_TARGET, EXAMPLE, assert_no_jvm_crash, candidates_by_pair, llm_env, maven_llm_args,
                      read_couplings, read_report)

SKIPPED = "Skipping MR-Coupler for app: no sources"
NOT_HERE = "MR-Coupler in text: skipped: none of the targets is in this module"


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
    return [line.strip() for line in lines[start + 1:] if line.startswith("  ")][:3]


def test_couplings_in_a_reactor_use_each_modules_targets_and_skip_a_module_without_sources(copy_project, mvn):
    project = reactor(copy_project)

    build = mvn(project, "mr-coupler:couplings")  # crypto's pom names its targets

    assert build.succeeded, build
    target = read_couplings(project / "crypto" / "target" / "mr-coupler" / "couplings.json")["targets"][0]
    assert (target["class"], target["method"]) == ("com.acme.crypto.AESEncryption", "encryptText")
    assert SKIPPED in build.output, build
    assert not (project / "app" / "target" / "mr-coupler").exists()
    assert not (project / "target" / "mr-coupler").exists()  # the aggregator has no sources of its own
    crypto, text, app = summary(build, "couplings")
    assert crypto.startswith("crypto: ") and app == "app: skipped: no sources", build
    # text has sources but no targets of its own: skipped, not a failed reactor.
    assert text == "text: skipped: no targets given for this module", build


def test_generate_and_check_in_a_reactor(copy_project, mvn, scripted_llm):
    project = reactor(copy_project)

    # A target on the command line goes to every module: the one that holds it works on it, the
    # others are skipped with one line each.
    generated = mvn(project, "mr-coupler:generate", f"-Dmrcoupler.targets={AES_TARGET}",
                    *maven_llm_args(scripted_llm("aes-example.json")), env=llm_env())
    checked = mvn(project, "mr-coupler:check")

    assert generated.succeeded, generated
    report = read_report(project / "crypto" / "target" / "mr-coupler")
    candidates = candidates_by_pair(report)
    assert candidates["encryptWithDefaultKey"]["status"] == "kept", candidates
    assert candidates["encryptTextWithAbecedarium"]["status"] == "filteredByMutation", candidates
    assert SKIPPED in generated.output and NOT_HERE in generated.output, generated
    crypto, text, app = summary(generated, "generate")
    assert crypto.startswith("crypto: ") and "1 kept" in crypto, generated
    assert text == "text: skipped: none of the targets is in this module", generated
    assert app == "app: skipped: no sources", generated
    assert not (project / "text" / "target" / "mr-coupler" / "report.json").exists()
    assert checked.succeeded, checked
    crypto, text, _ = summary(checked, "check")
    assert text.startswith("text: nothing to check in this module"), checked
    assert "hold" in crypto, checked
    assert_no_jvm_crash(generated)


def test_a_target_no_module_holds_fails_the_reactor_once_at_its_end_naming_the_closest(copy_project, mvn):
    project = reactor(copy_project)
    targets = "com.acme.crypto.AESEncryption#encryptText,com.acme.text.Wrds#count"

    build = mvn(project, "mr-coupler:couplings", f"-Dmrcoupler.targets={targets}")

    assert not build.succeeded, build
    # crypto did its share before the build failed, in text, the last module with sources.
    target = read_couplings(project / "crypto" / "target" / "mr-coupler" / "couplings.json")["targets"][0]
    assert target["method"] == "encryptText"
    warnings = "\n".join(build.lines("[WARNING]"))
    assert "target `com.acme.text.Wrds#count` is in no module of this build; the build fails at its end, in text" \
        in warnings, build
    errors = "\n".join(build.lines("[ERROR]"))
    assert "unknown target `com.acme.text.Wrds#count`: no class `com.acme.text.Wrds` in any module of the build " \
           "(searched crypto, text)" in errors, build
    assert "Closest classes: com.acme.text.Words (in text)" in errors, build
    # Maven's reactor summary: crypto built, the build failed once, in text; app never ran.
    assert re.search(r"crypto .* SUCCESS", build.output) and re.search(r"text .* FAILURE", build.output), build
    assert re.search(r"app .* SKIPPED", build.output), build
