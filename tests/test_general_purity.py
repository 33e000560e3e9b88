"""Asking is never doing (issue 28): the generals weigh orders, reactions and plans on supposed poses
and on copies of the battle (Battle.supposing, Battle.copy), and a decision leaves the real battle as
it found it: every component of every piece, the bodies on the table, the events, the dice, the round's
state, esper's current world. Checked at every decision of puzzles that make the planner play orders
out on copies (charges, reactions, the extra move, officers): by hard, and by hard-2026-12, whose level
still plays a formation's first orders out (planner.py; hard's does not since 2026-11-29)."""

from __future__ import annotations

from typing import Any

import esper
import pytest

from game import CONTENT
from game.ai import planner
from game.ai.common import Player
from game.model.battle import Battle
from game.model.resolution import Decision
from game.running import puzzle

PLANNED = (
    "flank-charge-first",
    "chain-the-charge",
    "charge-the-guns",
    "save-the-estado-mayor",
    "keep-command",
)


def _state(b: Battle) -> tuple[Any, ...]:
    world = esper.current_world
    b.enter()
    pieces = {e: repr(esper.components_for_entity(e)) for e in sorted(esper.get_entities())}
    bodies = {e: (tuple(body.position), body.angle) for e, body in b.physics._bodies.items()}
    esper.switch_world(world)
    return (
        world,
        pieces,
        bodies,
        len(b.events),
        b.dice.used,
        b.dice._rng.getstate(),
        repr(b.game),
        repr(b.activation),
        repr(b.formations),
        repr(b.pending),
    )


@pytest.mark.parametrize("level", ["hard", "hard-2026-12"])
@pytest.mark.parametrize("name", PLANNED)
def test_a_generals_decision_leaves_the_battle_as_it_was(
    name: str, level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = puzzle.make_player
    checked: list[str] = []
    played_out: list[int] = []
    branches = planner.branches
    monkeypatch.setattr(planner, "branches", lambda *a, **k: played_out.append(1) or branches(*a, **k))

    def watched(*args: Any, **kwargs: Any) -> Player:
        player = made(*args, **kwargs)
        decide = player.decide

        def decide_watched(b: Battle, d: Decision) -> Any:
            before = _state(b)
            c = decide(b, d)
            assert _state(b) == before, f"{name}: deciding {d.kind} changed the battle"
            checked.append(d.kind)
            return c

        player.decide = decide_watched  # type: ignore[method-assign]
        return player

    monkeypatch.setattr(puzzle, "make_player", watched)
    found = puzzle.solve(CONTENT / "puzzles" / f"{name}.toml", level, level)
    assert len(checked) == len(found.chosen) >= 1
    if level == "hard-2026-12" and name == "flank-charge-first":
        assert played_out, "the planner played nothing out"  # its two charges at one brigade
