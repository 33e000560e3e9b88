"""A game played with a friend on another machine: both machines run the same session from the same
content; each gives the commands of its own side, both draw every command's dice, and after each
command both compare the digest of their events (docs/network.md).

`NetGame` is driven by whoever shows it (the window's frame, the headless loop): `step()` never waits;
it takes what the links brought, answers it, and returns the commands applied. The handshake, here:
hello (protocol and names), the offer and the join (the content's identity on both sides, a
difference named in one line), then for a new game the dice (commit and reveal of the seed, the seats'
secret and the dice chains' anchors), or for a game going on the seat's proof (each machine answers
the other's fresh number with the secret they share) and where each stands. Play and coming back are
game/net/exchange.py's; the links' life game/net/connection.py's."""

from __future__ import annotations

import time
from pathlib import Path

from game.model.errors import UserError, one_line
from game.net import fair_dice
from game.net.connection import Caller
from game.net.dice_chain import Chain
from game.net.exchange import Exchange
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
from game.net.link import Connecting, Fault, Listener
from game.net.played import is_campaign
from game.net.record import Record, other_role
from game.net.said import Said, SaidError, os_reason
from game.net.saved import NetSave
from game.net.seat import Arrival, clean_name
from game.net.seat_key import new_nonce, new_pair, proof, proves, seat_secret, valid_public
from game.net.wire import PROTOCOL, Message, ProtocolError

DEFAULT_PORT = 47_410


