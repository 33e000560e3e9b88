"""Open Wars as a game mode: its decisions and commands, how a map becomes a game, and its score.
The same session, commands, replays, saves, simulate and tournament serve it as For Glory."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.model import commands as cmd
from game.model.dice import D6, Dice
from game.model.modules import DecisionKind, GameMode, RuleModule, compose
from game.model.words import Wording
from systems.open_wars.combat import FallBack, TakeHit
from systems.open_wars.ending import Concede
from systems.open_wars.magic import Cast
from systems.open_wars.map_files import generated_map, load_map
from systems.open_wars.maps import MapOptions, OpenWarsMap
from systems.open_wars.moves import March, Recruit
from systems.open_wars.ruleset_files import load_rules
from systems.open_wars.state import Campaign
from systems.open_wars.stats import game_stats
from systems.open_wars.turn import game, score, start
from systems.open_wars.volley import Shoot
from systems.open_wars.words import chronicle, order_words, result_words

DECISIONS = (
    DecisionKind(
        "ow_recruit",
        (Recruit, cmd.Pass, Concede),
        prompt="{side}: recruit in a city you hold, or end your recruitment (OW-TURN-6)",
        rules=("OW-TURN-6", "OW-RECRUIT-1", "OW-RECRUIT-3", "OW-UNIT-5", "OW-STACK-1"),
    ),
    DecisionKind(
        "ow_move",
        (March, Cast, cmd.Pass, Concede),
        prompt="{side}: move a stack or cast a spell, or end your movement (OW-TURN-7)",
        rules=("OW-TURN-7", "OW-MOVE-2", "OW-MOVE-3", "OW-MOVE-5", "OW-LOC-4", "OW-MAGIC-5"),
    ),
    DecisionKind(
        "ow_cast",
        (Cast, cmd.Pass, Concede),
        prompt="{side}: cast a spell of the collection, or go on (OW-MAGIC-5)",
        rules=("OW-MAGIC-4", "OW-MAGIC-5", "OW-DEC-14"),
    ),
    DecisionKind(
        "ow_volley",
        (Shoot, Cast, cmd.Pass, Concede),
        prompt="{side}: {unit} shoots, casts a combat spell, or holds (OW-UNIT-1)",
        rules=("OW-UNIT-1", "OW-MAGIC-5", "OW-DEC-15", "OW-DEC-17"),
    ),
    DecisionKind(
        "ow_combat",
        (FallBack, cmd.Pass, Concede),
        prompt="{side}: {unit} attacks, or retreats? (OW-COMBAT-10)",
        rules=("OW-COMBAT-3", "OW-COMBAT-5", "OW-COMBAT-6", "OW-COMBAT-10", "OW-COMBAT-11"),
    ),
    DecisionKind(
        "ow_hits",
        (TakeHit, cmd.Pass, Concede),
        prompt="{side}: which of your cheapest tokens takes the next hit? (OW-COMBAT-7)",
        rules=("OW-COMBAT-2", "OW-COMBAT-6", "OW-COMBAT-7", "OW-COMBAT-9", "OW-DEC-11"),
    ),
)

OPEN_WARS = RuleModule(
    id="open-wars",
    name="Open Wars",
    description="a map of locations, gold and mana, recruitment in cities, stacks that march and fight "
    "in initiative order",
    prefix="OW-",
    mode="open-wars",
    decisions=DECISIONS,
    commands=(Recruit, March, FallBack, Cast, Shoot, TakeHit, Concede),
    dice=(D6,),
)


def setup(c: Any, world: OpenWarsMap, max_rounds: int | None) -> None:
    """The map's players at their homes, then the whole game up to its first decision."""
    start(c, max_rounds or world.spec.max_rounds)
    c.start(game(c))


def open_game(
    path: Path,
    seed: int,
    max_rounds: int | None,
    dice: Sequence[int] | None,
    modules: Sequence[str],
    words: Wording,
    mods: Sequence[Any] = (),
    options: dict[str, Any] | None = None,
) -> tuple[Campaign, Any, Any]:
    """A map file as a new game: (the campaign, the map, the rules); `words`: the refusals' English;
    `mods`: those of Open Wars among them lay their content over its ruleset; `options`: a random
    map's choices (MapOptions as plain data, OW-LOC-1), its seed the game's unless they name one."""
    rules = load_rules(None, tuple(mods))
    chosen = MapOptions.from_json(options, f"{path}: options") if options else None
    world = load_map(path, rules, chosen, seed)
    c = Campaign(compose("open-wars", modules), Dice(seed, dice), rules, world, words=words)
    setup(c, world, max_rounds)
    return c, world, rules


OPEN_WARS_MODE = GameMode(
    "open-wars",
    "Open Wars",
    OPEN_WARS.description,
    OPEN_WARS,
    setup,
    score,
    hooks=(),
    ruleset="open-wars",
    open=open_game,
    load_rules=load_rules,
    load_scenario=lambda path, rules: load_map(path, rules),
    log_lines=lambda c, events, t, describe: chronicle(events, c, t, describe),
    stats=game_stats,
    result=result_words,
    order_words=order_words,
    generate=generated_map,
)
