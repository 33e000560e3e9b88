"""A campaign played with a friend elsewhere (over the network or by file), as its two screens show it:
the war is the seat's (game/net/: each command applied once both machines have drawn its dice, the
other player's as they arrive), so the campaign's screen never applies a command itself; it gives this
player's to the seat and follows what comes back: the computer players' copy of the war (which
resolves this side's part of a battle the generals play: CAMP-DEC-10) and the copy of a battle on the
table the battle screen shows. While a battle is on the table, the battle screen asks the seat through
`TableSeat`, a seat whose game is that copy."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.model import commands as cmd
from game.model.events import Event
from game.net.played import Played
from game.net.said import Said
from game.net.seat import Arrival, Seat
from game.running.campaign_match import CampaignMatch
from game.running.match import Match
from game.ui.playing.remote_play import REMOTE, RemotePlay
from game.ui.playing.war_play import WarPlay
from game.ui.widgets.log_panel import LogPanel


@dataclass
class RemoteWar:
    seat: Seat
    play: WarPlay
    talk: RemotePlay  # the connection's or the file's words, the saves, what the panel says while waiting

    @classmethod
    def start(cls, seat: Seat, names: dict[str, str], think: float = 1.0) -> RemoteWar:
        m = seat.campaign
        assert m is not None
        other = next(s for s in m.war.sides if s != seat.local)
        play = WarPlay.start(m, {seat.local: "human", other: REMOTE}, think)
        return cls(seat, play, RemotePlay(seat, names))

    @property
    def may_act(self) -> bool:
        return self.seat.my_turn

    def give(self, c: cmd.Command) -> None:
        """This player's command: applied here once its dice are drawn (it comes back as an arrival)."""
        if self.seat.my_turn:
            self.seat.play(c)

    def step(self) -> list[Arrival]:
        """The commands applied since the last frame, whoever gave them: the computer players' copy of
        the war follows each, the battle on the table's copy too."""
        got = self.seat.step()
        for a in got:
            self.play.turns.applied(a.command)
        return got

    def table_commands(self) -> list[cmd.Command]:
        """The commands of the battle on the table that its copy has not yet had."""
        table, w = self.play.table, self.play.war
        if table is None or not w.fought:
            return []
        return w.fought[-1].commands[len(table.commands) :]

    def save(self, log: LogPanel, autosave: bool = False) -> bool:
        return self.talk.save(log, autosave)

    def close(self) -> None:
        self.seat.close()


class TableSeat:
    """The campaign's seat as the battle screen sees it while one of the war's battles is fought on the
    table: its game is the battle's copy, which takes each command of the battle as it arrives; this
    player's go to the war's seat. Leaving the battle screen leaves the seat open (the war goes on)."""

    def __init__(self, remote: RemoteWar) -> None:
        self.remote = remote
        self.paced = remote.seat.paced

    @property
    def match(self) -> Match | None:
        return self.remote.play.table

    @property
    def played(self) -> Played | None:
        return self.remote.seat.played

    @property
    def campaign(self) -> CampaignMatch | None:
        return None  # the battle screen shows the battle only

    @property
    def local(self) -> str:
        return self.remote.seat.local

    @property
    def peer_name(self) -> str:
        return self.remote.seat.peer_name

    @property
    def state(self) -> str:
        return self.remote.seat.state

    @property
    def my_turn(self) -> bool:
        return self.remote.seat.my_turn and self.remote.play.on_table()

    def step(self) -> list[Arrival]:
        """The battle's commands that arrived, applied to its copy, with the copy's events (those the
        battle screen shows); the war's own after the battle are the campaign screen's to tell."""
        got = self.remote.step()
        table = self.remote.play.table
        fresh = self.remote.table_commands()
        out = []
        for a in got:
            if table is not None and fresh and a.command is fresh[0]:
                events: list[Event] = table.apply(fresh.pop(0))
                out.append(Arrival(a.command, a.side, a.kind, events, a.mine))
        return out

    def play(self, c: cmd.Command) -> list[Event]:
        self.remote.give(c)
        return []

    def take_notices(self) -> list[Said]:
        return self.remote.seat.take_notices()

    def save(self, autosave: bool = False, path: Path | None = None) -> Path:
        return self.remote.seat.save(autosave, path)

    def close(self, reason: str = "left") -> None:
        """The battle screen is left: the war's seat stays open for the campaign's screen."""
