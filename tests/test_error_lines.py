"""Every error line is one line, cut at a sensible length, with control characters shown escaped: a name
or value from a file can never rewrite the terminal and make a failure look like `ok`."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli.entry import main
from game.model.errors import MAX_LINE, ContentError, UserError, one_line


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("bad\x1b[2K\rok", "bad\\x1b[2K ok"),  # erase line + carriage return
        ("ring\x07", "ring\\x07"),
        ("nul\x00byte", "nul\\x00byte"),
        ("c1\x9b31m", "c1\\x9b31m"),  # the one-byte CSI
        ("del\x7f", "del\\x7f"),
        ("abc\u202edcba", "abc\\u202edcba"),  # right-to-left override
        ("two\nlines", "two lines"),
        ("tabs\t\tand   spaces", "tabs and spaces"),
    ],
)
def test_control_characters_are_escaped(raw: str, shown: str) -> None:
    assert one_line(raw) == shown
    assert str(UserError(raw)) == shown


def test_a_long_value_is_cut() -> None:
    line = str(ContentError("f.toml: name", "x" * 10_000))
    assert len(line) == MAX_LINE
    assert line.endswith("…")
    assert line.startswith("f.toml: name: xxx")


def test_non_utf8_file_names_show_their_bytes() -> None:
    assert one_line("caf\udce9.toml") == "caf\\udce9.toml"


def test_cli_error_for_a_hostile_file_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    evil = tmp_path / "x\x1b[2K\rok.json"
    evil.write_text("{}", encoding="utf-8")
    assert main(["replay", str(evil)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "\r" not in err and "\x1b" not in err
    assert "\\x1b[2K ok.json" in err
