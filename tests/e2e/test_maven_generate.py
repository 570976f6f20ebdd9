"""`mvn mr-coupler:generate` on copies of the example with the scripted LLM (the recorded AES
conversation): the valid relation kept, the paper's invalid one filtered by the mutation check,
the outputs, export into the project's tests, the LLM cache, resuming after a kill, bad set-ups."""

import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

from conftest import (AES_MTC, AES_TARGET, REPO, TIMEOUT, assert_no_jvm_crash, candidates_by_pair, llm_env,
                      maven_llm_args, read_report)

SCRIPT = "aes-example.json"
MTC_PATH = Path(*AES_MTC.split(".")).with_suffix(".java")  # com/acme/crypto/AESEncryption_encryptText_MTC1Test.java
REQUESTS_OF_A_FULL_RUN = 6  # two generations, two refinements (a compile error, the violated MR), two amplifications


def is_amplification(request):
    return "apply each of its" in str(request["body"])  # Listing 5's prompt


def amplifying(llm):
    return any(is_amplification(r) for r in llm.requests())


def generate(mvn, project, llm, *more):
    return mvn(project, "mr-coupler:generate", f"-Dmrcoupler.targets={AES_TARGET}", *maven_llm_args(llm, *more),
               env=llm_env())


def test_generate_keeps_the_valid_relation_and_filters_the_invalid_one(copy_project, mvn, scripted_llm):
    project = copy_project("example")
    llm = scripted_llm(SCRIPT)

    build = generate(mvn, project, llm)

    assert build.succeeded, build
    out = project / "target" / "mr-coupler"
    report = read_report(out)
    candidates = candidates_by_pair(report)
    assert candidates["encryptWithDefaultKey"]["status"] == "kept", candidates
    assert candidates["encryptTextWithAbecedarium"]["status"] == "filteredByMutation", candidates
    # The kept files of the report are exactly the files on disk.
    kept = {Path(c["file"]) for c in report["targets"][0]["candidates"] if c["status"] == "kept"}
    on_disk = set((out / "generated-tests").rglob("*.java"))
    assert kept == on_disk, (kept, on_disk)
    assert (out / "generated-tests" / MTC_PATH).is_file()
    assert (out / "report.html").is_file()
    assert len(llm.requests()) == REQUESTS_OF_A_FULL_RUN
    # Progress and the core's summary reach the console.
    info = "\n".join(build.lines("[INFO]"))
    assert "kept" in info and "filteredByMutation" in info and "report.html" in info, build
    # Nothing is exported unless asked, and the worker's scratch folder is cleaned up.
    assert not (project / "src" / "test" / "java" / MTC_PATH).exists()
    assert not list((out / "work").glob("executor-*")), list((out / "work").iterdir())
    assert_no_jvm_crash(build)


def test_export_copies_the_kept_test_into_src_test_java_and_it_passes_there(copy_project, mvn, scripted_llm):
    project = copy_project("example")
    llm = scripted_llm(SCRIPT)

    build = generate(mvn, project, llm, "-Dmrcoupler.export=true")
    tests = mvn(project, "test")

    assert build.succeeded, build
    exported = project / "src" / "test" / "java" / MTC_PATH
    assert exported.is_file(), build
    assert exported.read_text(encoding="utf-8") == \
        (project / "target" / "mr-coupler" / "generated-tests" / MTC_PATH).read_text(encoding="utf-8")
    assert f"Exported {exported}" in build.output, build
    assert tests.succeeded, tests
    surefire = project / "target" / "surefire-reports" / f"TEST-{AES_MTC}.xml"
    assert surefire.is_file(), tests
    assert 'failures="0"' in surefire.read_text(encoding="utf-8") and 'tests="0"' not in \
        surefire.read_text(encoding="utf-8")


def test_export_never_replaces_an_existing_file(copy_project, mvn, scripted_llm):
    project = copy_project("example")
    existing = project / "src" / "test" / "java" / MTC_PATH
    mine = "// Written by hand; MR-Coupler must leave it alone.\n"
    existing.write_text(mine, encoding="utf-8")
    llm = scripted_llm(SCRIPT)

    build = generate(mvn, project, llm, "-Dmrcoupler.export=true")

    assert build.succeeded, build
    assert existing.read_text(encoding="utf-8") == mine
    warnings = "\n".join(build.lines("[WARNING]"))
    assert str(existing) in warnings and "left as it is" in warnings, build
    assert (project / "target" / "mr-coupler" / "generated-tests" / MTC_PATH).is_file()


