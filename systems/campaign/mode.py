"""The campaign as a game mode: a war opened from a checked campaign file, its set-up and its score.
Its files are campaigns (content/campaigns/), not scenarios: it is opened by `new_war`, and the
registry knows it for its rule IDs, decisions, commands, numbers and words."""

from __future__ import annotations

from collections.abc import Sequence

from game.model.dice import Dice
from game.model.modules import GameMode, compose
from game.model.words import Wording
from systems.campaign.generate import random_campaign
from systems.campaign.rules_module import CAMPAIGN
from systems.campaign.state import War
from systems.campaign.theatre import Theatre
from systems.campaign.turn import setup
from systems.campaign.victory import score
from systems.campaign.words import narrate


def new_war(
    theatre: Theatre,
    seed: int,
    words: Wording,
    max_turns: int | None = None,
    dice: Sequence[int] | None = None,
) -> War:
    """A campaign at its first decision; `dice` fixes every die in order (tests), `words` are the
    refusals' English (the events record them)."""
    w = War(compose(CAMPAIGN.mode), Dice(seed, dice), theatre, words=words)
    setup(w, theatre, max_turns)
    return w


CAMPAIGN_MODE = GameMode(
    "campaign",
    "Campaign",
    CAMPAIGN.description,
    CAMPAIGN,
    setup,
    score,
    hooks=(),
    ruleset="campaign",
    generate=random_campaign,
    log_lines=lambda w, events, t, describe: [narrate(w, e, t, describe) for e in events],
)
