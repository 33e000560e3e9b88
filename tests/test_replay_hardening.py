"""Replays and saves are untrusted: whatever a file holds, `replay` ends with one line and exit 2 (or
plays it), quickly and in bounded memory, and never opens anything outside the game's content, the
user's mods folder or what the command line names. Saves are written so a crash never leaves a half
file, a stray temporary, or a replaced link or device."""

from __future__ import annotations

import copy
import json
import os
import stat
import threading
from pathlib import Path
from typing import Any

import pytest

from game.ai.players import make_player
from game.cli.entry import main
from game.content.files import write_atomic
from game.model import commands as cmd
from game.model.errors import UserError
from game.running.match import MAX_REPLAY_BYTES, load, new_match, play, replay_data, save
from tests.helpers import make_battle, order, pos, unit


@pytest.fixture(scope="module")
def replay() -> dict[str, Any]:
    m = new_match("default", 3, 1)
    play(m, {s: make_player("random", s, 3) for s in m.battle.game.sides})  # type: ignore[union-attr]
    data = replay_data(m)
    m.battle.close()
    return data


def refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | bytes) -> str:
    f = tmp_path / "r.json"
    if isinstance(content, bytes):
        f.write_bytes(content)
    else:
        f.write_text(content, encoding="utf-8")
    assert main(["replay", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert "Traceback" not in err
    return err


def edited(data: dict[str, Any], **changes: Any) -> str:
    out = copy.deepcopy(data)
    out.update(changes)
    return json.dumps(out)


def test_a_replay_loads_as_saved(tmp_path: Path, replay: dict[str, Any]) -> None:
    f = tmp_path / "r.json"
    f.write_text(json.dumps(replay))
    m = load(f)
    assert len(m.commands) == len(replay["commands"])
    m.battle.close()


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"format": "forglory-replay", "version": ' + "9" * 5000 + "}", "damaged replay"),
        ('{"format": "forglory-replay", "version": 1, "seed": NaN}', "NaN is not a number"),
        ('{"format": "forglory-replay", "version": 1, "seed": Infinity}', "Infinity is not"),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
        ('{"format": "forglory-replay"', "damaged JSON at line 1"),
        ('{"format": "forglory-replay", "version": ' + "7" * 100 + "}", "version ?, this game"),
    ],
)
def test_malformed_files_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | bytes, says: str
) -> None:
    assert says in refused(tmp_path, capsys, content)


def test_an_oversized_file_is_refused_before_it_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "r.json"
    with f.open("wb") as out:
        out.truncate(MAX_REPLAY_BYTES + 1)  # sparse: nothing is written, nothing should be read
    assert main(["replay", str(f)]) == 2
    assert "too large" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("to", [1e308, 0.0]),
        ("to", [-9.2e18, 5.0]),
        ("to", ["x", 1.0]),
        ("to", [1.0]),
        ("unit", "u" * 5000),
        ("unit", "\x1b[2Kok"),
        ("facing", True),
    ],
)
def test_command_fields_are_checked_before_any_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], replay: dict[str, Any], field: str, value: Any
) -> None:
    commands = copy.deepcopy(replay["commands"])
    commands[3] = {"type": "Move", "unit": "x", "to": [1.0, 1.0], field: value}
    err = refused(tmp_path, capsys, edited(replay, commands=commands))
    assert "commands[3]: damaged command" in err
    assert "\x1b" not in err and "u" * 400 not in err


def test_commands_after_the_end_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], replay: dict[str, Any]
) -> None:
    extra = replay["commands"] + [{"type": "EndActivation"}]
    err = refused(tmp_path, capsys, edited(replay, commands=extra))
    assert "after the battle's end" in err or "do not replay the saved battle" in err


def test_a_move_beyond_any_allowance_is_refused_before_its_path_is_built() -> None:
    """FG-ORD-6: a destination thousands of inches away is refused by the allowance (a straight line
    infantry could never walk with every bonus), not by walking a path of a point per quarter inch."""
    b = make_battle()
    unit(b, "a", "red", (36.0, 10.0), 90.0)
    events = order(b, cmd.Move("a", (9_999.0, -9_999.0)))
    rejected = [e.to_dict() for e in events if e.kind == "rejected"]
    assert len(rejected) == 1 and "may move" in rejected[0]["reason"] and "at most" in rejected[0]["reason"]
    assert pos(b, "a") == (36.0, 10.0)
    b.close()


@pytest.mark.parametrize("where", ["ruleset", "mods", "scenario"])
@pytest.mark.parametrize("target", ["/dev/zero", "/proc/self", "/etc", "../../../etc/passwd", "/tmp/x.toml"])
def test_a_replay_names_nothing_outside_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], replay: dict[str, Any], where: str, target: str
) -> None:
    if where == "ruleset":
        text = edited(replay, ruleset={"id": target, "hash": "x"})
    elif where == "mods":
        text = edited(replay, mods=[{"id": "evil", "version": "1", "path": target, "hash": "x"}])
    else:
        text = edited(replay, scenario={"id": "default", "ref": target, "hash": "x"})
    err = refused(tmp_path, capsys, text)
    # no listing of a folder, nothing read from the target
    assert "passwd" not in err.replace(target, "") and "known:" not in err


def test_a_fifo_is_never_opened_for_reading(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    result: list[int] = []
    t = threading.Thread(target=lambda: result.append(main(["replay", str(fifo)])), daemon=True)
    t.start()
    t.join(10)
    assert result == [2], "replay of a FIFO blocked"
    assert "not a regular file" in capsys.readouterr().err


# --- saves -----------------------------------------------------------------------------------


def test_a_save_keeps_the_permissions_of_the_file_it_replaces(tmp_path: Path) -> None:
    f = tmp_path / "s.json"
    f.write_text("old")
    f.chmod(0o640)
    write_atomic(f, "new")
    assert f.read_text() == "new"
    assert stat.S_IMODE(f.stat().st_mode) == 0o640


def test_a_new_save_gets_the_umask_permissions(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "s.json", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "s.json").stat().st_mode) == 0o644


@pytest.mark.parametrize("kind", ["fifo", "link", "dangling link"])
def test_a_save_never_replaces_a_special_file(tmp_path: Path, kind: str) -> None:
    f = tmp_path / "s.json"
    target = tmp_path / "elsewhere.json"
    if kind == "fifo":
        os.mkfifo(f)
    else:
        if kind == "link":
            target.write_text("precious")
        f.symlink_to(target)
    m = new_match("default", 1, 1)
    try:
        with pytest.raises(UserError, match=r"cannot write: .*not replaced"):
            save(m, f)
    finally:
        m.battle.close()
    assert f.is_symlink() or stat.S_ISFIFO(f.lstat().st_mode)
    if kind == "link":
        assert target.read_text() == "precious"


def test_a_stale_temporary_of_an_earlier_crash_is_removed(tmp_path: Path) -> None:
    stale = tmp_path / ".s.json.abc123.tmp"
    stale.write_text("half")
    other = tmp_path / ".t.json.abc123.tmp"  # another file's temporary is not ours to remove
    other.write_text("half")
    write_atomic(tmp_path / "s.json", "whole")
    assert not stale.exists() and other.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [".t.json.abc123.tmp", "s.json"]
