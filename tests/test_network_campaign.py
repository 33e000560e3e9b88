"""A campaign with a friend on another machine (issue 36, item 5; docs/network.md): two seats in one
process over localhost play the Peninsular War's first turn, its strategic orders and every battle it
brings (fought on the table, or resolved by the campaign's generals when both ask it: CAMP-DEC-10),
each command's dice drawn by both machines, to one digest after every command; a machine killed in
the middle of a battle comes back from an older save and the war goes on to the same end; a forged
command is refused; the save replays the whole war exactly."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

from game.content.locale import Texts
from game.model import commands as cmd
from game.model.errors import UserError
from game.net import by_file, connection
from game.net.by_file import open_turn, start
from game.net.headless import play_turn
from game.net.identity import Offer, build_offered, identity_of, offered
from game.net.network_game import NetGame
from game.net.played import CampaignPlayed
from game.net.saved import load_net
from game.net.turn_files import read_turn, turn_path
from game.running import campaign_match
from tests.campaign_helpers import BORDER
from tests.net_peers import Machine, RawPeer, cli, drive, hosted_port, play_as_guest, said
from tests.test_network_trust import count, kill

LOCAL = "127.0.0.1"
ENGLISH = Texts("en")
WAR = Offer("", max_rounds=1, campaign="peninsular")  # one turn: its orders and the battles they bring


@pytest.fixture(autouse=True)
def _quick_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(connection, "RETRY", 0.2)


def seats(resolve: str = "table") -> tuple[Machine, Machine]:
    host = Machine(NetGame.host(WAR, "Anna", LOCAL, 0), resolve=resolve)
    guest = Machine(NetGame.join(LOCAL, host.game.port, "Bob", expect="peninsular"), resolve=resolve)
    return host, guest


def settled(*machines: Machine) -> bool:
    return all(m.game.settled for m in machines)


def close(*machines: Machine) -> None:
    for m in machines:
        m.game.close()
        if m.game.played is not None:
            m.game.played.close()


def war(m: Machine) -> campaign_match.CampaignMatch:
    c = m.game.campaign
    assert c is not None
    return c


@pytest.mark.parametrize("resolve", ["table", "auto"])
def test_two_seats_play_a_campaigns_turn_and_its_battles_to_one_digest(resolve: str, tmp_path: Path) -> None:
    """CAMP-DEC-10 over the network: the war's orders and each battle's, fought on the table by the
    two seats or resolved by the campaign's generals (each machine giving its own side's orders),
    travel as the battles' commands do; after every command, the battles' last ones too, both
    machines hold the same digest, and the save replays the war to its events."""
    host, guest = seats(resolve)
    try:
        drive([host, guest], lambda: settled(host, guest), seconds=240)
        a, b = host.game.ledger, guest.game.ledger
        assert a is not None and b is not None
        assert a.count == b.count > 100
        assert a.digests == b.digests  # the same game after every command, battles included
        fought = war(host).war.fought
        assert fought and {f.resolved for f in fought} == {resolve}
        assert all(f.commands and f.result is not None for f in fought)
        assert campaign_match.summary(war(host)) == campaign_match.summary(war(guest))
        assert host.game.local != guest.game.local and not host.bad and not guest.bad
        saved = host.game.save(path=tmp_path / "war.json")
        again = campaign_match.load(saved)
        try:  # each command's dice, drawn by both machines, are kept with it: the replay draws them again
            assert len(again.rolls) == a.count
            assert campaign_match.events_digest(again.war) == campaign_match.events_digest(war(host).war)
        finally:
            again.war.close()
    finally:
        close(host, guest)


def test_a_guest_that_asked_for_another_campaign_is_not_joined() -> None:
    host = Machine(NetGame.host(WAR, "Anna", LOCAL, 0))
    guest = Machine(NetGame.join(LOCAL, host.game.port, "Bob", expect="another-war"))
    try:
        drive([host, guest], lambda: guest.game.state == "stopped")
        assert said(guest, r"Anna offers peninsular, not the campaign another-war: not joined")
        drive([host, guest], lambda: said(host, r"Bob cannot join: Bob asked for the campaign another-war"))
        assert host.game.ledger is None
    finally:
        close(host, guest)


@pytest.mark.parametrize("killed", ["host", "guest"])
def test_a_machine_killed_in_a_battle_comes_back_from_an_older_save_and_the_war_goes_on(
    killed: str, tmp_path: Path
) -> None:
    """A crash on the table: the machine comes back from its save of some commands before, the one
    ahead sends what it lacks (the seat proved by the seats' secret), and the war ends at one digest."""
    host, guest = seats()
    victim = host if killed == "host" else guest
    saves: dict[int, Path] = {}
    try:
        while True:
            time.sleep(0.002)
            for s in (host, guest):
                s.step()
            g = victim.game
            if g.state == "playing" and count(victim) not in saves:
                saves[count(victim)] = g.save(path=tmp_path / f"{count(victim)}.json")
            c = g.campaign
            if c is not None and c.war.battle is not None and len(c.war.fought[-1].commands) >= 20:
                break
            assert not g.over, "the turn ends before a battle is fought"
        died_at = count(victim)
        kill(victim)
        victim.game.played.close()  # type: ignore[union-attr]  # the dead process's war goes with it
        back = load_net(saves[max(n for n in saves if n <= died_at - 5)])
        if killed == "host":
            host = victim = Machine(NetGame.host(WAR, "Anna", LOCAL, host.game.port, resume=back))
        else:
            guest = victim = Machine(NetGame.join(LOCAL, host.game.port, "Bob", resume=back))
        drive([host, guest], lambda: settled(host, guest), seconds=240)
        a, b = host.game.ledger, guest.game.ledger
        assert a is not None and b is not None and a.digests == b.digests
        assert said(host if killed == "guest" else guest, "is back: the game goes on")
        assert all(f.result is not None for f in war(host).war.fought)
    finally:
        close(host, guest)


@pytest.mark.parametrize("forgery", ["out of turn", "dice value"])
def test_a_forged_campaign_command_is_refused(forgery: str) -> None:
    """A hand-made guest gives the host's side an order, or its own with a dice value its chain never
    committed to: the first is refused and changes nothing, the second stops the game (with a save)."""
    host = Machine(NetGame.host(WAR, "Anna", LOCAL, 0))
    peer = RawPeer(host.game.port)
    guest = None
    try:
        guest = play_as_guest(host, peer)
        if forgery == "out of turn":  # the host's orders phase: the guest sends one of its own
            assert guest.record.turn() == host.game.local
            pending = guest.record.played.pending
            assert pending is not None
            given = guest.record.played.decider("random", host.game.local, 1)(pending)
            before = count(host)
            guest.give(given)
            guest.follow(lambda: said(host, r"Refused from Bob: a command out of turn"), play=False)
            assert count(host) == before and host.game.state == "playing"
        else:
            guest.to_my_turn()
            n = guest.give(value="ab" * 16)
            guest.follow(lambda: host.game.state == "stopped")
            assert said(host, rf"Bob's dice for command {n} are not the ones committed to: the game stops")
    finally:
        if guest is not None:
            guest.close()
        close(host)


# --- by file ----------------------------------------------------------------------------------------


def border_mod(tmp_path: Path) -> Path:
    """The tests' small campaign (one battle a turn) in a mod: a campaign is shared by its id."""
    mod = tmp_path / "wars"
    (mod / "campaigns").mkdir(parents=True)
    (mod / "mod.toml").write_text('id = "wars"\nname = "Wars"\nversion = "1"\n')
    shutil.copy(BORDER, mod / "campaigns" / "border.toml")
    return mod


def test_a_campaign_by_file_plays_its_turns_and_battles_between_two_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """By turn files: the war's orders and its battle's travel as a battle's turns do, each file
    signed, sealed and checked by its digest; both folders end with the same turns, and the same end.
    Opening a turn plays the war again once (a battle's twice: its screen draws it before the turn)."""
    built = []
    monkeypatch.setattr(by_file, "build_offered", lambda *a: built.append(1) or build_offered(*a))
    mod = border_mod(tmp_path)
    a, b = tmp_path / "A", tmp_path / "B"
    start(Offer("", mods=(mod,), max_rounds=1, campaign="border"), "Anna", a)
    joined = open_turn(turn_path(a, 0), "Bob", b, (mod,))
    assert joined.written is not None and joined.campaign is None  # no dice yet: no war
    last, folders, who = joined.written, {"A": a, "B": b}, "A"
    results = []
    for _ in range(400):
        built.clear()
        g = open_turn(last, "X", folders[who])
        assert len(built) == 1
        result = play_turn(g, "random", ENGLISH, lambda line: None)
        results.append(result)
        if result["state"] == "over" and result["written"] is None:
            break
        last, who = Path(result["written"]), "B" if who == "A" else "A"
    end, before = results[-1], results[-2]
    assert end["state"] == before["state"] == "over" and end["digest"] == before["digest"]
    assert end["campaign"] == "border" and end["battles"] and end["battles"][0]["resolved"] == "table"
    files_a, files_b = sorted(a.glob("turn-*.json")), sorted(b.glob("turn-*.json"))
    assert [f.name for f in files_a] == [f.name for f in files_b] and len(files_a) > 4
    assert read_turn(files_a[-1])["digest"] == end["digest"]


# --- the command line -------------------------------------------------------------------------------


def test_two_processes_play_a_campaign_by_its_id_to_the_same_digest(tmp_path: Path) -> None:
    """`play --host --campaign ID` and `play --join ... --campaign ID`, headless: the war and its battle
    (both computer players letting the generals resolve it) to one digest and one end."""
    mod = str(border_mod(tmp_path))
    war_args = ("--campaign", "border", "--mod", mod, "--headless", "--ai", "random", "--resolve", "auto")
    host = cli("play", "--host", f"{LOCAL}:0", *war_args, "--turns", "1", "--name", "Anna")
    try:
        port = hosted_port(host)
        guest = cli("play", "--join", f"{LOCAL}:{port}", *war_args, "--name", "Bob")
        g_out, g_err = guest.communicate(timeout=120)
        h_out, h_err = host.communicate(timeout=60)
    finally:
        host.kill()
    assert guest.returncode == 0 and host.returncode == 0, (g_err, h_err)
    a, b = json.loads(h_out), json.loads(g_out)
    assert a["digest"] == b["digest"] and a["commands"] == b["commands"] > 20
    assert a["campaign"] == "border" and a["turns"] == 1 and a["battles"] == b["battles"]
    assert [x["resolved"] for x in a["battles"]] == ["auto"]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (("play", "--host", "--campaign", "border", "--rounds", "3", "--headless", "--ai", "random"),
         "play: --campaign takes no --rounds or --module (its limit is --turns)"),
        (("by-file", "start", "--turns", "2"), "by-file start: --turns goes with --campaign"),
        (("by-file", "start", "--campaign", str(BORDER)),
         "a campaign file of no mod cannot be shared (put it in a mod)"),
    ],
)  # fmt: skip
def test_a_campaign_offered_wrongly_on_the_command_line_is_one_line(args: tuple[str, ...], line: str) -> None:
    run = cli(*args)
    _out, err = run.communicate(timeout=60)
    assert run.returncode == 2 and line in err and len(err.strip().splitlines()) == 1, err


