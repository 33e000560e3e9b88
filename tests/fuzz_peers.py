"""The fuzzer's hostile network peers (tests/fuzzing.py; docs/network.md): two kinds of case.

    wire    a peer honest up to hello, joining, the dice or its turn, then sending that stage's message
            mutated (sometimes several) to a hosted game
    peers   the attacks of issue 35, each with the honest traffic around it mutated: a stranger at a
            paused game's seat (no proof, a proof seen before, a mutated join), the machine ahead
            rewriting the history the other missed, lying dice values in a command or a roll, a
            stream of commands the rules refuse, callers that say nothing or stall while a real one
            calls, and mutated rolls and acknowledgements

A case returns the lines the host said of it (each a refusal: one line); anything the host should
have refused and took, or an honest player kept out, fails the case as a traceback would."""

from __future__ import annotations

import contextlib
import json
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.fuzz_cases import Place, Step, mutate_json

Attack = Callable[[random.Random, str], list[str]]


def wire(rng: random.Random, number: int, place: Place, mod: Path, replays: object) -> list[Step]:
    stage = rng.choice(["hello", "join", "dice", "play", "play", "play"])
    scenario = rng.choice(["first-battle", "ow-twin-fords"])
    return [Step(f"wire {stage}", call=lambda: _hostile_peer(rng, stage, scenario))]


def peers(rng: random.Random, number: int, place: Place, mod: Path, replays: object) -> list[Step]:
    name = rng.choice(sorted(ATTACKS))
    scenario = rng.choice(["first-battle", "first-battle", "ow-twin-fords"])
    return [Step(f"peers {name}", call=lambda: ATTACKS[name](rng, scenario))]


# --- helpers ------------------------------------------------------------------------------------


def _host(scenario: str) -> Any:
    from game.net.identity import Offer
    from game.net.network_game import NetGame
    from tests.net_peers import Machine

    return Machine(NetGame.host(Offer(scenario), "Anna", "127.0.0.1", 0))


def _bad_lines(host: Any, seconds: float = 0.5, also: Callable[[], object] | None = None) -> list[str]:
    """Step the host (not playing) a while: every line it has said that is a refusal or a fault."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        host.step(play=False)
        if also is not None:
            also()
        time.sleep(0.002)
    return list(host.bad)


def _send_mutated(rng: random.Random, line: Any, honest: dict[str, Any]) -> None:
    from tests.net_peers import header

    for _ in range(rng.choice([1, 1, 1, 2, 5])):
        body = mutate_json(rng, honest)
        with contextlib.suppress(OSError):  # the host has hung up on an earlier one
            line.raw(header(len(body)) + body)


def _close(*things: Any) -> None:
    for t in things:
        if t is None:
            continue
        game = getattr(t, "game", None)
        if game is not None:
            game.close()
            if game.match is not None:
                game.match.battle.close()
        else:
            t.close()


def _guest_at_turn(host: Any, rng: random.Random) -> Any:
    """A guest by hand that drew the dice honestly, at its turn after a few of the host's commands."""
    from tests.net_peers import RawPeer, play_as_guest

    guest = play_as_guest(host, RawPeer(host.game.port))
    guest.follow(lambda: guest.record.count >= rng.randint(0, 12), mine=True)
    guest.to_my_turn()
    return guest


# --- wire: a peer honest up to a point, then hostile -------------------------------------------------


def _hostile_peer(rng: random.Random, stage: str, scenario: str) -> list[str]:
    """A host, and a peer that sends this stage's honest message mutated (sometimes several): the
    lines the host said of it, each a refusal."""
    from game.net.dice_chain import Chain
    from game.net.seat_key import new_pair
    from game.net.wire import GAME, PROTOCOL
    from tests.net_peers import RawPeer, greet, pump

    host = _host(scenario)
    peer = RawPeer(host.game.port)
    guest = None
    try:
        pump(host, peer, lambda: peer.first("hello") is not None)
        version = peer.first("hello")["version"]  # type: ignore[index]
        honest: dict[str, Any] = dict(
            type="hello", protocol=PROTOCOL, game=GAME, version=version, name="Bob", role="guest"
        )
        if stage == "join":
            peer.send("hello", **{k: v for k, v in honest.items() if k != "type"})
            pump(host, peer, lambda: peer.first("offer") is not None)
            honest = {"type": "join", "identity": peer.first("offer")["identity"], "resume": None}  # type: ignore[index]
        elif stage == "dice":
            greet(host, peer)
            pump(host, peer, lambda: peer.first("commit") is not None)
            honest = {"type": "commit", "hash": peer.first("commit")["hash"], "key": new_pair().public,  # type: ignore[index]
                      "anchor": Chain.new().anchor}  # fmt: skip
        elif stage == "play":
            peer.close()
            guest = _guest_at_turn(host, rng)
            peer = guest.peer
            honest = _honest_command(guest, rng)
        _send_mutated(rng, peer, honest)
        return _bad_lines(host)
    finally:
        _close(guest if guest is not None else peer, host)


