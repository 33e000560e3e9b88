"""What a wargamer checks first in a computer general (issue 15, item 3), each on a small position
built for it: the search general (level hard, balanced temperament) must do the sound thing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.ai.players import make_player
from game.ai.search import SearchPlayer
from game.model import commands as cmd
from game.model.battle import Battle, GameState, ObjectiveState
from game.model.geometry import dist
from game.model.resolution import Decision
from systems.for_glory.measure import gap, gap_to_point
from systems.for_glory.odds import leadership_odds
from tests.helpers import officer, unit

XS, M, L = 2.0, 6.0, 8.0  # FG-MEAS-1, -3, -4


def general(side: str = "a") -> SearchPlayer:
    player = make_player("hard", side, 1)
    assert isinstance(player, SearchPlayer)
    return player


def field(b: Battle, objectives: tuple[ObjectiveState, ...] = ()) -> Battle:
    b.game = GameState(
        "test", ["a", "b"], {"a": "south", "b": "north"}, list(objectives), round=2, phase="orders"
    )
    return b


def ordered(b: Battle, *units: str) -> cmd.Command:
    player = general()
    c = player.decide(b, Decision("order", "a", "", tuple(units)))
    assert player.thought is not None and player.thought.chosen.command == c  # the reasons are of it
    return c


def where(b: Battle, c: cmd.Command) -> tuple[float, float]:
    """Where a unit would stand after the command (its position now if the command is not a move)."""
    assert isinstance(c, cmd.Move), c
    return c.to


def test_cavalry_charges_when_the_odds_favour_it(battle: Callable[..., Battle]) -> None:
    """Heavy cavalry 3" from a battered line brigade's flank charges it (FG-CHG, the odds say so)."""
    b = field(battle(seed=1))
    unit(b, "a1", "a", (30, 20), 90, cat="HC")
    officer(b, "a-staff", "a", (30, 10), role="staff")
    unit(b, "b1", "b", (30, 24.5), 0, hits=2)
    officer(b, "b-staff", "b", (40, 40), role="staff")
    c = ordered(b, "a1")
    assert c == cmd.Charge("a1", "b1")


def test_cavalry_keeps_out_of_musket_range_when_no_charge_pays(battle: Callable[..., Battle]) -> None:
    """Cavalry facing a fresh line of three brigades does not end its move where they can shoot it."""
    b = field(battle(seed=1))
    unit(b, "a1", "a", (36, 12), 90, cat="LC")
    officer(b, "a-staff", "a", (36, 4), role="staff")
    for i, x in enumerate((32.0, 36.0, 40.0)):
        unit(b, f"b{i}", "b", (x, 22), 270)
    officer(b, "b-staff", "b", (36, 40), role="staff")
    c = ordered(b, "a1")
    assert not isinstance(c, cmd.Charge), c
    if isinstance(c, cmd.Move):
        with b.supposing(b.ids["a1"], *c.to, c.facing):
            nearest = min(gap(b, b.ids["a1"], b.ids[f"b{i}"]) for i in range(3))
        assert nearest > XS + 0.1, (c, nearest)  # beyond a line brigade's range (XS) after moving


def test_artillery_moves_to_where_it_has_a_target(battle: Callable[..., Battle]) -> None:
    """A horse battery with nothing in range (M) moves to where it has, and shoots from there (a foot
    battery may only end a move by a road or a town, FG-UNIT: the same test would need a road)."""
    b = field(battle(seed=1))
    unit(b, "a1", "a", (36, 10), 90, cat="HA")
    officer(b, "a-staff", "a", (36, 4), role="staff")
    unit(b, "b1", "b", (36, 22.5), 270)
    officer(b, "b-staff", "b", (36, 40), role="staff")
    assert gap(b, b.ids["a1"], b.ids["b1"]) > M  # out of range where it stands
    c = ordered(b, "a1")
    assert isinstance(c, cmd.Move) and c.fire == "b1", c


def test_an_objective_near_at_hand_is_taken(battle: Callable[..., Battle]) -> None:
    """A brigade 5" from an objective nobody holds, no enemy near, goes to stand on it (AMB-35)."""
    b = field(battle(seed=1), (ObjectiveState("inn", (36.0, 17.0)),))
    unit(b, "a1", "a", (36, 12), 90)
    officer(b, "a-staff", "a", (36, 4), role="staff")
    unit(b, "b1", "b", (10, 40), 270)
    officer(b, "b-staff", "b", (10, 46), role="staff")
    first = ordered(b, "a1")
    assert isinstance(first, cmd.Move)
    with b.supposing(b.ids["a1"], *first.to, first.facing):
        left = gap_to_point(b, b.ids["a1"], (36.0, 17.0))
    assert left < 5.0 - 3.0  # most of a move (S = 4") closer
    assert dist(first.to, (36.0, 17.0)) < dist((36, 12), (36.0, 17.0))


