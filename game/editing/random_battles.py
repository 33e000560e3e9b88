"""Random battles and maps as files: asked of the game mode's own generator (`GameMode.generate`:
For Glory's is systems/for_glory/generate.py; Open Wars' lays out its random map, systems/open_wars/
map_files.py generated_map), checked
by the same checks as any scenario before a byte is written, and written as TOML."""

from __future__ import annotations

from dataclasses import replace

from game.content.module_records import rule_stack
from game.content.toml_text import dumps
from game.editing.document import Document
from game.editing.problems import problems_of
from game.model.errors import UserError
from game.model.modules import RandomOptions, game_mode, mode_for_ruleset
from game.model.ruleset import Ruleset


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
    """The id and the TOML text of a random battle (or map) of a game mode, checked as any scenario is."""
    found = game_mode(mode)
    if found is None:
        raise UserError(f"generate: no game mode {mode!r}")
    data = found.generate(agreed_ground(rules), seed, options)
    other = mode_for_ruleset(str(data.get("ruleset", rules.id)))
    doc = Document(data, "map" if other is not None else "scenario")
    map_rules = other.load_rules(None) if other is not None and other.load_rules is not None else None
    wrong = problems_of(doc, rules, map_rules)
    if wrong:  # the generator's own mistake: said, never written
        raise UserError(
            f"generate: seed {seed} made a battle with a problem at {wrong[0].key}: {wrong[0].text}"
        )
    return str(data["id"]), dumps(data)
