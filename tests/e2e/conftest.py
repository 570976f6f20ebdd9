"""Shared set-up of the end-to-end tests: real `mvn` and real `gradle` on copies of the example and
fixture projects. Run after `mvn install` of the reactor, which puts the plugins into ~/.m2:

    mvn -B install && python3 -m pytest tests/e2e -q
"""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "example"
FIXTURES = REPO / "tests" / "fixtures"
TIMEOUT = 600  # seconds per build; a first Gradle daemon start is the slow part

JVM_CRASH_MARKERS = ("A fatal error has been detected by the Java Runtime Environment", "hs_err_pid")


def plugin_version():
    """The reactor's version, read from the root pom (the first <version> is the project's own)."""
    pom = (REPO / "pom.xml").read_text(encoding="utf-8")
    return re.search(r"<artifactId>mr-coupler-parent</artifactId>\s*<version>([^<]+)</version>", pom).group(1)


@pytest.fixture(scope="session", autouse=True)
def installed_plugins():
    """Fail early with the fix, rather than with a resolution error in every test."""
    m2 = Path(os.environ.get("MAVEN_REPO", Path.home() / ".m2" / "repository"))
    version = plugin_version()
    for artifact in ("mr-coupler-bridge", "mr-coupler-maven-plugin", "mr-coupler-gradle-plugin"):
        jar = m2 / "io" / "mrcoupler" / artifact / version / f"{artifact}-{version}.jar"
        if not jar.is_file():
            pytest.fail(f"{jar} is missing: run `mvn -B install` in {REPO} before the end-to-end tests")


class Build:
    """The outcome of one build: exit code and the combined log."""

    def __init__(self, args, completed, project):
        self.args = args
        self.returncode = completed.returncode
        self.output = completed.stdout
        self.project = project

    def __repr__(self):  # shown by pytest when an assertion fails
        return f"$ {' '.join(self.args)}  (exit {self.returncode})\n{self.output}"

    @property
    def succeeded(self):
        return self.returncode == 0

    def lines(self, prefix):
        """Log lines starting with `prefix`, e.g. "[WARNING]"."""
        return [line for line in self.output.splitlines() if line.startswith(prefix)]


def _run(args, cwd, env=None):
    completed = subprocess.run(
        args,
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
        timeout=TIMEOUT,
    )
    return Build(args, completed, Path(cwd))


@pytest.fixture
def copy_project(tmp_path):
    """Copies the example (name "example") or a fixture of tests/fixtures into a fresh folder."""

    def copy(name):
        source = EXAMPLE if name == "example" else FIXTURES / name
        target = tmp_path / name
        # Build output of a manual run in the source folder must not leak into the test, nor the kept
        # MTCs scripts/example committed into the example (src/test/mr-coupler).
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("target", "build", ".gradle", "mr-coupler"))
        return target

    return copy


@pytest.fixture
def mvn():
    """Runs Maven in batch mode (plain log, no colours) in a project folder."""

    def run(project, *args, env=None):
        """`env` replaces the build's environment, e.g. `llm_env()` for a build that talks to the
        scripted LLM; the test runner's own environment by default."""
        return _run(["mvn", "-B", *args], project, env)

    return run


