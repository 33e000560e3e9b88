"""The battle in figures, from its events: losses by round, each division's fate, the dice."""

from __future__ import annotations

from game.ai import make_player
from game.events import Destroyed, DivisionRemoved, Removed, Roll
from game.match import Match, new_match, play
from game.stats import battle_stats


def test_the_figures_add_up_to_the_events(matches: list[Match]) -> None:
    m = new_match("default", 5)
    matches.append(m)
    play(m, {s: make_player("heuristic", s, 5 + i) for i, s in enumerate(m.battle.game.sides)})  # type: ignore[union-attr]
    b = m.battle
    stats, fates = battle_stats(b)
    lost = [e for e in b.events if isinstance(e, Destroyed | Removed)]
    assert sum(n for s in stats.values() for n in s.losses.values()) == len(lost) > 0
    for side, st in stats.items():
        assert sum(st.losses.values()) == sum(1 for e in lost if b.side_of(b.ids[e.unit]) == side)
    rolls = [e for e in b.events if isinstance(e, Roll)]
    assert sum(s.rolls for s in stats.values()) == len(rolls)
    assert sum(s.pips for s in stats.values()) == sum(e.die for e in rolls)
    removed = {e.officer for e in b.events if isinstance(e, DivisionRemoved)}
    assert {f.division for f in fates if f.removed_in is not None} == removed == {"es-1", "fr-2"}
    assert all(f.removed_in == 8 for f in fates if f.division in removed)  # seed 5 ends in round 8
    assert len(fates) == 6
