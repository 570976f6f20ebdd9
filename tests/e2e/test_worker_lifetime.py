"""The worker JVM dies with the build: `mvn mr-coupler:generate` killed while a generated test loops
forever leaves no worker JVM behind (found by the marker `-Dmrcoupler.worker=<scratch folder>` on its
command line) and, when Maven could clean up (SIGTERM), no scratch folder; after SIGKILL the worker
notices on its own, and the next run removes the folder. A second generate in the same project
meanwhile fails naming the first.

The example's AESEncryption.encryptText gets a planted endless loop, announced by a file in the
worker's working directory, and the built-in generator (no LLM) writes MTCs that call it."""

import os
import signal
import subprocess
import time
from pathlib import Path

from conftest import AES_TARGET, TIMEOUT

MARKER = "-Dmrcoupler.worker="
LOOPING = "mrc-looping"  # written by the planted loop into the worker's working directory
GONE_WITHIN = 10  # seconds: the watchdog polls twice a second; the JVM's exit takes the rest


def plant_endless_loop(project):
    source = project / "src/main/java/com/acme/crypto/AESEncryption.java"
    text = source.read_text(encoding="utf-8")
    head = "public static byte[] encryptText(String plainText, SecretKey secKey) throws GeneralSecurityException {"
    assert head in text
    loop = head + """
        try {
            java.nio.file.Files.createFile(java.nio.file.Paths.get("%s"));
        } catch (java.io.IOException alreadyThere) {
            // a later test of the class
        }
        while (plainText != null) {
            // never returns
        }""" % LOOPING
    source.write_text(text.replace(head, loop, 1), encoding="utf-8")


def workers_of(project):
    """Pids of the live processes whose command line carries the marker with a folder of `project`."""
    prefix = (MARKER + str(project) + os.sep).encode()
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            args = (entry / "cmdline").read_bytes().split(b"\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue  # it ended meanwhile
        if state not in ("Z", "X") and any(arg.startswith(prefix) for arg in args):
            pids.append(int(entry.name))
    return pids


def scratch_folders(project):
    work = project / "target" / "mr-coupler" / "work"
    return sorted(work.glob("executor-*")) if work.is_dir() else []


def start_generate(project, log):
    args = ["mvn", "-B", "mr-coupler:generate", f"-Dmrcoupler.targets={AES_TARGET}",
            "-Dmrcoupler.testTimeoutMs=300000"]  # the loop outlives the test: only the kill ends it
    return subprocess.Popen(args, cwd=project, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def await_looping(project, process, log_path):
    """Waits until a generated test is inside the planted loop in a worker JVM."""
    deadline = time.time() + TIMEOUT
    while time.time() < deadline:
        assert process.poll() is None, log_path.read_text(errors="replace")
        looping = [folder for folder in scratch_folders(project) if (folder / "cwd" / LOOPING).exists()]
        if looping and workers_of(project):
            return
        time.sleep(0.2)
    raise AssertionError("no generated test reached the loop: " + log_path.read_text(errors="replace"))


def await_no_worker(project):
    deadline = time.time() + GONE_WITHIN
    while workers_of(project) and time.time() < deadline:
        time.sleep(0.1)
    return workers_of(project)


def kill_leftovers(project, process):
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    for pid in workers_of(project):
        os.kill(pid, signal.SIGKILL)


def test_sigterm_of_maven_during_a_looping_test_leaves_no_worker_and_no_scratch_folder(copy_project, mvn, tmp_path):
    project = copy_project("example")
    plant_endless_loop(project)
    log_path = tmp_path / "generate.log"
    with open(log_path, "w") as log:
        process = start_generate(project, log)
        try:
            await_looping(project, process, log_path)

            # Meanwhile a second generate in the same project waits, then fails naming the first.
            second = mvn(project, "mr-coupler:generate", f"-Dmrcoupler.targets={AES_TARGET}")
            assert not second.succeeded, second
            assert f"Another MR-Coupler run, generate (pid {process.pid}," in second.output, second
            assert f"kill {process.pid}" in second.output, second
            assert workers_of(project), "the first run still runs its looping test"

            os.kill(process.pid, signal.SIGTERM)  # Maven's JVM only (mvn execs it), not its process group
            process.wait(timeout=60)
            survivors = await_no_worker(project)
        finally:
            kill_leftovers(project, process)
    assert not survivors, f"worker JVMs survived Maven's SIGTERM: {survivors}"
    assert scratch_folders(project) == [], "the scratch folder is removed on SIGTERM"


def test_sigkill_of_maven_during_a_looping_test_leaves_no_worker_and_the_next_run_removes_the_folder(
        copy_project, mvn, tmp_path):
    project = copy_project("example")
    plant_endless_loop(project)
    log_path = tmp_path / "generate.log"
    with open(log_path, "w") as log:
        process = start_generate(project, log)
        try:
            await_looping(project, process, log_path)

            os.kill(process.pid, signal.SIGKILL)  # no shutdown hook runs: the worker must notice alone
            process.wait(timeout=60)
            started = time.time()
            survivors = await_no_worker(project)
            seconds = time.time() - started
        finally:
            kill_leftovers(project, process)
    assert not survivors, f"worker JVMs survived Maven's SIGKILL: {survivors}"
    print(f"worker gone {seconds:.1f} s after SIGKILL of Maven")
    left = scratch_folders(project)
    assert left, "a JVM killed outright cannot remove its folder (if it did, this test shows nothing)"

    nxt = mvn(project, "mr-coupler:mutants", f"-Dmrcoupler.targets={AES_TARGET}")

    assert nxt.succeeded, nxt
    assert scratch_folders(project) == [], f"the next run removes the dead run's folder: {left}"
