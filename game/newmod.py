"""`python -m game new-mod DIR`: a small working mod to start from, copied from content/mods/starter
(itself a mod the test suite checks) and given DIR's name as its id."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from game import CONTENT
from game.errors import UserError
from game.mods import ID

STARTER = CONTENT / "mods" / "starter"


def new_mod(target: Path) -> Path:
    """Write the starter mod to target (which must not exist or be empty); returns target."""
    target = Path(target)
    mod_id = target.name.lower()
    if not ID.fullmatch(mod_id):
        raise UserError(f"{target}: a mod's folder name is its id: lowercase letters, digits, - and _")
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise UserError(f"{target}: already exists and is not an empty folder; choose a new one")
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise UserError(f"{parent}: no such folder")
    # build it beside the target, then move it into place: never a half-written mod
    with tempfile.TemporaryDirectory(dir=parent, prefix=f".{mod_id}.") as tmp:
        staging = Path(tmp) / mod_id
        shutil.copytree(STARTER, staging)
        manifest = staging / "mod.toml"
        text = manifest.read_text(encoding="utf-8")
        manifest.write_text(text.replace('id = "starter"', f'id = "{mod_id}"', 1), encoding="utf-8")
        if target.exists():
            target.rmdir()
        staging.rename(target)
    return target
