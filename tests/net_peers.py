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

from game.content.locale import Texts
from game.model import commands as cmd
from game.net import fair_dice
from game.net.dice_chain import Chain
from game.net.identity import build_offered
from game.net.network_game import NetGame
from game.net.record import Record
from game.net.seat_key import KeyPair, new_nonce, new_pair, proof, seat_secret
from game.net.wire import HEADER, PROTOCOL, Frames, Message, encode

ENGLISH = Texts("en")
ROOT = Path(__file__).resolve().parents[1]


class Machine:
    """A NetGame, the computer player of its side (a battle's or a campaign's) and every line it has
    said."""

    def __init__(self, game: NetGame, kind: str = "random", resolve: str = "table") -> None:
        self.game = game
        self.kind = kind
        self.resolve = resolve  # in a campaign: what its player asks of each battle (CAMP-DEC-10)
        self.player: Any = None
        self.said: list[str] = []
        self.bad: list[str] = []  # the lines of them that are faults or refusals
        self.applied = 0  # the peer's commands applied here (this machine's own come back too)

    def step(self, play: bool = True) -> None:
        g = self.game
        self.applied += sum(not a.mine for a in g.step())
        notices = g.take_notices()
        self.said += [n.words(ENGLISH) for n in notices]
        self.bad += [n.words(ENGLISH) for n in notices if n.bad]
        p = g.played
        if play and g.my_turn and p is not None and p.pending is not None:
            if self.player is None:
                self.player = p.decider(self.kind, g.local, 3 if g.role == "host" else 4, self.resolve)
            g.play(self.player(p.pending))


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


def greet(host: Machine, peer: RawPeer, name: str = "Bob") -> None:
    """The raw peer says hello and joins with the very game offered."""
    pump(host, peer, lambda: peer.first("hello") is not None)
    hello = peer.first("hello")
    assert hello is not None and hello["protocol"] == PROTOCOL
    version = hello["version"]
    peer.send("hello", protocol=PROTOCOL, game="forglory", version=version, name=name, role="guest")
    pump(host, peer, lambda: peer.first("offer") is not None)
    offer = peer.first("offer")
    assert offer is not None
    peer.send("join", identity=offer["identity"], resume=None)


