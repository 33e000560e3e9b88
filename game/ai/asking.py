"""The rules as the search generals ask them: odds, or None where the rules refuse (which refusal does
not matter to a general, so a cheap test that the rules would refuse may answer first), a cheap cut
by distance before the rules are asked, and the change of a position's worth by term."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from game.ai import common
from game.model.battle import Battle
from game.model.components import Unit
from game.model.geometry import dist
from game.model.resolution import Reject
from systems.for_glory.odds import fire_odds
from systems.for_glory.targets import fire_range, shot_sight


def delta(there: dict[str, float], here: dict[str, float]) -> dict[str, float]:
    """A position's worth less another's, term by term (the terms of either)."""
    return {k: there.get(k, 0.0) - here.get(k, 0.0) for k in dict.fromkeys([*there, *here])}


def odds_or_none(
    kind: Callable[..., dict[str, Fraction]], b: Battle, a: int, t: int, **kw: bool
) -> dict[str, Fraction] | None:
    """`kind`'s odds of `a` at `t`, or None where the rules refuse."""
    try:
        found: dict[str, Fraction] = kind(b, a, t, **kw)
    except Reject:
        return None
    return found


def shot_odds(b: Battle, a: int, t: int, **kw: bool) -> dict[str, Fraction] | None:
    """The odds of a shot (None: the rules refuse it). A target the shooter may not shoot at (out of
    range or unseen: shot_sight, kept for the decision) is refused by check_fire, which every fire_odds
    asks first: most shots a search asks about are, and the refusal costs more to make than to know."""
    if shot_sight(b, a, t) is None:
        return None
    return odds_or_none(fire_odds, b, a, t, **kw)


def near_enough(b: Battle, a: int, t: int, closing: bool = False) -> tuple[bool, bool]:
    """Whether `a` could be near enough `t` to shoot it (after a move too, when closing) and to charge
    it: a cheap cut by centres before the rules are asked (bases are at most a few inches wide)."""
    category = b.comp(a, Unit).category
    d = dist(common.centre(b, a), common.centre(b, t))
    move = b.rules.length(category.move)
    slack = 2 * b.rules.core.bases.unit_width
    rng = fire_range(b, a)
    shot = rng is not None and d <= rng + (move if closing else 0.0) + slack
    return shot, d <= move + slack
