"""The command line as a real process: Ctrl-C, dying parents and closed pipes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import psutil
import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and pipes")

PROGRAM = [sys.executable, "-m", "patience"]


def _interruptible() -> None:
    """In the child before it runs: Ctrl-C as a terminal's program has it. A shell
    starts background jobs with SIGINT ignored, and Python keeps an ignored SIGINT
    ignored, so a suite run in the background would test nothing."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(*argv: str, quiet: bool = False) -> subprocess.Popen[str]:
    # A session of its own, so that SIGINT can go to the whole process group
    # as a terminal's Ctrl-C does (workers included).
    output = subprocess.DEVNULL if quiet else subprocess.PIPE
    return subprocess.Popen(
        [*PROGRAM, *argv],
        stdout=output,
        stderr=output,
        text=True,
        start_new_session=True,
        preexec_fn=_interruptible,
    )


def workers_of(proc: subprocess.Popen[str], count: int) -> list[psutil.Process]:
    """Wait (up to 20 s) until ``proc`` has ``count`` child processes at work."""
    parent = psutil.Process(proc.pid)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        children = parent.children(recursive=True)
        if len(children) >= count:
            time.sleep(0.5)  # let them get into their first chunks
            return parent.children(recursive=True)
        time.sleep(0.05)
    proc.kill()
    pytest.fail(f"no {count} workers appeared")


def at_work(proc: subprocess.Popen[str], seconds: float = 1.0) -> None:
    """Wait (up to 30 s) until ``proc`` has used ``seconds`` of processor time,
    well past its start-up (importing the package takes about a third of a
    second): a Ctrl-C during the imports ends Python before the program's own
    handling is in place, and on a loaded machine a fixed sleep may not cover them."""
    process = psutil.Process(proc.pid)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        used = process.cpu_times()
        if used.user + used.system >= seconds:
            return
        time.sleep(0.05)
    proc.kill()
    pytest.fail(f"the program did not use {seconds} s of processor time within 30 s")


def finish(proc: subprocess.Popen[str]) -> tuple[str, str]:
    try:
        return proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail("the program did not stop within 30 s")


def test_ctrl_c_stops_a_parallel_simulation() -> None:
    proc = start("simulate", "spider", "--deals", "100000", "--jobs", "2")
    workers = workers_of(proc, 2)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = finish(proc)
    assert proc.returncode == 130
    assert "Traceback" not in err and err.rstrip().endswith("interrupted")
    _, alive = psutil.wait_procs(workers, timeout=10)
    assert alive == []


def test_ctrl_c_stops_a_sequential_simulation() -> None:
    proc = start("simulate", "spider", "--deals", "100000")
    at_work(proc)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = finish(proc)
    assert proc.returncode == 130
    assert "Traceback" not in err and err.rstrip().endswith("interrupted")


def test_workers_die_with_their_parent() -> None:
    # No pipes: orphaned workers would hold them open.
    proc = start("simulate", "spider", "--deals", "100000", "--jobs", "2", quiet=True)
    workers = workers_of(proc, 2)
    proc.kill()  # no chance to clean up
    proc.wait()
    _, alive = psutil.wait_procs(workers, timeout=10)
    for orphan in alive:
        orphan.kill()
    assert alive == []


@pytest.mark.parametrize(
    "argv",
    [
        ["demo"],
        ["games"],
        ["show", "klondike", "--json", "-"],
        ["solve", "railroad", "--seed", "5", "--json", "-"],
    ],
)
def test_a_closed_pipe_ends_quietly(argv: list[str]) -> None:
    # The reader has gone before the first line is written (as `| head -0`),
    # so the very first write meets a broken pipe.
    read, write = os.pipe()
    os.close(read)
    try:
        proc = subprocess.run(
            [*PROGRAM, *argv], stdout=write, stderr=subprocess.PIPE, text=True, timeout=60
        )
    finally:
        os.close(write)
    assert "Traceback" not in proc.stderr and "BrokenPipe" not in proc.stderr
    assert proc.returncode == 141
