"""Every error line is one line, cut at a sensible length, with control characters shown escaped: a name
or value from a file can never rewrite the terminal and make a failure look like `ok`."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import game.model.errors as errors
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


def test_a_plain_line_is_left_as_the_full_cleaning_would_leave_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """one_line leaves printable ASCII with single spaces as it is, without cleaning it: over random
    texts of plain letters, spaces (leading, trailing, doubled), tabs, controls, a no-break space, an
    override and an undecodable byte, each line is the one the full cleaning makes (and is cut alike)."""
    rng = random.Random(11)
    alphabet = ["a", "Z", "0", "~", "é", " ", " ", "  ", "\t", "\n", "\x1b", "\x7f", "\x9b", "\u00a0"]
    alphabet += ["\u202e", "\udce9"]
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12))) for _ in range(3000)]
    texts += ["plain words, said once", "x" * 400, " lead", "trail ", "a  b"]
    taken = sum(errors._plain(t) for t in texts)
    assert 300 < taken < len(texts) - 300  # both ways are taken often
    plain = [(one_line(t), one_line(t, 8)) for t in texts]
    monkeypatch.setattr(errors, "_plain", lambda text: False)
    assert plain == [(one_line(t), one_line(t, 8)) for t in texts]


def test_cli_error_for_a_hostile_file_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    evil = tmp_path / "x\x1b[2K\rok.json"
    evil.write_text("{}", encoding="utf-8")
    assert main(["replay", str(evil)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "\r" not in err and "\x1b" not in err
    assert "\\x1b[2K ok.json" in err


@pytest.mark.parametrize("command", [["check-content"], ["simulate", "--rounds", "1", "--mod"]])
def test_a_long_problem_is_said_in_spanish_then_cut(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A problem line past MAX_LINE (a mod deep in folders) was cut before it was read back against its
    English text, which it then no longer matched: it stayed English under --lang es. Said, then cut."""
    folder = tmp_path.joinpath(*["a_folder_with_a_rather_long_name"] * 4)
    mod = folder / ("x" * (220 - len(str(folder)))) / "deep"  # the line's file takes 240 characters
    mod.parent.mkdir(parents=True)
    assert main(["new-mod", str(mod)]) == 0
    manifest = mod / "mod.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "\nbogus_key = 1\n", encoding="utf-8")
    capsys.readouterr()
    for language, words in (("es", "clave desconocida (claves"), ("en", "unknown key (known keys")):
        assert main([*command, str(mod), "--lang", language]) == 2
        line = capsys.readouterr().err.strip()
        assert line.startswith("error: /") and line.count("\n") == 0
        assert len(line) == len("error: ") + MAX_LINE and line.endswith("…")
        assert f"deep/mod.toml: bogus_key: {words}" in line
