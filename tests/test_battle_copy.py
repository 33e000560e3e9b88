"""A battle's copy (Battle.copy, which the generals play orders out on) is the battle as it stands: every
component of every piece (the chosen modules' too), the bodies where they stand, the events, the round's
state; its own components, lists and space, so that playing on it leaves the battle as it was; the
frozen records shared."""

from __future__ import annotations

import dataclasses
from typing import Any

import esper
import pytest

from game.ai.players import make_player
from game.model.battle import Battle
from game.model.components import Officer, Unit
from game.model.dice import Dice
from game.running.match import new_match, play


def _pieces(b: Battle) -> dict[int, tuple[Any, ...]]:
    b.enter()
    return {e: esper.components_for_entity(e) for e in sorted(esper.get_entities())}


def _bodies(b: Battle) -> dict[int, tuple[float, float, tuple[Any, ...]]]:
    p = b.physics
    return {e: (*body.position, p.corners(e)) for e, body in p._bodies.items()}


def _angles(b: Battle) -> dict[int, float]:
    """Each body's angle (a copy's is set from the facing in degrees: made again from it, it may differ
    in its last bit)."""
    return {e: body.angle for e, body in b.physics._bodies.items()}


def test_a_copy_is_the_battle_as_it_stands_and_its_own() -> None:
    m = new_match("default", 3, max_rounds=10, modules=("clash-command", "clash-melee"))
    b = m.battle
    players = {s: make_player("heuristic", s, 5 + i) for i, s in enumerate(b.game.sides)}  # type: ignore[union-attr]
    play(m, players, until=lambda m: m.battle.game.round >= 3)  # type: ignore[union-attr]
    pieces, bodies, angles = _pieces(b), _bodies(b), _angles(b)
    state = (b.game, b.formations, b.activation, b.module_state)
    other = b.copy(Dice(1))
    try:
        copied = _pieces(other)
        assert copied == pieces and list(copied) == list(pieces)
        assert _bodies(other) == bodies
        assert _angles(other) == pytest.approx(angles, abs=1e-12)
        assert other.events == b.events and other.ids == b.ids and other.sides == b.sides
        # compared by value, not by repr: a copied set may iterate in another order (PYTHONHASHSEED)
        assert (other.game, other.formations, other.activation, other.module_state) == state
        for e, components in pieces.items():
            for mine, its in zip(components, copied[e], strict=True):
                assert its is not mine
                for f in dataclasses.fields(mine):
                    value = getattr(mine, f.name)
                    if isinstance(value, list | dict | set):
                        assert getattr(its, f.name) is not value
            unit = next((c for c in components if isinstance(c, Unit)), None)
            if unit is not None:  # the ruleset's records, frozen, are shared
                assert other.comp(e, Unit).category is unit.category
        officer = next(e for e, cs in pieces.items() if any(isinstance(c, Officer) for c in cs))
        other.comp(officer, Officer).assigned.append("nobody")
        e = next(iter(other.physics._bodies))
        other.place(e, 1.0, 1.0, 0.0)
        b.enter()
        assert "nobody" not in b.comp(officer, Officer).assigned
        assert _bodies(b) == bodies and _angles(b) == angles
    finally:
        other.close()
        b.enter()