def test_an_objective_held_is_not_left_when_the_enemy_is_near(battle: Callable[..., Battle]) -> None:
    """The brigade on an objective its side holds, with an enemy brigade 9" off, stays on it."""
    b = field(battle(seed=1), (ObjectiveState("inn", (36.0, 20.0), holder="a", ever={"a"}),))
    unit(b, "a1", "a", (36, 19), 90)
    officer(b, "a-staff", "a", (36, 10), role="staff")
    unit(b, "b1", "b", (36, 29), 270)
    officer(b, "b-staff", "b", (36, 40), role="staff")
    c = ordered(b, "a1")
    if isinstance(c, cmd.Move):
        with b.supposing(b.ids["a1"], *c.to, c.facing):
            assert gap_to_point(b, b.ids["a1"], (36.0, 20.0)) <= XS, c
    else:
        assert isinstance(c, cmd.Fire | cmd.EndActivation), c


def test_a_unit_far_from_the_fighting_is_committed(battle: Callable[..., Battle]) -> None:
    """A brigade left 30" behind, with nothing to shoot or take, marches towards the enemy."""
    b = field(battle(seed=1))
    unit(b, "a1", "a", (36, 6), 90)
    officer(b, "a-staff", "a", (36, 2), role="staff")
    unit(b, "b1", "b", (36, 40), 270)
    officer(b, "b-staff", "b", (36, 46), role="staff")
    c = ordered(b, "a1")
    assert isinstance(c, cmd.Move) and c.to[1] > 6 + 3.0, c  # most of its 4" (or a strategic 8")


def test_a_division_general_moves_to_keep_his_brigades_in_command(battle: Callable[..., Battle]) -> None:
    """A general 12" behind his two brigades moves up so that both are within L of him (FG-TERM-6)."""
    b = field(battle(seed=1))
    officer(b, "a-div", "a", (36, 4))
    unit(b, "a1", "a", (34, 16), 90, division="a-div")
    unit(b, "a2", "a", (38, 16), 90, division="a-div")
    officer(b, "a-staff", "a", (36, 2), role="staff")
    unit(b, "b1", "b", (36, 40), 270)
    officer(b, "b-staff", "b", (36, 46), role="staff")
    c = general().decide(b, Decision("officer_move", "a", "a-div"))
    assert isinstance(c, cmd.MoveOfficer)
    with b.supposing(b.ids["a-div"], *c.to):
        assert all(gap(b, b.ids[u], b.ids["a-div"]) <= L for u in ("a1", "a2"))


def test_the_estado_mayor_stays_within_reach_of_his_generals_and_out_of_harm(
    battle: Callable[..., Battle],
) -> None:
    """The estado mayor 14" behind his two generals moves up where their leadership checks pass more
    often (FG-LDR-2, FG-LDR-4), and never to where an enemy unit could reach him first."""
    b = field(battle(seed=1))
    officer(b, "a-div1", "a", (30, 20))
    officer(b, "a-div2", "a", (42, 20))
    unit(b, "a1", "a", (30, 22), 90, division="a-div1")
    unit(b, "a2", "a", (42, 22), 90, division="a-div2")
    officer(b, "a-staff", "a", (36, 6), role="staff")
    unit(b, "b1", "b", (36, 34), 270, cat="HC")
    officer(b, "b-staff", "b", (36, 46), role="staff")
    generals = [b.ids["a-div1"], b.ids["a-div2"]]
    before = sum(float(leadership_odds(b, o)) for o in generals)
    c = general().decide(b, Decision("staff_move", "a", "a-staff"))
    assert isinstance(c, cmd.MoveOfficer)
    with b.supposing(b.ids["a-staff"], *c.to):
        after = sum(float(leadership_odds(b, o)) for o in generals)
    assert after > before
    assert c.to[1] < 20  # still behind his own line, not between it and the hussars


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_gives_its_reasons(battle: Callable[..., Battle], level: str) -> None:
    """Each decision of a search general keeps what it weighed, best first (item 4)."""
    b = field(battle(seed=1))
    unit(b, "a1", "a", (30, 20), 90, cat="HC")
    officer(b, "a-staff", "a", (30, 10), role="staff")
    unit(b, "b1", "b", (30, 24.5), 0, hits=2)
    officer(b, "b-staff", "b", (40, 40), role="staff")
    player = make_player(level, "a", 1)
    assert isinstance(player, SearchPlayer)
    c = player.decide(b, Decision("order", "a", "", ("a1",)))
    t = player.thought
    assert t is not None and t.chosen.command == c and t.looked_at > 0
    values = [w.value for w in t.options]
    assert values == sorted(values, reverse=True) and len(t.options) >= 2
    assert any(dict(w.odds) for w in t.options)  # the charge's exact chances are kept with it
