"""Issue 40, item 5: mods that travel. `mod pack DIR` makes one file (the mod's files and a manifest of
their SHA-256), `mod install FILE` checks it and installs it into the mods folder: a mod packed in one
data folder installs and plays from another. A package is untrusted: a path leading out, a link, a zip
bomb, a file changed after packing, a mod that fails its check are refused in one line, and nothing is
left in the mods folder."""

from __future__ import annotations

import hashlib
import json
import stat
import zipfile
from pathlib import Path

import pytest

from game.ai.players import make_player
from game.cli.entry import main
from game.content.mods import load_mods, mod_folders, user_mods_dir
from game.content.ruleset_files import load_ruleset
from game.modding.package import MANIFEST, install, pack
from game.model.errors import UserError
from game.running.match import Match, new_match, play
from tests.mod_lab import GUERRILLAS, write_mod


def _packed(tmp_path: Path) -> Path:
    mod = write_mod(tmp_path / "made" / "guerrillas", GUERRILLAS)
    (mod / ".git").mkdir()
    (mod / ".git" / "HEAD").write_text("ref: refs/heads/main\n")  # not content: left out
    return pack(mod, tmp_path)


def test_a_mod_packed_in_one_data_folder_installs_and_plays_from_another(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, matches: list[Match]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "first"))
    package = _packed(tmp_path)
    assert package.name == "guerrillas-1.0.0.fgmod"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "second"))  # another machine's data folder
    assert main(["mod", "install", str(package)]) == 0
    (installed,) = mod_folders()
    assert installed == user_mods_dir() / "guerrillas" and not (installed / ".git").exists()
    mods = load_mods([installed])
    assert mods[0].content_hash == load_mods([tmp_path / "made" / "guerrillas"])[0].content_hash
    m = new_match("guerrilla-ambush", 5, 1, load_ruleset(mods=mods))
    matches.append(m)
    play(m, {s: make_player("heuristic", s, 5) for s in m.battle.game.sides})  # type: ignore[union-attr]
    assert m.battle.game is not None and m.battle.game.over
    assert main(["mod", "install", str(package)]) == 2  # there already: replaced only when asked
    assert main(["mod", "install", "--replace", str(package)]) == 0


def _forged(tmp_path: Path, entries: dict[str, bytes], listed: dict[str, bytes] | None = None) -> Path:
    """A package made by hand: its entries, and a manifest listing `listed` (the entries by default)."""
    listed = entries if listed is None else listed
    manifest = {
        "format": 1,
        "id": "guerrillas",
        "files": {k: hashlib.sha256(v).hexdigest() for k, v in listed.items()},
    }
    out = tmp_path / "forged.fgmod"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(MANIFEST, json.dumps(manifest))
        for name, data in entries.items():
            z.writestr(name, data)
    return out


MOD_TOML = GUERRILLAS["mod.toml"].encode()


def _link(tmp_path: Path) -> Path:
    out = tmp_path / "link.fgmod"
    with zipfile.ZipFile(out, "w") as z:
        files = {"mod.toml": MOD_TOML, "scenarios/x.toml": b"/etc/passwd"}
        z.writestr(MANIFEST, json.dumps({"format": 1, "id": "guerrillas", "files": {
            k: hashlib.sha256(v).hexdigest() for k, v in files.items()}}))  # fmt: skip
        z.writestr("mod.toml", MOD_TOML)
        info = zipfile.ZipInfo("scenarios/x.toml")
        info.external_attr = (stat.S_IFLNK | 0o777) << 16
        z.writestr(info, b"/etc/passwd")
    return out


def _bomb(tmp_path: Path) -> Path:
    """A file of 9 MB of zeros (more than any content file may be), deflated to a few kilobytes."""
    return _forged(tmp_path, {"mod.toml": MOD_TOML, "scenarios/big.toml": b"\0" * (9 * 1024 * 1024)})


