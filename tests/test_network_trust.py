"""A network game that survives a crash and a stranger (issue 35, docs/network.md): either machine,
killed at its own turn or the other's and restarted from a save 1 to 10 commands behind, catches up
and the game goes on to one digest; a caller who cannot prove the seat his is refused and the seat
stays open; no machine can foresee a command's dice before it is given, nor lie about its part of
them, nor rewrite the commands the other missed; a caller that says nothing blocks no one; a side
that keeps giving commands the rules refuse is disconnected; the turn timer decides for a late
player; a saved name comes back with its save."""

from __future__ import annotations

import argparse
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.ai.players import make_player
from game.model import commands as cmd
from game.model.errors import UserError
from game.net import connection
from game.net.identity import Offer
from game.net.network_game import NetGame
from game.net.saved import load_net
from game.net.seat_key import new_nonce, proof
from game.running.match import events_digest, load, restart
from tests.net_peers import HandGuest, Machine, RawPeer, drive, play_as_guest, pump, said

LOCAL = "127.0.0.1"


@pytest.fixture(autouse=True)
def _quick_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(connection, "RETRY", 0.2)  # a paused guest calls again at once


def hosted(**kw: object) -> Machine:
    return Machine(NetGame.host(Offer("first-battle"), "Anna", LOCAL, 0, **kw))  # type: ignore[arg-type]


def count(m: Machine) -> int:
    return m.game.ledger.count if m.game.ledger is not None else 0


def kill(m: Machine) -> None:
    """As a killed process: its connection ends without a goodbye, its port is free again."""
    g = m.game
    if g.link is not None:
        g.link._sock.shutdown(socket.SHUT_RDWR)
    if g.listener is not None:
        g.listener.close()
    if g.match is not None:
        g.match.battle.close()


def until_turn(other: Machine, seat: Machine) -> None:
    """`other` plays, `seat` only follows, until the decision is `seat`'s."""
    end = time.monotonic() + 30
    while not seat.game.my_turn:
        assert time.monotonic() < end, (other.said, seat.said)
        other.step()
        seat.step(play=False)
        time.sleep(0.002)


def close(*seats: Machine) -> None:
    for s in seats:
        s.game.close()
        if s.game.match is not None:
            s.game.match.battle.close()


# --- the resume matrix ----------------------------------------------------------------------------


@pytest.mark.parametrize("behind", [1, 4, 10])
@pytest.mark.parametrize("at", ["own turn", "other's turn"])
@pytest.mark.parametrize("killed", ["host", "guest"])
def test_a_machine_killed_and_restarted_from_an_older_save_catches_up_and_the_game_goes_on(
    killed: str, at: str, behind: int, tmp_path: Path
) -> None:
    """The machine ahead sends every command the other lacks, whoever gave it; the one behind takes
    them as history and decides nothing until it holds them all; both end at one digest."""
    host = hosted()
    guest = Machine(NetGame.join(LOCAL, host.game.port, "Bob"))
    victim, other = (host, guest) if killed == "host" else (guest, host)
    saves: dict[int, Path] = {}
    seats = [host, guest]
    try:
        while True:  # an autosave at each command the victim holds: any may be the one it restarts from
            time.sleep(0.002)
            for s in seats:
                s.step()
            g = victim.game
            if g.state == "playing" and count(victim) not in saves:
                saves[count(victim)] = g.save(path=tmp_path / f"{count(victim)}.json")
            mine = g.ledger is not None and g.ledger.turn() == g.local
            if count(victim) >= 12 + behind and mine == (at == "own turn"):
                break
            assert count(victim) < 90, "the game ends before the case is met"
        died_at, other_had = count(victim), count(other)
        kill(victim)
        start = max(n for n in saves if n <= died_at - behind)
        back = load_net(saves[start])
        if killed == "host":
            victim = Machine(NetGame.host(Offer("first-battle"), "Anna", LOCAL, host.game.port, resume=back))
            seats = [victim, guest]
        else:
            victim = Machine(NetGame.join(LOCAL, host.game.port, "Bob", resume=back))
            seats = [host, victim]
        target = other_had + 10
        while not all(count(s) >= target and s.game.acked >= count(s) for s in seats):
            for s in seats:
                s.step()
                assert s.game.state != "stopped", s.said
            if victim.game.my_turn:  # it decides only once it holds everything the other had
                assert count(victim) >= other_had, (start, died_at, other_had)
            time.sleep(0.002)
        a, b = (s.game.ledger for s in seats)
        assert a is not None and b is not None
        n = min(a.count, b.count)
        assert a.digest_at(n) == b.digest_at(n), f"resumed from {start}, died at {died_at}"
        assert said(other, "is back: the game goes on")
    finally:
        close(*seats)


