"""Random battles and maps as files: asked of the game mode's own generator (`GameMode.generate`:
For Glory's is systems/for_glory/generate.py; Open Wars' lays out its random map, systems/open_wars/
map_files.py generated_map), checked
by the same checks as any scenario before a byte is written, and written as TOML."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from game.content.module_records import rule_stack
from game.content.records import build
from game.content.scenario import MIN_DIVISIONS, MIN_UNITS, Scenario, ScenarioFile, cheapest, make_terrain
from game.content.toml_text import dumps
from game.editing.document import Document
from game.editing.problems import problems_of
from game.model.errors import UserError
from game.model.modules import GameMode, RandomOptions, game_mode, mode_for_ruleset
from game.model.ruleset import Ruleset
from game.model.table import Table
from game.model.words import table_size
from game.running.deployment_check import crowded_side, deployment_problem

# the share of the most points that deploy (in percent) a table too small for the default points gets:
# the deployment order differs by the match's seed, and at the very most some seed finds no room
FIT_MARGIN = 80


def agreed_ground(rules: Ruleset) -> Ruleset:
    """The ruleset with its terrain kinds moving as the rule modules its mods switch on agree before a
    battle (warhammer-terrain's impassable kinds, WM-37): a random battle keeps its deployment zones
    and objectives off ground no unit may enter. Itself when they agree nothing."""
    if not rules.module_ids:
        return rules
    stack = rule_stack(rules, rules.module_ids, "the mods' modules")
    classes = stack.hook("terrain_classes")(stack)
    if not classes:
        return rules
    kinds = {k: replace(kind, movement=classes.get(k, kind.movement)) for k, kind in rules.terrain.items()}
    return replace(rules, terrain=kinds)


def random_text(rules: Ruleset, mode: str, seed: int, options: RandomOptions) -> tuple[str, str]:
    """The id and the TOML text of a random battle (or map) of a game mode, checked as any scenario is;
    a For Glory battle also as it starts (`deploys`): when its armies do not deploy on its table, the
    default points shrink to the most that do, and points asked are refused in one line naming them."""
    found = game_mode(mode)
    if found is None:
        raise UserError(f"generate: no game mode {mode!r}")
    data = _checked(found, rules, seed, options)
    if mode_for_ruleset(str(data.get("ruleset", rules.id))) is not None:
        return str(data["id"]), dumps(data)
    if options.points is not None:  # points asked that the table can never hold: said at once
        crowded = crowded_side(_scenario(rules, data), rules)
        if crowded is not None:
            size = table_size(data["table"])
            raise UserError(
                f"generate: {options.points} points a side do not deploy on a table of {size} inches "
                f"(FG-DEP-6..10): the lines of their {crowded[1]} divisions need more room than it has; "
                "fewer --points or a larger --size"
            )
    if not deploys(rules, data):
        data = _fitted(found, rules, seed, options, data)
    return str(data["id"]), dumps(data)


def _checked(found: GameMode, rules: Ruleset, seed: int, options: RandomOptions) -> dict[str, Any]:
    """The data the mode's generator makes, refused when the file's checks find a problem in it."""
    data = found.generate(agreed_ground(rules), seed, options)
    other = mode_for_ruleset(str(data.get("ruleset", rules.id)))
    doc = Document(data, "map" if other is not None else "scenario")
    map_rules = other.load_rules(None) if other is not None and other.load_rules is not None else None
    wrong = problems_of(doc, rules, map_rules)
    if wrong:  # the generator's own mistake: said, never written
        raise UserError(
            f"generate: seed {seed} made a battle with a problem at {wrong[0].key}: {wrong[0].text}"
        )
    return data


def deploys(rules: Ruleset, data: dict[str, Any]) -> bool:
    """Whether every division of both sides of a For Glory scenario deploys as its battle starts
    (game/running/deployment_check.py)."""
    return deployment_problem(_scenario(rules, data), rules) is None


def _scenario(rules: Ruleset, data: dict[str, Any]) -> Scenario:
    where = f"{data['id']}.toml"
    spec = build(ScenarioFile, data, where)
    return Scenario(spec, Table(*spec.table, make_terrain(rules, spec.terrain, where)), Path(where), "")


def _fitted(
    found: GameMode, rules: Ruleset, seed: int, options: RandomOptions, made: dict[str, Any]
) -> dict[str, Any]:
    """The battle of the most points below those of `made` (which does not deploy) that deploys, found
    by halving, less FIT_MARGIN; when the points were asked, a line saying which points deploy instead."""
    spent = sum(
        rules.categories[u["category"]].points for d in made["sides"][0]["divisions"] for u in d["units"]
    )
    least = MIN_DIVISIONS * MIN_UNITS * cheapest(rules)
    low, high = least, (options.points or spent) - 1
    best: dict[str, Any] | None = None
    most = 0
    while low <= high:
        points = (low + high) // 2
        data = _checked(found, rules, seed, replace(options, points=points))
        if deploys(rules, data):
            best, most, low = data, points, points + 1
        else:
            high = points - 1
    if best is not None and options.points is None:  # the default: a margin below the most that deploy
        spare = _checked(found, rules, seed, replace(options, points=max(least, most * FIT_MARGIN // 100)))
        return spare if deploys(rules, spare) else best
    size = table_size(made["table"])
    if best is None:
        raise UserError(
            f"generate: no army deploys on a table of {size} inches (FG-DEP-6..10): a larger --size"
        )
    # the search halves as if more points never deployed where fewer did not: with another seed's armies
    # they may, so it names the points it found deploying, not a most
    raise UserError(
        f"generate: {options.points} points a side do not deploy on a table of {size} inches with seed "
        f"{seed} (FG-DEP-6..10): {most} do, or another --seed or a larger --size"
    )
