"""Playing a friend on another machine (issue 27, docs/network.md): two processes play a whole battle
and a whole Open Wars game over localhost to the same digest; the content is compared at joining; the
seed comes from both machines; a lost connection pauses the game and a reconnection resumes it; a
peer that is killed, sends garbage, too much, out of turn or too slowly is refused with a line and
stalls nothing."""

from __future__ import annotations

import contextlib
import json
import shutil
import signal
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.model import commands as cmd
from game.model.errors import UserError
from game.net import fair_dice, link
from game.net.dice_chain import Chain
from game.net.identity import Offer, build_offered, identity_of
from game.net.network_game import NetGame
from game.net.saved import load_net
from game.net.seat_key import new_pair
from game.net.wire import MAX_MESSAGE, ProtocolError, decode, encode
from game.running.match import events_digest, load, new_match
from tests.net_peers import (
    HandGuest,
    Machine,
    RawPeer,
    cli,
    drive,
    greet,
    header,
    hosted_port,
    play_as_guest,
    pump,
    said,
)

LOCAL = "127.0.0.1"


def hosted(scenario: str = "first-battle", side: int = 0, **offer: object) -> Machine:
    return Machine(NetGame.host(Offer(scenario, side=side, **offer), "Anna", LOCAL, 0))  # type: ignore[arg-type]


def joined(host: Machine, name: str = "Bob", **kw: object) -> Machine:
    return Machine(NetGame.join(LOCAL, host.game.port, name, **kw))  # type: ignore[arg-type]


def close(*seats: Machine) -> None:
    for s in seats:
        s.game.close()
        if s.game.match is not None:
            s.game.match.battle.close()


# --- whole games, two processes -----------------------------------------------------------------


@pytest.mark.parametrize(
    "scenario, sides",
    [("first-battle", ("Spanish", "French")), ("ow-twin-fords", ("Northern clan", "Southern horde"))],
)
def test_two_processes_play_a_whole_game_to_the_same_digest(
    scenario: str, sides: tuple[str, str], data_home: Path
) -> None:
    host = cli(
        "play",
        "--host",
        f"{LOCAL}:0",
        "--headless",
        "--ai",
        "random",
        "--scenario",
        scenario,
        "--name",
        "Anna",
    )
    try:
        port = hosted_port(host)
        guest = cli("play", "--join", f"{LOCAL}:{port}", "--headless", "--ai", "random", "--name", "Bob")
        g_out, g_err = guest.communicate(timeout=120)
        h_out, h_err = host.communicate(timeout=60)
    finally:
        host.kill()
    assert guest.returncode == 0 and host.returncode == 0, (g_err, h_err)
    a, b = json.loads(h_out), json.loads(g_out)
    assert a["digest"] == b["digest"] and a["commands"] == b["commands"] > 5
    assert a["end_reason"] == b["end_reason"] != "in progress"  # a whole game, to its end
    assert (a["peer"], b["peer"]) == ("Bob", "Anna")
    assert "Bob is on the line" in h_err and "Anna is on the line" in g_err
    # each side by its name, not its id (QA session 16: "you have the es")
    assert f"Playing Bob: you have the {sides[0]}." in h_err
    assert f"Playing Anna: you have the {sides[1]}." in g_err
    # each side kept the game as it went, as the window does: a process killed takes its seat back from
    # its autosave (--load); a headless one kept none before (QA session 26)
    for role, peer in (("host", "Bob"), ("guest", "Anna")):
        kept = sorted((data_home / "forglory" / "saves").glob(f"autosave-*-{role}-*.json"))
        assert kept, role
        saved = load_net(kept[-1])
        assert (saved.role, saved.peer) == (role, peer) and saved.seat
        saved.match.battle.close()  # type: ignore[union-attr]


