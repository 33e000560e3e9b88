"""The other player of a game played with a friend elsewhere (game/net/), as both game modes' screens
show him: his commands as they arrive (over the network, or from the turn file opened, one at a time
so each is seen), a line in the log naming him and what he does, what the connection or the file
says, and whether this player may act. The network runs in its own threads: each frame only asks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.content.locale import Texts
from game.model import commands as cmd
from game.model.errors import UserError
from game.net.said import Said
from game.net.seat import Arrival, Seat
from game.ui import theme
from game.ui.desktop import hand_over
from game.ui.widgets.log_panel import LogPanel

WRITTEN = ("file_written", "file_written_first")  # the lines of a turn file written, to send
FILE_PAUSE = 0.5  # seconds between the commands of a turn file at speed 1, as between an AI's
REMOTE = "remote"  # the controller of the other player's side


class RemotePlay:
    def __init__(self, seat: Seat, names: dict[str, str]) -> None:
        self.seat = seat
        self.names = names  # side -> its name in the player's words
        self.wait = 0.0
        self.status: Said | None = None  # what stands while the game cannot go on (paused, stopped)

    @property
    def side(self) -> str:
        m = self.seat.match
        assert m is not None and m.battle.game is not None
        return next(s for s in m.battle.game.sides if s != self.seat.local)

    @property
    def may_act(self) -> bool:
        return self.seat.my_turn

    def controllers(self) -> dict[str, str]:
        return {self.seat.local: "human", self.side: REMOTE}

    def apply(self, c: cmd.Command) -> None:
        self.seat.play(c)

    def arrivals(self, dt: float, pause: float, busy: bool) -> list[Arrival]:
        """The other player's commands applied since the last frame. Over the network they come as
        they come; a turn file's one at a time, `pause` apart, once the screen has shown the last."""
        if not self.seat.paced:
            return self.seat.step()
        self.wait -= dt
        if busy or self.wait > 0:
            return []
        got = self.seat.step()
        if got:
            self.wait = pause
        return got

    def notices(self) -> list[Said]:
        """What the game says since the last frame; what stands (a pause, a stop) is kept as status."""
        said = self.seat.take_notices()
        state = self.seat.state
        if state in ("paused", "stopped"):
            bad = [n for n in said if n.bad]
            self.status = bad[-1] if bad else self.status
        else:
            self.status = None
        return said

    def acts(self, t: Texts, a: Arrival, name_of: Callable[[str], str]) -> str:
        """The log's line for a command of the other player's: his name, his side, what he does."""
        order = type(a.command).__name__.lower()
        key = next((k for k in (f"log_order_{order}", f"net_order_{order}") if t.has(k)), "")
        what = t(key) if key else order
        about = getattr(a.command, "unit", None) or getattr(a.command, "formation", None)
        if isinstance(about, str):
            what = f"{what} {name_of(about)}"
        side = self.names.get(a.side, a.side)
        return t("net_acts", name=self.seat.peer_name, side=side, what=what)

    def say(self, log: LogPanel, said: Said) -> None:
        """A line of the network or the file in the log, said again when the language changes; after a
        turn file written, how to hand it over (`hand_over`)."""
        log.add(
            said.words(log.t, self.names),
            theme.BAD if said.bad else theme.GOOD,
            "",
            lambda t: said.words(t, self.names),
        )
        if said.key in WRITTEN:
            log.say("file_written_keys", theme.TEXT_DIM)

    def hand_over(self, log: LogPanel, folder: bool) -> None:
        """Ctrl+O, Ctrl+C: the folder of the turn file this machine wrote last opened, or its path
        copied, for the player to send; said in the log (nothing by the network)."""
        written = getattr(self.seat, "written", None)
        if isinstance(written, Path):
            self.say(log, hand_over(written, folder))

    def waiting(self, t: Texts, deciding: str) -> str:
        """What the panel says while this player cannot act: the other player has the decision, or
        the game is paused or stopped (whoever's decision it is: `deciding`, a side)."""
        side = self.names.get(deciding, deciding)
        if self.seat.state == "sent":
            return t("file_waiting", side=side, name=self.seat.peer_name)
        if self.seat.state == "showing":
            return t("file_showing", side=side, name=self.seat.peer_name)
        if self.seat.state in ("paused", "stopped"):
            return t(f"net_waiting_{self.seat.state}", side=side, name=self.seat.peer_name)
        return t("net_waiting", side=side, name=self.seat.peer_name)

    def save(self, log: LogPanel, autosave: bool = False) -> bool:
        """Keep the game as the way it is played keeps it (a network game: a save that resumes it over
        the network; a game by file: its folder); the log says where, or why not. A network game is
        kept as soon as its screen opens: the seats' secret lives only in memory and in its saves, so
        a machine that crashed before its first round's autosave could never take its seat back."""
        if autosave and self.seat.paced:  # a game by file keeps itself in its folder, turn by turn
            return True
        try:
            path = self.seat.save(autosave)
        except UserError as e:
            log.say("not_saved", theme.BAD, why=e)
            return False
        log.say(
            "autosaved" if autosave else "saved", theme.TEXT_DIM if autosave else theme.GOOD, path=path.name
        )
        return True
