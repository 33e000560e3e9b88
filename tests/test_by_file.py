"""Games by file (issue 27, docs/network.md): two players, each with a folder of his own, play a whole
battle by turn files; a turn file that was edited, comes out of order, was opened already, is one's
own or belongs to another game is refused in one line, and the game goes on."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.ai.players import make_player
from game.content.locale import Texts
from game.model import commands as cmd
from game.model.errors import UserError
from game.net import fair_dice
from game.net.by_file import open_turn, start
from game.net.headless import play_turn
from game.net.identity import Offer
from game.net.signing import sign
from game.net.turn_files import Refused, read_turn, seal_of, turn_path

ENGLISH = Texts("en")
ROOT = Path(__file__).resolve().parents[1]


def turn(path: Path, folder: Path, name: str) -> dict[str, Any]:
    """Open a turn file in a player's folder and let a computer player play his turn."""
    return play_turn(open_turn(path, name, folder), "random", ENGLISH, lambda line: None)


def refused(path: Path, folder: Path) -> str:
    with pytest.raises(Refused) as e:
        g = open_turn(path, "X", folder)
        if g.match is not None:
            g.match.battle.close()
    return e.value.said.words(ENGLISH)


def begun(tmp: Path, scenario: str = "first-battle") -> tuple[Path, Path, Path]:
    """Anna starts a game (of the first battle) in folder A, Bob joins it in folder B: turn 1 to send."""
    a, b = tmp / "A", tmp / "B"
    first = start(Offer(scenario), "Anna", a)
    assert first.written == turn_path(a, 0)
    joined = open_turn(turn_path(a, 0), "Bob", b)
    assert joined.written == turn_path(b, 1) and joined.match is None  # no dice yet: no battle
    return a, b, turn_path(b, 1)


def played_to_its_end(tmp: Path, scenario: str = "first-battle") -> tuple[list[dict[str, Any]], Path, str]:
    """A game by file of random players from turn 1 to its end: each turn's result, the last file
    (the end, as the other wrote it) and who opened it last ("A": Anna, "B": Bob)."""
    last, who = begun(tmp, scenario)[2], "A"
    results = []
    for _ in range(300):
        result = turn(last, tmp / who, {"A": "Anna", "B": "Bob"}[who])
        results.append(result)
        if result["state"] == "over" and result["written"] is None:
            return results, last, who
        assert result["state"] in ("sent", "over") and result["written"] is not None
        shutil.copy(result["written"], tmp / f"mail-{len(results)}.json")  # as it travels: another name
        last = tmp / f"mail-{len(results)}.json"
        who = "B" if who == "A" else "A"
    raise AssertionError("no end in 300 turns")


@pytest.mark.parametrize("scenario", ["first-battle", "ow-twin-fords"])
def test_a_game_by_file_of_many_turns_between_two_folders_plays_to_its_end(
    tmp_path: Path, scenario: str
) -> None:
    results, _last, _who = played_to_its_end(tmp_path, scenario)
    a, b = tmp_path / "A", tmp_path / "B"
    assert results[-1]["state"] == results[-2]["state"] == "over" and len(results) > 10
    assert results[-1]["end_reason"] != "in progress" and results[-1]["digest"] == results[-2]["digest"]
    # both folders hold every turn, the same; the last to open holds the end the other wrote
    files_a, files_b = sorted(a.glob("turn-*.json")), sorted(b.glob("turn-*.json"))
    assert [f.name for f in files_a] == [f.name for f in files_b]
    assert all(read_turn(x)["seal"] == read_turn(y)["seal"] for x, y in zip(files_a, files_b, strict=True))
    final = read_turn(files_a[-1])
    assert final["digest"] == results[-1]["digest"] and final["count"] == results[-1]["commands"]


def test_the_seed_comes_from_both_players_and_the_starter_keeps_his_commitment(tmp_path: Path) -> None:
    a, b, last = begun(tmp_path)
    turn(last, a, "Anna")  # turn 2: Anna's secret revealed
    zero, one, two = (read_turn(turn_path(a, n)) for n in range(3))
    assert fair_dice.keeps("starter", two["reveal"], zero["offer"]["commit"])
    record = json.loads((b / "game.json").read_text())
    assert record["secret"] == one["accept"]["secret"]  # the joiner's, in the clear once the other is bound
    g = open_turn(turn_path(a, 2), "Bob", b)
    try:
        assert g.match is not None and g.match.seed == fair_dice.seed_of(
            two["reveal"], one["accept"]["secret"]
        )
    finally:
        g.match.battle.close()  # type: ignore[union-attr]


def resealed(src: Path, dst: Path, change: Any, signer: Path | None = None) -> Path:
    """The turn file changed, sealed again and signed again by the player of the folder `signer` (the
    sender himself, cheating) or by nobody (a reader of the mails, who holds no key of theirs)."""
    data = json.loads(src.read_text())
    change(data)
    data["seal"] = seal_of(data)
    if signer is not None:
        data["signature"] = sign(data, json.loads((signer / "game.json").read_text())["key"])
    dst.write_text(json.dumps(data))
    return dst