def test_generate_twice_with_export_leaves_one_exported_file_and_one_committed_mtc(copy_project, mvn, scripted_llm):
    project = copy_project("example")
    llm = scripted_llm(SCRIPT)

    first = generate(mvn, project, llm, "-Dmrcoupler.export=true")
    second = generate(mvn, project, llm, "-Dmrcoupler.export=true")

    assert first.succeeded, first
    assert second.succeeded, second
    exported = sorted(p.name for p in (project / "src" / "test" / "java").rglob("*_MTC*Test.java"))
    assert exported == [MTC_PATH.name], exported
    committed = sorted(p.name for p in (project / "src" / "test" / "mr-coupler").rglob("*.java"))
    assert committed == [MTC_PATH.name], committed
    assert "not exported again" in second.output, second
    assert "0 new kept MTC(s), 1 there already" in second.output, second


def test_a_second_run_costs_no_requests(copy_project, mvn, scripted_llm):
    project = copy_project("example")
    llm = scripted_llm(SCRIPT)
    first = generate(mvn, project, llm)
    asked = len(llm.requests())

    second = generate(mvn, project, llm)

    assert first.succeeded, first
    assert second.succeeded, second
    assert asked == REQUESTS_OF_A_FULL_RUN
    assert len(llm.requests()) == asked, "the second run called the LLM instead of its cache"
    tokens = read_report(project / "target" / "mr-coupler")["tokens"]
    assert tokens["requests"] == REQUESTS_OF_A_FULL_RUN and tokens["cached"] == tokens["requests"], tokens
    assert candidates_by_pair(read_report(project / "target" / "mr-coupler"))["encryptWithDefaultKey"]["status"] \
        == "kept"


def test_an_interrupted_run_resumes_from_the_cache(copy_project, mvn, scripted_llm, tmp_path):
    project = copy_project("example")
    # The recorded conversation, but the amplification requests never get an answer in time: the
    # run is stuck after the generations and the refinement, as when a user stops a slow run.
    slow = tmp_path / "aes-slow-amplification.json"
    script = (REPO / "tests" / "llm" / "scripts" / SCRIPT).read_text(encoding="utf-8")
    slow.write_text(script.replace('"exchanges": [', '"exchanges": [{"match": ["apply each of its"], "fault": "hang"},',
                                   1), encoding="utf-8")
    stalling = scripted_llm(str(slow))
    args = ["mvn", "-B", "mr-coupler:generate", f"-Dmrcoupler.targets={AES_TARGET}", *maven_llm_args(stalling)]
    process = subprocess.Popen(args, cwd=project, env=llm_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, start_new_session=True)
    try:
        deadline = time.time() + TIMEOUT
        while not amplifying(stalling) and process.poll() is None and time.time() < deadline:
            time.sleep(0.1)
        assert process.poll() is None, process.communicate()[0]
        answered = [r for r in stalling.requests() if not is_amplification(r)]
        assert len(answered) >= 2, stalling.requests()
        os.killpg(process.pid, signal.SIGKILL)  # Maven and its worker JVMs
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        process.stdout.close()
    assert not (project / "target" / "mr-coupler" / "report.json").exists()
    llm = scripted_llm(SCRIPT)

    resumed = generate(mvn, project, llm)

    assert resumed.succeeded, resumed
    new_requests = len(llm.requests())
    assert 0 < new_requests < REQUESTS_OF_A_FULL_RUN, llm.requests()
    assert all(is_amplification(r) for r in llm.requests()), "answered requests were asked again"
    report = read_report(project / "target" / "mr-coupler")
    assert report["tokens"]["cached"] == REQUESTS_OF_A_FULL_RUN - new_requests, report["tokens"]
    assert candidates_by_pair(report)["encryptWithDefaultKey"]["status"] == "kept"


