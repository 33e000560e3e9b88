"""CAMP-DEC-23: victory by the places and armies that decided the war. Each place of the campaign's
victory table is worth its points to whoever holds it, each enemy army destroyed its points, and the
war's first victory its points to its winner (CAMP-DEC-25); a side holding every such place wins at
once, a side with no army, no garrison and no city has lost, and at the turn limit the side with more
points wins (equal points: a draw)."""

from __future__ import annotations

from dataclasses import dataclass, field

from systems.campaign.state import War


@dataclass
class Score:
    total: int
    lines: dict[str, int] = field(default_factory=dict)


def first_victor(w: War) -> str | None:
    """CAMP-DEC-25: the side that won the war's first battle not drawn, if one has been won."""
    return next((f.result.winner for f in w.fought if f.result is not None and f.result.winner), None)


def score(w: War) -> dict[str, Score]:
    v = w.theatre.spec.victory
    first = first_victor(w)
    out = {}
    for side in w.sides:
        places = sum(p for loc, p in v.places.items() if w.control[loc] == side)
        armies = w.destroyed[side] * v.army_destroyed
        won = v.first_victory if side == first else 0
        lines = {"CAMP-DEC-23 places": places, "CAMP-DEC-23 armies": armies, "CAMP-DEC-25 first victory": won}
        out[side] = Score(places + armies + won, lines)
    return out


def check_victory(w: War) -> None:
    """At the end of a turn: a side holding every place of the victory table, a side wiped out, or
    the turn limit."""
    g = w.game
    assert g is not None
    v = w.theatre.spec.victory
    for side in w.sides:
        if all(w.control[loc] == side for loc in v.places):
            return finish(w, side, f"{w.name(side)} hold every place that decides the war", "places", side)
    for side in w.sides:
        if (
            not w.armies_of(side)
            and not any(x.side == side for x in w.garrisons if x.brigades)
            and not w.cities(side)
        ):
            enemy = w.enemy(side)
            return finish(w, enemy, f"{w.name(side)} have neither an army nor a city", "wiped", side)
    if g.max_rounds is not None and g.round >= g.max_rounds:
        totals = {s: x.total for s, x in score(w).items()}
        a, b = w.sides
        winner = a if totals[a] > totals[b] else b if totals[b] > totals[a] else None
        finish(w, winner, f"the turn limit of {g.max_rounds} is reached", "limit", None)


def finish(w: War, winner: str | None, reason: str, why: str, side: str | None) -> None:
    g = w.game
    assert g is not None
    g.over, g.winner, g.end_reason = True, winner, reason
    w.ending = (why, side)
    totals = {s: x.total for s, x in score(w).items()}
    w.note(
        "CAMP-DEC-23", "camp_over", f"the war ends: {reason}", winner=winner, why=why, side=side, score=totals
    )
