"""A campaign saved in the saves folder and resumed: its replay (game/running/campaign_match.py) with
who plays each side and the turn it stood at, written and listed as a battle's save is
(game/running/saves.py); loading it plays the whole war again to the decision where it was saved."""

from __future__ import annotations

from pathlib import Path

from game.ai.kinds import KINDS
from game.content.mods import Mod
from game.model.errors import ContentError
from game.running.campaign_match import CampaignMatch, load, replay_data
from game.running.saves import saved_players, write_save


def save_campaign(
    m: CampaignMatch,
    players: dict[str, str],
    path: Path | None = None,
    autosave: bool = False,
    notes: list[str] | None = None,
) -> Path:
    """Write the war with its players; to a new file of the saves folder unless a path is given (an
    autosave rotates the campaign's older ones out, as a battle's do)."""
    return write_save(replay_data(m), m.theatre.id, m.war.turn, players, path, autosave, notes)


def load_campaign_save(path: Path, mods: tuple[Mod, ...] = ()) -> tuple[CampaignMatch, dict[str, str]]:
    """A saved campaign and its players (a replay without them: a person on the first side, the
    heuristic generals on the other)."""
    m = load(path, mods)
    try:
        return m, saved_players(path, m.war.sides, KINDS)
    except ContentError:
        m.war.close()
        raise
