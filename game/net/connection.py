"""One machine's end of a game with a friend elsewhere (docs/network.md): who plays which side, the
state of the game, and the links' life. The host hears several callers at once until one of them has
the seat (a caller that says nothing, or stalls, cannot keep the real player out), then stops
listening; a lost link pauses the game (the host listens again on its port, the guest calls again); a
peer that breaks the protocol or stalls in the handshake is dropped with a line; a game that cannot go
on stops with a save kept. What the two machines say to each other over it is the subclasses'
(game/net/exchange.py in play, game/net/network_game.py before)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.model.errors import UserError
from game.net.dice_chain import Chain
from game.net.identity import Identity, game_version
from game.net.ledger import OnLedger
from game.net.link import PING, Connecting, Fault, Link, Listener
from game.net.played import Played
from game.net.record import Record
from game.net.said import Said, os_reason
from game.net.saved import save_net
from game.net.seat import clean_name
from game.net.seat_key import KeyPair
from game.net.wire import GAME, PROTOCOL

HANDSHAKE = 20.0  # seconds from a connection to play (or to play again): a peer that stalls is dropped
HELLO = 5.0  # seconds a caller has to say hello: a silent one is dropped
RETRY = 2.0  # seconds between a paused guest's calls to the host
# callers the host hears at once while the seat is free: a new one makes room by hanging up on the
# oldest that has not said hello (an honest caller says it at once), or is hung up on
MOST_CALLERS = 8


@dataclass(eq=False)
class Caller:
    """A link and what its handshake has said so far: on the host, each caller until one has the
    seat; on the guest, its call to the host. Once the game is under way, the seated one."""

    link: Link
    deadline: float  # the handshake's end
    hello_by: float
    # what it is to say next: hello, then (the host's caller) join, commit, reveal, or (the guest's
    # call) offer, then commit and reveal, or resumed
    stage: str = "hello"
    name: str = ""
    nonce: str = ""  # ours: the other machine proves its seat upon it
    their_nonce: str = ""
    secret: str = ""  # the dice of a new game: our secret, our commitment, and theirs
    commit: str = ""
    their_commit: str = ""
    key: KeyPair | None = None  # the seats' secret: our key pair, and their public number and anchor
    their_key: str = ""
    their_anchor: str = ""

    @property
    def who(self) -> str:
        return self.name or self.link.peer


class Connection(OnLedger):
    """The state every stage of a networked game shares, and the links' life (no message's meaning)."""

    def __init__(self, role: str, name: str, mods: tuple[Path, ...] = ()) -> None:
        self.role = role  # "host" or "guest"
        self.name = clean_name(name)
        self.mods = mods  # the mods given on the command line (the guest finds the host's by id)
        self.peer_name = ""  # the other player of the game (once it has begun: whoever proved his seat)
        self.state = "waiting"  # waiting, greeting, playing, paused, stopped, over
        self.stop_reason = ""
        self.notices: list[Said] = []
        self.ledger: Record | None = None
        self.game_id: str | None = None
        self.identity: Identity | None = None
        self.sides: dict[str, str] = {}  # role -> side
        self.timer = 0  # seconds a player has for each decision (0: no timer)
        self.seat = ""  # the secret the two seats share (game/net/seat_key.py)
        self.chain = Chain.new()  # this machine's dice chain (a saved game's replaces it)
        self.address = ""  # the guest's: the host it calls
        self.expect: str | None = None  # the guest's: the campaign it asked for (join --campaign)
        self.port = 0
        self.listener: Listener | None = None
        self.connecting: Connecting | None = None
        self.callers: list[Caller] = []  # links in their handshake
        self.peer: Caller | None = None  # the link of the game's other player, once he has the seat
        self.acked = 0  # how many commands the peer has confirmed
        self.saved: Path | None = None  # the save kept when the game stopped
        self._build: Callable[[int], Played] | None = None
        self._next_call = 0.0

    @property
    def link(self) -> Link | None:
        return self.peer.link if self.peer is not None else None

    @property
    def local(self) -> str:
        return self.sides.get(self.role, "")

    @property
    def over(self) -> bool:
        return self.ledger is not None and self.ledger.over

    @property
    def settled(self) -> bool:
        """Over, and the peer has confirmed every command: both machines hold the same end."""
        return self.over and self.ledger is not None and self.acked >= self.ledger.count

    def take_notices(self) -> list[Said]:
        out, self.notices = self.notices, []
        return out

    def wait(self, timeout: float) -> None:
        """Block until a link brings something, or `timeout` passes (the headless loop only)."""
        if self.link is not None:
            self.link.wait(timeout)
        elif self.callers:
            self.callers[0].link.wait(timeout)
        elif self.connecting is not None:
            self.connecting.wait(timeout)
        else:
            time.sleep(timeout)

    def close(self, reason: str = "left", wait: float = 0.0) -> None:
        """Leave: say goodbye, close the links (once what is queued has gone: `wait` seconds for it,
        or none) and stop listening."""
        reason = "over" if reason == "left" and self.over else reason
        for c in [*self.callers, *([self.peer] if self.peer is not None else [])]:
            if c.link.alive:
                c.link.send("bye", reason=reason)
            c.link.close(wait)
        self.callers, self.peer = [], None
        if self.listener is not None:
            self.listener.close()
            self.listener = None
        self.connecting = None

    def save(self, autosave: bool = False, path: Path | None = None) -> Path:
        """Keep the game (in the saves folder unless a path is given), with what resuming it over the
        network needs."""
        assert self.ledger is not None and self.game_id is not None
        host = f"[{self.address}]" if ":" in self.address else self.address  # an IPv6 address
        called = f"{host}:{self.port}" if self.role == "guest" else ""
        about = {
            "game": self.game_id,
            "role": self.role,
            "peer": self.peer_name,
            "address": called,
            "name": self.name,
            "timer": self.timer,
            "seat": self.seat,
        }
        return save_net(self.ledger, about, autosave, path)

    # --- the links' life ---------------------------------------------------------------------------

    def _connect(self, now: float) -> None:
        """Take whoever called (the host) or the call made (the guest); call again when paused."""
        if self.state in ("stopped", "over"):
            return
        if self.listener is not None:
            while (sock := self.listener.taken()) is not None:
                if self.peer is None and len(self.callers) >= MOST_CALLERS:
                    silent = next((c for c in self.callers if c.stage == "hello"), None)
                    if silent is not None:  # the oldest that has said nothing makes room
                        self._pause_or_wait(silent)
                if self.peer is not None or len(self.callers) >= MOST_CALLERS:
                    sock.close()  # the seat is taken, or enough callers are being heard
                    continue
                c = self._linked(Link(sock), now)
                self.notices.append(Said("net_someone_calls", {"address": c.link.peer}))
            return
        if self.connecting is not None:
            got = self.connecting.result()
            if got is None:
                return
            self.connecting = None
            if isinstance(got, OSError):
                if self.state == "paused":  # keep calling until the host is back or the player leaves
                    self._next_call = now + RETRY
                    return
                where = f"{self.address}:{self.port}"
                self._stop(Said("net_cannot_call", {"address": where, "why": os_reason(got)}))
                return
            self._linked(Link(got), now)
            return
        calling = self.role == "guest" and self.ledger is not None and self.peer is None and not self.callers
        if calling and now >= self._next_call:  # a game paused, or a call that failed in its handshake
            self.connecting = Connecting(self.address, self.port)

    def _linked(self, link: Link, now: float) -> Caller:
        c = Caller(link, now + HANDSHAKE, now + HELLO)
        self.callers.append(c)
        if self.state == "waiting":
            self.state = "greeting"
        link.send(
            "hello", protocol=PROTOCOL, game=GAME, version=game_version(), name=self.name, role=self.role
        )
        return c

    def _seated(self, c: Caller) -> None:
        """`c` has the seat: the others are told and hung up on, and the host listens no more."""
        for other in self.callers:
            if other is not c:
                other.link.send("bye", reason="taken")
                other.link.close()
        self.callers, self.peer = [], c
        if self.listener is not None:
            self.listener.close()

    def _hang_up(self, c: Caller) -> None:
        """End a link: the seated one's loss pauses the game (the host listens again on the same port,
        the guest calls again after a while); a caller's leaves the others be."""
        c.link.close()
        if c is self.peer:
            self.peer = None
        elif c in self.callers:
            self.callers.remove(c)
        if self.state in ("stopped", "over"):
            self.close("over")
            return
        if self.role == "host":
            if self.listener is None or self.peer is not None:
                return
            try:
                self.listener.listen()
            except OSError as e:
                self._stop(Said("net_cannot_listen", {"port": self.port, "why": os_reason(e)}))
        else:
            self._next_call = time.monotonic() + RETRY
            if self.ledger is None:  # no game yet: nothing to go back to
                self._stop(Said("net_call_lost", {"address": f"{self.address}:{self.port}"}))

    def _lost(self, c: Caller, fault: Fault) -> None:
        """A link failed: during play, the game pauses until the peer is back."""
        if fault.key != "closed" or c is self.peer:
            self.notices.append(Said(f"net_fault_{fault.key}", {"name": c.who, **fault.values}, bad=True))
        self._pause_or_wait(c)

    def _refuse_peer(self, c: Caller, fault: Fault) -> None:
        """The peer broke the protocol: say so, end the link (a game in play pauses)."""
        self.notices.append(Said(f"net_fault_{fault.key}", {"name": c.who, **fault.values}, bad=True))
        c.link.send("bye", reason="protocol")
        self._pause_or_wait(c)

    def _pause_or_wait(self, c: Caller) -> None:
        """After a lost or refused link: the game's own pauses (or, every command confirmed, is over);
        a caller's ends with it, and the game waits on as it was."""
        if c is self.peer and self.state == "playing":
            if self.settled:
                self.state = "over"
            else:
                self.state = "paused"
                self.notices.append(Said(f"net_paused_{self.role}", {"name": self.peer_name}, bad=True))
        elif self.state == "greeting" and len(self.callers) == 1 and self.ledger is None:
            self.state = "waiting"
        self._hang_up(c)

    def _stop(self, said: Said, save: bool = False) -> None:
        """The game cannot go on (or never began): say why; with `save`, keep it in the saves folder."""
        values = dict(said.values)
        if save and self.ledger is not None and self.game_id is not None:
            try:
                self.saved = self.save()
                values["saved"] = str(self.saved)
            except UserError as e:
                values["saved"] = str(e)
        self.notices.append(Said(said.key, values, bad=True))
        self.state = "stopped"
        self.stop_reason = said.key
        self.close("refused")

    def _refuse_and_end(self, c: Caller, said: Said, reason: str = "content") -> None:
        """Not the same game, or not his seat: the host says why and waits on for its player; the
        guest stops."""
        said = Said(said.key, {"name": c.who, **said.values}, bad=True)
        c.link.send("bye", reason=reason)
        if self.role == "host":
            self.notices.append(said)
            self._pause_or_wait(c)
        else:
            self._stop(said)

    def _keep_time(self, now: float) -> None:
        """A caller that says nothing, or stalls in the handshake, is dropped; live links are pinged."""
        for c in list(self.callers):
            if c.stage == "hello" and now > c.hello_by:
                self._refuse_peer(c, Fault("handshake", {"seconds": HELLO}))
            elif now > c.deadline:
                self._refuse_peer(c, Fault("handshake", {"seconds": HANDSHAKE}))
        for c in [*self.callers, *([self.peer] if self.peer is not None else [])]:
            c.link.ping(now, PING)