def test_a_headless_guest_nobody_answers_says_why_in_one_line() -> None:
    """QA session 16: the line that stopped the game was said, then said again as the error."""
    with socket.socket() as s:  # a port nobody listens on
        s.bind((LOCAL, 0))
        port = s.getsockname()[1]
    guest = cli("play", "--join", f"{LOCAL}:{port}", "--headless", "--ai", "random", "--name", "Bob")
    out, err = guest.communicate(timeout=60)
    assert guest.returncode == 2 and out == ""
    assert err.splitlines() == [f"error: Nobody answers at {LOCAL}:{port}: no game is hosted on that port"]


def test_a_save_of_the_other_seat_is_one_line_in_the_language_asked() -> None:
    host, guest = hosted(), None
    try:
        guest = joined(host)
        drive([host, guest], lambda: (host.game.ledger.count if host.game.ledger else 0) >= 3)
        saved = host.game.save()
    finally:
        close(host, *([guest] if guest else []))
    joining = cli(
        "play", "--join", f"{LOCAL}:1", "--load", str(saved), "--headless", "--ai", "random", "--lang", "es"
    )
    _out, err = joining.communicate(timeout=60)
    why = "una partida guardada de una partida en red que alojaste: continúala con --host"
    assert joining.returncode == 2 and err.splitlines() == [f"error: play --load: {why}"], err


def test_a_port_in_use_is_one_line_in_the_language_asked() -> None:
    with socket.socket() as taken:
        taken.bind((LOCAL, 0))
        taken.listen()
        port = taken.getsockname()[1]
        host = cli("play", "--host", f"{LOCAL}:{port}", "--headless", "--ai", "random", "--lang", "es")
        _out, err = host.communicate(timeout=60)
    why = f"No se puede ofrecer la partida en el puerto {port}: el puerto ya está en uso en esta máquina"
    assert host.returncode == 2 and err.splitlines() == [f"error: {why}"], err


# --- the dice -----------------------------------------------------------------------------------


def test_the_seed_comes_from_both_secrets_and_a_secret_must_keep_its_commitment() -> None:
    a, b = fair_dice.new_secret(), fair_dice.new_secret()
    seed = fair_dice.seed_of(a, b)
    assert 0 <= seed < 2**64
    assert (
        seed != fair_dice.seed_of(a, fair_dice.new_secret()) != fair_dice.seed_of(fair_dice.new_secret(), b)
    )
    committed = fair_dice.commitment("guest", b)
    assert fair_dice.keeps("guest", b, committed)
    assert not fair_dice.keeps("guest", fair_dice.new_secret(), committed)
    # bound to the role: the host's commitment echoed back is no commitment of the guest's
    assert not fair_dice.keeps("guest", a, fair_dice.commitment("host", a))


def test_both_machines_agree_a_seed_neither_chose_and_play_the_same_game() -> None:
    host = hosted()
    guest = joined(host)
    try:
        drive([host, guest], lambda: host.game.settled and guest.game.settled, seconds=60)
        hm, gm = host.game.match, guest.game.match
        assert hm is not None and gm is not None
        assert hm.seed == gm.seed and hm.seed not in (0, 1)
        assert host.game.game_id == guest.game.game_id
        assert events_digest(hm.battle) == events_digest(gm.battle) == host.game.ledger.digest  # type: ignore[union-attr]
        assert [cmd.to_json(c) for c in hm.commands] == [cmd.to_json(c) for c in gm.commands]
        assert host.applied + guest.applied == len(hm.commands)  # each command crossed once
    finally:
        close(host, guest)