# --- seats ------------------------------------------------------------------------------------------


def _paused_with_saves(tmp_path: Path) -> tuple[Machine, Path]:
    """A game played a while, the guest gone (killed): the host paused, and the guest's save."""
    host = hosted()
    guest = Machine(NetGame.join(LOCAL, host.game.port, "Bob"))
    drive([host, guest], lambda: count(host) >= 15)
    until_turn(host, guest)
    saved = guest.game.save(path=tmp_path / "bob.json")
    kill(guest)
    drive([host], lambda: host.game.state == "paused", play=False)
    return host, saved


def test_a_stranger_with_everything_but_the_seats_secret_is_refused_and_the_seat_stays_open(
    tmp_path: Path,
) -> None:
    """Mallory holds Bob's save of the game (its id, its commands, its digest: all a stranger could
    know or rebuild) but not the secret the two seats agreed: she cannot prove the seat hers; the
    host says so in one line, keeps Bob's seat open, and Bob comes back."""
    host, saved = _paused_with_saves(tmp_path)
    data = json.loads(saved.read_text())
    data["network"]["seat"] = "5" * 64
    forged = tmp_path / "mallory.json"
    forged.write_text(json.dumps(data))
    mallory = Machine(NetGame.join(LOCAL, host.game.port, "Mallory", resume=load_net(forged)))
    bob = None
    try:
        drive([host, mallory], lambda: mallory.game.state == "stopped", play=False)
        assert said(host, r"^Mallory cannot prove the seat is his .*: refused; the game waits for Bob$")
        assert said(mallory, "Anna did not take this save's proof")
        assert host.game.state == "paused" and host.game.peer_name == "Bob"
        assert not said(host, "came back as")
        bob = Machine(NetGame.join(LOCAL, host.game.port, "Bob", resume=load_net(saved)))
        drive([host, bob], lambda: host.game.state == bob.game.state == "playing")
        assert said(host, "Bob is back") and host.game.peer_name == "Bob"
    finally:
        close(host, mallory, *([bob] if bob else []))


def test_the_seats_secret_never_crosses_the_wire_and_a_proof_is_good_once(tmp_path: Path) -> None:
    host = hosted()
    peer = RawPeer(host.game.port)
    guest = None
    try:
        guest = play_as_guest(host, peer)
        guest.to_my_turn()
        secret = host.game.seat
        assert secret == guest.seat and len(secret) == 64
        assert all(secret not in json.dumps(m.fields) for m in peer.got)  # nothing the host sent holds it
        peer.sock.shutdown(socket.SHUT_RDWR)  # the guest's line is cut
        drive([host], lambda: host.game.state == "paused", play=False)
        # a proof seen on the wire, sent again to a new number, proves nothing
        old = proof(secret, "guest", host.game.game_id or "", new_nonce(), new_nonce())
        again = RawPeer(host.game.port)
        offer = guest.call(host, again, "Eve")
        again.send("join", identity=offer["identity"], resume=guest.answer(offer, proof_text=old))
        pump(host, again, lambda: said(host, "Eve cannot prove the seat is his"))
        assert host.game.state == "paused"
        again.close()
    finally:
        if guest is not None:
            guest.close()
        close(host)


