"""A network game in play (docs/network.md): each machine gives the commands of its own side, and
every command's dice are drawn by both machines after it is given (game/net/dice_chain.py).

    the author:  command (n, the command, its chain value, its tag)
    the other:   applies it, then roll (its own value, its tag, the digest after it)
    the author:  applies it (its dice are now known to both), then ack (the digest)

A machine that comes back behind takes the commands it missed as history, each only if it bears its
own tag (so the machine ahead cannot rewrite them), and decides nothing until it has caught up. A
side that keeps giving commands the rules refuse is disconnected; with a turn timer, a player whose
time is up has his decision taken by the computer general."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.model import commands as cmd
from game.model.errors import one_line
from game.model.events import Event
from game.model.resolution import Decision
from game.net.connection import Caller, Connection
from game.net.dice_chain import follows
from game.net.record import Entry
from game.net.said import Said
from game.net.seat import Arrival
from game.net.wire import Message, ProtocolError

REFUSED_IN_A_ROW = 20  # commands of one side the rules refuse in a row: its machine is disconnected
MOST_REFUSED = 200  # of a whole game: each one past this disconnects it (a save holds at most so many)
TIMER_PLAYER = "heuristic"  # who decides for a player whose time is up


@dataclass(frozen=True)
class Sent:
    """This machine's command given and not yet rolled."""

    n: int
    command: cmd.Command
    raw: dict[str, Any]
    value: str
    tag: str


