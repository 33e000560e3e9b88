"""Issue 39, item 6: `tournament` and bench/ai_match play their games on a Dask cluster when given its
scheduler's address (game/running/cluster.py), and give the same tables as --jobs; a wrong address or
a scheduler that does not answer is one line and exit code 2."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench import ai_match
from game.cli.entry import main
from game.running import cluster

distributed = pytest.importorskip("distributed")

GAMES = ["--games", "4", "--a", "heuristic", "--b", "random", "--scenario", "first-battle", "--rounds", "3"]


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A local cluster of two workers, each a process of its own (a battle's esper world is the
    process's: two games must not share one)."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=50
    ) as local:
        yield local.scheduler_address


def _json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, Any]:
    assert main(argv) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def test_a_tournament_on_the_cluster_gives_the_table_of_jobs_1(
    scheduler: str, capsys: pytest.CaptureFixture[str]
) -> None:
    here = _json(capsys, ["tournament", "--json", *GAMES, "--jobs", "1"])
    there = _json(capsys, ["tournament", "--json", *GAMES, "--cluster", scheduler])
    assert there == here
    assert here["pairs"][0]["games"] == 4 and sum(here["pairs"][0]["wins"].values()) == 4


def test_a_bench_match_on_the_cluster_plays_the_same_games_in_order(scheduler: str, tmp_path: Path) -> None:
    match = ["--a", "heuristic", "--b", "random", "--games", "3", "--seed", "5", "--scenario", "first-battle"]
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    ai_match.main([*match, "--out", str(one)])
    ai_match.main([*match, "--cluster", scheduler, "--out", str(two)])
    keys = ("seed", "swap", "winner", "rule", "rounds", "behaviour")
    games = [
        [{k: g[k] for k in keys} for g in map(json.loads, p.read_text().splitlines())] for p in (one, two)
    ]
    assert games[1] == games[0] and [g["seed"] for g in games[0]] == [5, 6, 7]


@pytest.mark.parametrize(
    ("address", "said"),
    [
        ("localhost:8786", "is not a scheduler's address: tcp://HOST:PORT"),
        ("tcp://127.0.0.1:70000", "is not a scheduler's address"),
        ("tcp://127.0.0.1:1", "no Dask scheduler answers there"),
    ],
)
def test_a_wrong_or_silent_scheduler_is_one_line_and_exit_2(
    address: str, said: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1.0)
    assert main(["tournament", *GAMES, "--cluster", address]) == 2
    err = capsys.readouterr().err.strip()
    assert said in err and "\n" not in err and "Traceback" not in err
    with pytest.raises(SystemExit) as ended:
        ai_match.main(["--a", "random", "--b", "random", "--games", "1", "--cluster", address])
    assert ended.value.code == 2
    err = capsys.readouterr().err.strip()
    assert said in err and "\n" not in err