def test_a_saved_name_comes_back_with_its_save(tmp_path: Path) -> None:
    """`play --join ADDRESS --load SAVE` without --name plays under the name the save kept, not the
    login's."""
    from game.cli.network import net_game

    host, saved = _paused_with_saves(tmp_path)
    args = argparse.Namespace(
        host=None, join=f"{LOCAL}:{host.game.port}", mod=[], name=None, load=str(saved),
        scenario=None, module=[], rounds=None, side=1, turn_timer=0,
    )  # fmt: skip
    game = net_game(args)
    try:
        assert game.name == "Bob"
    finally:
        game.close()
        if game.match is not None:
            game.match.battle.close()
        close(host)


def test_a_tampered_network_save_is_one_line_naming_the_key(tmp_path: Path) -> None:
    host, saved = _paused_with_saves(tmp_path)
    close(host)
    data = json.loads(saved.read_text())
    for edit, line in [
        (lambda d: d["network"].pop("seat"), r"network\.seat: 64 hexadecimal digits"),
        (lambda d: d["network"]["entries"][3].__setitem__(1, "0" * 32), r"entries\[3\]: the host's dice"),
        (lambda d: d["network"]["entries"].pop(), r"network\.entries: one entry for each command"),
        (lambda d: d["network"].__setitem__("timer", -4), r"network\.timer: seconds from 0"),
    ]:
        copy = json.loads(json.dumps(data))
        edit(copy)
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps(copy))
        with pytest.raises(UserError, match=line):
            load_net(bad)


# --- the dice -----------------------------------------------------------------------------------


def test_no_machine_can_foresee_a_commands_dice_on_a_private_copy() -> None:
    """Before, the seed was fixed at the start: a modified client could play an order on a copy of
    its game, see its dice, and choose. Now a command's dice depend on the other machine's value,
    revealed only once the command is given: the copy's dice are not the game's. And the record
    keeps both values, so the save replays every roll."""
    host = hosted()
    guest = Machine(NetGame.join(LOCAL, host.game.port, "Bob"))
    foreseen: list[list[int]] = []
    drawn: list[list[int]] = []
    try:
        while sum(len(r) for r in drawn) < 20:
            until_turn(host, guest)
            g = guest.game
            m = g.match
            assert m is not None and m.battle.pending is not None
            m.battle.enter()
            c = make_player("random", g.local, len(drawn)).decide(m.battle, m.battle.pending)
            copy = restart(m)  # the cheat: the game as it stands, privately
            for done in m.commands:
                copy.apply(done)
            rolls = [e.to_dict()["die"] for e in copy.apply(c) if e.kind == "roll"]
            copy.battle.close()
            m.battle.enter()
            n = m.battle.events.__len__()
            k = count(guest)
            g.play(c)
            drive([host, guest], lambda k=k: count(guest) > k, play=False)  # type: ignore[misc]
            if rolls:
                foreseen.append(rolls)
                drawn.append([e.to_dict()["die"] for e in m.battle.events[n:] if e.kind == "roll"])
        assert foreseen != drawn
        saved = host.game.save()
        again = load(saved)
        assert events_digest(again.battle) == host.game.ledger.digest  # type: ignore[union-attr]
        again.battle.close()
    finally:
        close(host, guest)


@pytest.fixture
def at_guest_turn() -> Iterator[tuple[Machine, HandGuest]]:
    host = hosted()
    peer = RawPeer(host.game.port)
    guest = None
    try:
        guest = play_as_guest(host, peer)
        guest.to_my_turn()
        yield host, guest
    finally:
        if guest is not None:
            guest.close()
        close(host)


def test_a_command_sent_with_another_dice_value_stops_the_game(
    at_guest_turn: tuple[Machine, HandGuest],
) -> None:
    """The guest's value for its command must be the one its chain's anchor fixed from the start."""
    host, guest = at_guest_turn
    n = guest.give(value="ab" * 16)
    guest.follow(lambda: host.game.state == "stopped")
    assert said(host, rf"Bob's dice for command {n} are not the ones committed to: the game stops\. Saved as")


