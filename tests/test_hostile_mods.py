"""A hostile mod: every path it names (its ruleset, its scripts' ruleset, links, pipes) stays inside it or
is a known ruleset's id. `check-content` on it ends with one line per problem and exit 2, in bounded
time, and opens or lists nothing outside the mod and the game's own content."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import CONTENT
from game.cli.entry import main

OUTSIDE_SECRET = "secret-value-42"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder beside the mod that nothing may read or list."""
    o = tmp_path / "outside"
    (o / "rulesets" / "for-glory").mkdir(parents=True)
    (o / "rulesets" / "for-glory" / "units.toml").write_text(f'x = "{OUTSIDE_SECRET}"\n')
    (o / "passwd").write_text(f"root:{OUTSIDE_SECRET}\n")
    return o


@pytest.fixture
def touched(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every path opened, listed or walked while the test runs."""
    seen: list[str] = []
    for name in ("open", "listdir", "scandir"):
        real = getattr(os, name)

        def spy(path: object, *a: object, _real: object = real, **kw: object) -> object:
            seen.append(os.fsdecode(path) if isinstance(path, str | bytes | os.PathLike) else str(path))
            return _real(path, *a, **kw)  # type: ignore[operator]

        monkeypatch.setattr(os, name, spy)
    yield seen


def make_mod(parent: Path, manifest: str, files: dict[str, str] | None = None) -> Path:
    mod = parent / "hostile"
    mod.mkdir()
    (mod / "mod.toml").write_text(manifest)
    for rel, text in (files or {}).items():
        (mod / rel).parent.mkdir(parents=True, exist_ok=True)
        (mod / rel).write_text(text)
    return mod


def check(capsys: pytest.CaptureFixture[str], mod: Path) -> list[str]:
    result: list[int] = []
    t = threading.Thread(target=lambda: result.append(main(["check-content", str(mod)])), daemon=True)
    t.start()
    t.join(30)
    assert result == [2], "check-content did not end with exit 2 in time"
    err = capsys.readouterr().err.splitlines()
    assert err and all(line.startswith("error: ") for line in err)
    assert not any(OUTSIDE_SECRET in line for line in err)
    return err


def nothing_outside(seen: list[str], outside: Path) -> None:
    assert any("hostile" in p for p in seen)  # the spy saw the mod being read
    leaks = [p for p in seen if os.path.realpath(p).startswith(str(outside.resolve()))]
    assert leaks == []


MANIFEST = 'id = "hostile"\nname = "x"\nversion = "1"\n'


@pytest.mark.parametrize(
    "ruleset", ["../outside", "../../outside", "/proc/self", "/etc", "..", "for-glory/../../outside"]
)
def test_the_manifest_ruleset_is_an_id(
    tmp_path: Path,
    outside: Path,
    capsys: pytest.CaptureFixture[str],
    touched: list[str],
    ruleset: str,
) -> None:
    mod = make_mod(tmp_path, MANIFEST + f'ruleset = "{ruleset}"\n')
    err = check(capsys, mod)
    assert any("mod.toml: ruleset: expected an id: 1 to 64" in line for line in err), err
    nothing_outside(touched, outside)


def test_a_scripted_battle_names_its_ruleset_by_id(
    tmp_path: Path, outside: Path, capsys: pytest.CaptureFixture[str], touched: list[str]
) -> None:
    script = (CONTENT / "scripts").glob("*.toml").__next__().read_text()
    script = 'ruleset = "../outside"\n' + script.replace('ruleset = "for-glory"\n', "")
    mod = make_mod(tmp_path, MANIFEST, {"scripts/evil.toml": script})
    assert main(["script", str(mod / "scripts" / "evil.toml"), "--mod", str(mod)]) == 2
    err = capsys.readouterr().err
    assert "evil.toml: ruleset" in err and "expected an id" in err and err.count("\n") == 1
    check(capsys, mod)
    nothing_outside(touched, outside)


def test_a_link_out_of_the_mod(
    tmp_path: Path, outside: Path, capsys: pytest.CaptureFixture[str], touched: list[str]
) -> None:
    mod = make_mod(tmp_path, MANIFEST)
    (mod / "rulesets").mkdir()
    (mod / "rulesets" / "for-glory").symlink_to(outside / "rulesets" / "for-glory")
    err = check(capsys, mod)
    assert any("points outside the mod" in line for line in err)
    nothing_outside(touched, outside)


def test_a_manifest_that_is_a_link_out(
    tmp_path: Path, outside: Path, capsys: pytest.CaptureFixture[str], touched: list[str]
) -> None:
    mod = tmp_path / "hostile"
    mod.mkdir()
    (mod / "mod.toml").symlink_to(outside / "passwd")
    err = check(capsys, mod)
    assert any("points outside the mod" in line for line in err)
    nothing_outside(touched, outside)


def test_a_pipe_inside_the_mod_never_blocks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mod = make_mod(tmp_path, MANIFEST)
    (mod / "scenarios").mkdir()
    os.mkfifo(mod / "scenarios" / "pipe.toml")
    err = check(capsys, mod)
    assert any("pipe.toml: not a file or a folder" in line for line in err)


@pytest.mark.parametrize(
    ("manifest", "key"),
    [
        ('id = "x\\u001b[2K"\nname = "x"\nversion = "1"\n', "id"),
        ('id = "' + "a" * 65 + '"\nname = "x"\nversion = "1"\n', "id"),
        ('id = "Hostile"\nname = "x"\nversion = "1"\n', "id"),
        ('id = "hostile"\nname = "x\\u0007"\nversion = "1"\n', "name"),
        ('id = "hostile"\nname = "' + "n" * 3000 + '"\nversion = "1"\n', "name"),
        ('id = "hostile"\nname = "x"\nversion = "1"\ndepends = ["../up"]\n', "depends[0]"),
    ],
)
def test_mod_ids_and_texts_are_printable_and_bounded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], manifest: str, key: str
) -> None:
    mod = make_mod(tmp_path, manifest)
    err = check(capsys, mod)
    assert any(f"mod.toml: {key}:" in line for line in err), err
    assert all(len(line) <= 310 and "\x1b" not in line and "\x07" not in line for line in err)