def test_an_edited_out_of_order_repeated_own_or_foreign_turn_file_is_refused_in_one_line(
    tmp_path: Path,
) -> None:
    a, b, last = begun(tmp_path)
    two = Path(turn(last, a, "Anna")["written"])
    three = Path(turn(two, b, "Bob")["written"])
    four = Path(turn(three, a, "Anna")["written"])
    five = Path(turn(four, b, "Bob")["written"])  # Anna has not opened it yet
    mail = tmp_path / "mail"
    mail.mkdir()

    # edited by hand: the seal no longer matches
    text = five.read_text()
    (mail / "edited.json").write_text(text.replace('"count": ', '"count": 1', 1))
    assert refused(mail / "edited.json", a).endswith("edited since it was written: its seal does not match")

    # edited and sealed again: its commands do not give the battle its sender saw
    def move_elsewhere(data: dict[str, Any]) -> None:
        moved, key = next((c, k) for c in data["commands"] for k in ("to", "at") if k in c)
        moved[key] = [moved[key][0] + 1.5, moved[key][1]]

    line = refused(resealed(five, mail / "resealed.json", move_elsewhere, b), a)
    assert line.endswith(
        "its commands do not give the battle its sender saw: edited, or the two games differ"
    )

    # a command slipped in for the other side
    def one_more(data: dict[str, Any]) -> None:
        data["commands"].append({"type": "Pass"})

    n = len(json.loads(five.read_text())["commands"]) + 1
    assert refused(resealed(five, mail / "more.json", one_more, b), a).endswith(
        f"command {n} is not Bob's to give"
    )

    # out of order, again, one's own, not following the last, of another game
    six = resealed(five, mail / "six.json", lambda d: d.update(turn=6), b)
    assert refused(six, a).endswith("turn 6 arrived; the game waits for turn 5")
    assert refused(four, b).endswith("turn 4 was opened already")
    assert refused(four, a).endswith("your own turn file: send it to Bob")
    # Bob's turn in Anna's name, signed by Bob: a forgery, not hers to send (QA session 16)
    as_anna = resealed(
        five, mail / "as-anna.json", lambda d: d["from"].update(side=read_turn(four)["from"]["side"]), b
    )
    assert refused(as_anna, a).endswith(
        "not signed by the player it comes from: forged, or altered since it was signed"
    )
    assert refused(resealed(five, mail / "fork.json", lambda d: d.update(previous="0" * 64), b), a).endswith(
        "does not follow the last turn file of this game (turn 4)"
    )
    other = start(Offer("first-battle"), "Carl", tmp_path / "C")
    assert refused(other.written, a) == f"{a}: holds another game already"  # type: ignore[arg-type]
    foreign = resealed(five, mail / "foreign.json", lambda d: d.update(game="ab" * 16), b)
    assert "a turn file of another game" in refused(foreign, a)

    # none of it changed the game: the real turn 5 opens and the game goes on
    assert turn(five, a, "Anna")["state"] in ("sent", "over")


def test_a_turn_file_that_is_not_one_is_refused_naming_it(tmp_path: Path) -> None:
    a, _b, _last = begun(tmp_path)
    for text, end in [
        ("not json", "not a turn file of For Glory"),
        ('{"format": "forglory-turn", "version": 9}', "made by turn file version 9, this game reads 2"),
        ('{"format": "forglory-turn", "version": 2, "turn": 3}', "a malformed turn file (accept)"),
    ]:
        (tmp_path / "x.json").write_text(text)
        assert refused(tmp_path / "x.json", a) == f"{tmp_path / 'x.json'}: {end}"


def test_the_command_line_plays_turns_between_two_folders(tmp_path: Path) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "game", "by-file", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )

    started = run("start", "--scenario", "first-battle", "--folder", str(tmp_path / "A"), "--name", "Anna")
    assert started.returncode == 0 and "Turn 0 written: send" in started.stdout
    last = turn_path(tmp_path / "A", 0)
    for n, who in enumerate(["B", "A", "B", "A"], start=1):
        done = run("open", str(last), "--folder", str(tmp_path / who), "--ai", "random", "--name", who)
        assert done.returncode == 0, done.stderr
        last = Path(json.loads(done.stdout)["written"])
        assert last == turn_path(tmp_path / who, n)
    again = run("open", str(turn_path(tmp_path / "A", 2)), "--folder", str(tmp_path / "A"), "--ai", "random")
    assert again.returncode == 2 and again.stderr.strip().endswith("your own turn file: send it to B")


