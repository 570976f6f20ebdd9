"""`gradle listCoupledMethods` with Debian's Gradle 4.4.1, offline, on copies of the projects."""

from conftest import assert_no_jvm_crash, assert_well_formed_target, coupled_method, read_couplings

ENCRYPT_TEXT = "com.acme.crypto.AESEncryption#encryptText"


def test_list_coupled_methods_names_decrypt_text_without_compiling(copy_project, gradle, gradle_user_home):
    project = copy_project("example")

    build = gradle(project, "listCoupledMethods", f"-Pmrcoupler.targets={ENCRYPT_TEXT}")

    assert build.succeeded, build
    assert "BUILD SUCCESSFUL" in build.output, build
    # The core's info lines are shown without --info.
    assert "decryptText" in build.output, build
    report = read_couplings(project / "build" / "mr-coupler" / "couplings.json")
    target = report["targets"][0]
    assert_well_formed_target(target)
    assert target["class"] == "com.acme.crypto.AESEncryption"
    assert target["method"] == "encryptText"
    assert target["params"] == ["String", "SecretKey"]
    assert coupled_method(target, "decryptText")["features"]
    assert not (project / "build" / "classes").exists(), "nothing should have been compiled"
    assert_no_jvm_crash(build, gradle_user_home)


def test_the_extension_default_is_used_and_the_task_always_runs(copy_project, gradle):
    project = copy_project("example")

    first = gradle(project, "listCoupledMethods")
    second = gradle(project, "listCoupledMethods")

    assert first.succeeded, first
    target = read_couplings(project / "build" / "mr-coupler" / "couplings.json")["targets"][0]
    assert (target["class"], target["method"]) == ("com.acme.crypto.AESEncryption", "encryptText")
    assert second.succeeded, second
    assert "UP-TO-DATE" not in second.output, second
    assert "decryptText" in second.output, second


def test_the_task_is_listed_in_its_group(copy_project, gradle):
    project = copy_project("example")

    build = gradle(project, "tasks")

    assert build.succeeded, build
    assert "listCoupledMethods - Lists the methods functionally coupled" in build.output, build


def test_without_the_java_plugin_the_conventional_source_root_is_read(copy_project, gradle):
    project = copy_project("gradle-without-java-plugin")

    build = gradle(project, "listCoupledMethods", "-Pmrcoupler.targets=com.acme.shapes.Rectangle#scale")

    assert build.succeeded, build
    target = read_couplings(project / "build" / "mr-coupler" / "couplings.json")["targets"][0]
    assert coupled_method(target, "area")["features"]


def test_an_unknown_target_fails_the_build_naming_the_closest_method(copy_project, gradle, gradle_user_home):
    project = copy_project("example")

    build = gradle(project, "listCoupledMethods", "-Pmrcoupler.targets=com.acme.crypto.AESEncryption#encryptTxt")

    assert not build.succeeded, build
    assert "BUILD FAILED" in build.output, build
    assert "encryptText" in build.output and "closest" in build.output.lower(), build
    assert not (project / "build" / "mr-coupler" / "couplings.json").exists()
    assert_no_jvm_crash(build, gradle_user_home)


def test_an_empty_target_fails_the_build_with_an_example(copy_project, gradle):
    project = copy_project("example")

    build = gradle(project, "listCoupledMethods", "-Pmrcoupler.targets=")

    assert not build.succeeded, build
    assert "No target methods given" in build.output, build
    assert "-Pmrcoupler.targets=" in build.output, build
