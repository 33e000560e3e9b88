"""OW-RECRUIT-1: `simulate --log` tells a player's tokens of one unit bought in one place one after the
other in one line, as the screen's chronicle does (systems/open_wars/words.py `joined` and
`told_together`), in English and Spanish; no token is lost in the adding up."""

from __future__ import annotations

import json
import re
from itertools import pairwise
from pathlib import Path

import pytest

from game.cli.entry import main

# a recruit's line in each language: who, how many tokens, of what, where
LINES = {
    "en": (
        re.compile(r"^(.+) recruits (\d+) tokens? of (.+) in (.+) for \d+ gold \(OW-RECRUIT-1\)$"),
        "Barrow King recruits 4 tokens of Mummies in Gravenhall for 4 gold (OW-RECRUIT-1)",
    ),
    "es": (
        re.compile(r"^(.+) recluta (\d+) fichas? de (.+) en (.+) por \d+ de oro \(OW-RECRUIT-1\)$"),
        "El Rey del Túmulo recluta 4 fichas de Momias en Salón Sepulcral por 4 de oro (OW-RECRUIT-1)",
    ),
}


def what(recruit: tuple[str, ...]) -> tuple[str, ...]:
    """Who recruited what where (its count left out)."""
    return recruit[0], recruit[2], recruit[3]


@pytest.mark.parametrize("language", ["en", "es"])
def test_OW_RECRUIT_1_the_simulate_log_tells_a_run_of_recruits_in_one_line(
    language: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    events = tmp_path / "events.jsonl"
    argv = ["simulate", "--scenario", "ow-four-winds", "--seed", "1", "--log", "--lang", language]
    assert main([*argv, "--events", str(events)]) == 0
    out = capsys.readouterr().out.splitlines()
    pattern, grouped = LINES[language]
    assert grouped in out
    told = [(i, m.groups()) for i, line in enumerate(out) if (m := pattern.match(line))]
    # no line follows another recruiting the same player's same unit in the same place
    same = [a for (i, a), (j, b) in pairwise(told) if j == i + 1 and what(a) == what(b)]
    assert not same, same
    recruits = [
        e for line in events.read_text().splitlines() if (e := json.loads(line)).get("rule") == "OW-RECRUIT-1"
    ]
    assert len(told) < len(recruits)
    assert sum(int(who[1]) for _i, who in told) == sum(e["details"]["count"] for e in recruits)
