"""A few fuzz cases of every kind of untrusted file, through the command line (tests/fuzzing.py; the
long run is `make fuzz`): each ends in a successful run or in one clear line per problem and exit 2,
never a traceback, within its time limit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.fuzzing import KINDS, Case, _replays, run_case

CASES = 8  # a kind; `make fuzz` runs thousands


@pytest.fixture(scope="module")
def replays(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    return _replays(tmp_path_factory.mktemp("replays"))


@pytest.mark.parametrize("kind", KINDS)
def test_fuzzed_files_end_cleanly(kind: str, replays: list[dict[str, Any]], tmp_path: Path) -> None:
    verdicts = [run_case(Case(kind, n, 20261125), replays, tmp_path) for n in range(CASES)]
    failures = [o for o in verdicts if o.verdict not in ("ok", "rejected")]
    assert failures == [], failures


def test_the_judge_tells_a_traceback_from_a_rejection(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The classification itself: a clean refusal, a success, and an exception escaping."""
    import game.cli.scenarios
    from tests.fuzzing import judge

    assert judge(["replay", str(tmp_path / "none.json")])[0] == "rejected"
    assert judge(["scenarios"])[0] == "ok"
    verdict, detail = judge(["replay", str(tmp_path / "x.json"), "--bogus-flag"])
    assert verdict == "rejected" and "unrecognized arguments" in detail

    def boom(args: object) -> int:
        raise ZeroDivisionError("planted")

    monkeypatch.setattr(game.cli.scenarios, "scenarios", boom)
    verdict, detail = judge(["scenarios"])
    assert verdict == "traceback" and "ZeroDivisionError: planted" in detail