@pytest.mark.parametrize("lie", ["another secret", "the host's own"])
def test_a_reveal_that_breaks_its_commitment_is_refused_and_the_seat_stays_open(lie: str) -> None:
    """A guest that commits to one secret and reveals another (one that suits it better), or echoes
    the host's commitment back and then its secret (to make the seed the host's alone), is caught:
    refused in one line, no battle on its seed, and the host waits on for a real player."""
    host = hosted()
    peer = RawPeer(host.game.port)
    try:
        greet(host, peer)
        pump(host, peer, lambda: peer.first("commit") is not None)
        theirs = peer.first("commit")["hash"]  # type: ignore[index]
        mine = fair_dice.commitment("guest", fair_dice.new_secret())
        key, anchor = new_pair().public, Chain.new().anchor
        peer.send("commit", hash=mine if lie == "another secret" else theirs, key=key, anchor=anchor)
        pump(host, peer, lambda: peer.first("reveal") is not None)
        revealed = peer.first("reveal")["secret"]  # type: ignore[index]
        assert fair_dice.keeps("host", revealed, theirs)  # the host keeps its own word
        peer.send("reveal", secret=fair_dice.new_secret() if lie == "another secret" else revealed)
        pump(host, peer, lambda: said(host, r"Bob's dice secret is not the one committed to"))
        assert host.game.match is None and host.game.ledger is None  # no battle on a seed that lied
        guest = joined(host)  # and a real player still can join
        drive([host, guest], lambda: host.game.state == guest.game.state == "playing", play=False)
        close(guest)
    finally:
        peer.close()
        close(host)


# --- the content --------------------------------------------------------------------------------


def _mod(tmp: Path, name: str, version: str) -> Path:
    folder = tmp / name / "v30-measures"
    shutil.copytree(Path(__file__).resolve().parents[1] / "content/mods/v30-measures", folder)
    text = (folder / "mod.toml").read_text()
    (folder / "mod.toml").write_text(text.replace('version = "', f'version = "{version}', 1))
    return folder


def test_a_mod_of_another_version_is_one_line_naming_it_on_both_machines(tmp_path: Path) -> None:
    host = hosted(mods=(_mod(tmp_path, "a", "1."),))
    guest = joined(host, mods=(_mod(tmp_path, "b", "2."),))
    try:
        drive([host, guest], lambda: guest.game.state == "stopped", play=False)
        drive([host], lambda: said(host, "does not have the same game"))
        line = r"does not have the same game: the mod v30-measures is version 1\.\S* here, 2\.\S* there"
        assert said(host, line)
        assert said(
            guest, r"Anna does not have the same game: the mod v30-measures is version 2\.\S* here, 1\."
        )
        assert host.game.state == "waiting" and host.game.listener is not None  # the host waits for another
    finally:
        close(host, guest)


def test_a_guest_without_the_mod_says_so_and_the_host_hears_why(tmp_path: Path) -> None:
    host = hosted(mods=(_mod(tmp_path, "a", ""),))
    guest = joined(host)
    try:
        drive([host, guest], lambda: said(host, "cannot join"), play=False)
        assert said(guest, r"The game offered needs the mod v30-measures .*--mod")
        assert said(host, r"Bob cannot join: that machine lacks the mod v30-measures")
    finally:
        close(host, guest)


def test_a_rule_module_on_the_host_is_played_on_both() -> None:
    host = hosted(modules=("warhammer-charges",))
    guest = joined(host)
    try:
        drive(
            [host, guest], lambda: guest.game.state == "playing" and host.game.state == "playing", play=False
        )
        assert guest.game.match.battle.stack.ids == ("warhammer-charges",)  # type: ignore[union-attr]
        assert guest.game.identity == host.game.identity
    finally:
        close(host, guest)


# --- faults -------------------------------------------------------------------------------------


def test_a_dropped_connection_pauses_both_and_a_reconnection_resumes_the_game() -> None:
    host = hosted()
    guest = joined(host)
    try:
        drive([host, guest], lambda: (host.game.ledger.count if host.game.ledger else 0) >= 20)
        guest.game.link._sock.shutdown(2)  # type: ignore[union-attr]  # the line is cut, no goodbye
        drive([host, guest], lambda: host.game.state == "paused" and guest.game.state == "paused", play=False)
        assert said(host, "Game paused: waiting for Bob to come back")
        assert said(guest, "Game paused: calling Anna again")
        assert not host.game.my_turn and not guest.game.my_turn  # nobody plays while paused
        drive([host, guest], lambda: host.game.settled and guest.game.settled, seconds=60)
        assert said(host, "Bob is back") and said(guest, "Anna is back")
        assert host.game.ledger.digest == guest.game.ledger.digest  # type: ignore[union-attr]
    finally:
        close(host, guest)


