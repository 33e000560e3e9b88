"""A campaign's replay or save watched (the start screen's saves: Watch, and Figures): the war made again
from its start, its recorded commands given again at the pace a person follows (each battle's
commands a slice a frame, as a battle the generals resolve is shown), nobody playing it; or the war
as the file leaves it with its figures open (Tab, over its end). Each battle of it is watched from its
report as in a campaign played here; nothing is saved, and Esc goes back."""

from __future__ import annotations

import time
from collections.abc import Hashable
from pathlib import Path

from game.content.mods import Mod
from game.model.events import Note
from game.running.campaign_match import CampaignMatch, campaign_ref, load, new_campaign
from game.running.settings import SPEEDS, Settings
from game.ui.campaign.screen import AI_PAUSE, RESOLVE_SLICE, CampaignScreen
from game.ui.playing.ai_turns import ComputerTurns
from game.ui.playing.war_play import WarPlay

WATCHED = "replay"  # who plays each side, as the top bar says it (player_replay)


def watched_war(path: Path, mods: tuple[Mod, ...]) -> tuple[CampaignMatch, CampaignMatch]:
    """The campaign the file holds, checked whole (every command replayed to its digest), and the same
    campaign at its start (its content, mods, seed and limit), to give those commands to again."""
    full = load(path, mods)
    t = full.theatre
    try:
        fresh = new_campaign(campaign_ref(t), full.seed, t.rules.loaded_mods, full.max_turns)
    except BaseException:
        full.war.close()
        raise
    return full, fresh


class WarWatch(CampaignScreen):
    top_hint = "campaign_watch_top_hint"  # no orders, nothing saved

    def __init__(
        self,
        path: Path,
        mods: tuple[Mod, ...],
        size: tuple[int, int],
        settings: Settings | None = None,
        figures: bool = False,
    ) -> None:
        """`figures`: the war as the file leaves it, its figures open; else from its start."""
        full, fresh = watched_war(path, mods)
        self.commands = list(full.commands)
        shown = full if figures else fresh
        (fresh if figures else full).war.close()
        self.cursor = len(self.commands) if figures else 0  # the next command to give again
        self.wait = 0.0
        nobody = dict.fromkeys(shown.war.sides, WATCHED)
        super().__init__(WarPlay(shown, nobody, ComputerTurns({})), size, settings)
        if figures:  # its news were read when it was played
            self.page = "figures"
            self.reported = len(shown.war.fought)
            said = [(e.details or {}).get("say") for e in shown.war.events if isinstance(e, Note)]
            self.events_told = said.count("camp_event")

    def reads_news(self) -> bool:
        return True  # the person watching: each battle's report (to watch it), the calendar's events

    @property
    def at_stake(self) -> bool:
        return False  # nothing to lose by leaving

    @property
    def wants_table(self) -> bool:
        return False  # a battle fought on the table is watched here, command by command

    def save(self, autosave: bool = False) -> bool:
        return False  # a replay watched is not a game to keep

    def pace(self) -> float | None:
        if self.cursor >= len(self.commands) or self.menu is not None or self.page is not None:
            return None
        return 0.0 if self.war.battle is not None else max(0.0, self.wait)

    def stamp(self) -> Hashable:
        return super().stamp(), self.cursor

    def update(self, dt: float) -> None:
        self._news()
        if self.cursor >= len(self.commands) or self.menu is not None or self.page is not None:
            return
        if self.war.battle is not None:  # a battle's commands: a slice a frame
            end = time.monotonic() + RESOLVE_SLICE
            while self.war.battle is not None and self.cursor < len(self.commands) and time.monotonic() < end:
                self._next()
            return
        self.wait -= dt
        if self.wait <= 0:
            self._next()
            self.wait = AI_PAUSE / SPEEDS[self.speed_index]

    def _next(self) -> None:
        self.send(self.commands[self.cursor])
        self.cursor += 1