def test_a_roll_with_another_dice_value_stops_the_game(at_guest_turn: tuple[Machine, HandGuest]) -> None:
    """The value the other machine reveals for a command must be its chain's too: it cannot choose the
    dice of the host's command once it has seen it."""
    host, guest = at_guest_turn
    while guest.record.turn() == guest.record.local:
        guest.give()
        guest.follow(lambda: guest.given is None, play=False)
    guest.lie_value = "cd" * 16
    guest.follow(lambda: host.game.state == "stopped")
    assert said(host, r"Bob's dice for command \d+ are not the ones committed to: the game stops")


@pytest.mark.parametrize("forgery", ["command", "author"])
def test_history_the_machine_behind_never_agreed_to_is_refused(forgery: str, tmp_path: Path) -> None:
    """The host restarts from a save 6 commands behind; the guest, ahead, sends what it missed with
    one command rewritten (or given to the other side): the host finds no tag of its own on it and
    stops. Sent as it was, the same history is taken and the game goes on."""
    host = hosted()
    peer = RawPeer(host.game.port)
    guest = play_as_guest(host, peer)
    port = host.game.port
    try:
        rec = guest.record
        guest.follow(lambda: count(host) >= 14, mine=True)
        guest.follow(lambda: guest.given is None and count(host) == rec.count, play=False)  # settled
        saved = host.game.save(path=tmp_path / "anna.json")
        start = count(host)
        guest.follow(lambda: rec.count >= start + 6, mine=True)
        guest.follow(lambda: guest.given is None and count(host) == rec.count, play=False)
        kill(host)
        peer.close()
        host = _history_to(guest, saved, port, start, forgery)
        pump(host, host.line, lambda: host.game.state == "stopped")  # type: ignore[attr-defined]
        assert said(host, rf"Bob sent command {start + 2} as this machine never agreed to it")
        assert count(host) == start + 2  # nothing of it, nor after it, was taken
        close(host)
        host = _history_to(guest, saved, port, start, None)
        pump(host, host.line, lambda: count(host) == rec.count)  # type: ignore[attr-defined]
        assert host.game.ledger.digest == rec.digest and host.game.state == "playing"  # type: ignore[union-attr]
    finally:
        guest.close()
        close(host)


def _history_to(guest: HandGuest, saved: Path, port: int, start: int, forgery: str | None) -> Machine:
    """The host restarted from its save; the guest comes back and sends it the commands from `start`
    on, the third of them forged as asked (or none)."""
    host = Machine(NetGame.host(Offer("first-battle"), "Anna", LOCAL, port, resume=load_net(saved)))
    line = RawPeer(port)
    host.line = line  # type: ignore[attr-defined]
    offer = guest.call(host, line, "Bob")
    line.send("join", identity=offer["identity"], resume=guest.answer(offer))
    pump(host, line, lambda: line.first("resumed") is not None)
    rec = guest.record
    for k in range(start, rec.count):
        e, raw = rec.entries[k], cmd.to_json(rec.match.commands[k])
        author = e.author
        if forgery == "author" and k == start + 2:
            author = "guest" if author == "host" else "host"
        elif forgery == "command" and k == start + 2:
            raw = {"type": "Pass"} if raw != {"type": "Pass"} else {"type": "EndActivation"}
        line.send("history", n=k, author=author, command=raw, values=e.values, tags=e.tags,
                  digest=rec.digest_at(k + 1))  # fmt: skip
    return host


# --- limits -------------------------------------------------------------------------------------


