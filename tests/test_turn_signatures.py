"""Signed turn files (issue 35, item 3 by file; docs/network.md): each player signs his turn files with
a key made when he starts or joins the game, the other's public key is taken from his first file, and
a turn that a reader of the mails wrote or altered is refused in one line naming the file, even when
it is a legal turn with the right digest (the dice secrets travel in the clear: anyone who reads the
mails can replay the game)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

import game.net.by_file
from game.ai.players import make_player
from game.content.locale import Texts
from game.model import commands as cmd
from game.model.errors import UserError
from game.net.by_file import _replay, open_turn, start
from game.net.headless import play_turn
from game.net.identity import Offer
from game.net.signing import new_private_key, public_key, sign
from game.net.turn_files import Record, Refused, read_turn, seal_of, turn_data, turn_path, write_turn
from tests.test_by_file import resealed

ENGLISH = Texts("en")
FORGED = "not signed by the player it comes from: forged, or altered since it was signed"


def _played(tmp: Path, turns: int, until: Any = None) -> tuple[Path, Path, Path]:
    """Anna (A) starts, Bob (B) joins, and they play until `turns` turn files exist (and, with `until`,
    on until the last file sent satisfies it): the folders and the mails folder, where a copy of every
    turn file sent lies (what a reader of the mails holds)."""
    a, b, mails = tmp / "A", tmp / "B", tmp / "mails"
    mails.mkdir()
    last = start(Offer("first-battle"), "Anna", a).written
    folders, names, who = [b, a], ["Bob", "Anna"], 0
    while True:
        assert last is not None
        shutil.copy(last, mails / last.name)
        sent = len(list(mails.iterdir()))
        if sent >= turns and (until is None or until(last)):
            return a, b, mails
        assert sent < turns + 40, "no turn file satisfied the test's wish in 40 more turns"
        g = open_turn(last, names[who], folders[who])
        if g.match is None:  # turn 0 joined: turn 1 written at once
            last = g.written
        else:
            last = Path(play_turn(g, "random", ENGLISH, lambda line: None)["written"])
        who = 1 - who


def _forge_bobs_turn(mails: Path, out: Path) -> Path:
    """What a reader of the mails can do without Bob's key: set the game up from the mails (both dice
    secrets are in them), play Bob's next turn legally with a computer player, and write it with the
    right count, digest and seal, signed with a key of his own."""
    chain = [read_turn(p) for p in sorted(mails.glob("turn-*.json"))]
    sides = chain[0]["offer"]["sides"]
    mallory = Record(
        game=chain[0]["game"],
        side=sides["joiner"],
        role="joiner",
        name="Bob",
        peer="Anna",
        secret=chain[1]["accept"]["secret"],
        key=new_private_key(),
    )
    ledger = _replay(sorted(mails.glob("turn-*.json"))[-1], chain, mallory, (), upto=len(chain))
    battle = ledger.match.battle
    try:
        before = ledger.count
        player = make_player("random", mallory.side, 7)
        while ledger.turn() == mallory.side and not ledger.over:
            battle.enter()
            ledger.apply(player.decide(battle, battle.pending))  # type: ignore[arg-type]
        commands = [cmd.to_json(c) for c in ledger.match.commands[before:]]
        data = turn_data(
            mallory.game,
            len(chain),
            chain[-1]["seal"],
            mallory,
            commands=commands,
            count=ledger.count,
            digest=ledger.digest,
        )
    finally:
        battle.close()
    out.mkdir()
    return write_turn(out, data, mallory.key)


def _opened(path: Path, folder: Path) -> str:
    g = open_turn(path, "Anna", folder)
    if g.match is not None:
        g.match.battle.close()
    return "opened"


def test_a_legal_turn_with_the_right_digest_forged_by_a_reader_of_the_mails_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a, _b, mails = _played(tmp_path, 5)  # Anna has sent turn 4: Bob's turn 5 is awaited
    forged = _forge_bobs_turn(mails, tmp_path / "mallory")
    assert read_turn(forged)["commands"]  # a real turn, sealed as Bob's would be
    with pytest.raises(Refused) as e:
        open_turn(forged, "Anna", a)
    assert e.value.said.words(ENGLISH) == f"{forged}: {FORGED}"
    assert not turn_path(a, 5).exists()  # nothing kept: the game still waits for Bob's turn 5
    # the signature is all that stops it: without its check the forgery is a turn like any other
    monkeypatch.setattr(game.net.by_file, "check_signed", lambda *args: None)
    assert _opened(forged, a) == "opened"


def test_a_turn_altered_and_sealed_again_or_signed_with_the_other_players_key_is_refused(
    tmp_path: Path,
) -> None:
    a, b, mails = _played(tmp_path, 6)  # Bob's turn 5 is in the mails, Anna has not opened it
    five = mails / "turn-0005.json"
    anna_key = json.loads((a / "game.json").read_text())["key"]

    def altered(name: str, change: Any, key: str | None = None) -> Path:
        data = json.loads(five.read_text())
        change(data)
        data["seal"] = seal_of(data)
        if key is not None:
            data["signature"] = sign(data, key)
        (tmp_path / name).write_text(json.dumps(data))
        return tmp_path / name

    for path in (
        altered("renamed.json", lambda d: d["from"].update(name="Mallory")),
        altered("fewer.json", lambda d: d["commands"].pop()),
        altered("count.json", lambda d: d.update(count=d["count"] + 1)),
        # Anna's own key over Bob's turn: a turn of Bob's side is signed with the key of Bob's first file
        altered("anna.json", lambda d: d["from"].update(name="Bob"), anna_key),
    ):
        with pytest.raises(Refused) as e:
            open_turn(path, "Anna", a)
        assert e.value.said.words(ENGLISH) == f"{path}: {FORGED}"
    assert _opened(five, a) == "opened"  # the real one still opens
    assert b.is_dir()


def test_each_player_signs_with_his_own_key_and_the_private_key_never_leaves_his_folder(
    tmp_path: Path,
) -> None:
    a, b, mails = _played(tmp_path, 4)
    anna, bob = (json.loads((f / "game.json").read_text())["key"] for f in (a, b))
    zero, one = read_turn(mails / "turn-0000.json"), read_turn(mails / "turn-0001.json")
    assert zero["offer"]["key"] == public_key(anna) and one["accept"]["key"] == public_key(bob)
    for mail in mails.iterdir():
        text = mail.read_text()
        assert anna not in text and bob not in text


def test_a_folder_whose_record_holds_another_key_is_one_line(tmp_path: Path) -> None:
    a, _b, mails = _played(tmp_path, 4)
    record = json.loads((a / "game.json").read_text())
    (a / "game.json").write_text(json.dumps({**record, "key": new_private_key()}))
    with pytest.raises(UserError) as e:
        open_turn(mails / "turn-0003.json", "Anna", a)
    assert str(e.value) == (
        f"{a / 'game.json'}: its key is not the one this player's turn files are signed with"
    )


def test_a_first_file_whose_signature_does_not_match_its_key_is_refused(tmp_path: Path) -> None:
    first = start(Offer("first-battle"), "Anna", tmp_path / "A").written
    assert first is not None
    data = json.loads(first.read_text())
    data["offer"]["key"] = public_key(new_private_key())  # another key put in: Anna's signature fails
    data["seal"] = seal_of(data)
    first.write_text(json.dumps(data))
    with pytest.raises(Refused) as e:
        open_turn(first, "Bob", tmp_path / "B")
    assert e.value.said.words(ENGLISH) == f"{first}: {FORGED}"


def _number(turn_file: Path) -> int:
    return int(turn_file.stem.removeprefix("turn-"))


def _bobs_with_an_activation(turn_file: Path) -> bool:
    """Bob's turns are the odd ones; the players' dice secrets are drawn anew each game, so which of
    his turns activates a formation differs from run to run."""
    commands = read_turn(turn_file)["commands"]
    return _number(turn_file) % 2 == 1 and any(c["type"] == "Activate" for c in commands)


def _resigned(mails: Path, b: Path, out: Path, change: Any) -> tuple[Path, int]:
    """Bob's last turn as Bob himself can alter it: its first activation changed, sealed and signed
    again with his own key; and its number, which Anna has not opened."""
    last = max(mails.glob("turn-*.json"))

    def first_activation(data: dict[str, Any]) -> None:
        first = next(c for c in data["commands"] if c["type"] == "Activate")
        assert first == {"type": "Activate", "formation": first["formation"], "leadership": True}  # written
        change(first)

    return resealed(last, out, first_activation, b), _number(last)


def test_a_turn_its_sender_altered_and_signed_again_is_refused_even_when_it_waives_no_roll(
    tmp_path: Path,
) -> None:
    """An activation's leadership flag is for scripted battles (the officer taken to have passed); a
    battle's own activation always takes the check. A turn file whose sender flipped the flag and
    signed it again with his own key is not what his game wrote: the rules refuse such an
    activation, so its commands no longer give the digest he sealed."""
    a, b, mails = _played(tmp_path, 8, _bobs_with_an_activation)  # Anna has not opened it
    flipped, n = _resigned(mails, b, tmp_path / "flipped.json", lambda c: c.update(leadership=False))
    with pytest.raises(Refused) as e:
        open_turn(flipped, "Anna", a)
    assert e.value.said.words(ENGLISH) == (
        f"{flipped}: its commands do not give the battle its sender saw: edited, or the two games differ"
    )
    assert not turn_path(a, n).exists()
    assert _opened(mails / turn_path(b, n).name, a) == "opened"  # the one Bob's game wrote still opens


def test_a_turn_whose_command_lost_a_field_its_game_writes_is_refused(tmp_path: Path) -> None:
    """A command with a field left out reads as its default: the same command, the same events and
    digest. A game writes every field, so a file without one was edited after it was written."""
    a, b, mails = _played(tmp_path, 8, _bobs_with_an_activation)
    shorn, last = _resigned(mails, b, tmp_path / "shorn.json", lambda c: c.pop("leadership"))
    with pytest.raises(Refused) as e:
        open_turn(shorn, "Anna", a)
    n = next(i for i, c in enumerate(read_turn(shorn)["commands"], 1) if c["type"] == "Activate")
    assert e.value.said.words(ENGLISH) == (
        f"{shorn}: command {n} is not written as a game writes it: edited after its sender's game wrote it"
    )
    assert not turn_path(a, last).exists()
    assert _opened(mails / turn_path(b, last).name, a) == "opened"
