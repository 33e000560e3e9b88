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
from systems.open_wars.combat import FallBack
from systems.open_wars.moves import March, Recruit
from systems.open_wars.records import OpenWarsMap, load_map, load_rules
from systems.open_wars.state import Campaign
from systems.open_wars.stats import game_stats
from systems.open_wars.turn import game, score, start
from systems.open_wars.words import narrate, result_words

DECISIONS = (
    DecisionKind(
        "ow_recruit",
        (Recruit, cmd.Pass),
        prompt="{side}: recruit in a city you hold, or end your recruitment (OW-TURN-6)",
        rules=("OW-TURN-6", "OW-RECRUIT-1", "OW-RECRUIT-3", "OW-UNIT-5", "OW-STACK-1"),
    ),
    DecisionKind(
        "ow_move",
        (March, cmd.Pass),
        prompt="{side}: move a stack, or end your movement (OW-TURN-7)",
        rules=("OW-TURN-7", "OW-MOVE-2", "OW-MOVE-3", "OW-MOVE-5", "OW-LOC-4"),
    ),
    DecisionKind(
        "ow_combat",
        (FallBack, cmd.Pass),
        prompt="{side}: {unit} attacks, or retreats? (OW-COMBAT-10)",
        rules=("OW-COMBAT-3", "OW-COMBAT-5", "OW-COMBAT-6", "OW-COMBAT-10", "OW-COMBAT-11"),
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
    commands=(Recruit, March, FallBack),
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
) -> tuple[Campaign, Any, Any]:
    """A map file as a new game: (the campaign, the map, the rules); `words`: the refusals' English."""
    rules = load_rules()
    world = load_map(path, rules)
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
    load_scenario=load_map,
    narrate=lambda c, e, t, describe: narrate(e, c, t, describe),
    stats=game_stats,
    result=result_words,
)
