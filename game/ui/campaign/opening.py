"""A campaign opened for its screen: a new one as the start screen or the command line chose it (its
sides' seats, its seed), or a saved one where it stood."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from game.content.mods import load_mods
from game.model.errors import UserError
from game.running.campaign_match import new_campaign
from game.running.campaign_saves import load_campaign_save
from game.running.saves import save_meta
from game.running.seating import seated
from game.running.settings import Settings
from game.ui import theme
from game.ui.campaign.screen import CampaignScreen
from game.ui.playing.war_play import WarPlay


def open_war(
    load: Path | None,
    campaign: str | None,
    seed: int,
    seats: list[str],
    mods: Sequence[Path],
    size: tuple[int, int],
    settings: Settings,
) -> CampaignScreen:
    """The saved campaign `load`, or a new one of `campaign` (its id or file) whose sides the `seats`
    play in order (human or a computer level; a side not given plays as the last)."""
    loaded = tuple(load_mods(mods))
    if load is not None:
        m, players = load_campaign_save(load, loaded)
    else:
        assert campaign is not None
        m = new_campaign(campaign, seed, loaded)
        try:
            players = seated(m.war.sides, seats, seats[-1], "play")
        except UserError:
            m.war.close()
            raise
    screen = CampaignScreen(WarPlay.start(m, players, settings.ai_think), size, settings)
    net = save_meta(load).network if load is not None else None
    if net is not None:  # said, not silent: both sides are played here now (docs/network.md)
        screen.log.say("load_net_here", theme.GOOD, name=net.peer)
    return screen