def test_a_campaign_turn_left_half_given_by_file_goes_on_where_it_was_left(tmp_path: Path) -> None:
    """A crash in the middle of one's turn by file: each order is kept at once, and opening the same
    turn file again goes on after it, never before (a roll once seen is never rolled again)."""
    mod = border_mod(tmp_path)
    a, b = tmp_path / "A", tmp_path / "B"
    start(Offer("", mods=(mod,), max_rounds=1, campaign="border"), "Anna", a)
    last = open_turn(turn_path(a, 0), "Bob", b, (mod,)).written
    folders, names, who = {"A": a, "B": b}, {"A": "Anna", "B": "Bob"}, "A"
    for _ in range(200):
        assert last is not None
        g = open_turn(last, names[who], folders[who])
        while g.step():
            pass
        p = g.played
        assert p is not None
        if g.my_turn and p.pending is not None:
            first = p.decider("random", g.local, 1)(p.pending)
            g.play(first)
            if g.my_turn:  # the window closed: the turn file is not written
                count = g.ledger.count  # type: ignore[union-attr]
                p.close()
                again = open_turn(last, names[who], folders[who])
                try:
                    assert again.my_turn and again.ledger.count == count  # type: ignore[union-attr]
                    assert again.played.commands[-1] == first  # type: ignore[union-attr]
                    result = play_turn(again, "random", ENGLISH, lambda line: None)
                finally:
                    if again.played is not None:
                        again.played.close()
                assert read_turn(Path(result["written"]))["commands"][0] == cmd.to_json(first)
                return
        last = g.written  # the turn ended with its first order, or was the starter's reveal
        p.close()
        who = "B" if who == "A" else "A"
    raise AssertionError("no turn of two orders")


