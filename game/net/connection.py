"""One machine's end of a game with a friend elsewhere (docs/network.md): who plays which side, the
state of the game, and the link's life: listening or calling, a lost link (the game pauses; the host
listens again on its port, the guest calls again), a peer that breaks the protocol or stalls in the
handshake, stopping with a save kept. What the two machines say to each other over it is `NetGame`'s
(game/net/network_game.py)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from game.model.errors import UserError
from game.net.identity import Identity, game_version
from game.net.ledger import Ledger
from game.net.link import PING, Connecting, Fault, Link, Listener
from game.net.said import Said
from game.net.saved import save_net
from game.net.seat import clean_name
from game.net.wire import GAME, PROTOCOL
from game.running.match import Match

HANDSHAKE = 20.0  # seconds from a connection to play (or to play again): a peer that stalls is dropped
RETRY = 2.0  # seconds between a paused guest's calls to the host


class Connection:
    """The state both stages of a networked game share, and the link's life (no message's meaning)."""

    def __init__(self, role: str, name: str, mods: tuple[Path, ...] = ()) -> None:
        self.role = role  # "host" or "guest"
        self.name = clean_name(name)
        self.mods = mods  # the mods given on the command line (the guest finds the host's by id)
        self.peer_name = ""  # the other player of the game (once it has begun: whoever resumes it)
        self.caller = ""  # the name of whoever is on the line now (a stranger may call a paused game)
        self.state = "waiting"  # waiting, greeting, dice, playing, paused, stopped
        self.stop_reason = ""
        self.notices: list[Said] = []
        self.ledger: Ledger | None = None
        self.game_id: str | None = None
        self.identity: Identity | None = None
        self.sides: dict[str, str] = {}  # role -> side
        self.address = ""  # the guest's: the host it calls
        self.port = 0
        self.link: Link | None = None
        self.listener: Listener | None = None
        self.connecting: Connecting | None = None
        self.acked = 0  # how many commands the peer has confirmed
        self.saved: Path | None = None  # the save kept when the game stopped
        self._build: Callable[[int], Match] | None = None
        self._deadline = 0.0
        self._next_ping = 0.0
        self._next_call = 0.0
        self._secret = ""
        self._commit = ""
        self._their_commit = ""
        self._their_secret = ""
        self._greeted = False
        self._handshaking = False  # from a connection until play (again)

    @property
    def match(self) -> Match | None:
        return self.ledger.match if self.ledger is not None else None

    @property
    def local(self) -> str:
        return self.sides.get(self.role, "")

    @property
    def my_turn(self) -> bool:
        """The local player may send a command now (connected, and the game waits for his side)."""
        return self.state == "playing" and self.ledger is not None and self.ledger.turn() == self.local

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
        """Block until the link brings something, or `timeout` passes (the headless loop only)."""
        if self.link is not None:
            self.link.wait(timeout)
        elif self.connecting is not None:
            self.connecting.wait(timeout)
        else:
            time.sleep(timeout)

    def close(self, reason: str = "left", wait: float = 0.0) -> None:
        """Leave: say goodbye, close the link (once what is queued has gone: `wait` seconds for it, or
        none) and stop listening."""
        reason = "over" if reason == "left" and self.over else reason
        if self.link is not None:
            if self.link.alive:
                self.link.send("bye", reason=reason)
            self.link.close(wait)
            self.link = None
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
        about = {"game": self.game_id, "role": self.role, "peer": self.peer_name, "address": called}
        return save_net(self.ledger, {**about, "name": self.name}, autosave, path)

    def _connect(self, now: float) -> None:
        if self.link is not None or self.state == "stopped":
            return
        if self.listener is not None:
            sock = self.listener.taken()
            if sock is not None:
                self._linked(Link(sock), now)
                self.notices.append(
                    Said("net_someone_calls", {"address": self.link.peer if self.link else ""})
                )
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
                self._stop(Said("net_cannot_call", {"address": where, "why": got.strerror or str(got)}))
                return
            self._linked(Link(got), now)
            return
        if self.role == "guest" and self.state == "paused" and now >= self._next_call:
            self.connecting = Connecting(self.address, self.port)

    def _linked(self, link: Link, now: float) -> None:
        self.link = link
        self._deadline = now + HANDSHAKE
        self._next_ping = now + PING
        self._greeted = False
        self.caller = ""
        self._handshaking = True
        self._secret = self._commit = self._their_commit = self._their_secret = ""
        if self.state != "paused":
            self.state = "greeting"
        link.send(
            "hello", protocol=PROTOCOL, game=GAME, version=game_version(), name=self.name, role=self.role
        )

    def _drop(self) -> None:
        """End the link; a host listens again (the same port), a guest calls again after a while."""
        if self.link is not None:
            self.link.close()
            self.link = None
        self._handshaking = False
        if self.state in ("stopped", "over"):
            self.close("over")
            return
        if self.role == "host":
            if self.listener is None:
                return
            try:
                self.listener.listen()
            except OSError as e:
                self._stop(Said("net_cannot_listen", {"port": self.port, "why": e.strerror or str(e)}))
        else:
            self._next_call = time.monotonic() + RETRY
            if self.ledger is None:  # no game yet: nothing to go back to
                self._stop(Said("net_call_lost", {"address": f"{self.address}:{self.port}"}))

    def _lost(self, fault: Fault) -> None:
        """The link failed: during play, the game pauses until the peer is back."""
        who = self.caller or (self.link.peer if self.link else "?")
        if fault.key != "closed" or self.state in ("playing", "paused"):
            self.notices.append(Said(f"net_fault_{fault.key}", {"name": who, **fault.values}, bad=True))
        self._pause_or_wait()

    def _refuse_peer(self, fault: Fault) -> None:
        """The peer broke the protocol: say so, end the link (a game in play pauses)."""
        who = self.caller or (self.link.peer if self.link else "?")
        self.notices.append(Said(f"net_fault_{fault.key}", {"name": who, **fault.values}, bad=True))
        self._send("bye", reason="protocol")
        self._pause_or_wait()

    def _pause_or_wait(self) -> None:
        """After a lost or refused link: a game in play pauses (or, every command confirmed, is over);
        before play, the host waits for another player."""
        if self.state in ("playing", "paused"):
            if self.settled:
                self.state = "over"
            elif self.state == "playing":
                self.state = "paused"
                self.notices.append(Said(f"net_paused_{self.role}", {"name": self.peer_name}, bad=True))
        elif self.state != "stopped":
            self.state = "waiting"
        self._drop()

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

    def _refuse_and_end(self, said: Said) -> None:
        """Not the same game: the host says why and waits for another player; the guest stops."""
        said = Said(said.key, {"name": self.caller or self.peer_name, **said.values}, bad=True)
        self._send("bye", reason="content")
        if self.role == "host":
            self.notices.append(said)
            self._pause_or_wait()
        else:
            self._stop(said)

    def _send(self, kind: str, **fields: object) -> None:
        if self.link is not None:
            self.link.send(kind, **fields)

    def _keep_time(self, now: float) -> None:
        """A peer that stalls in the handshake is dropped; a live link is pinged now and then."""
        if self.link is not None and self._handshaking and now > self._deadline:
            self._refuse_peer(Fault("handshake", {"seconds": HANDSHAKE}))
        if self.link is not None and now >= self._next_ping:
            self._next_ping = now + PING
            self.link.send("ping")