def _honest_command(guest: Any, rng: random.Random) -> dict[str, Any]:
    """A command a random player of the guest's side would give here, as the wire carries it."""
    from game.ai.players import make_player
    from game.model import commands as cmd

    rec = guest.record
    b = rec.match.battle
    b.enter()
    raw = cmd.to_json(make_player("random", rec.local, rng.randrange(99)).decide(b, b.pending))
    value, tag = rec.mine(raw)
    return {"type": "command", "n": rec.count, "command": raw, "value": value, "tag": tag}


# --- peers: the attacks -----------------------------------------------------------------------------


def _stranger(rng: random.Random, scenario: str) -> list[str]:
    """A paused game; a caller at its seat without the secret (a random proof, one seen before, a
    mutated join of the real guest's): refused, and the seat stays Bob's."""
    from game.net.seat_key import new_nonce, proof
    from tests.net_peers import RawPeer

    host = _host(scenario)
    guest = _guest_at_turn(host, rng)
    line = None
    try:
        guest.peer.sock.close()  # the real guest is gone
        _bad_lines(host, 0.3)
        line = RawPeer(host.game.port)
        offer = guest.call(host, line, rng.choice(["Mallory", "Bob", "?"]))
        how = rng.choice(["random", "replayed", "mutated"])
        if how == "random":
            answer = guest.answer(offer, proof_text=new_nonce() * 2)
        elif how == "replayed":  # a proof of the real secret, made for another number
            seen = proof(guest.seat, "guest", guest.record.game, new_nonce(), new_nonce())
            answer = guest.answer(offer, proof_text=seen)
        else:
            answer = guest.answer(offer)
        honest = {"type": "join", "identity": offer["identity"], "resume": answer}
        if how == "mutated":
            _send_mutated(rng, line, honest)
        else:
            line.send("join", identity=offer["identity"], resume=answer)
        said = _bad_lines(host, 0.6, line.read)
        g = host.game
        if g.state == "playing" and how != "mutated":
            raise AssertionError(f"a caller with a {how} proof took the seat")
        if g.state != "playing":
            assert g.peer_name == "Bob" and g.listener is not None and g.listener.listening, g.state
        return said
    finally:
        _close(line, guest, host)


def _history(rng: random.Random, scenario: str) -> list[str]:
    """The host restarted from a save a few commands behind; the guest, ahead, comes back and sends
    what it missed mutated (a field, one dropped, one twice, two swapped): whatever the host takes
    must be the history both agreed."""
    from game.model import commands as cmd
    from game.net.identity import Offer
    from game.net.network_game import NetGame
    from game.net.saved import load_net
    from tests.net_peers import Machine, RawPeer, header, pump

    host = _host(scenario)
    port = host.game.port
    guest = _guest_at_turn(host, rng)
    rec = guest.record
    line = None
    try:
        with tempfile.TemporaryDirectory() as folder:
            saved = host.game.save(path=Path(folder) / "anna.json")
            start = rec.count
            guest.follow(lambda: rec.count >= start + rng.randint(1, 8) or rec.over, mine=True)
            guest.follow(lambda: guest.given is None and host.game.ledger.count == rec.count, play=False)
            host.game.link._sock.close()
            host.game.listener.close()
            host.game.match.battle.close()
            guest.peer.close()
            host = Machine(NetGame.host(Offer(scenario), "Anna", "127.0.0.1", port, resume=load_net(saved)))
        line = RawPeer(port)
        offer = guest.call(host, line, "Bob")
        line.send("join", identity=offer["identity"], resume=guest.answer(offer))
        pump(host, line, lambda: line.first("resumed") is not None)
        items = []
        for k in range(start, rec.count):
            e, raw = rec.entries[k], cmd.to_json(rec.match.commands[k])
            items.append({"type": "history", "n": k, "author": e.author, "command": raw, "values": e.values,
                          "tags": e.tags, "digest": rec.digest_at(k + 1)})  # fmt: skip
        bodies = [json.dumps(i, separators=(",", ":")).encode() for i in items]
        if bodies:
            k = rng.randrange(len(bodies))
            how = rng.choice(["mutate", "mutate", "mutate", "drop", "twice", "swap"])
            if how == "mutate":
                bodies[k] = mutate_json(rng, items[k])
            elif how == "drop":
                del bodies[k]
            elif how == "twice":
                bodies.insert(k, bodies[k])
            elif len(bodies) > 1:
                j = (k + 1) % len(bodies)
                bodies[k], bodies[j] = bodies[j], bodies[k]
        for body in bodies:
            with contextlib.suppress(OSError):
                line.raw(header(len(body)) + body)
        said = _bad_lines(host, 0.6, line.read)
        led = host.game.ledger
        if led is not None and led.count > start:  # what it took is what both agreed
            assert led.digest == rec.digest_at(led.count), f"took a history never agreed, to {led.count}"
        return said
    finally:
        _close(line, guest, host)


