"""Issue 38, the move's ghost at the edge of what the rules allow: dragged too far, it stops at the
longest legal move along the drag (FG-ORD-6) and says why it stops there, and the Move it sends is
that one; the mouse resting on an enemy draws no ghost on top of it (it asks for the odds)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.resolution import Decision
from game.ui.battle.human import HumanInput
from tests.helpers import make_battle, unit

LINE_INFANTRY_MOVE = 4.0  # FG-UNIT-12: S


@pytest.fixture
def ordering() -> Iterator[tuple[Battle, HumanInput]]:
    """A line infantry brigade to order, an enemy within XL to its side (no strategic move, FG-STRAT-1)
    facing away, and an enemy ahead of it."""
    b = make_battle()
    unit(b, "es-1a", "es", (10, 10), 90)
    unit(b, "fr-1a", "fr", (18, 10), 0)
    unit(b, "fr-1b", "fr", (10, 30), 270)
    h = HumanInput(b)
    h.start(Decision("order", "es", "es-1a", ("es-1a",)))
    yield b, h
    b.close()


def test_FG_ORD_6_a_unit_dragged_too_far_stops_at_its_longest_legal_move(ordering) -> None:
    """The playtest's defect: dragged past its allowance, the ghost turned red where the mouse was.
    Now it stays green at the farthest legal point along the drag, says why it goes no farther, and
    Enter sends that move."""
    _b, h = ordering
    h.grab((10, 10))
    h.hover((10, 20))
    h.drop((10, 20))
    g = h.ghost
    assert g is not None and g.ok, g
    assert g.at == pytest.approx((10, 10 + LINE_INFANTRY_MOVE), abs=0.03)
    assert g.wanted == (10, 20)  # the overlay draws a thin line on to where the mouse asked
    assert any(line == "stops as far as it may go: its allowance is spent (FG-UNIT-12)" for line in g.lines)
    sent = h.confirm()
    assert isinstance(sent, cmd.Move) and sent.to == g.at


def test_a_legal_drag_is_not_cut(ordering) -> None:
    _b, h = ordering
    h.grab((10, 10))
    h.drop((10, 12.5))
    assert h.ghost is not None and h.ghost.ok and h.ghost.at == (10, 12.5) and h.ghost.wanted is None


def test_no_move_ghost_on_an_enemy_under_the_mouse(ordering) -> None:
    """The playtest's defect: with Move pressed, the mouse on an enemy drew a red ghost on top of it,
    covering the enemy whose odds the hover box gives."""
    _b, h = ordering
    h.selected = "es-1a"  # clicked, then Move pressed
    h.press("move")
    h.hover((10, 30))
    assert h.hover_enemy == "fr-1b" and h.ghost is None
    h.hover((10, 12))
    assert h.ghost is not None and h.ghost.ok


def test_a_ghost_with_no_legal_point_on_its_line_is_red_and_never_sent() -> None:
    """Turned where it cannot stand (on a friend) and dragged at impassable ground next to it: no
    point of the line is legal, so the ghost stays red where the mouse is, with the reason, and
    Confirm sends nothing."""
    b = make_battle(terrain=[("impassable", ((0, 0), (9.5, 0), (9.5, 20), (0, 20)))])
    unit(b, "es-1a", "es", (10.5, 10), 90)
    unit(b, "es-1b", "es", (10.5, 11.5), 90)
    h = HumanInput(b)
    h.start(Decision("order", "es", "es-1a", ("es-1a", "es-1b")))
    h.grab((10.5, 10))
    h.turn(90)
    h.drop((5, 10))
    g = h.ghost
    assert g is not None and not g.ok and g.at == (5, 10) and any("(FG-" in line for line in g.lines), g
    assert h.confirm() is None
    b.close()
