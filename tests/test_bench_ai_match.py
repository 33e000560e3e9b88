"""bench/ai_match: a match played in several processes writes the same games, in the same order, as
one played in one (the heuristic and random players search against no clock)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bench import ai_match

MATCH = ["--a", "heuristic", "--b", "random", "--games", "3", "--seed", "5", "--scenario", "first-battle"]
KEY = ("seed", "swap", "winner", "rule", "rounds", "behaviour")


def _games(path: Path) -> list[dict[str, Any]]:
    return [{k: g[k] for k in KEY} for g in map(json.loads, path.read_text().splitlines())]


def test_jobs_play_the_same_games_in_order(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    ai_match.main([*MATCH, "--out", str(one)])
    summed = ai_match.main([*MATCH, "--jobs", "2", "--out", str(two)])
    assert _games(two) == _games(one)
    assert [(g["seed"], g["swap"]) for g in _games(two)] == [(5, False), (6, True), (7, False)]
    assert summed is not None and summed["games"] == 3


def test_losses_counted_by_how(tmp_path: Path) -> None:
    """A brigade destroyed (FG-HIT) and one removed with its division (FG-LOST-3) are counted apart, each
    against the side that lost it, from the battle's events."""
    out = tmp_path / "games.jsonl"
    ai_match.main([*MATCH, "--out", str(out)])
    lost = [(side["units_destroyed"], side["units_removed"]) for g in _games(out) for side in g["behaviour"]]
    assert any(d > 0 for d, _ in lost), lost
