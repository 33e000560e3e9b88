"""What a game against a player elsewhere is to whoever shows it, over the network or by file: the
other player's commands as they arrive (`step`, never waiting), this player's (`play`), whether it is
his turn, what to tell him, and how to keep it. The window and the headless loop know only this."""

from __future__ import annotations

import getpass
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from game.model import commands as cmd
from game.model.errors import one_line
from game.model.events import Event
from game.net.played import Played
from game.net.said import Said
from game.running.campaign_match import CampaignMatch
from game.running.match import Match


@dataclass(frozen=True)
class Arrival:
    """A command applied here as it came from the other machine: the other player's, or (`mine`) this
    player's own once its dice were drawn there too; the decision it answered and its events."""

    command: cmd.Command
    side: str
    kind: str
    events: list[Event]
    mine: bool = False


class Seat(Protocol):
    paced: bool  # its commands come all at once (a turn file's) and are shown one at a time

    @property
    def match(self) -> Match | None: ...

    @property
    def played(self) -> Played | None: ...

    @property
    def campaign(self) -> CampaignMatch | None: ...

    @property
    def local(self) -> str: ...

    @property
    def peer_name(self) -> str: ...

    @property
    def state(self) -> str: ...

    @property
    def my_turn(self) -> bool: ...

    def step(self) -> list[Arrival]: ...

    def play(self, c: cmd.Command) -> list[Event]: ...

    def take_notices(self) -> list[Said]: ...

    def save(self, autosave: bool = False, path: Path | None = None) -> Path: ...

    def close(self, reason: str = "left") -> None: ...


def clean_name(name: object) -> str:
    """A player's name as shown: one line of printable text, at most 40 characters."""
    text = name if isinstance(name, str) else ""
    return one_line(" ".join("".join(c if c.isprintable() else " " for c in text).split()), 40) or "?"


def default_name() -> str:
    """The name a player goes by until he gives one: his login's."""
    try:
        return getpass.getuser().capitalize()[:40] or "Player"
    except (OSError, KeyError):
        return "Player"
