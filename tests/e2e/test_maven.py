"""`mvn mr-coupler:*` on a copy of the bundled example project."""

from conftest import assert_no_jvm_crash, assert_well_formed_target, coupled_method, plugin_version, read_couplings

ENCRYPT_TEXT = "com.acme.crypto.AESEncryption#encryptText"


def test_couplings_of_encrypt_text_name_decrypt_text_without_compiling(copy_project, mvn):
    project = copy_project("example")

    build = mvn(project, "mr-coupler:couplings", f"-Dmrcoupler.targets={ENCRYPT_TEXT}")

    assert build.succeeded, build
    assert "BUILD SUCCESS" in build.output, build
    info = "\n".join(build.lines("[INFO]"))
    assert "decryptText" in info, build
    report = read_couplings(project / "target" / "mr-coupler" / "couplings.json")
    target = report["targets"][0]
    assert_well_formed_target(target)
    assert target["class"] == "com.acme.crypto.AESEncryption"
    assert target["method"] == "encryptText"
    assert target["params"] == ["String", "SecretKey"]
    assert target["candidates"] >= 1
    assert coupled_method(target, "decryptText")["features"]
    # The goal reads sources only: nothing compiled, no dependency needed.
    assert not (project / "target" / "classes").exists()
    assert not (project / "target" / "test-classes").exists()
    assert_no_jvm_crash(build)


def test_the_pom_default_target_is_used_without_a_command_line_target(copy_project, mvn):
    project = copy_project("example")

    build = mvn(project, "mr-coupler:couplings")

    assert build.succeeded, build
    target = read_couplings(project / "target" / "mr-coupler" / "couplings.json")["targets"][0]
    assert (target["class"], target["method"]) == ("com.acme.crypto.AESEncryption", "encryptText")


def test_the_command_line_target_wins_over_the_pom_default(copy_project, mvn):
    project = copy_project("example")

    build = mvn(project, "mr-coupler:couplings", "-Dmrcoupler.targets=com.acme.collections.ElementStore#insertElement")

    assert build.succeeded, build
    target = read_couplings(project / "target" / "mr-coupler" / "couplings.json")["targets"][0]
    assert (target["class"], target["method"]) == ("com.acme.collections.ElementStore", "insertElement")
    # insertElement writes the field getElements reads: the paper's state coupling.
    assert coupled_method(target, "getElements")["features"]


def test_output_directory_and_skip_parameters(copy_project, mvn, tmp_path):
    project = copy_project("example")
    elsewhere = tmp_path / "elsewhere"

    moved = mvn(project, "mr-coupler:couplings", f"-Dmrcoupler.outputDirectory={elsewhere}")
    skipped = mvn(project, "mr-coupler:couplings", "-Dmrcoupler.skip")

    assert moved.succeeded, moved
    assert (elsewhere / "couplings.json").is_file()
    assert skipped.succeeded, skipped
    assert "Skipping MR-Coupler" in skipped.output, skipped
    assert not (project / "target").exists()


def test_help_lists_the_couplings_goal(copy_project, mvn):
    project = copy_project("example")

    overview = mvn(project, "mr-coupler:help")
    detail = mvn(project, "mr-coupler:help", "-Ddetail", "-Dgoal=couplings")

    assert overview.succeeded, overview
    assert "mr-coupler:couplings" in overview.output, overview
    assert detail.succeeded, detail
    for parameter in ("mrcoupler.targets", "mrcoupler.outputDirectory", "mrcoupler.skip"):
        assert parameter in detail.output, detail


def test_a_target_with_nothing_coupled_succeeds_with_an_empty_list(copy_project, mvn):
    project = copy_project("example")

    build = mvn(project, "mr-coupler:couplings", "-Dmrcoupler.targets=com.acme.text.Greeter#countVowels")

    assert build.succeeded, build
    target = read_couplings(project / "target" / "mr-coupler" / "couplings.json")["targets"][0]
    assert_well_formed_target(target)
    assert target["method"] == "countVowels"
    assert target["coupled"] == []


def test_full_coordinates_work_without_declaring_the_plugin(copy_project, mvn):
    project = copy_project("example")
    pom = project / "pom.xml"
    text = pom.read_text(encoding="utf-8")
    start = text.index("<plugin>\n        <groupId>io.mrcoupler</groupId>")
    end = text.index("</plugin>", start) + len("</plugin>")
    pom.write_text(text[:start] + text[end:], encoding="utf-8")
    assert "mr-coupler-maven-plugin" not in pom.read_text(encoding="utf-8")

    build = mvn(project, f"io.mrcoupler:mr-coupler-maven-plugin:{plugin_version()}:couplings",
                "-Dmrcoupler.targets=com.acme.crypto.AESEncryption#encryptText")

    assert build.succeeded, build
    target = read_couplings(project / "target" / "mr-coupler" / "couplings.json")["targets"][0]
    assert coupled_method(target, "decryptText")["features"]
