"""bench/open_wars_balance.py's --kept: a duel already played is read back from its file, not played
again, so that a long run cut short goes on where it stopped."""

from __future__ import annotations

import json
from pathlib import Path

from bench.open_wars_balance import kept_duel


def test_a_kept_duel_is_read_back_not_played(tmp_path: Path) -> None:
    kept = tmp_path / "duels.jsonl"
    record = {"first": "elves", "second": "orcs", "seed": 3, "level": "hard", "won": "orcs", "rounds": 9}
    record |= {"why": "holds every city", "seen": [["orcs", "cast", "magic-bolt", 4]]}
    other = record | {"seed": 4, "won": None}
    kept.write_text("\n".join(json.dumps(r) for r in (other, record)) + "\n")
    won, rounds, why, seen = kept_duel("elves", "orcs", 3, "hard", kept)
    assert (won, rounds, why) == ("orcs", 9, "holds every city")
    assert seen == {("orcs", "cast", "magic-bolt"): 4}
    assert kept.read_text().count("\n") == 2  # nothing played, nothing added
