"""FG-REINF-1 (AMB-40): a reinforcement is placed whenever a legal placement exists along its entry
edge (systems/for_glory/entry_search.py), for the AI and the player alike (issue 24, deviation 5)."""

from __future__ import annotations

from collections.abc import Callable

from game.ai.common import deploy_for
from game.ai.players import make_player
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Officer
from game.model.resolution import Decision
from game.running.match import Match, new_match
from systems.for_glory.deployment import Arrivals, Entry, check_deploy, entry_placement
from systems.for_glory.entry_search import search_entry
from tests.helpers import unit


def bailen_round_4(matches: list[Match]) -> tuple[Match, Decision]:
    """Bailén, seed 1, random v random (as `simulate`): the French 4th division's arrival by the
    west edge in round 4, where the division's usual line fits nowhere."""
    m = new_match("bailen", 1)
    matches.append(m)
    b = m.battle
    first, second = b.game.sides  # type: ignore[union-attr]
    players = {first: make_player("random", first, m.seed), second: make_player("random", second, m.seed + 1)}
    while b.pending is not None:
        d = b.pending
        if d.kind == "deploy" and isinstance(d.payload, Arrivals) and "fr-4" in d.options:
            return m, d
        m.apply(players[d.side].decide(b, d))
    raise AssertionError("the French 4th division never arrived")


def test_FG_REINF_1_AMB_40_the_bailen_division_is_placed_in_the_corner(matches: list[Match]) -> None:
    """At Bailén the division fits only below the river in the south-west corner, its brigades strung
    along the table's side: the search finds it, the rule accepts it, the AI (and so the player's
    proposed placement) enters with it, and passing is refused (FG-REINF-1)."""
    m, d = bailen_round_4(matches)
    b = m.battle
    assert d.payload.edge("fr-4") == "west"  # type: ignore[union-attr]
    found = entry_placement(b, "fr-4", "west")
    assert found is not None
    check_deploy(b, found, "south", Entry("west"))  # raises if illegal
    assert found.officer_at[0] < 2 and all(y < 2 for _u, _x, y, _f in found.units)  # the corner
    assert deploy_for(b, d, lambda spots: spots) == found
    (refused,) = m.apply(cmd.Pass())
    assert refused.rule == "FG-REINF-1"
    events = m.apply(found)
    assert [e.kind for e in events][:1] == ["deployed"]


def test_FG_REINF_1_the_search_says_none_when_the_edge_is_held(battle: Callable[..., Battle]) -> None:
    """With enemy units every few inches along the whole edge, two columns deep, no base within reach
    of an officer at the edge stands XL from them: the search, complete over its grid, finds nothing
    (and the division rightly stays in reserve); at the free edge it finds a place."""
    b = battle()
    b.add_officer("d", "red", "division", 3, (0.0, 0.0), reserve=True)
    for i in range(2):
        b.add_unit(f"r{i}", "red", "d", "LnInf", "R", (0.0, 0.0), 90, 0, reserve=True)
    b.comp(b.ids["d"], Officer).assigned = ["r0", "r1"]
    for i, (x, y) in enumerate((x, y) for x in (6, 16) for y in range(2, 48, 6)):
        unit(b, f"e{i}", "blue", (float(x), float(y)), 180)
    accepted: list[object] = []
    assert search_entry(b, "d", "west", accepted.append) is None and not accepted
    assert search_entry(b, "d", "east", accepted.append) is not None  # the other edge is free
