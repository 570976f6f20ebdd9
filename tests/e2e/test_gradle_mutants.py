"""`gradle listMutants` with Debian's Gradle 4.4.1, offline, on copies of the projects."""

import json

from conftest import assert_no_jvm_crash

AES = "com.acme.crypto.AESEncryption"


def read_summary(project):
    path = project / "build" / "mr-coupler" / "mutants" / "summary.json"
    assert path.is_file(), f"{path} was not written"
    return {c["class"]: c for c in json.loads(path.read_text(encoding="utf-8"))["classes"]}


def test_list_mutants_compiles_the_schemata_without_compiling_the_tests(copy_project, gradle, gradle_user_home):
    project = copy_project("example")

    build = gradle(project, "listMutants", f"-Pmrcoupler.targets={AES}#encryptText")

    assert build.succeeded, build
    aes = read_summary(project)[AES]
    assert 0 < aes["compiled"] <= aes["generated"], aes
    assert aes["byOperator"], aes
    assert (project / "build" / "mr-coupler" / "mutants" / AES / "mutants.log").is_file()
    # The per-operator table is the core's info output: shown without --info.
    assert "operator generated" in build.output, build
    assert ":compileTestJava" not in build.output, build
    assert not (project / "build" / "classes" / "java" / "test").exists()
    assert_no_jvm_crash(build, gradle_user_home)


def test_list_mutants_works_when_the_tests_do_not_compile(copy_project, gradle):
    project = copy_project("gradle-tests-do-not-compile")

    tests = gradle(project, "compileTestJava")
    build = gradle(project, "listMutants")  # targets from mrCoupler { }

    assert not tests.succeeded and "cannot find symbol" in tests.output, tests
    assert build.succeeded, build
    stats = read_summary(project)["com.acme.stats.Stats"]
    assert stats["compiled"] > 0, stats


def test_class_scope_and_exported_mutants_are_read_from_project_properties(copy_project, gradle):
    project = copy_project("example")

    # A target whose pair, with the methods the pair calls, is not the whole class.
    target = f"-Pmrcoupler.targets={AES}#rotateDefaultKey"
    pair = gradle(project, "listMutants", target)
    pair_generated = read_summary(project)[AES]["generated"]
    whole_class = gradle(project, "listMutants", target, "-Pmrcoupler.mutationScope=class",
                         "-Pmrcoupler.exportMutants", "-Pmrcoupler.maxMutantsPerMethod=50")

    assert pair.succeeded, pair
    assert whole_class.succeeded, whole_class
    aes = read_summary(project)[AES]
    assert aes["generated"] > pair_generated, (aes, pair_generated)
    exported = list((project / "build" / "mr-coupler" / "mutants" / AES).rglob("AESEncryption.java"))
    assert len(exported) >= aes["compiled"], exported


def test_a_setting_that_is_not_a_number_fails_naming_it(copy_project, gradle):
    project = copy_project("example")

    build = gradle(project, "listMutants", "-Pmrcoupler.maxMutantsPerMethod=many")

    assert not build.succeeded, build
    assert "maxMutantsPerMethod is 'many', which is not a whole number" in build.output, build
