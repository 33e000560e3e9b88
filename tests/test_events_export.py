"""`simulate --events FILE`: every event of the battle as one JSON line with the rule IDs behind it, so
a battle can be audited outside the game."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.ai.players import make_player
from game.cli.entry import main
from game.running.audit import MOVED, event_lines, rules_of
from game.running.match import new_match, play

RULE = re.compile(r"(FG|AMB)-[A-Z]*-?\d+")


def test_every_event_is_a_line_with_its_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "events.jsonl"
    assert main(["simulate", "--seed", "5", "--rounds", "2", "--events", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    m = new_match("default", 5, 2)
    play(m, {s: make_player("heuristic", s, 5 + i) for i, s in enumerate(m.battle.game.sides)})  # type: ignore[union-attr]
    try:
        assert len(lines) == len(m.battle.events) > 50
        for i, (line, event) in enumerate(zip(lines, m.battle.events, strict=True)):
            d = json.loads(line)
            assert d["n"] == i and d["kind"] == event.kind
            assert d["rules"] and all(RULE.fullmatch(r) for r in d["rules"]), d
            assert {k: v for k, v in d.items() if k not in ("n", "rules")} == json.loads(
                json.dumps(event.to_dict())
            )
    finally:
        m.battle.close()


def test_a_move_names_the_rule_of_how_it_was_made() -> None:
    assert rules_of({"kind": "moved", "how": "road"}) == ["FG-ROAD-1"]
    assert rules_of({"kind": "moved", "how": "extra", "stopped": "FG-MOVE-3"}) == ["FG-MOVE-3", "FG-CHG-4"]
    assert set(MOVED) >= {"move", "pivot", "road", "strategic", "retreat", "charge", "extra", "officer"}


def test_a_roll_names_its_rule_and_each_modifier_rule() -> None:
    d = {"kind": "roll", "rule": "FG-FIRE-1", "modifiers": [{"rule": "FG-CBT-6"}, {"rule": "FG-UNIT-26"}]}
    assert rules_of(d) == ["FG-FIRE-1", "FG-CBT-6", "FG-UNIT-26"]


def test_no_events_no_lines() -> None:
    assert event_lines([]) == ""
