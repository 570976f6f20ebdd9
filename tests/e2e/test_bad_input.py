"""Bad input through `mvn mr-coupler:couplings`: a clear message, never a crashed JVM."""

from conftest import assert_no_jvm_crash, assert_well_formed_target, coupled_method, read_couplings


def test_an_unknown_target_fails_naming_the_closest_method(copy_project, mvn):
    project = copy_project("example")

    build = mvn(project, "mr-coupler:couplings", "-Dmrcoupler.targets=com.acme.crypto.AESEncryption#encryptTxt")

    assert not build.succeeded, build
    assert "BUILD FAILURE" in build.output, build
    errors = "\n".join(build.lines("[ERROR]"))
    assert "encryptTxt" in errors and "encryptText" in errors and "closest" in errors.lower(), build
    assert not (project / "target" / "mr-coupler" / "couplings.json").exists()
    assert_no_jvm_crash(build)


def test_missing_targets_fail_with_an_example_of_how_to_give_them(copy_project, mvn):
    project = copy_project("empty-source-root")  # its pom configures no default target

    build = mvn(project, "mr-coupler:couplings")

    assert not build.succeeded, build
    errors = "\n".join(build.lines("[ERROR]"))
    assert "No target methods given" in errors and "-Dmrcoupler.targets=" in errors, build
    assert_no_jvm_crash(build)


def test_a_syntax_error_is_a_warning_naming_file_and_line_and_the_rest_is_analysed(copy_project, mvn):
    project = copy_project("syntax-error")

    build = mvn(project, "mr-coupler:couplings", "-Dmrcoupler.targets=com.acme.ledger.Ledger#deposit")

    assert build.succeeded, build
    warnings = "\n".join(build.lines("[WARNING]"))
    assert "Ledger.java:28" in warnings, build
    target = read_couplings(project / "target" / "mr-coupler" / "couplings.json")["targets"][0]
    assert_well_formed_target(target)
    assert (target["class"], target["method"]) == ("com.acme.ledger.Ledger", "deposit")
    # Methods before and after the broken one were parsed.
    assert coupled_method(target, "withdraw")["features"]
    assert coupled_method(target, "getEntries")["features"]
    assert_no_jvm_crash(build)


def test_an_empty_source_root_fails_naming_the_root(copy_project, mvn):
    project = copy_project("empty-source-root")
    root = project / "src" / "main" / "java"

    build = mvn(project, "mr-coupler:couplings", "-Dmrcoupler.targets=com.acme.Foo#bar")

    assert not build.succeeded, build
    assert "BUILD FAILURE" in build.output, build
    errors = "\n".join(build.lines("[ERROR]"))
    assert str(root) in errors and "com.acme.Foo" in errors, build
    assert_no_jvm_crash(build)


def test_a_file_not_in_the_declared_encoding_is_a_warning_and_still_analysed(copy_project, mvn):
    project = copy_project("non-utf8")  # declares ISO-8859-1; read it as UTF-8 instead

    build = mvn(project, "mr-coupler:couplings", "-Dmrcoupler.targets=com.acme.legacy.Greeting#setName",
                "-Dmrcoupler.sourceEncoding=UTF-8")

    assert build.succeeded, build
    warnings = "\n".join(build.lines("[WARNING]"))
    assert "Greeting.java" in warnings and "UTF-8" in warnings, build
    target = read_couplings(project / "target" / "mr-coupler" / "couplings.json")["targets"][0]
    assert_well_formed_target(target)
    assert coupled_method(target, "getName")["features"]
    assert_no_jvm_crash(build)


def test_the_declared_iso_8859_1_encoding_reads_the_file_without_a_warning(copy_project, mvn):
    project = copy_project("non-utf8")

    build = mvn(project, "mr-coupler:couplings", "-Dmrcoupler.targets=com.acme.legacy.Greeting#setName")

    assert build.succeeded, build
    assert not [w for w in build.lines("[WARNING]") if "UTF-8" in w], build
    target = read_couplings(project / "target" / "mr-coupler" / "couplings.json")["targets"][0]
    assert coupled_method(target, "getName")["features"]
    assert_no_jvm_crash(build)
