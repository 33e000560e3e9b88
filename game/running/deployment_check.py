"""Whether a For Glory battle's armies deploy as it starts (FG-DEP-6..10), found by deploying them: the
one check the random battle generator and check-content share, so neither passes a battle that the
game then refuses to begin."""

from __future__ import annotations

import hashlib

from game.ai.common import NoRoomToDeploy, deploy_spots, own_edge
from game.ai.heuristic import HeuristicPlayer
from game.content.army import with_armies
from game.content.scenario import Scenario, ScenarioFile
from game.model.commands import Deploy
from game.model.errors import ContentError
from game.model.ruleset import Ruleset
from game.running.match import Match, Player, play, scenario_match
from systems.for_glory.deployment import INWARD, lines_at, most_in_division

# the match seeds a battle is deployed with: the seed rolls the officers' experience (which orders the
# deployment) and buys a points army, so a battle may deploy under one seed and not another
DEPLOY_SEEDS = (1, 2, 3, 4)
DEPLOYING = ("deploy", "place_staff")  # the decisions of a battle's start (FG-DEP)

# What a battle deploys to under a ruleset, by what the battle holds and its rules' hash, wherever its file
# lies: the same battle under the same rules deploys the same way, and the mod manager, check-content and
# the editor ask again of files that did not change (the tests, of copies in folders of their own)
_FOUND: dict[tuple[str, str], tuple[str, ContentError] | None] = {}
_FOUND_MOST = 512  # entries: a few hundred bytes each


class Undeployable(ContentError):
    """The battle's refusal to begin at the scenario's key of the division: said in a language by the
    names the scenario gives its side and division in that language, as the battle says it."""

    def __init__(self, where: str, refusal: NoRoomToDeploy) -> None:
        super().__init__(where, str(refusal))
        # kept (in _FOUND, in reports) without the frames it was raised through: they hold the battle
        self.refusal = refusal.with_traceback(None)
        refusal.__context__ = None

    def __reduce__(self) -> tuple[object, ...]:
        return Undeployable, (self.where, self.refusal)

    def worded(self, language: str) -> tuple[str, dict[str, object]] | None:
        return self.refusal.worded(language)


def deployment_problem(sc: Scenario, rules: Ruleset) -> ContentError | None:
    """The battle's own refusal (a division no placement fits, as the computer player deploys it) under
    the first seed of DEPLOY_SEEDS that meets one, at the scenario's key of that division (its side's
    `army` when the division is bought); None when every division deploys under every seed."""
    held = hashlib.sha256(repr((sc.spec, sc.table)).encode()).hexdigest()  # under a millisecond
    key = (held, rules.content_hash)
    if key in _FOUND:
        known = _FOUND[key]
        return None if known is None else _at(f"{sc.path}{known[0]}", known[1])
    found = _deployment_problem(sc, rules)
    # a refusal is kept by its key in the file: one named elsewhere (a ruleset of other folders) is not
    if rules.content_hash and (found is None or found.where.startswith(str(sc.path))):
        if len(_FOUND) >= _FOUND_MOST:
            _FOUND.clear()
        _FOUND[key] = None if found is None else (found.where.removeprefix(str(sc.path)), found)
    return found


def _at(where: str, found: ContentError) -> ContentError:
    """A refusal found before, at the key of the file where it is found now."""
    if isinstance(found, Undeployable):
        return Undeployable(where, found.refusal)
    return ContentError(where, found.problem)


def _deployment_problem(sc: Scenario, rules: Ruleset) -> ContentError | None:
    for seed in DEPLOY_SEEDS:
        built = with_armies(sc, rules, seed, most_in_division(rules))
        m = scenario_match(built, rules, seed)
        players: dict[str, Player] = {s.id: HeuristicPlayer(s.id, seed) for s in built.spec.sides}
        try:
            play(m, players, until=_deployed)
        except NoRoomToDeploy as e:
            return Undeployable(f"{sc.path}: {_division_key(sc.spec, e.side, e.division)}", e)
        except ContentError as e:  # no legal placement of an estado mayor, say: the battle refuses it too
            return e
        finally:
            m.battle.close()
    return None


def _deployed(m: Match) -> bool:
    return m.battle.pending is None or m.battle.pending.kind not in DEPLOYING


def _division_key(spec: ScenarioFile, side: str, division: str) -> str:
    i = next(i for i, s in enumerate(spec.sides) if s.id == side)
    found = (j for j, d in enumerate(spec.sides[i].divisions) if d.id == division)
    return f"sides[{i}].divisions[{j}]" if (j := next(found, None)) is not None else f"sides[{i}].army"


def crowded_side(sc: Scenario, rules: Ruleset) -> tuple[str, int] | None:
    """A side (its id and its number of divisions) whose divisions could never all deploy as the
    computer deploys them, by a bound checked in a moment rather than by deploying (when asked points are
    refused, most of its time): each division's officer stands at a spot of its own (`deploy_spots`),
    each division in one of `lines_at`'s formations, whose first rank (up to four bases abreast) lies
    across the table at one of a few depths. Ranks at depths nearer than a base's depth overlap unless
    side by side, so along the table at most `layers` ranks stand one behind another, and their widths
    add up to at most `layers` times the table's width. None when the bound finds room for both sides
    (they may still find none: `deployment_problem` says)."""
    built = with_armies(sc, rules, DEPLOY_SEEDS[0], most_in_division(rules))
    m = scenario_match(built, rules, DEPLOY_SEEDS[0])
    b = m.battle
    try:
        bases = rules.core.bases
        for side in built.spec.sides:
            spots = set(deploy_spots(b, side.id, None))
            sizes = [len(d.units) for d in side.divisions if d.arrival == 0]  # on the table at the start
            # across the table: ranks lie along x, one behind another in y
            facing = INWARD[own_edge(b, side.id)]
            depths: set[float] = set()
            width = 0.0
            for n in sizes:
                names = [str(i) for i in range(n)]
                first = [_first_rank(c) for p in spots for c in lines_at(bases, "", names, p, facing)]
                half = bases.unit_depth / 2  # a rank off the table is none
                depths.update(y for y in (rank[0][2] for rank in first) if half <= y <= b.table.depth - half)
                width += max(u[1] for u in first[0]) - min(u[1] for u in first[0]) + bases.unit_width
            if len(sizes) > len(spots) or width > _layers(depths, bases.unit_depth) * b.table.width:
                return side.id, len(sizes)
        return None
    finally:
        b.close()


def _first_rank(c: Deploy) -> list[tuple[str, float, float, float]]:
    """A formation's first rank: its first unit's, the widest (the others fill ranks behind it)."""
    return [u for u in c.units if u[2] == c.units[0][2]]


def _layers(depths: set[float], apart: float) -> int:
    """The most of these depths that stand `apart` or more from each other (from the nearest up)."""
    count, last = 0, None
    for d in sorted(depths):
        if last is None or d - last >= apart - 1e-9:
            count, last = count + 1, d
    return count