@pytest.fixture(scope="session")
def gradle_user_home(tmp_path_factory):
    """A Gradle user home of the test session's own, so its daemon can be stopped without touching
    anyone else's. Works offline: the plugin comes from mavenLocal(), which needs no cache."""
    home = tmp_path_factory.mktemp("gradle-user-home")
    yield home
    subprocess.run(["gradle", "-g", str(home), "--stop"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   timeout=TIMEOUT)


@pytest.fixture(scope="session")
def gradle_env_user_homes(tmp_path_factory):
    """Gradle before 4.10 on Java 9+ keeps the environment its daemon was started with
    (gradle/gradle#3468): a variable given to a later build never reaches the daemon. So builds with an
    environment of their own get a Gradle user home, and so a daemon, per environment, started with it.
    Returns the user home for an environment; stops those daemons at the end of the session."""
    homes = {}

    def home_for(env):
        # pytest sets PYTEST_CURRENT_TEST per test; it must not cost every test a daemon of its own.
        key = tuple(sorted((k, v) for k, v in env.items() if k != "PYTEST_CURRENT_TEST"))
        if key not in homes:
            homes[key] = (tmp_path_factory.mktemp("gradle-user-home-env"), env)
        return homes[key][0]

    yield home_for
    for home, env in homes.values():
        subprocess.run(["gradle", "-g", str(home), "--stop"], env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=TIMEOUT)


@pytest.fixture
def gradle(gradle_user_home, gradle_env_user_homes):
    """Runs Debian's Gradle offline, with a plain console, in a project folder. With `env=` (e.g.
    `llm_env()`) the build runs in that environment, on a daemon started with it (see
    `gradle_env_user_homes`)."""

    def run(project, *args, env=None):
        home = gradle_user_home if env is None else gradle_env_user_homes(env)
        return _run(["gradle", "-g", str(home), "--offline", "--console=plain", *args], project, env=env)

    return run


def gradle_llm_args(llm, *more):
    """The `-P` options that point `gradle generateMetamorphicTests` at a running ScriptedLlm, with the
    settings of the recorded AES conversation (bridge/.../GenerateSessionTest.java): its model, the key
    variable of `llm_env()`, and the two pairs of encryptText Algorithm 1 ranks first."""
    return [
        f"-Pmrcoupler.llm.baseUrl={llm.base_url}",
        "-Pmrcoupler.llm.model=deepseek-chat",
        "-Pmrcoupler.llm.apiKeyEnv=MRC_E2E_LLM_KEY",
        "-Pmrcoupler.maxPairsPerTarget=2",
        "-Pmrcoupler.couplingRanking=algorithm1",
        *more,
    ]


def read_couplings(path):
    assert path.is_file(), f"{path} was not written"
    return json.loads(path.read_text(encoding="utf-8"))


def coupled_method(target, name):
    """The coupled entry named `name` of one target of couplings.json."""
    for entry in target["coupled"]:
        if entry["method"] == name:
            return entry
    raise AssertionError(f"{name} is not coupled to {target['method']}: {[c['method'] for c in target['coupled']]}")


def assert_no_jvm_crash(build, *more_dirs):
    """A failure must be a build failure with a message, never a crashed JVM."""
    for marker in JVM_CRASH_MARKERS:
        assert marker not in build.output, build
    for folder in (build.project, *more_dirs):
        crashes = list(Path(folder).rglob("hs_err_pid*.log"))
        assert not crashes, f"JVM crash logs: {crashes}"


def assert_well_formed_target(target):
    """The fields every target of couplings.json carries (see native/src/report/couplings.rs)."""
    assert isinstance(target["class"], str) and target["class"]
    assert isinstance(target["method"], str) and target["method"]
    assert isinstance(target["params"], list)
    assert isinstance(target["candidates"], int)
    assert len(target["coupled"]) <= target["candidates"]
    for entry in target["coupled"]:
        assert isinstance(entry["method"], str) and isinstance(entry["params"], list), entry
        assert entry["features"], f"{entry['method']} is coupled without a feature"
        for feature in entry["features"]:
            assert feature["kind"] and feature["evidence"], feature


class ScriptedLlm:
    """A running tests/llm/scripted_server.py: its base URL, and the requests it received."""

    def __init__(self, process, port, log):
        self.process = process
        self.base_url = f"http://127.0.0.1:{port}/v1"
        self.log = log

    def requests(self):
        if not self.log.is_file():
            return []
        return [json.loads(line) for line in self.log.read_text(encoding="utf-8").splitlines()]


@pytest.fixture
def scripted_llm(tmp_path):
    """Starts the scripted OpenAI-compatible server on 127.0.0.1 with a script of
    tests/llm/scripts/ (e.g. "aes-example.json"); stops it after the test. The API key variable
    MRC_E2E_LLM_KEY is set for the builds the test starts (see `llm_env`)."""
    servers = []

    def start(script):
        log = tmp_path / f"llm-requests-{len(servers)}.jsonl"
        process = subprocess.Popen(
            ["python3", str(REPO / "tests" / "llm" / "scripted_server.py"), "--script",
             str(REPO / "tests" / "llm" / "scripts" / script), "--log", str(log), "--max-seconds", str(TIMEOUT)],
            stdout=subprocess.PIPE, text=True)
        port = int(process.stdout.readline().strip().removeprefix("PORT="))
        servers.append(process)
        return ScriptedLlm(process, port, log)

    yield start
    for process in servers:
        process.kill()
        process.wait()


def llm_env():
    """The environment of a build that talks to the scripted LLM: the fake key it expects."""
    return {**os.environ, "MRC_E2E_LLM_KEY": "sk-e2e-not-a-real-key"}


# --- Maven goals that talk to the scripted LLM (generate, check) -------------------------------

AES_TARGET = "com.acme.crypto.AESEncryption#encryptText"
AES_MTC = "com.acme.crypto.AESEncryption_encryptText_MTC1Test"  # the kept MTC of aes-example.json


def maven_llm_args(llm, *more):
    """The `-D` options that point `mvn mr-coupler:generate` at a running ScriptedLlm, with the
    settings of the recorded AES conversation (bridge/.../GenerateSessionTest.java): its model, the
    key variable of `llm_env()`, and the two pairs of encryptText Algorithm 1 ranks first."""
    return [
        f"-Dmrcoupler.llm.baseUrl={llm.base_url}",
        "-Dmrcoupler.llm.model=deepseek-chat",
        "-Dmrcoupler.llm.apiKeyEnv=MRC_E2E_LLM_KEY",
        "-Dmrcoupler.maxPairsPerTarget=2",
        "-Dmrcoupler.couplingRanking=algorithm1",
        *more,
    ]


def read_report(output_dir):
    """report.json of a generate run in `output_dir` (e.g. project/target/mr-coupler)."""
    path = Path(output_dir) / "report.json"
    assert path.is_file(), f"{path} was not written"
    return json.loads(path.read_text(encoding="utf-8"))


def candidates_by_pair(report):
    """The candidates of the first target of report.json, keyed by the coupled method's name."""
    return {c["pair"].split("(")[0]: c for c in report["targets"][0]["candidates"]}
