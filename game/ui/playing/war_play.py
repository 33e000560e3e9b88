"""A campaign played in the window, as both its screens play it (the campaign's map, game/ui/campaign/, and
the battle screen while one of its battles is fought on the table): the war, who plays each side, their
computer players (one process, on a copy of the whole war: game/running/campaign_worker.py), saving it
and keeping it when a computer player fails. A battle on the table is shown on a copy of its own
(game/running/campaign_battles.py) that takes the same commands as the war: the battle screen draws it,
its end screen too, while the war has carried its result on."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.model import commands as cmd
from game.running.campaign_battles import table_match
from game.running.campaign_match import CampaignMatch
from game.running.campaign_saves import save_campaign
from game.running.match import Match
from game.running.recovery import recover_with
from game.ui.playing.ai_turns import ComputerTurns
from game.ui.widgets.log_panel import LogPanel
from game.ui.widgets.menu import logged_save
from systems.campaign.state import War


@dataclass
class WarPlay:
    campaign: CampaignMatch
    controllers: dict[str, str]  # side -> "human" or a computer player's kind (the battle screen's too)
    turns: ComputerTurns
    table: Match | None = None  # the battle on the table, as the battle screen shows it
    saved: int = 0  # the war's commands when it was opened or last saved here: leaving then loses none

    @classmethod
    def start(cls, m: CampaignMatch, controllers: dict[str, str], think: float = 1.0) -> WarPlay:
        return cls(m, controllers, ComputerTurns.campaign(m, controllers, think), saved=len(m.commands))

    @property
    def unsaved(self) -> bool:
        """Commands given since the war was opened or saved (on either screen)."""
        return len(self.campaign.commands) > self.saved

    @property
    def war(self) -> War:
        return self.campaign.war

    def on_table(self) -> bool:
        """A battle is being fought on the table (CAMP-DEC-10): the battle screen plays it."""
        w = self.war
        return w.battle is not None and w.fought[-1].resolved == "table"

    def open_table(self) -> Match:
        """The battle on the table as the battle screen shows it, at the command it stands at."""
        self.table = table_match(self.campaign, self.war.fought[-1])
        return self.table

    def apply(self, c: cmd.Command) -> None:
        """A command to the war (and to the battle's copy on screen, while it is open)."""
        fought = self.war.battle is not None  # a command to the battle, not to the war
        self.campaign.apply(c)
        if fought and self.table is not None:
            self.table.apply(c)

    def save(self, log: LogPanel, autosave: bool = False) -> bool:
        done = logged_save(
            lambda notes: save_campaign(self.campaign, self.controllers, autosave=autosave, notes=notes),
            log,
            autosave,
        )
        if done:
            self.saved = len(self.campaign.commands)
        return done

    def recover(self, error: BaseException) -> tuple[Path | None, Path | None, str]:
        """The war kept as a save and a crash report written, when a computer player failed."""
        m = self.campaign
        return recover_with(
            m.theatre.id, m.seed, lambda path: save_campaign(m, self.controllers, path), error
        )

    def leave_table(self) -> None:
        """The battle screen is closed: its copy of the battle goes with it."""
        if self.table is not None:
            self.table.battle.close()
            self.table = None

    def close(self) -> None:
        self.leave_table()
        self.turns.close()
        self.war.close()