class NetGame(Exchange):
    """What the two machines say to each other before play, over a `Connection`."""

    # --- the two ways to start -------------------------------------------------------------------

    @classmethod
    def host(
        cls,
        offer: Offer,
        name: str,
        address: str = "0.0.0.0",
        port: int = DEFAULT_PORT,
        resume: NetSave | None = None,
        timer: int = 0,
    ) -> NetGame:
        """Offer a game and listen for its player on `address`:`port` (and nothing else); `timer`:
        seconds each player has for a decision (0: none; a saved game keeps its own). Raises UserError
        when the game cannot be offered (a scenario file of no mod) or the port is taken."""
        g = cls("host", name, offer.mods)
        if resume is not None:
            g._resumed(resume)
        else:
            made = offered(offer, "play --host")
            g.identity, g._build, g.timer = made.identity, made.build, timer
            g.sides = {"host": made.mine, "guest": made.theirs}
        try:
            g.listener = Listener(address, port)
        except OSError as e:
            raise SaidError(Said("net_cannot_host", {"port": port, "why": os_reason(e)}, bad=True)) from None
        g.port = g.listener.port
        return g

    @classmethod
    def join(
        cls,
        address: str,
        port: int,
        name: str,
        mods: tuple[Path, ...] = (),
        resume: NetSave | None = None,
        expect: str | None = None,
    ) -> NetGame:
        """Call the host at `address`:`port`; the game is the one it offers (or, with `resume`, the
        saved one both machines go on with); `expect`: the campaign the guest means to play (an id,
        or its file's), refusing any other offer."""
        g = cls("guest", name, mods)
        g.address, g.port, g.expect = address, port, expect
        if resume is not None:
            g._resumed(resume)
            g.state = "paused"  # until the host answers: it may not be back yet, so calls go on
        g.connecting = Connecting(address, port)
        return g

    def _resumed(self, saved: NetSave) -> None:
        if saved.role != self.role:
            raise SaidError(Said(f"net_save_of_{saved.role}", bad=True))
        self.chain = Chain(saved.chain)
        anchors = {self.role: self.chain.anchor, other_role(self.role): saved.anchor}
        self.ledger = Record(
            saved.match, saved.side, self.role, saved.game, self.chain, anchors, saved.entries, saved.followed
        )
        saved.followed = None  # its game is this ledger's now
        self.game_id, self.seat, self.timer = saved.game, saved.seat, saved.timer
        self.identity = identity_of(self.ledger.played)
        self.peer_name = saved.peer
        self.sides = {self.role: saved.side, other_role(self.role): self.ledger.peer}
        self.acked = self.ledger.count

    # --- what the window and the headless loop do ------------------------------------------------

    def step(self) -> list[Arrival]:
        """Everything that has come, answered; the commands agreed, applied here in order."""
        now = time.monotonic()
        self._connect(now)
        arrivals: list[Arrival] = []
        for c in [*self.callers, *([self.peer] if self.peer is not None else [])]:
            for item in c.link.poll():
                if c is not self.peer and c not in self.callers:  # a message before this one ended it
                    break
                if isinstance(item, Fault):
                    self._lost(c, item)
                    break
                try:
                    self._receive(c, item, arrivals)
                except ProtocolError as e:  # a well-formed message that makes no sense here
                    self._refuse_peer(c, Fault(e.key, dict(e.values)))
                    break
        self._keep_time(now)
        self._time(now)
        return arrivals

    # --- what the peer says ----------------------------------------------------------------------

    def _receive(self, c: Caller, m: Message, arrivals: list[Arrival]) -> None:
        if m.type == "ping":
            return
        if m.type == "bye":
            self._bye(c, m["reason"])
        elif c.stage == "hello":
            if m.type != "hello":
                raise ProtocolError("order", kind=m.type)
            self._hello(c, m)
        elif c is self.peer:
            play = {"command": self._command, "roll": self._roll, "history": self._history}
            if m.type in play:
                play[m.type](c, m, arrivals)
            elif m.type == "ack":
                self._ack(c, m)
            elif m.type == "refused":
                self._refused(c, m)
            elif m.type == "desync":
                self._desync_in(c, m)
            else:
                raise ProtocolError("order", kind=m.type)
        else:
            handler = {
                "offer": self._offer,
                "join": self._join,
                "cannot": self._cannot,
                "commit": self._commit_in,
                "reveal": self._reveal,
                "resumed": self._resumed_in,
            }.get(m.type)
            if handler is None:
                raise ProtocolError("order", kind=m.type)
            handler(c, m)

    def _expect(self, c: Caller, role: str, stage: str, kind: str) -> None:
        if self.role != role or c.stage != stage:
            raise ProtocolError("order", kind=kind)

    def _hello(self, c: Caller, m: Message) -> None:
        if m["role"] == self.role:
            raise ProtocolError("order", kind="hello")
        c.name = clean_name(m["name"])
        c.stage = "join" if self.role == "host" else "offer"
        if m["protocol"] != PROTOCOL:
            self._refuse_and_end(c, Said("net_protocol", {"theirs": m["protocol"], "mine": PROTOCOL}))
            return
        if m["version"] != game_version():
            theirs = one_line(m["version"], 40)
            self._refuse_and_end(c, Said("net_differs_version", {"mine": game_version(), "theirs": theirs}))
            return
        self.notices.append(Said("net_hello", {"name": c.name}))
        if self.role == "host":
            challenge = None
            if self.ledger is not None:
                c.nonce = new_nonce()
                challenge = {"game": self.game_id, "nonce": c.nonce}
            c.link.send("offer", identity=self.identity, sides=self.sides, timer=self.timer, resume=challenge)

    def _offer(self, c: Caller, m: Message) -> None:
        self._expect(c, "guest", "offer", "offer")
        theirs: Identity = m["identity"]
        challenge = m["resume"]
        self.timer = m["timer"]
        if self.ledger is None:
            if challenge is not None:  # the host is told why, and waits on for his player
                c.link.send("cannot", why="save", what=challenge["game"][:8])
                self._refuse_and_end(c, Said("net_host_resumes"))
                return
            if not self._expected(c, theirs) or not self._set_up(c, theirs, m["sides"]):
                return
            answer = None
            c.stage = "commit"
        else:
            if challenge is None or challenge["game"] != self.game_id:
                self._refuse_and_end(c, Said("net_other_game"))
                return
            c.nonce, c.their_nonce = new_nonce(), challenge["nonce"]
            led = self.ledger
            answer = {
                "game": self.game_id,
                "nonce": c.nonce,
                "proof": proof(self.seat, "guest", led.game, c.their_nonce, c.nonce),
                "count": led.count,
                "digest": led.digest,
            }
            c.stage = "resumed"
        assert self.identity is not None
        c.link.send("join", identity=self.identity, resume=answer)
        differs = differences(self.identity, theirs)
        if differs is not None:
            self._stop(Said("net_mismatch", {"what": differs, "name": c.who}))

    def _expected(self, c: Caller, theirs: Identity) -> bool:
        """The guest asked for a campaign (`join --campaign`): the host offers that one, or the guest
        says so to both and leaves."""
        if self.expect is None:
            return True
        wanted = Path(self.expect).stem
        offered = theirs["scenario"]["id"]
        if is_campaign(theirs) and offered == wanted:
            return True
        c.link.send("cannot", why="content", what=f"{self.name} asked for the campaign {wanted}")
        self._stop(Said("net_not_the_campaign", {"name": c.who, "wanted": wanted, "offered": offered}))
        return False

    def _set_up(self, c: Caller, theirs: Identity, sides: dict[str, str]) -> bool:
        """The game offered, built from this machine's content (or why it cannot be, said to both)."""
        try:
            probe = build_offered(theirs, 0, self.mods)
        except CannotBuild as e:
            c.link.send("cannot", why=e.said.key.removeprefix("net_lacks_"), what=str(e.said.values["id"]))
            self._stop(e.said)
            return False
        except UserError as e:
            c.link.send("cannot", why="content", what=str(e)[:200])
            self._stop(Said("net_content_broken", {"why": str(e)}))
            return False
        try:
            self.identity = identity_of(probe)
            known = probe.sides
        finally:
            probe.close()
        if sorted(known) != sorted(sides.values()) or sides["host"] == sides["guest"]:
            raise ProtocolError("field", kind="offer", field="sides")
        self.sides = dict(sides)
        self._build = lambda seed: build_offered(theirs, seed, self.mods)
        return True

    def _join(self, c: Caller, m: Message) -> None:
        self._expect(c, "host", "join", "join")
        assert self.identity is not None
        differs = differences(self.identity, m["identity"])
        if differs is not None:
            self._refuse_and_end(c, Said("net_mismatch", {"what": differs}))
            return
        answer, led = m["resume"], self.ledger
        if led is None:
            if answer is not None:
                self._refuse_and_end(c, Said("net_other_game"))
                return
            self._dice(c)
            c.stage = "commit"
            return
        if answer is None or answer["game"] != self.game_id:
            self._refuse_and_end(c, Said("net_other_game"))
            return
        if not proves(answer["proof"], self.seat, "guest", led.game, c.nonce, answer["nonce"]):
            self._refuse_and_end(c, Said("net_no_proof", {"seat": self.peer_name}), reason="proof")
            return
        mine = proof(self.seat, "host", led.game, answer["nonce"], c.nonce)
        c.link.send("resumed", proof=mine, count=led.count, digest=led.digest)
        self._back(c, answer["count"], answer["digest"])

    def _resumed_in(self, c: Caller, m: Message) -> None:
        self._expect(c, "guest", "resumed", "resumed")
        assert self.game_id is not None
        if not proves(m["proof"], self.seat, "host", self.game_id, c.nonce, c.their_nonce):
            c.link.send("bye", reason="proof")
            self._stop(Said("net_host_no_proof", {"name": c.who}))
            return
        self._back(c, m["count"], m["digest"])

    def _back(self, c: Caller, count: int, digest: str) -> None:
        """The seat proved: the game goes on with this caller (under the name he gives now)."""
        self._seated(c)
        if c.name != self.peer_name:
            self.notices.append(Said("net_other_name", {"name": self.peer_name, "other": c.name}))
            self.peer_name = c.name
        self._resume(c, count, digest)

    def _cannot(self, c: Caller, m: Message) -> None:
        self._expect(c, "host", "join", "cannot")
        what = one_line(m["what"], 200)  # the peer's words: shown as text, never read
        self.notices.append(Said(f"net_peer_lacks_{m['why']}", {"name": c.who, "what": what}, bad=True))
        self._pause_or_wait(c)

    # --- the dice and the seats' secret of a new game ----------------------------------------------

    def _dice(self, c: Caller) -> None:
        c.secret = fair_dice.new_secret()
        c.commit = fair_dice.commitment(self.role, c.secret)
        c.key = new_pair()
        c.link.send("commit", hash=c.commit, key=c.key.public, anchor=self.chain.anchor)
        self.notices.append(Said("net_dice", {"name": c.who}))

    def _commit_in(self, c: Caller, m: Message) -> None:
        self._expect(c, self.role, "commit", "commit")
        if not valid_public(m["key"]):
            raise ProtocolError("field", kind="commit", field="key")
        if self.role == "guest":
            self._dice(c)
        c.their_commit, c.their_key, c.their_anchor = m["hash"], m["key"], m["anchor"]
        c.link.send("reveal", secret=c.secret)  # both commitments are made
        c.stage = "reveal"

    def _reveal(self, c: Caller, m: Message) -> None:
        self._expect(c, self.role, "reveal", "reveal")
        other = other_role(self.role)
        if not fair_dice.keeps(other, m["secret"], c.their_commit):
            self._refuse_and_end(c, Said("net_bad_reveal"))
            return
        secrets = {self.role: c.secret, other: m["secret"]}
        commits = {self.role: c.commit, other: c.their_commit}
        seed = fair_dice.seed_of(secrets["host"], secrets["guest"])
        game = fair_dice.game_id(commits["host"], commits["guest"])
        assert self._build is not None and c.key is not None
        try:
            match = self._build(seed)
        except (UserError, CannotBuild) as e:
            self._stop(Said("net_content_broken", {"why": str(e)}))
            return
        anchors = {self.role: self.chain.anchor, other: c.their_anchor}
        self.ledger = Record(match, self.local, self.role, game, self.chain, anchors)
        self.game_id, self.seat = game, seat_secret(c.key, c.their_key, game)
        self.peer_name = c.name
        self._seated(c)
        self.state = "playing"
        self.notices.append(
            Said("net_started", {"name": self.peer_name, "side": self.local, "seed": seed, "game": game[:8]})
        )

    def _bye(self, c: Caller, reason: str) -> None:
        if c is not self.peer:  # a handshake ended by the other machine
            if self.role == "guest":
                key = "net_refused_by_host" if reason == "content" else f"net_bye_{reason}"
                self._stop(Said(key, {"name": c.who}))
                return
            if reason != "content":  # a difference of content was said by this machine's own check
                self.notices.append(Said(f"net_bye_{reason}", {"name": c.who}, bad=True))
            self._pause_or_wait(c)
            return
        if reason == "over" and self.over:  # the peer holds every command (its acks came before this)
            self.acked = self.ledger.count if self.ledger is not None else self.acked
            self.state = "over"
            self.close("over")
            return
        self.notices.append(Said(f"net_bye_{reason}", {"name": self.peer_name}, bad=True))
        self._pause_or_wait(c)
