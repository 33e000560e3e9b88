"""A plan for the formation: which of its units acts first. Each of the best first orders whose outcome
may change what the others can do (an attack on a target another unit could strike too, or near it;
an order that draws the reactions another unit's would meet) is played out on the general's own copy
of the battle, once per face of its first die (sandbox.py: a chance node), the enemy's reactions and
our cavalry's extra move answered by the generals' own policies. In each outcome the formation's other
units are weighed again (their shots and charges there; their moves as they were), and the first order
is worth its own value and the best the others can then do, by the chance of each outcome: a flank
charge before the frontal one, the unit that draws the reactions before the one that needs to be spared
them. Orders not played out count the others' best as it stands."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.ai.reasons import Weighed
from game.ai.sandbox import branches
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.geometry import dist
from game.model.resolution import Decision
from systems.for_glory.reaction import reactors

if TYPE_CHECKING:
    from game.ai.budget import Budget
    from game.ai.mind import Mind

NEAR = 6.0  # inches: an attack on a unit this near another's target may change that other's odds
SEEN = 0.1  # what it is worth to roll first, so that the other units act knowing the result
BRANCH_COST = 8  # evaluations of the budget one played-out outcome counts for


def plan(player: Mind, b: Battle, d: Decision, ranked: list[Weighed], budget: Budget) -> list[Weighed]:
    """The options re-ranked by the plan each begins: its own worth and the best the formation's other
    units can do after it (nothing, for the end of the activation), by the chance of each outcome."""
    width = player.general.level.plan
    units = list(d.options)
    if width <= 0 or len(units) < 2:
        return ranked
    best_of = _best_by_unit(ranked)
    moves = _best_by_unit([w for w in ranked if isinstance(w.command, cmd.Move)])
    candidates = [w for w in ranked if _unit(w) is not None][: width * 2]
    played = 0
    out: list[Weighed] = []
    for w in ranked:
        unit = _unit(w)
        if unit is None:
            out.append(w)
            continue
        later = max((v for u, v in best_of.items() if u != unit), default=0.0)
        if (
            w in candidates
            and played < width
            and budget.left > BRANCH_COST
            and _interacts(b, w, units, ranked)
        ):
            found = _played_out(player, b, w, [u for u in units if u != unit], moves, budget)
            if found is not None:
                later, played = found, played + 1
        out.append(_with_later(w, later))
    out.sort(key=lambda w: -w.value)
    return out


def unplayed(player: Mind, d: Decision, ranked: list[Weighed], w: Weighed) -> Weighed:
    """What `plan` makes of an option of `ranked`'s units it does not play out (general.py asks it of
    a move it weighs only once the plan is made): its worth and the best the formation's others can do."""
    if player.general.level.plan <= 0 or len(d.options) < 2:
        return w
    unit = _unit(w)
    return _with_later(w, max((v for u, v in _best_by_unit(ranked).items() if u != unit), default=0.0))


def _with_later(w: Weighed, later: float) -> Weighed:
    """The option worth its own value and `later`, the best the formation's other units can do after it."""
    if w.odds and later:
        later += SEEN  # the others act knowing how it turned out
    parts = dict(w.parts)
    if later:
        parts["plan"] = round(later, 3)
    return replace(w, value=round(w.value + later, 3), parts=tuple(parts.items()))


def _unit(w: Weighed) -> str | None:
    return getattr(w.command, "unit", None)


def _best_by_unit(ranked: list[Weighed]) -> dict[str, float]:
    out: dict[str, float] = {}
    for w in ranked:
        u = _unit(w)
        if u is not None and w.value > out.get(u, 0.0):
            out[u] = w.value
    return out


def _interacts(b: Battle, w: Weighed, units: list[str], ranked: list[Weighed]) -> bool:
    """May this order change what another unit of the formation can do? An attack whose target another
    of them could strike, or stands near one another could; an order of a unit in the reaction area of
    an enemy who could react to another of them too."""
    me = _unit(w)
    target = getattr(w.command, "target", None)
    others = [o for o in ranked if _unit(o) not in (None, me)]
    if target is not None and target in b.ids:
        there = b.pose(b.ids[target])
        for o in others:
            t = getattr(o.command, "target", None)
            if t is None or t not in b.ids:
                continue
            p = b.pose(b.ids[t])
            if t == target or dist((p.x, p.y), (there.x, there.y)) <= NEAR:
                return True
    mine = set(reactors(b, b.ids[me])) if me is not None else set()
    if not mine:
        return False
    for u in units:
        if (
            u != me
            and isinstance(w.command, cmd.Charge | cmd.Move | cmd.Fire)
            and mine & set(reactors(b, b.ids[u]))
        ):
            return True
    return False


def _played_out(
    player: Mind, b: Battle, w: Weighed, rest: list[str], moves: dict[str, float], budget: Budget
) -> float | None:
    """The expected best of the other units once this order is carried out (None: refused there):
    in each outcome, each unit's best shot, charge, rally or retreat there, or its best move as it was."""
    seed = int(player.rng.uniform(0, 2**31))
    expected = 0.0
    with branches(b, w.command, player.answer_in_copy, seed) as outcomes:
        if not outcomes:
            return None
        for branch in outcomes:
            budget.used += BRANCH_COST
            budget.left -= BRANCH_COST
            copy = branch.copy
            copy.enter()
            if copy.game is not None and copy.game.over:
                continue  # the order ended the battle: its own worth says how
            left = [u for u in rest if copy.in_play(copy.ids[u])]
            with copy.thinking():
                after = _best_by_unit(player.ranked(copy, left, budget, moves=False)) if left else {}
            expected += branch.chance * max(
                (max(after.get(u, 0.0), moves.get(u, 0.0)) for u in left), default=0.0
            )
    player.stakes(b)
    return expected