def test_a_side_that_keeps_giving_refused_commands_is_disconnected_and_the_save_stays_small(
    at_guest_turn: tuple[Machine, HandGuest],
) -> None:
    """A Pass where the rules wait for a placement is refused (a rejected event): twenty in a row
    disconnect the guest with one line, instead of thousands being kept."""
    host, guest = at_guest_turn
    before = count(host)
    while host.game.state == "playing":
        assert count(host) - before <= connection_limit() + 1  # (a Pass some decision takes, then 20)
        guest.give(cmd.Pass())
        guest.follow(lambda: guest.given is None or host.game.state != "playing", play=False)
    assert said(host, r"^Bob gave 20 orders in a row that the rules refuse: disconnected$")
    assert host.game.ledger.refused_run[guest.record.local] == 20  # type: ignore[union-attr]
    assert all(e.kind == "rejected" for e in host.game.match.battle.events[-20:])  # type: ignore[union-attr]


def connection_limit() -> int:
    from game.net.exchange import REFUSED_IN_A_ROW

    return REFUSED_IN_A_ROW


def test_a_silent_caller_does_not_keep_an_honest_one_out() -> None:
    """One caller connects and says nothing, another says hello and stalls: the real guest, calling
    meanwhile, is heard at once and plays; the silent one is dropped after its few seconds."""
    host = hosted()
    silent = RawPeer(host.game.port)
    staller = RawPeer(host.game.port)
    pump(host, staller, lambda: staller.first("hello") is not None)
    staller.send("hello", protocol=2, game="forglory", version=staller.first("hello")["version"],  # type: ignore[index]
                 name="Stall", role="guest")  # fmt: skip
    guest = Machine(NetGame.join(LOCAL, host.game.port, "Bob"))
    try:
        drive([host, guest], lambda: host.game.state == guest.game.state == "playing", seconds=4, play=False)
        assert host.game.peer_name == "Bob"
        pump(host, silent, lambda: not silent.read(), seconds=3)  # hung up on: the seat is taken
    finally:
        silent.close()
        staller.close()
        close(host, guest)


def test_a_turn_timer_gives_a_late_players_decision_to_the_computer_general() -> None:
    host = hosted(timer=1)
    guest = Machine(NetGame.join(LOCAL, host.game.port, "Bob"))
    try:
        until_turn(host, guest)
        assert guest.game.timer == 1  # the host's timer, played by both
        n = count(guest)
        drive([host, guest], lambda: count(guest) > n, seconds=10, play=False)  # Bob does nothing
        assert said(guest, r"Time is up \(1 s\): the computer general gave your order")
    finally:
        close(host, guest)


def test_a_network_save_of_an_older_version_goes_on_on_one_machine(tmp_path: Path) -> None:
    """Without the seats' secret a save cannot resume over the network: every chooser of the window
    opens it as a battle on one machine (is_net_save says no), which replays it exactly."""
    from game.net.saved import is_net_save

    host, saved = _paused_with_saves(tmp_path)
    close(host)
    assert is_net_save(saved)
    data = json.loads(saved.read_text())
    for key in ("seat", "chain", "anchor", "entries"):
        del data["network"][key]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data))
    assert not is_net_save(old)
    m = load(old)
    assert events_digest(m.battle) == data["events"]["sha256"]
    m.battle.close()
    with pytest.raises(UserError, match=r"old\.json: network\.seat: .*older version"):
        load_net(old)


def test_a_game_at_the_end_of_its_dice_chains_stops_with_a_save(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.net import record

    monkeypatch.setattr(record, "LENGTH", 30)  # (65,536 in play)
    host = hosted()
    guest = Machine(NetGame.join(LOCAL, host.game.port, "Bob"))
    try:
        drive([host, guest], lambda: host.game.state == "stopped")
        assert said(host, r"^This network game has reached its 30 commands, .*\. Saved as ")
        drive([guest], lambda: guest.game.state == "stopped")
        assert (
            count(host) == count(guest) == 30 and host.game.saved is not None and guest.game.saved is not None
        )
        assert host.game.ledger.digest == guest.game.ledger.digest  # type: ignore[union-attr]
    finally:
        close(host, guest)