def test_a_killed_peer_pauses_the_game_which_is_saved_and_resumed_from_both_saves() -> None:
    host = hosted()
    guest = cli(
        "play", "--join", f"{LOCAL}:{host.game.port}", "--headless", "--ai", "random", "--name", "Bob"
    )
    try:
        drive([host], lambda: (host.game.ledger.count if host.game.ledger else 0) >= 10)
        drive([host], lambda: host.game.my_turn, play=False)  # the guest waits for the host: kill it
        guest.send_signal(signal.SIGKILL)
        guest.wait(10)
        drive([host], lambda: host.game.state == "paused", play=False)
        assert said(host, "The connection to Bob was lost") and said(host, "Game paused")
        stray = joined(host, name="Eve")  # someone else calls, without the game: refused, Bob kept
        drive([host, stray], lambda: said(host, "Eve cannot join: that machine has no save of this game"))
        # the way back in the window's words too, not only the command line's (QA session 16)
        how = r"\(Continue or Load a saved battle on the start screen; --load on the command line\)$"
        assert said(stray, "Anna goes on with a saved game: join with your own save of it " + how)
        assert host.game.peer_name == "Bob" and not said(host, "came back as")
        close(stray)
        saved = host.game.save()
        back = load_net(saved)
        assert (back.game, back.side, back.role, back.peer) == (
            host.game.game_id,
            host.game.local,
            "host",
            "Bob",
        )
        assert back.match.commands == host.game.match.commands  # type: ignore[union-attr]
        back.match.battle.close()
        # on one machine the save goes on as any other (both sides human)
        m = load(saved)
        assert events_digest(m.battle) == host.game.ledger.digest  # type: ignore[union-attr]
        m.battle.close()
    finally:
        guest.kill()
        close(host)


def test_a_headless_game_paused_says_when_it_saves_itself_not_what_ctrl_s_does() -> None:
    """QA session 16: a game without a window said "(Ctrl+S saves the game)" when paused."""
    host = hosted()
    guest = cli(
        "play", "--join", f"{LOCAL}:{host.game.port}", "--headless", "--ai", "random", "--name", "Bob"
    )
    stop = threading.Timer(60, guest.kill)  # a line that never comes ends the process, not the test run
    stop.start()
    try:
        drive([host], lambda: (host.game.ledger.count if host.game.ledger else 0) >= 5)
        close(host)
        assert guest.stderr is not None
        line = next(x for x in iter(guest.stderr.readline, "") if x.startswith("Game paused"))
    finally:
        stop.cancel()
        guest.kill()
        guest.communicate()
    assert line.rstrip("\n") == (
        "Game paused: calling Anna again (after 120 seconds without Anna, the game is saved and ends)"
    )


