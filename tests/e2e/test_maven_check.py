"""`mvn mr-coupler:check`, the CI gate: the MTCs kept by `generate` run against the current code;
a violated relation fails the build with its name, inputs and assertion, and JUnit XML for CI."""

import shutil
import subprocess

from conftest import AES_MTC, AES_TARGET, assert_no_jvm_crash, llm_env, maven_llm_args

AES_SOURCE = ("src", "main", "java", "com", "acme", "crypto", "AESEncryption.java")
COMMITTED = ("src", "test", "mr-coupler", "com", "acme", "crypto", f"{AES_MTC.rsplit('.', 1)[1]}.java")
DEFAULT_KEY = "return encryptText(plainText, defaultKey);"
# The bug the kept relation (encryptWithDefaultKey(x) == encryptText(x, defaultKey)) must catch.
FRESH_KEY = "return encryptText(plainText, getSecretEncryptionKey());"


def check_reports(project):
    return list((project / "target" / "mr-coupler" / "check-reports").glob("TEST-*.xml"))


def test_check_on_a_clean_checkout_fails_on_a_violated_relation_and_passes_when_the_code_is_restored(
        copy_project, mvn, scripted_llm):
    project = copy_project("example")
    source = project.joinpath(*AES_SOURCE)
    original = source.read_text(encoding="utf-8")
    assert DEFAULT_KEY in original
    generated = mvn(project, "mr-coupler:generate", f"-Dmrcoupler.targets={AES_TARGET}",
                    *maven_llm_args(scripted_llm("aes-example.json")), env=llm_env())
    assert generated.succeeded, generated
    # The kept MTC lives where the team commits it; a CI checkout has no target/.
    committed = project.joinpath(*COMMITTED)
    assert committed.is_file(), generated
    assert committed.read_text(encoding="utf-8").startswith("// Metamorphic test kept by MR-Coupler for ")
    assert "Commit it: check runs what is there." in generated.output, generated
    shutil.rmtree(project / "target")

    holds = mvn(project, "mr-coupler:check")
    source.write_text(original.replace(DEFAULT_KEY, FRESH_KEY), encoding="utf-8")
    broken = mvn(project, "mr-coupler:check")
    broken_reports = [r.read_text(encoding="utf-8") for r in check_reports(project)]
    reported = mvn(project, "mr-coupler:check", "-Dmrcoupler.failOnViolation=false")
    source.write_text(original, encoding="utf-8")
    restored = mvn(project, "mr-coupler:check")

    assert holds.succeeded, holds
    assert "0 violated" in holds.output, holds

    assert not broken.succeeded, broken
    assert "BUILD FAILURE" in broken.output, broken
    errors = "\n".join(broken.lines("[ERROR]"))
    assert "violated" in errors, broken
    # The relation (the MTC's test method), its inputs (the method's code) and the assertion.
    assert f"{AES_MTC}.mr1_defaultKeyEncryptionEqualsExplicitDefaultKey" in errors, broken
    assert "assertEquivalent(" in errors, broken
    assert "assertion failed" in errors and "expected" in errors, broken
    assert len(broken_reports) == 1, broken_reports
    assert "<failure" in broken_reports[0] and AES_MTC in broken_reports[0], broken_reports[0][:2000]

    assert reported.succeeded, reported
    assert "violated" in "\n".join(reported.lines("[WARNING]")), reported

    assert restored.succeeded, restored
    assert "0 violated" in restored.output, restored
    assert all("<failure" not in r.read_text(encoding="utf-8") for r in check_reports(restored.project))
    assert_no_jvm_crash(broken)


def test_an_empty_gate_fails_saying_how_to_generate_unless_allowed(copy_project, mvn):
    project = copy_project("empty-source-root")  # no targets configured, no JUnit dependency

    build = mvn(project, "mr-coupler:check")
    bootstrapping = mvn(project, "mr-coupler:check", "-Dmrcoupler.failWhenEmpty=false")

    assert not build.succeeded, build
    errors = "\n".join(build.lines("[ERROR]"))
    assert "nothing to check" in errors and "mvn mr-coupler:generate -Dmrcoupler.targets=" in errors, build
    assert "-Dmrcoupler.failWhenEmpty=false" in errors, build
    assert bootstrapping.succeeded, bootstrapping
    assert "nothing to check" in "\n".join(bootstrapping.lines("[WARNING]")), bootstrapping


