"""A smoke of the fuzzer (tests/fuzzing.py; the long run is `make fuzz`): one case of every kind, each in
a process and a sandbox of its own, ends well or in clean refusals; and the fuzzer sees each thing it
looks for when it happens: a traceback, a hang (even one that ignores the alarm), a segfault, a runaway
allocation, and a write or a removal outside the game's folders (seen by the audit hook, by the sandbox
compared, by the canaries of the case and those every case shares)."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import tests.fuzz_cases
import tests.fuzzing
from tests.fuzz_cases import KINDS, Step
from tests.fuzzing import BAD, Case, fuzz, isolated, judge, plant_canaries


def test_one_case_of_every_kind_ends_cleanly(tmp_path: Path) -> None:
    said: list[str] = []
    counts = fuzz(len(KINDS), 20261125, 2, tmp_path, report=said.append)
    assert sum(counts.values()) == len(KINDS) and {k for k, _v in counts} == set(KINDS)
    assert not [k for k in counts if k[1] in BAD], said
    assert said[-1].startswith("total") and len(said[-2 - len(KINDS)].split()) == 10  # the table's head


def _ignore_the_alarm() -> None:
    signal.signal(signal.SIGALRM, signal.SIG_IGN)
    time.sleep(600)


def _through_a_link() -> None:
    Path("link").symlink_to("../home/Documents")
    Path("link/x").write_text("x")


def _in_its_folders() -> None:
    Path("mine.json").write_text("x")
    Path("../data/forglory/saves").mkdir(parents=True)
    Path("../data/forglory/saves/s.json").write_text("x")


PLANTED: dict[str, tuple[Callable[[], object], str]] = {
    # from the case's work folder: its own canaries are beside it, the shared ones further up
    "writes beside the saves": (lambda: Path("../data/victim/new.json").write_text("x"), "outside"),
    "removes a canary": (lambda: Path("../victim/my-thesis.json").unlink(), "outside"),
    "through a link": (_through_a_link, "outside"),
    "a shared canary": (lambda: Path("../../victim/photo-2020.json").write_text("gone"), "outside"),
    "with its own hands": (lambda: os.system("echo x > ../home/victim/made-by-a-shell"), "outside"),
    "raises": (lambda: 1 / 0, "traceback"),
    "hangs": (lambda: time.sleep(600), "hang"),
    "ignores the alarm": (_ignore_the_alarm, "hang"),
    "crashes": (lambda: os.kill(os.getpid(), signal.SIGSEGV), "segfault"),
    "eats memory": (lambda: bytearray(3 << 30), "memory"),
    "writes in its folders": (_in_its_folders, "ok"),
}  # fmt: skip


@pytest.mark.parametrize("plant", PLANTED)
def test_the_fuzzer_sees_what_it_looks_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, plant: str
) -> None:
    call, expected = PLANTED[plant]
    monkeypatch.setitem(
        tests.fuzz_cases.BUILDERS, "ids", lambda *a: [Step(plant, call=lambda: call() and None)]
    )
    monkeypatch.setitem(tests.fuzzing.TIME_LIMITS, "ids", 1)
    monkeypatch.setattr(tests.fuzzing, "KILL_GRACE", 2)
    cases = tmp_path / "sandbox" / "cases"
    cases.mkdir(parents=True)
    for c in tests.fuzzing._shared_canaries(cases):
        plant_canaries(c)
    outcome = isolated(Case("ids", 1, 1), [], cases, tmp_path / "failures")
    assert outcome.verdict == expected, outcome
    if expected != "ok":
        assert outcome.reproducer and Path(outcome.reproducer).is_dir()
    assert not (cases / "ids-1-1").exists()  # each case's folder goes, whatever it holds
    if plant == "a shared canary":
        assert (cases / "victim" / "photo-2020.json").read_text() != "gone"  # put back for the next


def test_the_judge_tells_a_traceback_from_a_rejection(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The classification itself: a clean refusal, a success, and an exception escaping."""
    import game.cli.scenarios

    assert judge(["replay", str(tmp_path / "none.json")])[0] == "rejected"
    assert judge(["scenarios"])[0] == "ok"
    verdict, detail = judge(["replay", str(tmp_path / "x.json"), "--bogus-flag"])
    assert verdict == "rejected" and "unrecognized arguments" in detail

    def boom(args: object) -> int:
        raise ZeroDivisionError("planted")

    monkeypatch.setattr(game.cli.scenarios, "scenarios", boom)
    verdict, detail = judge(["scenarios"])
    assert verdict == "traceback" and "ZeroDivisionError: planted" in detail
