"""`mvn mr-coupler:mutants`: Major-style mutants of the targets, compiled as schemata, without
compiling the project's tests."""

import json
import re

from conftest import AES_TARGET, assert_no_jvm_crash

AES = "com.acme.crypto.AESEncryption"
OPERATORS = {"AOR", "LOR", "SOR", "COR", "ROR", "ORU", "LVR", "EVR", "STD"}
# Major's mutants.log: id:operator:from:to:method:line:transformation (from/to may hold colons).
LOG_LINE = re.compile(r"^(\d+):([A-Z]{3}):(.*):(com\.acme\.crypto\.AESEncryption@\w+\([^)]*\)):(\d+):(.+)$")

BROKEN_TEST = """package com.acme.crypto;

class DoesNotCompileTest {
    void broken() {
        int x = "not an int";   // a test that does not compile must not stop the mutants goal
    }
}
"""


def read_summary(project):
    path = project / "target" / "mr-coupler" / "mutants" / "summary.json"
    assert path.is_file(), f"{path} was not written"
    return json.loads(path.read_text(encoding="utf-8"))


def aes_class(summary):
    classes = {c["class"]: c for c in summary["classes"]}
    assert AES in classes, summary
    return classes[AES]


def assert_mutants_of_aes(build, project):
    assert build.succeeded, build
    aes = aes_class(read_summary(project))
    assert aes["generated"] >= aes["compiled"] > 0, aes
    by_operator = aes["byOperator"]
    assert by_operator and set(by_operator) <= OPERATORS, by_operator
    assert sum(counts["generated"] for counts in by_operator.values()) == aes["generated"], aes
    assert sum(counts["compiled"] for counts in by_operator.values()) == aes["compiled"], aes
    folder = project / "target" / "mr-coupler" / "mutants" / AES
    lines = (folder / "mutants.log").read_text(encoding="utf-8").splitlines()
    assert len(lines) == aes["generated"], (len(lines), aes)
    for line in lines:
        match = LOG_LINE.match(line)
        assert match, f"not Major's 7 fields: {line}"
        assert match.group(2) in OPERATORS, line
    ids = [int(LOG_LINE.match(line).group(1)) for line in lines]
    assert ids == list(range(1, len(lines) + 1)), ids[:10]
    schemata = (folder / "AESEncryption.java").read_text(encoding="utf-8")
    assert "MutantSwitch" in schemata
    # The console shows the per-operator table.
    info = "\n".join(build.lines("[INFO]"))
    assert "operator" in info and "compiled" in info, build
    assert_no_jvm_crash(build)


def test_mutants_of_the_example_per_operator_in_summary_and_majors_log(copy_project, mvn):
    project = copy_project("example")

    build = mvn(project, "mr-coupler:mutants", f"-Dmrcoupler.targets={AES_TARGET}")

    assert_mutants_of_aes(build, project)
    # Only the schemata were compiled, by the executor: the project itself was not built.
    assert not (project / "target" / "classes").exists()
    assert not (project / "target" / "test-classes").exists()


def test_mutants_work_when_the_tests_do_not_compile(copy_project, mvn):
    project = copy_project("example")
    (project / "src" / "test" / "java" / "com" / "acme" / "crypto" / "DoesNotCompileTest.java").write_text(
        BROKEN_TEST, encoding="utf-8")
    assert not mvn(project, "test-compile").succeeded, "the fixture's tests should not compile"

    build = mvn(project, "mr-coupler:mutants", f"-Dmrcoupler.targets={AES_TARGET}")

    assert_mutants_of_aes(build, project)


def test_scope_class_and_exported_mutants(copy_project, mvn):
    project = copy_project("example")
    pair = mvn(project, "mr-coupler:mutants", f"-Dmrcoupler.targets={AES_TARGET}")
    pair_count = aes_class(read_summary(project))["generated"]

    build = mvn(project, "mr-coupler:mutants", f"-Dmrcoupler.targets={AES_TARGET}",
                "-Dmrcoupler.mutationScope=class", "-Dmrcoupler.exportMutants=true",
                "-Dmrcoupler.maxMutantsPerMethod=4")

    assert pair.succeeded, pair
    assert build.succeeded, build
    aes = aes_class(read_summary(project))
    per_method = {}
    for line in (project / "target" / "mr-coupler" / "mutants" / AES / "mutants.log").read_text().splitlines():
        method = LOG_LINE.match(line).group(4)
        per_method[method] = per_method.get(method, 0) + 1
    # Every method of the class (beyond encryptText's pairs), at most 4 mutants each.
    assert any("bytesToHex" in m for m in per_method), per_method
    assert max(per_method.values()) <= 4, per_method
    assert pair_count > 0
    exported = list((project / "target" / "mr-coupler" / "mutants" / AES / "mutants").glob("*/com/acme/crypto/"
                                                                                          "AESEncryption.java"))
    assert len(exported) == aes["compiled"] or len(exported) == aes["generated"], (len(exported), aes)


def test_an_unknown_mutation_scope_says_what_to_use(copy_project, mvn):
    project = copy_project("example")

    build = mvn(project, "mr-coupler:mutants", "-Dmrcoupler.mutationScope=method")

    assert not build.succeeded, build
    errors = "\n".join(build.lines("[ERROR]"))
    assert "mrcoupler.mutationScope" in errors and "pair" in errors and "class" in errors, build
