"""A game played with a friend on another machine: both machines run the same session from the same
content; each sends the commands of its own side, and after each command both compare the digest of
their events (docs/network.md).

`NetGame` is driven by whoever shows it (the window's frame, the headless loop): `step()` never waits;
it takes what the link brought, answers it, and returns the peer's commands it applied. The stages:
hello (protocol and names), the offer and the join (the content's identity on both sides, a
difference named in one line), the dice (commit and reveal, game/net/fair_dice.py), then play. A lost
connection pauses the game: the host listens again on its port, the guest calls again, and the two
compare where they stand and send what the other missed. A difference of digests stops the game and
each machine keeps a save. The link's life (listening, calling, pausing, stopping) is `Connection`'s
(game/net/connection.py); here, what the messages mean."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from game.model import commands as cmd
from game.model.errors import UserError, one_line
from game.model.events import Event
from game.net import fair_dice
from game.net.connection import Connection
from game.net.identity import (
    CannotBuild,
    Identity,
    Offer,
    build_offered,
    differences,
    game_version,
    identity_of,
    offered,
)
from game.net.ledger import Ledger
from game.net.link import Connecting, Fault, Listener
from game.net.said import Said
from game.net.saved import NetSave
from game.net.seat import Arrival, clean_name
from game.net.wire import PROTOCOL, Message, ProtocolError

DEFAULT_PORT = 47_410


class NetGame(Connection):
    """What the two machines say to each other, stage by stage, over a `Connection`."""

    paced = False  # the peer's commands come as he gives them

    # --- the two ways to start -------------------------------------------------------------------

    @classmethod
    def host(
        cls,
        offer: Offer,
        name: str,
        address: str = "0.0.0.0",
        port: int = DEFAULT_PORT,
        resume: NetSave | None = None,
    ) -> NetGame:
        """Offer a game and listen for one player on `address`:`port` (and nothing else). Raises
        UserError when the game cannot be offered (a scenario file of no mod) or the port is taken."""
        g = cls("host", name, offer.mods)
        if resume is not None:
            g._resumed(resume)
        else:
            made = offered(offer, "play --host")
            g.identity, g._build = made.identity, made.build
            g.sides = {"host": made.mine, "guest": made.theirs}
        try:
            g.listener = Listener(address, port)
        except OSError as e:
            raise UserError(f"play --host: cannot listen on {address}:{port}: {e.strerror}") from None
        g.port = g.listener.port
        return g

    @classmethod
    def join(
        cls, address: str, port: int, name: str, mods: tuple[Path, ...] = (), resume: NetSave | None = None
    ) -> NetGame:
        """Call the host at `address`:`port`; the game is the one it offers (or, with `resume`, the
        saved one both machines go on with)."""
        g = cls("guest", name, mods)
        g.address, g.port = address, port
        if resume is not None:
            g._resumed(resume)
        g.connecting = Connecting(address, port)
        g.state = "waiting"
        return g

    def _resumed(self, saved: NetSave) -> None:
        self.ledger = Ledger(saved.match, saved.side)
        self.game_id = saved.game
        self.identity = identity_of(saved.match)
        self.peer_name = saved.peer
        me, other = ("host", "guest") if self.role == "host" else ("guest", "host")
        self.sides = {me: saved.side, other: self.ledger.peer}
        self.acked = self.ledger.count

    # --- what the window and the headless loop do ------------------------------------------------

    def play(self, c: cmd.Command) -> list[Event]:
        """The local player's command: applied here, then sent with the digest it gave."""
        assert self.ledger is not None and self.link is not None and self.my_turn
        n = self.ledger.count
        events = self.ledger.apply(c)
        self.link.send("command", n=n, command=cmd.to_json(c), digest=self.ledger.digest)
        return events

    def step(self) -> list[Arrival]:
        """Everything that has come, answered; the peer's commands applied here, in order."""
        now = time.monotonic()
        self._connect(now)
        arrivals: list[Arrival] = []
        link = self.link
        if link is None:
            return arrivals
        for item in link.poll():
            if self.link is not link:  # a message before this one ended the link
                break
            if isinstance(item, Fault):
                self._lost(item)
                break
            try:
                self._receive(item, arrivals)
            except ProtocolError as e:  # a well-formed message that makes no sense here
                self._refuse_peer(Fault(e.key, dict(e.values)))
                break
        self._keep_time(now)
        return arrivals

    # --- what the peer says ----------------------------------------------------------------------

    def _receive(self, m: Message, arrivals: list[Arrival]) -> None:
        if m.type == "ping":
            return
        if m.type == "bye":
            self._bye(m["reason"])
            return
        if not self._greeted:
            if m.type != "hello":
                raise ProtocolError("order", kind=m.type)
            self._hello(m)
            return
        handler = {
            "offer": self._offer,
            "join": self._join,
            "cannot": self._cannot,
            "commit": self._commit_in,
            "reveal": self._reveal,
            "desync": self._desync_in,
            "refused": self._refused,
            "ack": self._ack,
        }.get(m.type)
        if m.type == "command":
            self._command(m, arrivals)
        elif handler is not None:
            handler(m)
        else:
            raise ProtocolError("order", kind=m.type)

    def _hello(self, m: Message) -> None:
        if m["role"] == self.role:
            raise ProtocolError("order", kind="hello")
        if m["protocol"] != PROTOCOL:
            self._refuse_and_end(Said("net_protocol", {"theirs": m["protocol"], "mine": PROTOCOL}))
            return
        name = clean_name(m["name"])
        self.caller = name
        if self.ledger is None:  # before the game, whoever joins is the other player; after, who resumes it
            self.peer_name = name
        self._greeted = True
        if m["version"] != game_version():
            theirs = one_line(m["version"], 40)
            self._refuse_and_end(Said("net_differs_version", {"mine": game_version(), "theirs": theirs}))
            return
        self.notices.append(Said("net_hello", {"name": name}))
        if self.role == "host":
            self._send("offer", identity=self.identity, sides=self.sides, resume=self._where())

    def _where(self) -> dict[str, object] | None:
        """Where this machine's game stands, to resume it: its id, its commands, their digest."""
        if self.ledger is None or self.game_id is None:
            return None
        return {"game": self.game_id, "count": self.ledger.count, "digest": self.ledger.digest}

    def _offer(self, m: Message) -> None:
        if self.role != "guest" or self.state not in ("greeting", "paused"):
            raise ProtocolError("order", kind="offer")
        theirs: Identity = m["identity"]
        sides = m["sides"]
        resume = m["resume"]
        if self.ledger is None:
            if resume is not None:  # the host is told why, and waits on for his player
                self._send("cannot", why="save", what=resume["game"][:8])
                self._refuse_and_end(Said("net_host_resumes"))
                return
            try:
                probe = build_offered(theirs, 0, self.mods)
            except CannotBuild as e:
                self._send("cannot", why=e.said.key.removeprefix("net_lacks_"), what=str(e.said.values["id"]))
                self._stop(e.said)
                return
            except UserError as e:
                self._send("cannot", why="content", what=str(e)[:200])
                self._stop(Said("net_content_broken", {"why": str(e)}))
                return
            try:
                self.identity = identity_of(probe)
                known = probe.battle.game.sides  # type: ignore[union-attr]
            finally:
                probe.battle.close()
            if sorted(known) != sorted(sides.values()) or sides["host"] == sides["guest"]:
                raise ProtocolError("field", kind="offer", field="sides")
            self.sides = dict(sides)
            self._build = lambda seed: build_offered(theirs, seed, self.mods)
        assert self.identity is not None
        self._send("join", identity=self.identity, resume=self._where())
        differs = differences(self.identity, theirs)
        if differs is not None:
            self._stop(Said("net_mismatch", {"what": differs, "name": self.peer_name}))
            return
        if self.ledger is not None:
            self._resume(resume)

    def _join(self, m: Message) -> None:
        if self.role != "host" or self.state not in ("greeting", "paused"):
            raise ProtocolError("order", kind="join")
        assert self.identity is not None
        differs = differences(self.identity, m["identity"])
        if differs is not None:
            self._refuse_and_end(Said("net_mismatch", {"what": differs}))
            return
        if self.ledger is not None:
            self._resume(m["resume"])
            return
        if m["resume"] is not None:
            self._refuse_and_end(Said("net_other_game"))
            return
        self._dice()

    def _cannot(self, m: Message) -> None:
        if self.role != "host":
            raise ProtocolError("order", kind="cannot")
        what = one_line(m["what"], 200)  # the peer's words: shown as text, never read
        self.notices.append(
            Said(
                f"net_peer_lacks_{m['why']}", {"name": self.caller or self.peer_name, "what": what}, bad=True
            )
        )
        self._pause_or_wait()

    # --- the dice --------------------------------------------------------------------------------

    def _dice(self) -> None:
        self.state = "dice"
        self._secret = fair_dice.new_secret()
        self._commit = fair_dice.commitment(self.role, self._secret)
        self._send("commit", hash=self._commit)
        self.notices.append(Said("net_dice", {"name": self.peer_name}))

    def _commit_in(self, m: Message) -> None:
        if self._their_commit or self.ledger is not None:
            raise ProtocolError("order", kind="commit")
        if self.role == "guest":
            if self.state != "greeting" or self.identity is None:
                raise ProtocolError("order", kind="commit")
            self._dice()
        elif self.state != "dice":
            raise ProtocolError("order", kind="commit")
        self._their_commit = m["hash"]
        self._send("reveal", secret=self._secret)  # both commitments are made

    def _reveal(self, m: Message) -> None:
        if self.state != "dice" or not self._their_commit or self._their_secret:
            raise ProtocolError("order", kind="reveal")
        other = "guest" if self.role == "host" else "host"
        if not fair_dice.keeps(other, m["secret"], self._their_commit):
            self._stop(Said("net_bad_reveal", {"name": self.peer_name}))
            return
        self._their_secret = m["secret"]
        mine, theirs = (self._secret, self._their_secret)
        host_secret, guest_secret = (mine, theirs) if self.role == "host" else (theirs, mine)
        host_commit, guest_commit = (
            (self._commit, self._their_commit) if self.role == "host" else (self._their_commit, self._commit)
        )
        seed = fair_dice.seed_of(host_secret, guest_secret)
        self.game_id = fair_dice.game_id(host_commit, guest_commit)
        assert self._build is not None
        try:
            match = self._build(seed)
        except (UserError, CannotBuild) as e:
            self._stop(Said("net_content_broken", {"why": str(e)}))
            return
        self.ledger = Ledger(match, self.local)
        self.state = "playing"
        self._handshaking = False
        self.notices.append(
            Said(
                "net_started",
                {"name": self.peer_name, "side": self.local, "seed": seed, "game": self.game_id[:8]},
            )
        )

    # --- resuming --------------------------------------------------------------------------------

    def _resume(self, theirs: Any) -> None:
        """Both machines hold this game: the one ahead sends what the other missed; both go on."""
        assert self.ledger is not None
        if theirs is None or theirs["game"] != self.game_id:
            self._refuse_and_end(Said("net_other_game"))
            return
        mine = self.ledger.count
        if theirs["count"] <= mine:
            at = self.ledger.digest_at(theirs["count"])
            if at is None:  # they are behind the point this machine's save began
                self._refuse_and_end(Said("net_too_far_behind", {"count": theirs["count"]}))
                return
            if at != theirs["digest"]:
                self._desync(theirs["count"])
                return
            for k in range(theirs["count"], mine):
                self._send(
                    "command",
                    n=k,
                    command=cmd.to_json(self.ledger.match.commands[k]),
                    digest=self.ledger.digest_at(k + 1),
                )
        if self.caller != self.peer_name:
            self.notices.append(Said("net_other_name", {"name": self.peer_name, "other": self.caller}))
            self.peer_name = self.caller
        self.acked = min(theirs["count"], mine)
        self.state = "playing"
        self._handshaking = False
        self.notices.append(Said("net_back", {"name": self.peer_name, "count": mine}))

    # --- play ------------------------------------------------------------------------------------

    def _command(self, m: Message, arrivals: list[Arrival]) -> None:
        led = self.ledger
        if led is None or self.state != "playing":
            raise ProtocolError("order", kind="command")
        n = m["n"]
        if n != led.count:
            self.notices.append(
                Said("net_refused_order", {"name": self.peer_name, "n": n, "count": led.count}, bad=True)
            )
            self._send("refused", n=n, why="order")
            return
        if led.turn() != led.peer:
            self.notices.append(Said("net_refused_turn", {"name": self.peer_name}, bad=True))
            self._send("refused", n=n, why="turn")
            return
        try:
            c = cmd.from_json(m["command"], led.match.battle.stack.commands)
        except ValueError as e:
            self.notices.append(
                Said("net_refused_command", {"name": self.peer_name, "why": one_line(str(e), 120)}, bad=True)
            )
            self._send("refused", n=n, why="command")
            return
        d = led.match.battle.pending
        assert d is not None
        try:
            events = led.apply(c)
        except Exception as e:  # a fault of the rules the peer's command found: not ours to crash on
            self._stop(
                Said("net_command_failed", {"name": self.peer_name, "why": one_line(repr(e), 160)}), save=True
            )
            return
        arrivals.append(Arrival(c, d.side, d.kind, events))
        self._send("ack", n=n, digest=led.digest)
        self.acked = led.count
        if led.digest != m["digest"]:
            self._desync(n + 1)

    def _ack(self, m: Message) -> None:
        led = self.ledger
        if led is None or m["n"] >= led.count:
            raise ProtocolError("order", kind="ack")
        if led.digest_at(m["n"] + 1) != m["digest"]:
            self._desync(m["n"] + 1)
            return
        self.acked = max(self.acked, m["n"] + 1)

    def _refused(self, m: Message) -> None:
        """The peer refused a command of ours: the two games no longer agree on whose turn it is."""
        self._desync(m["n"] + 1)

    def _desync(self, count: int) -> None:
        self._send("desync", n=count)
        self._stop(Said("net_desync", {"count": count, "name": self.peer_name}), save=True)

    def _desync_in(self, m: Message) -> None:
        self._stop(Said("net_desync", {"count": m["n"], "name": self.peer_name}), save=True)

    def _bye(self, reason: str) -> None:
        if reason == "over" and self.over:  # the peer holds every command (its acks came before this)
            self.acked = self.ledger.count if self.ledger is not None else self.acked
            self.state = "over"
            self.close("over")
            return
        if reason == "content" and self.role == "guest":  # the host found the games differ
            self._stop(Said("net_refused_by_host", {"name": self.peer_name}))
            return
        if reason != "content":  # a difference of content was said by this machine's own check
            self.notices.append(Said(f"net_bye_{reason}", {"name": self.peer_name}, bad=True))
        self._pause_or_wait()
