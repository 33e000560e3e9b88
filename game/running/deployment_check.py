"""Whether a For Glory battle's armies deploy as it starts (FG-DEP-6..10), found by deploying them: the
one check the random battle generator and check-content share, so neither passes a battle that the
game then refuses to begin."""

from __future__ import annotations

from game.ai.common import NoRoomToDeploy
from game.ai.heuristic import HeuristicPlayer
from game.content.army import with_armies
from game.content.scenario import Scenario, ScenarioFile
from game.model.errors import ContentError
from game.model.ruleset import Ruleset
from game.running.match import Match, Player, play, scenario_match
from systems.for_glory.deployment import most_in_division

# the match seeds a battle is deployed with: the seed rolls the officers' experience (which orders the
# deployment) and buys a points army, so a battle may deploy under one seed and not another
DEPLOY_SEEDS = (1, 2, 3, 4)
DEPLOYING = ("deploy", "place_staff")  # the decisions of a battle's start (FG-DEP)


def deployment_problem(sc: Scenario, rules: Ruleset) -> ContentError | None:
    """The battle's own refusal (a division no placement fits, as the computer player deploys it) under
    the first seed of DEPLOY_SEEDS that meets one, at the scenario's key of that division (its side's
    `army` when the division is bought); None when every division deploys under every seed."""
    for seed in DEPLOY_SEEDS:
        built = with_armies(sc, rules, seed, most_in_division(rules))
        m = scenario_match(built, rules, seed)
        players: dict[str, Player] = {s.id: HeuristicPlayer(s.id, seed) for s in built.spec.sides}
        try:
            play(m, players, until=_deployed)
        except NoRoomToDeploy as e:
            return ContentError(f"{sc.path}: {_division_key(sc.spec, e.side, e.division)}", str(e))
        finally:
            m.battle.close()
    return None


def _deployed(m: Match) -> bool:
    return m.battle.pending is None or m.battle.pending.kind not in DEPLOYING


def _division_key(spec: ScenarioFile, side: str, division: str) -> str:
    i = next(i for i, s in enumerate(spec.sides) if s.id == side)
    found = (j for j, d in enumerate(spec.sides[i].divisions) if d.id == division)
    return f"sides[{i}].divisions[{j}]" if (j := next(found, None)) is not None else f"sides[{i}].army"
