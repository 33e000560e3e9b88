"""Network games in tests: two `NetGame`s driven in one thread with computer players, a hand-made peer
that speaks the wire protocol (or breaks it) from a raw socket, and the two processes of the command
line."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.ai.players import make_player
from game.content.locale import Texts
from game.model import commands as cmd
from game.net import fair_dice
from game.net.identity import build_offered
from game.net.ledger import Ledger
from game.net.network_game import NetGame
from game.net.wire import HEADER, PROTOCOL, Frames, Message, encode

ENGLISH = Texts("en")
ROOT = Path(__file__).resolve().parents[1]


class Machine:
    """A NetGame, the computer player of its side and every line it has said."""

    def __init__(self, game: NetGame, kind: str = "random") -> None:
        self.game = game
        self.kind = kind
        self.player: Any = None
        self.said: list[str] = []
        self.applied = 0  # the peer's commands applied here

    def step(self, play: bool = True) -> None:
        g = self.game
        self.applied += len(g.step())
        self.said += [n.words(ENGLISH) for n in g.take_notices()]
        m = g.match
        if play and g.my_turn and m is not None and m.battle.pending is not None:
            if self.player is None:
                self.player = make_player(self.kind, g.local, 3 if g.role == "host" else 4)
            m.battle.enter()
            g.play(self.player.decide(m.battle, m.battle.pending))


def drive(seats: list[Machine], until: Callable[[], bool], seconds: float = 30.0, play: bool = True) -> None:
    """Step every seat until `until()` holds; a game that does not get there fails the test."""
    end = time.monotonic() + seconds
    while not until():
        if time.monotonic() > end:
            raise AssertionError(f"not reached in {seconds} s; said: {[s.said for s in seats]}")
        for s in seats:
            s.step(play)
        time.sleep(0.002)


def said(seat: Machine, pattern: str) -> bool:
    return any(re.search(pattern, line) for line in seat.said)


class RawPeer:
    """A peer made by hand: it sends what a test says, well-formed or not, and reads what comes."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.sock.settimeout(0.05)
        self.frames = Frames()
        self.got: list[Message] = []

    def send(self, kind: str, **fields: object) -> None:
        self.sock.sendall(encode(kind, **fields))

    def raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def read(self) -> bool:
        """Read what has come; False once the other side has closed."""
        try:
            data = self.sock.recv(65536)
        except TimeoutError:
            return True
        except OSError:
            return False
        if not data:
            return False
        self.got += self.frames.feed(data)
        return True

    def first(self, kind: str) -> Message | None:
        return next((m for m in self.got if m.type == kind), None)

    def close(self) -> None:
        self.sock.close()


def pump(host: Machine, peer: RawPeer, until: Callable[[], bool], seconds: float = 10.0) -> None:
    """Step the host (which never plays) and read the raw peer until `until()` holds."""
    end = time.monotonic() + seconds
    while not until():
        if time.monotonic() > end:
            raise AssertionError(f"not reached in {seconds} s; the host said {host.said}")
        host.step(play=False)
        peer.read()


def header(size: int) -> bytes:
    return HEADER.pack(size)


# --- a guest made by hand, honest up to where a test (or the fuzzer) breaks the rules ---------------


def greet(host: Machine, peer: RawPeer) -> None:
    """The raw peer says hello and joins with the very game offered."""
    pump(host, peer, lambda: peer.first("hello") is not None)
    hello = peer.first("hello")
    assert hello is not None and hello["protocol"] == PROTOCOL
    version = hello["version"]
    peer.send("hello", protocol=PROTOCOL, game="forglory", version=version, name="Bob", role="guest")
    pump(host, peer, lambda: peer.first("offer") is not None)
    offer = peer.first("offer")
    assert offer is not None
    peer.send("join", identity=offer["identity"], resume=None)


def play_as_guest(host: Machine, peer: RawPeer) -> Ledger:
    """The raw peer draws the dice honestly and builds the same game: its own ledger of it."""
    greet(host, peer)
    pump(host, peer, lambda: peer.first("commit") is not None)
    secret = fair_dice.new_secret()
    peer.send("commit", hash=fair_dice.commitment("guest", secret))
    peer.send("reveal", secret=secret)
    pump(host, peer, lambda: peer.first("reveal") is not None and host.game.state == "playing")
    seed = fair_dice.seed_of(peer.first("reveal")["secret"], secret)  # type: ignore[index]
    offer = peer.first("offer")
    assert offer is not None
    return Ledger(build_offered(offer["identity"], seed), offer["sides"]["guest"])


def to_guest_turn(host: Machine, peer: RawPeer, mine: Ledger) -> None:
    """The host plays until the game waits for the guest; the raw peer follows its commands."""
    seen = 0
    end = time.monotonic() + 30
    while mine.turn() != mine.local:
        assert time.monotonic() < end, host.said
        host.step()
        peer.read()
        commands = [m for m in peer.got if m.type == "command"]
        for m in commands[seen:]:
            mine.apply(cmd.from_json(m["command"], mine.match.battle.stack.commands))
        seen = len(commands)


# --- the command line's two processes -----------------------------------------------------------


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "game", *args],
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def hosted_port(host: subprocess.Popen[str], seconds: float = 30.0) -> int:
    """The port a hosting process says it listens on (its first line)."""
    assert host.stderr is not None
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        line = host.stderr.readline()
        found = re.search(r"port (\d+)", line)
        if found:
            return int(found.group(1))
        if not line and host.poll() is not None:
            break
    raise AssertionError("the host never said its port")
