"""Suspected bugs are the headline output of `mvn mr-coupler:generate`: an MTC whose relation the
evidence says is valid and that fails on the code under test is reported (console, report.json,
report.html), with a reproducing JUnit test under target/mr-coupler/suspected-bugs; with
failOnSuspectedBug it fails the build. The built-in generator (no LLM) writes the MTCs."""

import json
import shutil

from conftest import AES_TARGET

AES_SOURCE = ("src", "main", "java", "com", "acme", "crypto", "AESEncryption.java")
DECRYPT = "return new String(aesCipher.doFinal(byteCipherText), StandardCharsets.UTF_8);"
# A realistic slip: decrypting trims, so a round trip loses the blanks around the plain text.
TRIMMED = "return new String(aesCipher.doFinal(byteCipherText), StandardCharsets.UTF_8).trim();"


def plant(project):
    source = project.joinpath(*AES_SOURCE)
    original = source.read_text(encoding="utf-8")
    assert DECRYPT in original
    source.write_text(original.replace(DECRYPT, TRIMMED), encoding="utf-8")


def test_a_planted_bug_is_reported_with_a_reproducing_test_that_fails_in_mvn_test(copy_project, mvn):
    project = copy_project("example")
    plant(project)

    build = mvn(project, "mr-coupler:generate", f"-Dmrcoupler.targets={AES_TARGET}")

    assert build.succeeded, build
    warnings = [line for line in build.lines("[WARNING]") if "Suspected bug" in line]
    assert len(warnings) == 1, build
    assert "AESEncryption#encryptText" in warnings[0] and "decryptText(encryptText(x" in warnings[0], warnings
    out = project / "target" / "mr-coupler"
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    bug = report["suspectedBugs"][0]
    assert bug["method"] == "encryptText" and bug["confidence"] >= 0.7, bug
    assert any("plainText" in i for i in bug["inputs"]), bug
    assert report["targets"][0]["suspectedBugs"] == report["suspectedBugs"]
    assert "Suspected bugs (1)" in (out / "report.html").read_text(encoding="utf-8")
    reproducer = out / "suspected-bugs" / "com" / "acme" / "crypto" / (bug["test"].split("#")[0].rsplit(".", 1)[1] + ".java")
    assert bug["reproducer"] == str(reproducer) and reproducer.is_file(), bug

    # Copied into the project's tests, the reproducer fails with plain `mvn test`; it is never
    # written there by MR-Coupler itself.
    tests = project / "src" / "test" / "java" / "com" / "acme" / "crypto" / reproducer.name
    assert not tests.exists()
    shutil.copy(reproducer, tests)
    run = mvn(project, "test", f"-Dtest={reproducer.stem}")
    assert not run.succeeded and "Tests run:" in run.output and "FAILURE" in run.output, run


def test_fail_on_suspected_bug_fails_the_build_naming_it(copy_project, mvn):
    project = copy_project("example")
    plant(project)

    build = mvn(project, "mr-coupler:generate", f"-Dmrcoupler.targets={AES_TARGET}",
                "-Dmrcoupler.failOnSuspectedBug=true")

    assert not build.succeeded, build
    errors = "\n".join(build.lines("[ERROR]"))
    assert "1 suspected bug(s) at 70% confidence or more" in errors, build
    assert "AESEncryption#encryptText" in errors and "suspected-bugs" in errors, build


def test_the_unmodified_example_has_no_suspected_bug(copy_project, mvn):
    project = copy_project("example")

    build = mvn(project, "mr-coupler:generate", f"-Dmrcoupler.targets={AES_TARGET}",
                "-Dmrcoupler.failOnSuspectedBug=true")

    assert build.succeeded, build
    report = json.loads((project / "target" / "mr-coupler" / "report.json").read_text(encoding="utf-8"))
    assert report["suspectedBugs"] == [], report["suspectedBugs"]