def test_since_generates_for_the_methods_changed_since_a_revision_before_checking(copy_project, mvn):
    project = copy_project("example")
    git = ["git", "-c", "user.name=e2e", "-c", "user.email=e2e@example.invalid"]
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    subprocess.run([*git, "add", "-A"], cwd=project, check=True)
    subprocess.run([*git, "commit", "-q", "-m", "example"], cwd=project, check=True)
    source = project.joinpath(*AES_SOURCE)
    text = source.read_text(encoding="utf-8")
    # A change inside encryptText that keeps its behaviour.
    source.write_text(text.replace('Cipher aesCipher = Cipher.getInstance("AES");\n        aesCipher.init(Cipher.ENCRYPT_MODE',
                                   'Cipher aesCipher = Cipher.getInstance("AES"); // ECB, deterministic\n'
                                   '        aesCipher.init(Cipher.ENCRYPT_MODE', 1), encoding="utf-8")
    assert source.read_text(encoding="utf-8") != text

    build = mvn(project, "mr-coupler:check", "-Dmrcoupler.since=HEAD")

    assert build.succeeded, build
    info = "\n".join(build.lines("[INFO]"))
    assert "1 method(s) changed since HEAD" in info, build
    assert list((project / "target" / "mr-coupler" / "generated-tests").rglob("*.java")), build
    assert check_reports(project), build


def test_the_gate_declared_without_a_phase_runs_in_verify(copy_project, mvn, scripted_llm):
    project = copy_project("example")
    pom = project / "pom.xml"
    pom.write_text(pom.read_text(encoding="utf-8").replace(
        "<configuration>\n          <targets>${mrcoupler.targets}</targets>\n        </configuration>",
        "<configuration>\n          <targets>${mrcoupler.targets}</targets>\n        </configuration>\n"
        "        <executions><execution><goals><goal>check</goal></goals></execution></executions>", 1),
        encoding="utf-8")
    assert "<goal>check</goal>" in pom.read_text(encoding="utf-8")
    generated = mvn(project, "mr-coupler:generate", f"-Dmrcoupler.targets={AES_TARGET}",
                    *maven_llm_args(scripted_llm("aes-example.json")), env=llm_env())
    assert generated.succeeded, generated
    shutil.rmtree(project / "target")  # a clean checkout: only the committed home has the MTC
    source = project.joinpath(*AES_SOURCE)
    source.write_text(source.read_text(encoding="utf-8").replace(DEFAULT_KEY, FRESH_KEY), encoding="utf-8")

    verify = mvn(project, "verify", "-DskipTests")  # the example's own tests would catch it first

    assert not verify.succeeded, verify
    assert "mr-coupler-maven-plugin:0.1.0-SNAPSHOT:check (default)" in verify.output, verify
    assert "kept metamorphic relation(s) violated" in verify.output, verify


def test_a_kept_mtc_that_no_longer_compiles_is_stale_with_the_compilers_error(copy_project, mvn, scripted_llm):
    project = copy_project("example")
    generated = mvn(project, "mr-coupler:generate", f"-Dmrcoupler.targets={AES_TARGET}",
                    *maven_llm_args(scripted_llm("aes-example.json")), env=llm_env())
    assert generated.succeeded, generated
    # Rename a method the kept MTC calls, in the project's own code and tests (they still compile).
    for path in (project.joinpath(*AES_SOURCE), project / "src/test/java/com/acme/crypto/AESEncryptionTest.java"):
        path.write_text(path.read_text(encoding="utf-8").replace("encryptWithDefaultKey", "encryptDefault"),
                        encoding="utf-8")

    stale = mvn(project, "mr-coupler:check")
    lenient = mvn(project, "mr-coupler:check", "-Dmrcoupler.failOnStale=false")

    assert not stale.succeeded, stale
    errors = "\n".join(stale.lines("[ERROR]"))
    assert "stale" in errors and "cannot find symbol" in errors and "generate again" in errors, stale
    assert "0 violated, 1 stale" in stale.output, stale
    assert "source value" not in errors, "the first error, not a javac warning"
    assert lenient.succeeded, lenient
