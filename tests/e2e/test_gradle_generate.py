"""`gradle generateMetamorphicTests` with Debian's Gradle 4.4.1, offline, talking to the scripted LLM
server that replays the AES conversation of tests/llm/scripts/aes-example.json."""

import json

from conftest import assert_no_jvm_crash, gradle_llm_args, llm_env

KEPT = "com/acme/crypto/AESEncryption_encryptText_MTC1Test.java"


def read_report(project):
    path = project / "build" / "mr-coupler" / "report.json"
    assert path.is_file(), f"{path} was not written"
    return json.loads(path.read_text(encoding="utf-8"))


def candidates_by_pair(report):
    """The candidates of the first target, keyed by the coupled method's name."""
    return {c["pair"].split("(")[0]: c for c in report["targets"][0]["candidates"]}


def test_generate_keeps_the_valid_relation_drops_the_invalid_one_and_is_then_up_to_date(
        copy_project, gradle, scripted_llm, gradle_user_home):
    llm = scripted_llm("aes-example.json")
    project = copy_project("example")

    first = gradle(project, "generateMetamorphicTests", *gradle_llm_args(llm), env=llm_env())
    asked = len(llm.requests())
    second = gradle(project, "generateMetamorphicTests", *gradle_llm_args(llm), env=llm_env())

    assert first.succeeded, first
    candidates = candidates_by_pair(read_report(project))
    assert candidates["encryptWithDefaultKey"]["status"] == "kept", candidates
    # The paper's invalid relation (Listing 6) holds on some inputs but also on the mutants.
    assert candidates["encryptTextWithAbecedarium"]["status"] == "filteredByMutation", candidates
    kept = project / "build" / "mr-coupler" / "generated-tests" / KEPT
    assert kept.is_file(), list((project / "build" / "mr-coupler").rglob("*.java"))
    assert "@Test" in kept.read_text(encoding="utf-8")
    assert len(list((project / "build" / "mr-coupler" / "generated-tests").rglob("*.java"))) == 1
    assert (project / "build" / "mr-coupler" / "report.html").is_file()
    assert "1 kept" in first.output, first  # the core's summary, shown without --info
    assert asked > 0
    assert second.succeeded, second
    assert ":generateMetamorphicTests UP-TO-DATE" in second.output, second
    assert len(llm.requests()) == asked, "an up-to-date run must not ask the LLM anything"
    assert_no_jvm_crash(first, gradle_user_home)


def test_settings_from_the_build_script_and_exported_tests_that_pass_in_the_project(
        copy_project, gradle, scripted_llm):
    llm = scripted_llm("aes-example.json")
    project = copy_project("example")
    with (project / "build.gradle").open("a", encoding="utf-8") as script:
        script.write(f"""
mrCoupler {{
    llm {{
        baseUrl = '{llm.base_url}'
        model = 'deepseek-chat'
        apiKeyEnv = 'MRC_E2E_LLM_KEY'
        pricePerMillionPrompt = 0.27
        pricePerMillionCompletion = 1.1
    }}
    maxPairsPerTarget = 2
    couplingRanking = 'algorithm1'  // the recorded conversation answers Algorithm 1's first two pairs
    export = true
}}
""")

    generate = gradle(project, "generateMetamorphicTests", env=llm_env())
    exported = project / "src" / "test" / "java" / KEPT
    test = gradle(project, "test")

    assert generate.succeeded, generate
    report = read_report(project)
    assert candidates_by_pair(report)["encryptWithDefaultKey"]["status"] == "kept", report
    assert report["tokens"]["costUsd"] > 0, report["tokens"]  # the prices of the llm { } block were used
    assert exported.is_file(), list((project / "src" / "test" / "java").rglob("*.java"))
    # The exported relation runs with the project's own tests, and holds.
    assert test.succeeded, test
    assert "AESEncryption_encryptText_MTC1Test" in test.output, test
    assert "0 tests failed" in test.output, test


def test_without_an_llm_the_core_says_so_and_its_built_in_generator_writes_the_tests(copy_project, gradle):
    project = copy_project("example")

    build = gradle(project, "generateMetamorphicTests")

    assert build.succeeded, build
    # The core's line, naming what to set for an LLM.
    assert "No LLM is configured" in build.output, build
    assert "mrcoupler.llm.baseUrl" in build.output and "mrcoupler.llm.model" in build.output, build
    report = read_report(project)
    assert report["tokens"]["requests"] == 0, report["tokens"]
    assert all(c.get("template") for c in report["targets"][0]["candidates"]), report
    assert not (project / "build" / "mr-coupler" / "llm-cache").exists()


def test_an_api_key_variable_that_is_not_set_fails_naming_it(copy_project, gradle):
    project = copy_project("example")

    build = gradle(project, "generateMetamorphicTests", "-Pmrcoupler.llm.baseUrl=http://127.0.0.1:9/v1",
                   "-Pmrcoupler.llm.model=deepseek-chat", "-Pmrcoupler.llm.apiKeyEnv=MRC_E2E_UNSET_KEY")

    assert not build.succeeded, build
    assert "MRC_E2E_UNSET_KEY is not set" in build.output, build
    # Debian's Gradle 4.4 on Java 17 cannot hand a later shell's variables to a running daemon.
    assert "gradle --stop" in build.output, build