def test_without_an_llm_the_run_says_so_and_the_built_in_generator_writes_the_tests(copy_project, mvn):
    project = copy_project("example")

    build = mvn(project, "mr-coupler:generate", f"-Dmrcoupler.targets={AES_TARGET}")

    assert build.succeeded, build
    info = "\n".join(build.lines("[INFO]"))
    assert "No LLM is configured" in info, build
    assert "mrcoupler.llm.baseUrl" in info and "mrcoupler.llm.model" in info, build
    report = read_report(project / "target" / "mr-coupler")
    assert report["model"] == "built-in generator", report["model"]
    assert report["tokens"]["requests"] == 0, report["tokens"]
    assert all(c.get("template") for c in report["targets"][0]["candidates"]), report["targets"][0]["candidates"]
    assert_no_jvm_crash(build)


def test_half_an_llm_configuration_fails_naming_the_missing_setting(copy_project, mvn):
    project = copy_project("example")

    build = mvn(project, "mr-coupler:generate", f"-Dmrcoupler.targets={AES_TARGET}",
                "-Dmrcoupler.llm.baseUrl=http://127.0.0.1:9/v1")

    assert not build.succeeded, build
    errors = "\n".join(build.lines("[ERROR]"))
    assert "the setting llm.model is missing" in errors and "Set mrcoupler.llm.model" in errors, build
    assert_no_jvm_crash(build)


def test_a_project_without_tests_gets_prompts_without_invocation_examples(copy_project, mvn, scripted_llm):
    with_tests = copy_project("example")
    without_tests = with_tests.parent / "no-tests"
    shutil.copytree(with_tests, without_tests)
    shutil.rmtree(without_tests / "src" / "test")
    llm = scripted_llm(SCRIPT)

    build = generate(mvn, without_tests, llm)

    assert build.succeeded, build
    prompts = "\n".join(str(r["body"]) for r in llm.requests())
    assert "encryptThenDecryptGivesThePlainTextBack" not in prompts  # a test of example/ calling encryptText
    report = read_report(without_tests / "target" / "mr-coupler")
    assert candidates_by_pair(report)["encryptWithDefaultKey"]["status"] == "kept", report
    # The same run with the example's tests does show them to the model.
    control = scripted_llm(SCRIPT)
    assert generate(mvn, with_tests, control).succeeded
    assert "encryptThenDecryptGivesThePlainTextBack" in "\n".join(str(r["body"]) for r in control.requests())


def test_the_generated_tests_run_on_the_jdk_of_the_builds_toolchain(copy_project, mvn, tmp_path):
    project = copy_project("example")
    # A JDK whose java leaves a trace before it runs the real one.
    real = Path(os.path.realpath(shutil.which("java"))).parent.parent
    fake = tmp_path / "traced-jdk"
    (fake / "bin").mkdir(parents=True)
    trace = tmp_path / "java-started"
    java = fake / "bin" / "java"
    java.write_text(f'#!/bin/sh\necho started >> "{trace}"\nexec "{real}/bin/java" "$@"\n', encoding="utf-8")
    java.chmod(0o755)
    for tool in ("javac", "jar"):
        (fake / "bin" / tool).symlink_to(real / "bin" / tool)
    toolchains = tmp_path / "toolchains.xml"
    toolchains.write_text(f"""<toolchains><toolchain><type>jdk</type><provides><version>traced</version></provides>
<configuration><jdkHome>{fake}</jdkHome></configuration></toolchain></toolchains>""", encoding="utf-8")
    pom = project / "pom.xml"
    pom.write_text(pom.read_text(encoding="utf-8").replace("<plugins>", """<plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-toolchains-plugin</artifactId>
        <version>3.2.0</version>
        <executions><execution><goals><goal>toolchain</goal></goals></execution></executions>
        <configuration><toolchains><jdk><version>traced</version></jdk></toolchains></configuration>
      </plugin>""", 1), encoding="utf-8")

    build = mvn(project, "-t", str(toolchains), "mr-coupler:generate", f"-Dmrcoupler.targets={AES_TARGET}")

    assert build.succeeded, build
    assert "Running the tests on the JDK of the toolchain" in build.output and str(fake) in build.output, build
    assert trace.is_file(), "the worker JVM was not started from the toolchain's JDK"
