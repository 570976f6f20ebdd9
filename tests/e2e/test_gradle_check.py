"""`gradle checkMetamorphicTests`, the CI gate, with Debian's Gradle 4.4.1, offline: the relations kept
by a generate run (scripted AES conversation) checked against the example's code, then against a
copy broken on purpose."""

import shutil
import subprocess
import xml.etree.ElementTree as ElementTree

from conftest import gradle_llm_args, llm_env

KEPT_CLASS = "com.acme.crypto.AESEncryption_encryptText_MTC1Test"
AES_SOURCE = "src/main/java/com/acme/crypto/AESEncryption.java"
DEFAULT_KEY = "return encryptText(plainText, defaultKey);"
# Encrypting with a fresh random key instead of the default one: the kept relation
# encryptWithDefaultKey(x) == encryptText(x, defaultKey) no longer holds.
BROKEN = "return encryptText(plainText, getSecretEncryptionKey());"


def failures_in_reports(project):
    reports = list((project / "build" / "mr-coupler" / "check-reports").glob("*.xml"))
    assert reports, "no JUnit XML in build/mr-coupler/check-reports"
    return sum(len(ElementTree.parse(r).getroot().findall(".//failure")) for r in reports)


def test_check_passes_then_fails_naming_the_violated_relation_when_the_code_breaks(
        copy_project, gradle, scripted_llm):
    llm = scripted_llm("aes-example.json")
    project = copy_project("example")
    source = project / AES_SOURCE
    original = source.read_text(encoding="utf-8")
    assert DEFAULT_KEY in original

    generate = gradle(project, "generateMetamorphicTests", *gradle_llm_args(llm), env=llm_env())
    assert generate.succeeded, generate
    # A clean checkout: no build/, only the committed home of kept MTCs.
    assert list((project / "src" / "test" / "mr-coupler").rglob("*_MTC1Test.java")), generate
    shutil.rmtree(project / "build")

    holds = gradle(project, "checkMetamorphicTests", env=llm_env())
    assert holds.succeeded, holds
    assert "0 violated" in holds.output, holds
    assert failures_in_reports(project) == 0

    source.write_text(original.replace(DEFAULT_KEY, BROKEN), encoding="utf-8")
    broken = gradle(project, "checkMetamorphicTests", env=llm_env())
    assert not broken.succeeded, broken
    assert "BUILD FAILED" in broken.output, broken
    assert "kept metamorphic relation(s) violated" in broken.output, broken
    assert f"{KEPT_CLASS}.mr1_defaultKeyEncryptionEqualsExplicitDefaultKey" in broken.output, broken
    assert "array contents differ" in broken.output, broken  # the assertion that failed
    assert failures_in_reports(project) > 0

    lenient = gradle(project, "checkMetamorphicTests", "-Pmrcoupler.failOnViolation=false", env=llm_env())
    assert lenient.succeeded, lenient
    assert "violated" in lenient.output, lenient

    source.write_text(original, encoding="utf-8")
    restored = gradle(project, "checkMetamorphicTests", env=llm_env())
    assert restored.succeeded, restored
    assert failures_in_reports(project) == 0


def test_an_empty_gate_fails_saying_how_to_generate_unless_allowed(copy_project, gradle):
    project = copy_project("example")

    build = gradle(project, "checkMetamorphicTests")
    bootstrapping = gradle(project, "checkMetamorphicTests", "-Pmrcoupler.failWhenEmpty=false")

    assert not build.succeeded, build
    assert "nothing to check" in build.output and "gradle generateMetamorphicTests" in build.output, build
    assert "-Pmrcoupler.failWhenEmpty=false" in build.output, build
    assert bootstrapping.succeeded, bootstrapping
    assert "nothing to check" in bootstrapping.output, bootstrapping


def test_since_generates_tests_for_the_methods_changed_since_a_revision_then_checks(copy_project, gradle):
    project = copy_project("example")
    git = ["git", "-c", "user.name=e2e", "-c", "user.email=e2e@example.invalid"]
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    subprocess.run(["git", "add", "-A"], cwd=project, check=True)
    subprocess.run([*git, "commit", "-q", "-m", "example"], cwd=project, check=True)
    source = project / AES_SOURCE
    source.write_text(source.read_text(encoding="utf-8").replace(
        "        return decryptText(byteCipherText, defaultKey);",
        "        SecretKey key = defaultKey;\n        return decryptText(byteCipherText, key);"), encoding="utf-8")

    # No LLM configured: the core's built-in generator writes the tests for the changed method.
    build = gradle(project, "checkMetamorphicTests", "-Pmrcoupler.since=HEAD")

    assert build.succeeded, build
    assert "1 method(s) changed since HEAD" in build.output, build
    generated = list((project / "build" / "mr-coupler" / "generated-tests").rglob("*decryptWithDefaultKey*.java"))
    assert generated, build
    assert "0 violated" in build.output, build


def test_gate_check_wires_the_gate_into_gradle_check(copy_project, gradle, scripted_llm):
    llm = scripted_llm("aes-example.json")
    project = copy_project("example")
    build = project / "build.gradle"
    build.write_text(build.read_text(encoding="utf-8") + "\nmrCoupler { gateCheck = true }\n", encoding="utf-8")
    generate = gradle(project, "generateMetamorphicTests", *gradle_llm_args(llm), env=llm_env())
    assert generate.succeeded, generate
    source = project / AES_SOURCE
    source.write_text(source.read_text(encoding="utf-8").replace(DEFAULT_KEY, BROKEN), encoding="utf-8")

    check = gradle(project, "check", "-x", "test", env=llm_env())  # the example's own tests would catch it first

    assert not check.succeeded, check
    assert ":checkMetamorphicTests" in check.output and "kept metamorphic relation(s) violated" in check.output, check