def test_both_saves_resume_the_game_over_the_network() -> None:
    host = hosted()
    guest = joined(host)
    try:
        drive([host, guest], lambda: (host.game.ledger.count if host.game.ledger else 0) >= 15)
        drive([host, guest], lambda: host.game.acked == host.game.ledger.count, play=False)  # type: ignore[union-attr]
        h_save, g_save = host.game.save(), guest.game.save()
    finally:
        close(host, guest)
    kept = load_net(g_save)  # what the guest keeps to call again: the host's address, its own name
    assert (kept.address, kept.name, kept.peer) == (f"{LOCAL}:{host.game.port}", "Bob", "Anna")
    kept.match.battle.close()
    data = json.loads(g_save.read_text())
    for bad in ("../../etc/passwd", "a b:1", "x" * 300 + ":1", 5):
        data["network"]["address"] = bad
        edited = g_save.with_name("edited.json")
        edited.write_text(json.dumps(data))
        with pytest.raises(UserError, match=r"edited\.json: network\.address: .*HOST:PORT"):
            load_net(edited)
    host = Machine(NetGame.host(Offer("first-battle"), "Anna", LOCAL, 0, resume=load_net(h_save)))
    guest = Machine(NetGame.join(LOCAL, host.game.port, "Bob", resume=load_net(g_save)))
    try:
        drive([host, guest], lambda: host.game.settled and guest.game.settled, seconds=60)
        assert host.game.ledger.digest == guest.game.ledger.digest  # type: ignore[union-attr]
        # a guest that comes without its save is told to bring it
        stray = joined(host)
        drive([stray], lambda: stray.game.state == "stopped", play=False)
    finally:
        close(host, guest)


@pytest.fixture
def at_guest_turn() -> Iterator[tuple[Machine, HandGuest]]:
    """A host, and a guest by hand that drew the dice honestly and holds the same game, at its turn."""
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
        peer.close()
        close(host)


def test_a_command_malformed_out_of_turn_or_out_of_order_is_refused_with_a_line_and_changes_nothing(
    at_guest_turn: tuple[Machine, HandGuest],
) -> None:
    host, guest = at_guest_turn
    peer, mine = guest.peer, guest.record
    before = host.game.ledger.digest  # type: ignore[union-attr]
    value, tag = mine.mine({"type": "Pass"})
    peer.send(
        "command", n=mine.count, command={"type": "Move", "unit": 5, "to": [1, 2]}, value=value, tag=tag
    )
    pump(host, peer, lambda: said(host, r"Refused from Bob: a malformed command \(unit must be an id"))
    while mine.turn() == mine.local:  # the guest's turn, played honestly
        guest.give()
        guest.follow(lambda: guest.given is None, play=False)
    guest.follow(lambda: host.game.ledger.count == mine.count, play=False)  # type: ignore[union-attr]
    assert host.game.ledger.digest == mine.digest != before  # type: ignore[union-attr]
    before = host.game.ledger.digest  # type: ignore[union-attr]
    peer.send("command", n=mine.count, command={"type": "Pass"}, value=value, tag=tag)
    pump(host, peer, lambda: said(host, "Refused from Bob: a command out of turn"))
    peer.send("command", n=mine.count + 7, command={"type": "Pass"}, value=value, tag=tag)
    pump(host, peer, lambda: said(host, "Refused from Bob: command .* does not follow"))
    assert host.game.ledger.count == mine.count and host.game.state == "playing"  # type: ignore[union-attr]
    assert host.game.ledger.digest_at(mine.count) == before  # type: ignore[union-attr]
    assert [m["why"] for m in peer.got if m.type == "refused"] == ["command", "turn", "order"]


def test_a_digest_that_differs_stops_the_game_and_keeps_a_save(
    at_guest_turn: tuple[Machine, HandGuest],
) -> None:
    host, guest = at_guest_turn
    guest.ack_digest = "f" * 64  # its game went another way
    n = guest.give()
    guest.follow(lambda: host.game.state == "stopped")
    assert said(host, rf"The two machines' games differ after command {n + 1}: the game stops\. Saved as ")
    assert host.game.saved is not None
    kept = load_net(host.game.saved).match
    assert kept.commands == guest.record.match.commands
    kept.battle.close()
    pump(host, guest.peer, lambda: guest.peer.first("desync") is not None)  # and the peer is told


