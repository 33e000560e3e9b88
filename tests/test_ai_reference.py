"""The reference generals play as they did (issue 39: `hard-2026-12` is today's hard frozen, the newer
generals measured against it): the commands it gives in a battle and in the puzzles shipped when it was
frozen are those it gave then. Its code is game/ai/general.py with every behaviour a later level switches
on left off, so a change to the shared code that changes its play fails here."""

from __future__ import annotations

import hashlib
import json
import types

import pytest

import game.ai.budget
from game import CONTENT
from game.ai.players import make_player
from game.model import commands as cmd
from game.running.match import new_match, play
from game.running.puzzle import solve

# the puzzles shipped when hard-2026-12 was frozen, and the commands it gave in each (a digest)
FROZEN_PUZZLES = {
    "chain-the-charge": "6ae71f8466541f6c",
    "charge-the-guns": "99af6666d58f0525",
    "face-the-guns": "5467d2c6f577df23",
    "finish-the-brigade": "8d646cd22527a922",
    "fire-standing": "c739af7fe95e1294",
    "flank-charge-first": "e873ff2477af0c14",
    "guard-the-objective": "a7389919e60b71c4",
    "keep-command": "b4a9dcefbac6a3ad",
    "no-lone-advance": "b5f4f5eb3431319c",
    "rally-not-obey": "33fdcece597efe92",
    "ride-round-the-wood": "7ee50d53f11a94b5",
    "save-the-estado-mayor": "d26eaf8f9e7f8801",
    "staff-to-the-failing-division": "848d5293960f91a8",
    "take-the-estado-mayor": "c9aea20d341da650",
}
BATTLE = ("default", 5, 4)  # scenario, seed, rounds: charges, reactions and extra moves among its orders
BATTLE_DIGEST = "af27a2f29294f066"


@pytest.fixture(autouse=True)
def _no_time_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """The count of positions alone ends a search (a slow machine would cut it short)."""
    monkeypatch.setattr(game.ai.budget, "time", types.SimpleNamespace(thread_time=lambda: 0.0))


def digest(commands: list[cmd.Command]) -> str:
    said = json.dumps([repr(c) for c in commands])
    return hashlib.sha256(said.encode()).hexdigest()[:16]


@pytest.mark.parametrize("name", sorted(FROZEN_PUZZLES))
def test_hard_2026_12_answers_the_puzzles_as_it_did(name: str) -> None:
    s = solve(CONTENT / "puzzles" / f"{name}.toml", "hard-2026-12", "hard-2026-12")
    assert digest(s.chosen) == FROZEN_PUZZLES[name], s.chosen


def test_hard_2026_12_plays_a_battle_as_it_did() -> None:
    scenario, seed, rounds = BATTLE
    m = new_match(scenario, seed, rounds)
    assert m.battle.game is not None
    try:
        sides = m.battle.game.sides
        play(m, {s: make_player("hard-2026-12", s, seed + i) for i, s in enumerate(sides)})
        assert any(isinstance(c, cmd.Charge) for c in m.commands)
        assert digest(m.commands) == BATTLE_DIGEST
    finally:
        m.battle.close()