class Exchange(Connection):
    paced = False  # the peer's commands come as he gives them

    def __init__(self, role: str, name: str, mods: tuple[Any, ...] = ()) -> None:
        super().__init__(role, name, mods)
        self.sent: Sent | None = None
        self.behind_until = 0  # commands the peer holds that this machine must take before deciding
        self._clock: tuple[Decision, float] | None = None  # the local decision timed, and since when

    @property
    def my_turn(self) -> bool:
        """The local player may give a command now: connected and caught up, the game waits for his
        side, and his last command has been rolled."""
        led = self.ledger
        return (
            self.state == "playing"
            and led is not None
            and self.sent is None
            and led.count >= self.behind_until
            and led.turn() == self.local
            and not led.full
        )

    def play(self, c: cmd.Command) -> list[Event]:
        """The local player's command, given: sent with this machine's value and tag. It is applied
        (its events come from `step` as an arrival of this player's) once the other machine's value
        has come back: until then nobody knows its dice."""
        assert self.ledger is not None and self.my_turn
        raw = cmd.to_json(c)
        value, tag = self.ledger.mine(raw)
        self.sent = Sent(self.ledger.count, c, raw, value, tag)
        self._send_sent()
        return []

    def _send_sent(self) -> None:
        s = self.sent
        if s is not None and self.link is not None:
            self.link.send("command", n=s.n, command=s.raw, value=s.value, tag=s.tag)

    # --- the peer's command, the roll of ours ----------------------------------------------------------

    def _command(self, c: Caller, m: Message, arrivals: list[Arrival]) -> None:
        led = self.ledger
        if led is None or self.state != "playing" or led.count < self.behind_until:
            raise ProtocolError("order", kind="command")
        n = m["n"]
        if n != led.count:
            self.notices.append(
                Said("net_refused_order", {"name": self.peer_name, "n": n, "count": led.count}, bad=True)
            )
            c.link.send("refused", n=n, why="order")
            return
        if led.author() != led.other:
            self.notices.append(Said("net_refused_turn", {"name": self.peer_name}, bad=True))
            c.link.send("refused", n=n, why="turn")
            return
        try:
            given = cmd.from_json(m["command"], led.played.kinds)
        except ValueError as e:
            self.notices.append(
                Said("net_refused_command", {"name": self.peer_name, "why": one_line(str(e), 120)}, bad=True)
            )
            c.link.send("refused", n=n, why="command")
            return
        if not follows(m["value"], led.last_value(led.other)):
            self._stop(Said("net_bad_value", {"name": self.peer_name, "n": n}), save=True)
            return
        value, tag = led.mine(cmd.to_json(given))
        entry = led.entry(led.other, (value, tag), (m["value"], m["tag"]))
        side = led.turn() or ""
        events = self._apply(given, entry, arrivals)
        if events is None:
            return
        c.link.send("roll", n=n, value=value, tag=tag, digest=led.digest)
        self._limit(c, side)
        self._at_end()

    def _roll(self, c: Caller, m: Message, arrivals: list[Arrival]) -> None:
        led, s = self.ledger, self.sent
        if led is None or s is None or m["n"] != s.n or led.count != s.n or self.state != "playing":
            raise ProtocolError("order", kind="roll")
        if not follows(m["value"], led.last_value(led.other)):
            self._stop(Said("net_bad_value", {"name": self.peer_name, "n": s.n}), save=True)
            return
        entry = led.entry(led.role, (s.value, s.tag), (m["value"], m["tag"]))
        self.sent = None
        if self._apply(s.command, entry, arrivals, mine=True) is None:
            return
        c.link.send("ack", n=s.n, digest=led.digest)
        self.acked = led.count
        if led.digest != m["digest"]:
            self._desync(c, s.n + 1)
        self._at_end()

    def _apply(
        self, given: cmd.Command, entry: Entry, arrivals: list[Arrival], mine: bool = False
    ) -> list[Event] | None:
        """A command agreed by both machines, applied here; None when the rules' code broke on it."""
        led = self.ledger
        assert led is not None
        d = led.played.pending
        assert d is not None
        try:
            events = led.play(given, entry)
        except Exception as e:  # a fault of the rules the command found: not ours to crash on
            who = self.name if mine else self.peer_name
            self._stop(Said("net_command_failed", {"name": who, "why": one_line(repr(e), 160)}), save=True)
            return None
        arrivals.append(Arrival(given, d.side, d.kind, events, mine))
        return events

    def _at_end(self) -> None:
        """The dice chains end here (once this machine's answer is sent): the game goes on on one
        machine, from the save kept."""
        led = self.ledger
        if led is not None and led.full and not led.over and self.state == "playing":
            self._stop(Said("net_full", {"most": led.count}), save=True)

    def _limit(self, c: Caller, side: str) -> None:
        """The peer's side gave too many commands the rules refuse: its machine is disconnected (it
        may come back; each such command past the limits disconnects it again)."""
        led = self.ledger
        assert led is not None
        run, total = led.refused_run.get(side, 0), led.refused_total.get(side, 0)
        if run >= REFUSED_IN_A_ROW or (run and total > MOST_REFUSED):
            self.notices.append(Said("net_refused_limit", {"name": self.peer_name, "count": run}, bad=True))
            c.link.send("bye", reason="limit")
            self._pause_or_wait(c)

    def _ack(self, c: Caller, m: Message) -> None:
        led = self.ledger
        if led is None or m["n"] >= led.count:
            raise ProtocolError("order", kind="ack")
        if led.digest_at(m["n"] + 1) != m["digest"]:
            self._desync(c, m["n"] + 1)
            return
        self.acked = max(self.acked, m["n"] + 1)

    def _refused(self, c: Caller, m: Message) -> None:
        """The peer refused a command of ours: the two games no longer agree on whose turn it is."""
        self._desync(c, m["n"] + 1)

    def _desync(self, c: Caller, count: int) -> None:
        c.link.send("desync", n=count)
        self._stop(Said("net_desync", {"count": count, "name": self.peer_name}), save=True)

    def _desync_in(self, c: Caller, m: Message) -> None:
        self._stop(Said("net_desync", {"count": m["n"], "name": self.peer_name}), save=True)

    # --- coming back ---------------------------------------------------------------------------------

    def _resume(self, c: Caller, count: int, digest: str) -> None:
        """Both machines hold this game and the peer proved his seat: the one ahead sends what the other
        missed (every command, whoever gave it), the one behind decides nothing until it has it all;
        a command of this machine's that the peer never rolled is sent again."""
        led = self.ledger
        assert led is not None
        mine = led.count
        if count <= mine:
            if led.digest_at(count) != digest:
                self._desync(c, count)
                return
            for k in range(count, mine):
                e = led.entries[k]
                c.link.send(
                    "history",
                    n=k,
                    author=e.author,
                    command=cmd.to_json(led.played.commands[k]),
                    values=e.values,
                    tags=e.tags,
                    digest=led.digest_at(k + 1),
                )
        self.behind_until = count
        self.acked = min(count, mine)
        self.state = "playing"
        self.notices.append(Said("net_back", {"name": self.peer_name, "count": max(count, mine)}))
        if self.sent is not None and self.sent.n == max(count, mine):
            self._send_sent()

    def _history(self, c: Caller, m: Message, arrivals: list[Arrival]) -> None:
        """A command this machine missed: taken only as both machines agreed it, this one's own tag on it."""
        led = self.ledger
        n = m["n"]
        if led is None or self.state != "playing" or n != led.count or n >= self.behind_until:
            raise ProtocolError("order", kind="history")
        entry = Entry(m["author"], dict(m["values"]), dict(m["tags"]))
        try:
            given = cmd.from_json(m["command"], led.played.kinds)
        except ValueError:
            given = None
        if (
            given is None
            or entry.author != led.author()
            or not led.own_tag_on(n, entry.author, cmd.to_json(given), entry)
            or not follows(entry.values[led.other], led.last_value(led.other))
        ):
            self._stop(Said("net_history_forged", {"name": self.peer_name, "n": n}), save=True)
            return
        assert given is not None
        if self.sent is not None and self.sent.n == n:
            self.sent = None  # the peer rolled it before the link was lost
        if self._apply(given, entry, arrivals, mine=entry.author == led.role) is None:
            return
        c.link.send("ack", n=n, digest=led.digest)
        self.acked = led.count
        if led.digest != m["digest"]:
            self._desync(c, n + 1)
        self._at_end()

    # --- the turn timer --------------------------------------------------------------------------------

    def _time(self, now: float) -> None:
        """With a timer: a decision of the local player's not given in time is the computer general's."""
        led = self.ledger
        if not self.timer or led is None or not self.my_turn:
            self._clock = None
            return
        d = led.played.pending
        assert d is not None
        if self._clock is None or self._clock[0] is not d:
            self._clock = (d, now)
            return
        if now - self._clock[1] < self.timer:
            return
        given = led.played.decider(TIMER_PLAYER, self.local, led.played.seed)(d)
        self.notices.append(Said("net_time_up", {"seconds": self.timer}, bad=True))
        self.play(given)