class HandGuest:
    """A guest machine made by hand over a RawPeer: it drew the dice honestly and holds the same game
    (its own record), answers the host's commands as an honest machine does, and gives its own
    commands as a test says (honestly, or with a value, a tag or a digest of its choosing)."""

    def __init__(self, host: Machine, peer: RawPeer, record: Record, key: KeyPair) -> None:
        self.host, self.peer, self.record, self.key = host, peer, record, key
        self.seen = 0  # messages of peer.got handled
        self.given: tuple[cmd.Command, str, str] | None = None  # its command sent, not yet rolled
        self.ack_digest: str | None = None  # a digest to acknowledge with instead of its own
        self.lie_value: str | None = None  # a value to roll the host's commands with instead of its own
        self.seat = ""  # the secret the two seats agreed

    def follow(
        self, until: Callable[[], bool], seconds: float = 30.0, play: bool = True, mine: bool = False
    ) -> None:
        """Step the host (playing its side, or not) and answer its commands and rolls until `until()`
        holds; with `mine`, this guest plays its own side too (a random player)."""
        end = time.monotonic() + seconds
        while not until():
            rec, g = self.record, self.host.game
            assert time.monotonic() < end, (
                self.host.said,
                [m.type for m in self.peer.got[-8:]],
                (rec.count, rec.turn(), rec.local, self.given is not None),
                (g.ledger.count if g.ledger else None, g.state, g.sent, g.my_turn, g.behind_until),
            )
            self.host.step(play)
            self.peer.read()
            self.reply()
            if mine and self.given is None and self.record.turn() == self.record.local:
                self.give()

    def reply(self) -> None:
        """Answer what the host sent: roll its commands, apply this guest's own once rolled."""
        rec = self.record
        for m in self.peer.got[self.seen :]:
            self.seen += 1
            if m.type == "command" and m["n"] == rec.count:
                c = cmd.from_json(m["command"], rec.played.kinds)
                value, tag = rec.mine(cmd.to_json(c))
                rec.play(c, rec.entry("host", (value, tag), (m["value"], m["tag"])))
                value = self.lie_value or value
                self.peer.send("roll", n=m["n"], value=value, tag=tag, digest=rec.digest)
            elif m.type == "roll" and self.given is not None and m["n"] == rec.count:
                c, value, tag = self.given
                rec.play(c, rec.entry("guest", (value, tag), (m["value"], m["tag"])))
                self.given = None
                self.peer.send("ack", n=m["n"], digest=self.ack_digest or rec.digest)

    def to_my_turn(self) -> None:
        """The host plays until the game waits for the guest."""
        self.follow(lambda: self.record.turn() == self.record.local and self.given is None)

    def give(self, c: cmd.Command | None = None, value: str | None = None, tag: str | None = None) -> int:
        """A command of the guest's (a random player's when none is given), sent with its value and
        tag (or those given); its index."""
        rec = self.record
        if c is None:
            pending = rec.played.pending
            assert pending is not None
            c = rec.played.decider("random", rec.local, 5)(pending)
        raw = cmd.to_json(c)
        honest_value, honest_tag = rec.mine(raw)
        n = rec.count
        self.given = (c, honest_value, honest_tag)
        self.peer.send("command", n=n, command=raw, value=value or honest_value, tag=tag or honest_tag)
        return n

    def call(self, host: Machine, line: RawPeer, name: str = "Bob") -> Message:
        """Call a host again on a new line: hello, and the offer of the game it holds (its challenge)."""
        pump(host, line, lambda: line.first("hello") is not None)
        version = line.first("hello")["version"]  # type: ignore[index]
        line.send("hello", protocol=PROTOCOL, game="forglory", version=version, name=name, role="guest")
        pump(host, line, lambda: line.first("offer") is not None)
        offer = line.first("offer")
        assert offer is not None
        return offer

    def answer(self, offer: Message, proof_text: str | None = None) -> dict[str, object]:
        """The join's answer to the offer's challenge: proved with the seats' secret (or as given)."""
        rec, nonce = self.record, new_nonce()
        made = proof(self.seat, "guest", rec.game, offer["resume"]["nonce"], nonce)
        return {"game": rec.game, "nonce": nonce, "proof": proof_text or made, "count": rec.count,
                "digest": rec.digest}  # fmt: skip

    def close(self) -> None:
        self.peer.close()
        self.record.played.close()


def play_as_guest(host: Machine, peer: RawPeer) -> HandGuest:
    """The raw peer draws the dice honestly and builds the same game: its own record of it."""
    greet(host, peer)
    pump(host, peer, lambda: peer.first("commit") is not None)
    secret, key, chain = fair_dice.new_secret(), new_pair(), Chain.new()
    peer.send("commit", hash=fair_dice.commitment("guest", secret), key=key.public, anchor=chain.anchor)
    peer.send("reveal", secret=secret)
    pump(host, peer, lambda: peer.first("reveal") is not None and host.game.state == "playing")
    commit, offer = peer.first("commit"), peer.first("offer")
    assert commit is not None and offer is not None
    seed = fair_dice.seed_of(peer.first("reveal")["secret"], secret)  # type: ignore[index]
    game = fair_dice.game_id(commit["hash"], fair_dice.commitment("guest", secret))
    anchors = {"host": commit["anchor"], "guest": chain.anchor}
    match = build_offered(offer["identity"], seed)
    record = Record(match, offer["sides"]["guest"], "guest", game, chain, anchors)
    guest = HandGuest(host, peer, record, key)
    guest.seat = seat_secret(key, commit["key"], game)
    guest.seen = len(peer.got)
    return guest


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
