"""Breaks `make fuzz` found with the kinds of issue 35, item 7 (tests/fuzz_surfaces.py), each kept as
a test of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli.entry import main
from game.modding.content_check import MAX_PROBLEMS


def test_a_file_of_thousands_of_unknown_keys_is_refused_in_a_bounded_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """sizes: a mod.toml of 200,000 keys hung check-content (each problem was looked for in the list
    of those said before: quadratic), and would have printed 200,000 lines."""
    (tmp_path / "mod.toml").write_text("".join(f"k{i} = {i}\n" for i in range(5000)))
    assert main(["check-content", str(tmp_path)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == MAX_PROBLEMS + 1 and all(line.startswith("error: ") for line in lines)
    assert lines[0].startswith(f"error: {tmp_path / 'mod.toml'}: ")
    assert lines[-1] == f"error: ... and {5000 + 3 - MAX_PROBLEMS} more problems, not shown"


def test_schema_at_a_name_too_long_for_the_file_system_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """schema: `schema --out` with a name of 300 characters raised OSError (ENAMETOOLONG) from the
    question whether it exists, before anything was caught."""
    monkeypatch.chdir(tmp_path)
    assert main(["schema", "--out", "x" * 300 + ".json"]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: xxx")


def test_a_file_of_the_system_that_looks_like_a_file_is_never_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """generate: `--out /proc/self/mem` (a regular file to lstat, owner-writable) had the game make
    its temporary file in /proc/self before failing: a write outside the game's folders."""
    import tempfile

    made: list[object] = []
    real = tempfile.mkstemp
    monkeypatch.setattr(tempfile, "mkstemp", lambda *a, **k: made.append(k.get("dir")) or real(*a, **k))
    monkeypatch.chdir(tmp_path)
    assert main(["generate", "--seed", "1", "--out", "/proc/self/mem"]) == 2
    assert (
        capsys.readouterr().err == "error: /proc/self/mem: cannot write: a file of the system: not replaced\n"
    )
    assert made == []


def test_a_peers_unknown_message_kind_is_named_with_its_control_characters_escaped() -> None:
    """wire: a hostile peer's message type "\\x1b[2Kok" was said as it came, escape and all."""
    from game.content.locale import Texts
    from game.net.said import Said
    from game.net.wire import ProtocolError, check

    for kind, fields in (("\x1b[2Kok", {}), ("reveal", {"secret": "0" * 64, "\x1b[2K\rx": 1})):
        with pytest.raises(ProtocolError) as e:
            check(kind, fields)
        words = Said(f"net_fault_{e.value.key}", {"name": "Bob", **e.value.values}).words(Texts("en"))
        assert "\x1b" not in words and "\r" not in words and "\\x1b" in words


def test_a_nul_character_in_a_path_is_one_line_from_the_command_line_and_the_window(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """outputs: `--save-replay "\\x00.json"` (a caller, not a shell, can pass one; the window's path
    fields take what is typed or pasted) raised ValueError ("embedded null byte") everywhere."""
    from game.content.files import read_regular, write_text
    from game.model.errors import UserError

    for argv in (["simulate", "--rounds", "1", "--save-replay", "\0.json"], ["replay", "\0.json"]):
        assert main(argv) == 2
        assert capsys.readouterr().err == "error: forglory: an argument holds a NUL character: '\\x00.json'\n"
    for call in (lambda: read_regular(tmp_path / "a\0b"), lambda: write_text(tmp_path / "a\0b", "x")):
        with pytest.raises(UserError, match="not a file name: it holds a NUL character"):
            call()


def test_a_settings_file_whose_language_is_a_list_keeps_the_default_language(tmp_path: Path) -> None:
    """settings: `"language": [1280, 800]` crashed the window at start-up (unhashable: looked up in
    the table of languages)."""
    from game.running.settings import load_settings

    f = tmp_path / "settings.json"
    f.write_text('{"language": [1280, 800], "speed": {"a": 1}, "colour_blind": true}')
    settings, problems = load_settings(f)
    assert settings.language == "en" and settings.colour_blind is True
    assert problems == [
        f"{f}: language: not a setting or out of range; its default is used",
        f"{f}: speed: not a setting or out of range; its default is used",
    ]


def test_a_game_by_file_in_a_folder_whose_name_is_too_long_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """bystart: `by-file start --folder` (and `open --folder`) with a name of 300 characters raised
    OSError (ENAMETOOLONG) from the question whether the folder exists."""
    long = str(tmp_path / ("x" * 300))
    assert main(["by-file", "start", "--folder", long, "--name", "Anna"]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1
    assert main(["by-file", "start", "--folder", str(tmp_path / "A"), "--name", "Anna"]) == 0
    capsys.readouterr()
    turn0 = str(tmp_path / "A" / "turn-0000.json")
    assert main(["by-file", "open", turn0, "--folder", long, "--ai", "random"]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {tmp_path}")


def test_a_screenshot_never_writes_through_a_link(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """outputs: `play --demo --frames 1 --screenshot LINK` wrote the PNG through the link, over the
    file it leads to (every other file the game writes replaces a regular file whole, never a link)."""
    precious = tmp_path / "thesis.txt"
    precious.write_text("precious")
    (tmp_path / "shot.png").symlink_to(precious)
    argv = ["play", "--demo", "--frames", "1", "--a", "random", "--b", "random", "--screenshot"]
    assert main([*argv, str(tmp_path / "shot.png")]) == 2
    assert capsys.readouterr().err == f"error: {tmp_path / 'shot.png'}: cannot write: a link: not replaced\n"
    assert precious.read_text() == "precious"
    assert main([*argv, str(tmp_path / "real.png")]) == 0
    assert (tmp_path / "real.png").read_bytes().startswith(b"\x89PNG")


def test_a_path_typed_with_the_home_of_a_user_this_machine_lacks_stays_as_typed() -> None:
    """The lobby's turn file field (and the issue's editor Save prompt): `~nouser/x` raised
    RuntimeError from expanduser, and the window fell."""
    from game.content.files import typed_path

    assert typed_path("~nouser-of-this-machine/x.json") == Path("~nouser-of-this-machine/x.json")
    assert typed_path("~/x.json") == Path.home() / "x.json"
