"""`python -m game new-mod [--mode MODE] DIR`: a small working mod to start from, copied from a
template the test suite checks (content/mods/starter for For Glory, content/mods/ow-starter for Open
Wars, content/mods/campaign-starter for a campaign) and given DIR's name as its id."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from game import CONTENT
from game.model.errors import UserError
from game.model.limits import check_id

STARTER = CONTENT / "mods" / "starter"
TEMPLATES = {  # by game mode
    "for-glory": STARTER,
    "open-wars": CONTENT / "mods" / "ow-starter",
    "campaign": CONTENT / "mods" / "campaign-starter",
}


def new_mod(target: Path, mode: str = "for-glory") -> Path:
    """Write the starter mod to target (which must not exist or be an empty folder); returns target.
    The mod is built in a hidden folder beside the target and moved into place: whatever fails (a full
    disk, a folder one may not write to), nothing half-written is left behind."""
    target = Path(target)
    mod_id = target.name.lower()
    check_id(mod_id, f"{target}: the folder's name, which becomes the mod's id")
    if target.is_symlink():  # a link, even to an empty folder or to nothing: the mod would land elsewhere
        raise UserError(f"{target}: is a link; give a new folder's path")
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise UserError(f"{target}: already exists and is not an empty folder; choose a new one")
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise UserError(f"{parent}: no such folder")
    try:
        with tempfile.TemporaryDirectory(dir=parent, prefix=f".{mod_id}.") as tmp:
            staging = Path(tmp) / mod_id
            template = TEMPLATES[mode]
            shutil.copytree(template, staging)
            manifest = staging / "mod.toml"
            text = manifest.read_text(encoding="utf-8")
            own = text.replace(f'id = "{template.name}"', f'id = "{mod_id}"', 1)
            manifest.write_text(own, encoding="utf-8")
            if target.exists():
                target.rmdir()
            staging.rename(target)
    except shutil.Error as e:  # copytree gathers the errors of each file: the first one says enough
        first = e.args[0][0] if e.args and e.args[0] else ("", "", "cannot copy")
        raise UserError(f"{target}: cannot write the mod: {first[2]}") from None
    except OSError as e:
        raise UserError(f"{target}: cannot write the mod: {e.strerror or e}") from None
    return target