@pytest.mark.parametrize(
    ("garbage", "line"),
    [
        (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", r"a message of \d+ bytes \(at most 65536\): refused"),
        (header(MAX_MESSAGE + 1), r"a message of 65537 bytes \(at most 65536\): refused"),
        (header(5) + b"\xff\xfe{]x", "not a message of this game: refused"),
        (header(12) + b'{"type":"x"}', r"a message of an unknown kind \(x\): refused"),
        (header(16) + b'{"type":"hello"}', r"missing or extra field"),
        (header(2) + b"[]", "not a message of this game"),
    ],
)
def test_a_garbage_peer_is_refused_with_a_line_and_the_host_waits_for_a_real_one(
    garbage: bytes, line: str
) -> None:
    host = hosted()
    peer = RawPeer(host.game.port)
    try:
        pump(host, peer, lambda: peer.first("hello") is not None)
        peer.raw(garbage)
        pump(host, peer, lambda: said(host, line))
        pump(host, peer, lambda: not peer.read())  # the host hung up on it
        assert host.game.state == "waiting" and host.game.listener is not None
        guest = joined(host)  # and a real player can still join and play
        drive([host, guest], lambda: host.game.state == guest.game.state == "playing", play=False)
        close(guest)
    finally:
        peer.close()
        close(host)


def test_an_oversized_message_of_our_own_is_never_sent() -> None:
    with pytest.raises(ProtocolError) as e:
        encode("cannot", why="content", what="x" * (MAX_MESSAGE + 10))
    assert e.value.key == "field"  # longer than the field allows, checked before its size


def test_a_slow_or_silent_peer_is_dropped_by_its_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(link, "MESSAGE_DEADLINE", 0.3)
    host = hosted()
    peer = RawPeer(host.game.port)
    try:
        pump(host, peer, lambda: peer.first("hello") is not None)
        peer.raw(header(40) + b'{"type": "hel')  # and the rest never comes
        pump(host, peer, lambda: said(host, r"took more than 0.3 seconds to send one message"))
        assert host.game.state == "waiting"
    finally:
        peer.close()
    monkeypatch.setattr("game.net.connection.HELLO", 0.3)
    silent = RawPeer(host.game.port)  # connects, says nothing
    try:
        pump(host, silent, lambda: said(host, r"did not finish joining in 0.3 seconds"))
        assert host.game.listener is not None and host.game.listener.listening
    finally:
        silent.close()
        close(host)


def test_a_peer_that_floods_harmless_messages_is_refused_by_their_rate(
    at_guest_turn: tuple[Machine, HandGuest], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pings (or acks) sent again and again break no rule one by one; only their rate stops a peer
    that would keep this machine's threads busy for ever."""
    host, guest = at_guest_turn
    peer = guest.peer
    monkeypatch.setattr(link, "BURST", 200)  # small, so that a loaded machine still reads faster
    monkeypatch.setattr(link, "RATE", 50)
    ping = encode("ping")
    with contextlib.suppress(OSError):  # the host hangs up before the last
        for _ in range(5):
            peer.raw(ping * 1000)
    pump(host, peer, lambda: host.game.state == "paused")
    assert said(host, "Bob sent more than 50 messages a second: refused")


def test_each_message_is_checked_against_its_schema() -> None:
    ok = encode("ack", n=3, digest="a" * 64)
    assert decode(ok[4:]).fields == {"n": 3, "digest": "a" * 64}
    for body, key in [
        (b'{"type": "ack", "n": 3}', "fields"),
        (b'{"type": "ack", "n": 3, "digest": "' + b"a" * 64 + b'", "x": 1}', "fields"),
        (b'{"type": "ack", "n": -1, "digest": "' + b"a" * 64 + b'"}', "field"),
        (b'{"type": "ack", "n": true, "digest": "' + b"a" * 64 + b'"}', "field"),
        (b'{"type": "ack", "n": 1, "digest": "XYZ"}', "field"),
        (b'{"type": "ping", "x": NaN}', "json"),
        (b"[" * 100_000, "json"),
        (
            b'{"type": "hello", "protocol": 1, "game": "chess", "version": "1", "name": "a", "role": "host"}',
            "field",
        ),
    ]:
        with pytest.raises(ProtocolError) as e:
            decode(body)
        assert e.value.key == key, body[:60]


def test_the_host_listens_only_where_asked_and_not_once_a_player_is_in() -> None:
    host = hosted()
    try:
        assert host.game.listener is not None and host.game.listener.listening
        guest = joined(host)
        drive([host, guest], lambda: host.game.state == "playing", play=False)
        assert not host.game.listener.listening  # one player: nothing else listens while he plays
        with pytest.raises(OSError):
            RawPeer(host.game.port)
        close(guest)
    finally:
        close(host)
    with pytest.raises(OSError):  # and nothing listens once the game is closed
        RawPeer(host.game.port)


def test_the_same_offer_on_both_machines_is_the_same_identity() -> None:
    m = new_match("first-battle", 0)
    try:
        ident = identity_of(m)
        again = build_offered(ident, 0)
        assert identity_of(again) == ident
        again.close()
    finally:
        m.battle.close()


def test_a_headless_game_whose_autosave_fails_says_so_and_goes_on(tmp_path: Path) -> None:
    """An autosave the disk refuses (its saves folder a file) is a line, not the end of the game."""
    data = tmp_path / "data"
    (data / "forglory").mkdir(parents=True)
    (data / "forglory" / "saves").write_text("not a folder")
    env = {"XDG_DATA_HOME": str(data)}
    host = cli("play", "--host", f"{LOCAL}:0", "--headless", "--ai", "random", "--scenario", "first-battle",
               "--name", "Anna", env=env)  # fmt: skip
    try:
        port = hosted_port(host)
        guest = cli("play", "--join", f"{LOCAL}:{port}", "--headless", "--ai", "random", "--name", "Bob",
                    env=env)  # fmt: skip
        g_out, g_err = guest.communicate(timeout=120)
        h_out, h_err = host.communicate(timeout=60)
    finally:
        host.kill()
    assert guest.returncode == 0 and host.returncode == 0, (g_err, h_err)
    assert json.loads(h_out)["digest"] == json.loads(g_out)["digest"]
    assert "Could not save: " in h_err and "Traceback" not in h_err + g_err


@pytest.mark.parametrize(
    ("option", "language", "said"),
    [
        (["--rounds", "3"], "en",
         "play: --rounds goes with --host: a guest plays to the limit the host offers"),
        (["--campaign", "peninsular", "--turns", "4"], "en",
         "play: --turns goes with --host: a guest plays to the limit the host offers"),
        (["--rounds", "3"], "es",
         "play: --rounds va con --host: quien se une juega hasta el límite que ofrece el anfitrión"),
    ],
)  # fmt: skip
def test_a_guest_given_the_hosts_limit_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], option: list[str], language: str, said: str
) -> None:
    """--rounds (and --turns) is the host's offer: a guest's was ignored without a word, the game played
    to the host's limit. It is refused before any connection (port 1: nobody would answer)."""
    from game.cli.entry import main

    argv = ["play", "--join", f"{LOCAL}:1", "--headless", "--ai", "random", "--lang", language, *option]
    assert main(argv) == 2
    assert capsys.readouterr().err.splitlines() == [f"error: {said}"]


def test_a_faults_seconds_are_said_as_every_number_is() -> None:
    """It said 'Nothing from Bob for 12.0 seconds' (the deadlines are floats): a whole number without
    its ".0", in the language's decimal mark."""
    from game.content.locale import Texts
    from game.net.said import Said

    silent = Said("net_fault_silent", {"name": "Bob", "seconds": link.SILENCE})
    assert silent.words(Texts("en")) == "Nothing from Bob for 12 seconds: the connection is dropped"
    slow = Said("net_fault_slow", {"name": "Bob", "seconds": 0.5})
    assert "0,5 segundos" in slow.words(Texts("es"))