CASES = {
    "a path leading out": (
        lambda t: _forged(t, {"mod.toml": MOD_TOML, "../../escaped.toml": b"x"}),
        "'../../escaped.toml' is not a plain path inside the mod",
    ),
    "an absolute path": (
        lambda t: _forged(t, {"mod.toml": MOD_TOML, "/tmp/escaped.toml": b"x"}),
        "'/tmp/escaped.toml' is not a plain path inside the mod",
    ),
    "a link": (_link, "'scenarios/x.toml' is not a plain file (a link, a folder or a device)"),
    "a zip bomb": (_bomb, "'scenarios/big.toml' unpacks to more than 8388608 bytes"),
    "a file changed after packing": (
        lambda t: _forged(t, {"mod.toml": MOD_TOML}, {"mod.toml": MOD_TOML + b"# packed\n"}),
        "'mod.toml' is not the file packed (its SHA-256 differs)",
    ),
    "a file the manifest leaves out": (
        lambda t: _forged(t, {"mod.toml": MOD_TOML, "scenarios/x.toml": b"x"}, {"mod.toml": MOD_TOML}),
        f"its files are not those {MANIFEST} lists",
    ),
    "no manifest": (
        lambda t: (t / "plain.zip").write_bytes(b"PK\x05\x06" + b"\0" * 18) and t / "plain.zip",
        f"no {MANIFEST}: not a package `mod pack` made",
    ),
    "not an archive": (
        lambda t: (t / "x.fgmod").write_text("hello") and t / "x.fgmod",
        "not a mod package (a zip archive)",
    ),
    "a mod that fails its check": (
        lambda t: _forged(
            t, {"mod.toml": MOD_TOML, "rulesets/for-glory/modifiers.toml": b"[combat.flanks]\nvalue = 3\n"}
        ),
        "does not pass check-content: rulesets/for-glory/modifiers.toml: combat.flanks: unknown modifier",
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_a_hostile_or_broken_package_is_refused_in_one_line_leaving_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    make, problem = CASES[case]
    package = make(tmp_path)
    assert main(["mod", "install", str(package)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(f"error: {package}: not installed: ") and problem in err
    folder = user_mods_dir()
    assert not folder.exists() or list(folder.iterdir()) == []  # nothing unpacked is left behind
    assert not (tmp_path / "escaped.toml").exists() and not Path("/tmp/escaped.toml").exists()


def test_a_mod_needing_a_version_it_lacks_is_refused(tmp_path: Path) -> None:
    base = write_mod(tmp_path / "made" / "guerrillas", GUERRILLAS)
    child = tmp_path / "made" / "ambush"
    child.mkdir()
    (child / "mod.toml").write_text(
        'id = "ambush"\nname = "A"\nversion = "1"\ndepends = ["guerrillas >=2"]\n'
    )
    install(pack(base, tmp_path))
    with pytest.raises(UserError, match=r"not installed: .*needs the mod 'guerrillas' >=2, which is '1.0.0'"):
        install(pack(child, tmp_path))
    (child / "mod.toml").write_text(
        'id = "ambush"\nname = "A"\nversion = "1"\ndepends = ["guerrillas >=1, <2"]\n'
    )
    assert install(pack(child, tmp_path)).mod.id == "ambush"


def test_new_mod_starts_an_open_wars_mod_that_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """new-mod had no Open Wars template: --mode open-wars writes a faction, two spells, a card and a map,
    which pass the strict check and play."""
    assert main(["new-mod", "--mode", "open-wars", str(tmp_path / "my-raiders")]) == 0
    assert main(["check-content", "--strict", str(tmp_path / "my-raiders")]) == 0
    assert "warning" not in capsys.readouterr().err
    mods = load_mods([tmp_path / "my-raiders"])
    assert mods[0].id == "my-raiders" and mods[0].spec.ruleset == "open-wars"
    m = new_match("ow-three-seas", 3, 2, mods=mods)
    try:
        play(m, {s: make_player("heuristic", s, 3) for s in m.battle.game.sides})  # type: ignore[union-attr]
        assert m.battle.game is not None and m.battle.game.over
    finally:
        m.battle.close()


def test_pack_into_a_folder_that_is_not_there_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--out packs/` names a folder: it wrote a file called 'packs' and said to install 'packs'."""
    mod = write_mod(tmp_path / "guerrillas", GUERRILLAS)
    assert main(["mod", "pack", str(mod), "--out", f"{tmp_path}/packs/"]) == 2
    assert capsys.readouterr().err == f"error: {tmp_path}/packs/: no such folder: nothing written\n"
    assert not (tmp_path / "packs").exists()
    (tmp_path / "packs").mkdir()
    assert main(["mod", "pack", str(mod), "--out", f"{tmp_path}/packs/"]) == 0
    assert [p.name for p in (tmp_path / "packs").iterdir()] == ["guerrillas-1.0.0.fgmod"]


def test_mod_list_says_each_mods_version(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    install(_packed(tmp_path))
    (user_mods_dir() / "broken").mkdir()
    (user_mods_dir() / "broken" / "mod.toml").write_text('id = "broken"\n')
    assert main(["mod", "list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{user_mods_dir()}: 2 mods"
    assert out[1].startswith("  broken: cannot be loaded: ")
    assert out[2] == "  guerrillas 1.0.0: Guerrillas (for-glory)"


@pytest.mark.parametrize("damage", ["directory offset", "deflate data"])
def test_a_damaged_archive_is_one_line(tmp_path: Path, damage: str) -> None:
    """Fuzz kind `package`, seed 1414: a central directory said to start later than it does made every
    entry's offset seek before the file's start (ValueError: negative seek value); a damaged deflate
    stream is zlib's error. Each is one line and nothing is installed."""
    packed = _packed(tmp_path)
    raw = bytearray(packed.read_bytes())
    if damage == "directory offset":
        end = raw.rfind(b"PK\x05\x06")  # the end of central directory record: its offset at +16
        offset = int.from_bytes(raw[end + 16 : end + 20], "little")
        raw[end + 16 : end + 20] = (offset + 500).to_bytes(4, "little")
    else:
        z = zipfile.ZipFile(packed)
        info = z.getinfo("mod.toml")
        start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
        raw[start : start + 8] = b"\xff" * 8
    packed.write_bytes(bytes(raw))
    with pytest.raises(UserError, match="not installed: a damaged archive"):
        install(packed, mods_dir=tmp_path / "mods")
    assert not (tmp_path / "mods").exists() or not any((tmp_path / "mods").iterdir())