def _lying_dice(rng: random.Random, scenario: str) -> list[str]:
    """The guest gives a command with another chain value than its own, or rolls the host's with one:
    the game stops, and no entry of the host's holds the lie."""
    host = _host(scenario)
    guest = _guest_at_turn(host, rng)
    try:
        rec = guest.record
        n = rec.count
        lie = rng.choice(["0" * 32, "f" * 32, rec.last_value("guest"), rng.randbytes(16).hex()])
        if rng.random() < 0.5:
            guest.give(value=lie)
            said = _bad_lines(host, 1.0, lambda: (guest.peer.read(), guest.reply()))
        else:
            guest.lie_value = lie
            guest.follow(lambda: host.game.state != "playing", seconds=10, mine=True)
            said = _bad_lines(host, 0.2)
        led = host.game.ledger
        assert led is not None and all(e.values["guest"] != lie for e in led.entries[n:]), "a lie was taken"
        return said
    finally:
        _close(guest, host)


def _refused_stream(rng: random.Random, scenario: str) -> list[str]:
    """Commands the rules refuse, again and again: the host disconnects the guest at the limit."""
    from game.model import commands as cmd
    from game.net.exchange import REFUSED_IN_A_ROW

    host = _host(scenario)
    guest = _guest_at_turn(host, rng)
    try:
        said: list[str] = []
        for _ in range(rng.randint(5, 40)):
            if host.game.state != "playing" or guest.record.turn() != guest.record.local:
                break
            guest.give(rng.choice([cmd.Pass(), cmd.EndActivation()]))
            guest.follow(lambda: guest.given is None or host.game.state != "playing", play=False)
        said += _bad_lines(host, 0.3)
        led = host.game.ledger
        assert led is not None and max(led.refused_run.values(), default=0) <= REFUSED_IN_A_ROW
        return said
    finally:
        _close(guest, host)


def _callers(rng: random.Random, scenario: str) -> list[str]:
    """Callers that say nothing, stall after hello, or send garbage, then a real guest: it plays."""
    from game.net.network_game import NetGame
    from game.net.wire import PROTOCOL
    from tests.net_peers import Machine, RawPeer, drive, header

    host = _host(scenario)
    hostile = []
    guest = None
    try:
        for _ in range(rng.randint(1, 6)):
            r = RawPeer(host.game.port)
            hostile.append(r)
            kind = rng.choice(["silent", "hello", "garbage", "slow"])
            if kind == "hello":
                r.send("hello", protocol=PROTOCOL, game="forglory", version="x", name="Stall", role="guest")
            elif kind == "garbage":
                with contextlib.suppress(OSError):
                    r.raw(rng.randbytes(rng.randint(1, 64)))
            elif kind == "slow":
                with contextlib.suppress(OSError):
                    r.raw(header(500) + b'{"type": "hel')
        _bad_lines(host, 0.1)
        guest = Machine(NetGame.join("127.0.0.1", host.game.port, "Bob"))
        drive([host, guest], lambda: host.game.state == guest.game.state == "playing", seconds=8, play=False)
        return []
    finally:
        _close(*hostile, guest, host)


def _rolls(rng: random.Random, scenario: str) -> list[str]:
    """The host's command answered by a mutated roll, or an acknowledgement mutated."""
    from game.model import commands as cmd

    host = _host(scenario)
    guest = _guest_at_turn(host, rng)
    try:
        while guest.record.turn() == guest.record.local and not guest.record.over:
            guest.give()
            guest.follow(lambda: guest.given is None, play=False)
        peer, rec = guest.peer, guest.record
        seen = len(peer.got)
        end = time.monotonic() + 10
        while not any(m.type == "command" for m in peer.got[seen:]) and not host.game.over:
            assert time.monotonic() < end, host.said
            host.step()  # it plays its side
            peer.read()
            time.sleep(0.002)
        m = next((m for m in peer.got[seen:] if m.type == "command"), None)
        guest.seen = len(peer.got)
        if m is None:
            return []
        c = cmd.from_json(m["command"], rec.match.battle.stack.commands)
        value, tag = rec.mine(cmd.to_json(c))
        honest = {"type": "roll", "n": m["n"], "value": value, "tag": tag, "digest": "0" * 64}
        rec.play(c, rec.entry("host", (value, tag), (m["value"], m["tag"])))
        honest["digest"] = rec.digest
        if rng.random() < 0.3:
            honest = {"type": "ack", "n": m["n"], "digest": rec.digest}
        _send_mutated(rng, peer, honest)
        return _bad_lines(host, 0.6, peer.read)
    finally:
        _close(guest, host)


ATTACKS: dict[str, Attack] = {
    "stranger": _stranger,
    "history": _history,
    "lying dice": _lying_dice,
    "refused": _refused_stream,
    "callers": _callers,
    "rolls": _rolls,
}
