"""FG-REACT-4, AMB-24, AMB-25: the issue 38 report "the hard AI's unit asked two reactions of the same
brigade in one move (0.4" then 1.3")", read against the rules. A brigade may not react twice to one
move (FG-REACT-4: once per activation; AMB-25: one attempt per enemy formation activation, a failed
check included), and it never does. It may be asked at each pause of the move while it has not
reacted: the move pauses where it enters each reactor's area and again at its end, and at each pause
the reacting player may declare (AMB-24), so a brigade that let the mover pass at 0.4" may still react
at the end, once. Not a rules bug: the question now says where in the move it is asked."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.resolution import Decision
from tests.helpers import make_battle, of, officer, play, unit


@pytest.fixture
def approach() -> Iterator[Battle]:
    """Red infantry A walks 3.5" towards blue light infantry S, entering S's reaction area on its way
    and ending in it (a reaction shot at a 3 misses: S's morale passes at 4, its shot 1 - 2 misses)."""
    b = make_battle([4, 1, 4, 1])
    officer(b, "red-div", "red", (16, 26))
    unit(b, "A", "red", (16, 20), 0)
    unit(b, "S", "blue", (24, 20), 180, cat="LI")
    yield b
    b.close()


def test_AMB_24_a_brigade_that_let_the_mover_pass_is_asked_again_at_the_end(approach: Battle) -> None:
    asked: list[Decision] = []
    events = play(approach, cmd.Move("A", (19.5, 20)), asked=asked)
    assert [(d.stage, d.options) for d in asked] == [("during", ("S",)), ("end", ("S",))]
    assert not of(events, "reaction")


def test_FG_REACT_4_a_brigade_that_reacted_is_not_asked_again_in_the_move(approach: Battle) -> None:
    asked: list[Decision] = []
    events = play(approach, cmd.Move("A", (19.5, 20)), lambda d: cmd.React("S", "fire"), asked)
    assert [(d.stage, d.options) for d in asked] == [("during", ("S",))]
    assert [r.unit for r in of(events, "reaction")] == ["S"]
