"""The fuzz kind of mods that travel (issue 40): a shipped example mod packed (`mod pack`), the package
then corrupted (its bytes, or a member's: a path leading out, a link, a member changed, a bomb) and
installed (`mod install`) into the case's own mods folder; every refusal must be one line and nothing
written outside the game's folders (tests/fuzzing.py judges both)."""

from __future__ import annotations

import io
import random
import shutil
import stat
import zipfile
from collections.abc import Callable
from pathlib import Path

from game import CONTENT
from tests.fuzz_cases import Place, Step, command, mutate_text


def _rewritten(package: Path, rng: random.Random) -> None:
    """One member changed: its name (out of the mod, hidden, a link), its bytes, or a bomb added."""
    with zipfile.ZipFile(package) as z:
        members = [(info, z.read(info)) for info in z.infolist()]
    how = rng.choice(["name", "link", "bytes", "bomb", "drop", "twice"])
    i = rng.randrange(len(members))
    info, data = members[i]
    if how == "name":
        info.filename = rng.choice(
            ["../../victim/x.toml", "/tmp/fuzz-outside", "a\\..\\..\\b", ".hidden", ""]
        )
    elif how == "link":
        info.external_attr = (stat.S_IFLNK | 0o777) << 16
    elif how == "bytes":
        members[i] = (info, mutate_text(rng, data))
    elif how == "bomb":
        members.append((zipfile.ZipInfo("scenarios/bomb.toml"), b"\0" * rng.choice([1, 9, 70]) * 1024 * 1024))
    elif how == "drop":
        members.pop(i)
    else:
        members.append((info, data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for member, payload in members:
            z.writestr(member, payload)
    package.write_bytes(out.getvalue())


def _package(rng: random.Random, number: int, place: Place, mod: Path, replays: object) -> list[Step]:
    src = rng.choice(sorted(CONTENT.glob("mods/*/")))
    shutil.rmtree(mod)
    shutil.copytree(src, mod)
    package = place.work / "fuzz.fgmod"

    def corrupt() -> None:
        if rng.random() < 0.3:
            package.write_bytes(mutate_text(rng, package.read_bytes()))
        else:
            _rewritten(package, rng)

    return [
        command("mod", "pack", str(mod), "--out", str(package)),
        Step("corrupt", call=lambda: corrupt() or None),
        command("mod", "install", str(package)),
        command("mod", "list"),
    ]


PACKAGES: dict[str, Callable[..., list[Step]]] = {"package": _package}