def test_a_turn_left_half_given_goes_on_where_it_was_left_never_before(tmp_path: Path) -> None:
    a, b, last = begun(tmp_path)
    folders, names, who = {"A": a, "B": b}, {"A": "Anna", "B": "Bob"}, "A"
    for _ in range(60):  # turns until one of two commands or more: its first is given, then the player leaves
        g = open_turn(last, names[who], folders[who])
        while g.step():
            pass
        m = g.match
        assert m is not None
        if not g.my_turn:  # the starter's reveal, written at once
            m.battle.close()
            last, who = g.written, "B" if who == "A" else "A"  # type: ignore[assignment]
            continue
        player = make_player("random", g.local, 1)
        m.battle.enter()
        first = player.decide(m.battle, m.battle.pending)  # type: ignore[arg-type]
        g.play(first)
        if g.my_turn:
            count = g.ledger.count  # type: ignore[union-attr]
            m.battle.close()  # the window closed: the turn file is not written
            again = open_turn(last, names[who], folders[who])
            try:
                assert again.my_turn and again.ledger.count == count  # type: ignore[union-attr]
                assert again.match.commands[-1] == first  # type: ignore[union-attr]
                said = [n.words(ENGLISH) for n in again.take_notices()]
                turn = again.chain[-1]["turn"]
                goes_on = "your turn goes on where you left it (commands kept: 1)"
                assert said == [f"Turn {turn} from {again.peer_name} again: {goes_on}"]
                result = play_turn(again, "random", ENGLISH, lambda line: None)
            finally:
                if again.match is not None:
                    again.match.battle.close()
            sent = read_turn(Path(result["written"]))
            assert sent["commands"][0] == cmd.to_json(first)
            assert not (folders[who] / "current.json").exists()
            return
        m.battle.close()
        last = g.written  # type: ignore[assignment]
        who = "B" if who == "A" else "A"
    raise AssertionError("no turn of two commands")


def test_a_damaged_folder_record_is_one_line(tmp_path: Path) -> None:
    a, _b, last = begun(tmp_path)
    record = json.loads((a / "game.json").read_text())
    for damaged in ({**record, "mods": [3]}, {**record, "side": None}, {**record, "secret": "x"}, [1], "{"):
        (a / "game.json").write_text(damaged if isinstance(damaged, str) else json.dumps(damaged))
        with pytest.raises(UserError) as e:
            open_turn(last, "Anna", a)
        assert str(e.value) == f"{a / 'game.json'}: not the record of a game by file"


def test_the_commands_a_turn_file_brings_are_counted_in_the_singular_after_one(tmp_path: Path) -> None:
    """Session 12: "Turno 3 de Bob: 1 órdenes que ver"."""
    a, b, last = begun(tmp_path)
    folders, names, who = {"A": a, "B": b}, {"A": "Anna", "B": "Bob"}, "A"
    counted: set[tuple[int, str]] = set()  # (commands, the word that counts them), in both languages
    for _ in range(40):
        g = open_turn(last, names[who], folders[who])
        for notice in g.take_notices():
            for language in (ENGLISH, Texts("es")):
                words = notice.words(language)
                found = re.search(r": (\d+) (command|commands|orden|órdenes) (to see|que ver)$", words)
                if found:
                    counted.add((int(found[1]), found[2]))
        result = play_turn(g, "random", ENGLISH, lambda line: None)
        if result["written"] is None:
            break
        last, who = Path(result["written"]), "B" if who == "A" else "A"
        if {n == 1 for n, _w in counted} == {True, False}:
            break
    assert {n == 1 for n, _w in counted} == {True, False}  # one command, and more, were brought
    assert all((n == 1) == (w in ("command", "orden")) for n, w in counted), counted


def test_the_file_that_ended_the_game_opened_again_sends_nothing_and_no_turn_follows_the_end(
    tmp_path: Path,
) -> None:
    """QA session 16: opening the last turn file again said "your turn goes on" and wrote a turn after
    the end, which the other took (and answered the same way, without end); a turn of no commands
    after the end made `by-file open --ai` end in a traceback."""
    results, last, who = played_to_its_end(tmp_path)
    folder, other = tmp_path / who, tmp_path / ("B" if who == "A" else "A")
    files = sorted(p.name for p in folder.iterdir())
    again = open_turn(last, "X", folder)
    said = [n.words(ENGLISH) for n in again.take_notices()]
    result = play_turn(again, "random", ENGLISH, lambda line: None)
    assert said == ["The game is over: both players hold the same end"]
    assert result["state"] == "over" and result["written"] is None
    assert result["digest"] == results[-1]["digest"]
    assert sorted(p.name for p in folder.iterdir()) == files  # nothing written, nothing to send
    # a turn after the end, signed by its sender (as the old version wrote it): refused, nothing kept
    ended = read_turn(last)
    record = json.loads((other / "game.json").read_text())
    after = {**ended, "turn": ended["turn"] + 1, "previous": ended["seal"], "commands": []}
    after["from"] = {"name": record["name"], "side": record["side"]}
    after["seal"] = seal_of(after)
    after["signature"] = sign(after, record["key"])
    forged = tmp_path / "after.json"
    forged.write_text(json.dumps(after))
    assert refused(forged, folder) == f"{forged}: turn {after['turn']} comes after the end of the game"
    assert sorted(p.name for p in folder.iterdir()) == files