def test_a_network_save_is_played_again_once_to_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Loading a network save plays the war again to check it; its ledger (the digest after each
    command, the refused commands counted) is taken as it is, not played a second time: a long war's
    resume costs one replay. The same ledger as one played again from the start."""
    host, guest = seats()
    try:
        drive([host, guest], lambda: count(host) >= 60 and host.game.state == "playing", seconds=120)
        saved = host.game.save(path=tmp_path / "war.json")
    finally:
        close(host, guest)
    restarts: list[int] = []
    restart = CampaignPlayed.restart
    monkeypatch.setattr(CampaignPlayed, "restart", lambda p: restarts.append(1) or restart(p))
    once = NetGame.host(WAR, "Anna", LOCAL, 0, resume=load_net(saved))
    assert restarts == []
    back = load_net(saved)
    back.followed = None  # as a ledger made without it: the war played again from its start
    twice = NetGame.host(WAR, "Anna", LOCAL, 0, resume=back)
    try:
        assert restarts == [1]
        a, b = once.ledger, twice.ledger
        assert a is not None and b is not None and a.count == b.count >= 60
        assert a.digests == b.digests and (a.refused_run, a.refused_total) == (b.refused_run, b.refused_total)
    finally:
        for g in (once, twice):
            g.close()
            if g.played is not None:
                g.played.close()


def test_a_campaign_offered_for_more_turns_than_a_save_holds_is_refused() -> None:
    """A peer's offer is untrusted: a turn limit its save could not be loaded with is one line."""
    ident = {**offered(WAR, "play --host").identity, "max_rounds": 600}
    with pytest.raises(UserError, match="the campaign peninsular offered for 600 turns: at most 500"):
        build_offered(ident, 0)


def test_a_random_campaign_is_offered_by_its_id_and_made_again_there() -> None:
    """A campaign made at random has no file: the other machine makes it again from the seed its id
    says, the same campaign (its identity's hash)."""
    ident = offered(Offer("", max_rounds=1, campaign="random-campaign-7"), "play --host").identity
    assert ident["scenario"]["id"] == "random-campaign-7"
    again = build_offered(ident, 3)
    try:
        assert identity_of(again) == ident
    finally:
        again.close()
