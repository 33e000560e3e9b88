"""FG-REINF-1, AMB-40: when two of a side's divisions arrive at once and the player picks which enters,
a computer player deploys the first of them that fits (a reinforcement that can enter must); it passes
(stays in reserve) only when none fits. It used to try the first alone, pass, be refused and be asked
again for ever (issue 28: quick-battle, seed 1034, hard against normal, round 3)."""

from __future__ import annotations

from game.ai import common
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.resolution import Decision
from systems.for_glory.deployment import Arrivals

BOTH = Decision("deploy", "a", "", ("a-1", "a-2"), payload=Arrivals((("a-1", "west"), ("a-2", "east"))))
PLACED = cmd.Deploy("a-2", (40.0, 10.0), ())


def test_the_first_division_that_fits_enters(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    tried: list[str] = []

    def fits(b: Battle, d: Decision, division: str, order: object) -> cmd.Deploy | None:
        tried.append(division)
        return PLACED if division == "a-2" else None

    monkeypatch.setattr(common, "_deployment", fits)
    assert common.deploy_for(None, BOTH, list) == PLACED  # type: ignore[arg-type]
    assert tried == ["a-1", "a-2"]


def test_a_reinforcement_stays_in_reserve_only_when_none_fits(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(common, "_deployment", lambda *_: None)
    assert common.deploy_for(None, BOTH, list) == cmd.Pass()  # type: ignore[arg-type]


def test_the_estado_mayor_arriving_at_the_edge_is_placed_on_the_table() -> None:
    """AMB-41, FG-DEP-11: the estado mayor arrives with the first division; when it enters at the very
    edge of the table, behind its officers is off it. The computer player asked for the same spot off
    the table, was refused and was asked again for ever (default, seed 104, hard against hard-2026-11,
    sides swapped: the match stalled in round 1); it now places him beside or before them."""
    from game.ai.players import make_player
    from game.running import builtin_rules
    from game.running.match import new_match
    from systems.for_glory.deployment import check_staff

    builtin_rules.load()
    m = new_match("default", 104)
    b = m.battle
    try:
        assert b.game is not None
        sides = list(reversed(b.game.sides))
        kinds = ("hard", "hard-2026-11")
        players = {s: make_player(k, s, 104 + i) for i, (s, k) in enumerate(zip(sides, kinds, strict=True))}
        placed: list[str] = []
        while len(placed) < 2:
            d = b.pending
            assert d is not None and b.game.round <= 1, placed
            if d.kind == "place_staff":
                spot = common.staff_spot(b, d.side)
                assert isinstance(spot, cmd.PlaceStaff)
                check_staff(b, d.side, spot.at)  # FG-DEP-11: the French one was refused before
                placed.append(d.side)
            m.apply(players[d.side].decide(b, d))
        assert sorted(placed) == ["es", "fr"]
        assert b.pending is not None and b.pending.kind != "place_staff"  # not asked again
    finally:
        b.close()
