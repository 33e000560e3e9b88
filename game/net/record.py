"""A network game as one machine holds it: the ledger of its commands and, for each, who gave it, both
machines' values of their dice chains (its dice are drawn from them) and both machines' tags on it
(game/net/dice_chain.py); and how many commands each side has given that the rules refused."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

from game.model import commands as cmd
from game.model.events import Event, Rejected
from game.net.dice_chain import LENGTH, Chain, roll_seed
from game.net.ledger import Follower, Ledger
from game.net.played import Played
from game.running.campaign_match import CampaignMatch
from game.running.match import Match

ROLES = ("host", "guest")


def other_role(role: str) -> str:
    return "guest" if role == "host" else "host"


def canonical(command: dict[str, object]) -> str:
    """A command as its tags cover it: its JSON, keys sorted, without spaces."""
    return json.dumps(command, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class Entry:
    """One command's agreement: the role that gave it, and each machine's chain value and tag."""

    author: str
    values: dict[str, str]  # role -> the value of its chain for this command
    tags: dict[str, str]  # role -> its tag on this command

    def to_json(self) -> list[str]:
        return [self.author, self.values["host"], self.values["guest"], self.tags["host"], self.tags["guest"]]

    @classmethod
    def from_json(cls, raw: list[str]) -> Entry:
        author, vh, vg, th, tg = raw
        return cls(author, {"host": vh, "guest": vg}, {"host": th, "guest": tg})


class Record(Ledger):
    """`role`: this machine's; `chain`: its own dice chain; `anchors`: both chains' anchors by role;
    `entries`: those of the game's commands (a save's), one each; `followed`: that save's game as it
    was loaded (game/net/ledger.py), not played again."""

    def __init__(
        self,
        played: Played | Match | CampaignMatch,
        local: str,
        role: str,
        game: str,
        chain: Chain,
        anchors: dict[str, str],
        entries: Iterable[Entry] = (),
        followed: Follower | None = None,
    ) -> None:
        self.role = role
        self.other = other_role(role)
        self.game = game
        self.chain = chain
        self.anchors = dict(anchors)
        self.entries = list(entries)
        self.refused_run: dict[str, int] = {}  # side -> its last commands in a row the rules refused
        self.refused_total: dict[str, int] = {}
        super().__init__(played, local, followed)

    def apply(self, c: cmd.Command, roll: int | None = None) -> list[Event]:
        side = self.turn() or ""
        events = super().apply(c, roll)
        self.count_refused(side, events)
        return events

    def count_refused(self, side: str, events: list[Event]) -> None:
        if events and all(isinstance(e, Rejected) for e in events):
            self.refused_run[side] = self.refused_run.get(side, 0) + 1
            self.refused_total[side] = self.refused_total.get(side, 0) + 1
        else:
            self.refused_run[side] = 0

    @property
    def full(self) -> bool:
        """The dice chains end here: no command more over the network."""
        return self.count >= LENGTH

    def author(self) -> str | None:
        """The role whose command the game waits for (None: the game is over)."""
        side = self.turn()
        return None if side is None else self.role if side == self.local else self.other

    def side_of(self, role: str) -> str:
        return self.local if role == self.role else self.peer

    def last_value(self, role: str) -> str:
        """The value of a role's chain for the last command (its anchor before any)."""
        return self.entries[-1].values[role] if self.entries else self.anchors[role]

    def mine(self, command: dict[str, object]) -> tuple[str, str]:
        """This machine's value and tag for the next command (given as JSON)."""
        n, author = self.count, self.author() or ""
        value = self.chain.value(n)
        return value, self.chain.tag(self.game, n, author, canonical(command), value)

    def entry(self, author: str, mine: tuple[str, str], theirs: tuple[str, str]) -> Entry:
        """A command's entry from this machine's value and tag and the other's."""
        return Entry(
            author,
            {self.role: mine[0], self.other: theirs[0]},
            {self.role: mine[1], self.other: theirs[1]},
        )

    def own_tag_on(self, n: int, author: str, command: dict[str, object], entry: Entry) -> bool:
        """Command n, as `entry` gives it, is one this machine agreed to."""
        if not 0 <= n < LENGTH:
            return False
        value = entry.values[self.role]
        return value == self.chain.value(n) and self.chain.tagged(
            entry.tags[self.role], self.game, n, author, canonical(command), value
        )

    def play(self, c: cmd.Command, entry: Entry) -> list[Event]:
        """The next command, its dice drawn from both machines' values."""
        n = self.count
        events = self.apply(c, roll_seed(self.played.seed, n, entry.values["host"], entry.values["guest"]))
        self.entries.append(entry)
        return events
