"""FG-CBT-9, FG-REACT-2, AMB-23: the odds of a shot or a charge made as a reaction (what the reaction's
buttons show and the computer weighs) are those of the reaction the rules resolve: with its -2."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest

from game.model import commands as cmd
from game.model.battle import Battle
from systems.for_glory.charge.odds import charge_odds, reaction_charge_odds
from systems.for_glory.odds import fire_odds, fire_reaction_odds
from tests.helpers import make_battle, officer, unit


@pytest.fixture
def asked() -> Iterator[Battle]:
    """EX-9's position: red infantry A advances; on entering the reaction area of blue light infantry
    S (its move and its range S), S is asked, and may charge or shoot."""
    b = make_battle(seed=1)
    officer(b, "red-div", "red", (18, 26))
    unit(b, "A", "red", (18, 20), 0)
    unit(b, "S", "blue", (24.2, 20), 180, cat="LI")
    b.apply(cmd.Activate("A", leadership=False))
    b.apply(cmd.Move("A", (21.4, 20)))
    assert b.pending is not None and b.pending.kind == "reaction" and b.pending.options == ("S",)
    yield b
    b.close()


def won(odds: dict[str, Fraction]) -> Fraction:
    return sum((p for k, p in odds.items() if k.startswith("won")), Fraction(0))


def test_FG_CBT_9_a_reaction_charge_is_weighed_with_its_minus_two(asked: Battle) -> None:
    """The reaction charge's odds, as the rules give them for the React command (and so the buttons and
    the generals), are the melee with -2 as a reaction: worse than the same charge given as an order.
    Before, the reaction's odds were the order's."""
    b = asked
    s, a = b.ids["S"], b.ids["A"]
    react = dict(b.stack.odds(b, cmd.React("S", "charge")) or {})
    assert react == reaction_charge_odds(b, s, a)
    assert won(react) < won(charge_odds(b, s, a))
    assert sum(react.values()) == 1


def test_FG_CBT_9_a_reaction_shot_is_weighed_with_its_minus_two(asked: Battle) -> None:
    b = asked
    s, a = b.ids["S"], b.ids["A"]
    assert dict(b.stack.odds(b, cmd.React("S", "fire")) or {}) == fire_reaction_odds(b, s, a)
    assert fire_reaction_odds(b, s, a) == fire_odds(b, s, a, reaction=True) != fire_odds(b, s, a)
