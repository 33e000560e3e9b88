"""The document as a file: opened from any scenario or map (a shipped one opens as a copy, with an
id of its own), written as TOML (only what was chosen: game/editing/fields.py; a file opened or saved
before keeps its comments and the layout of what did not change: game/editing/kept_text.py), saved to
a file or as a mod in the player's mods folder. Nothing is written inside the game's own content, nothing
outside the folder chosen, never half a file (write_atomic)."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

from game import CONTENT
from game.content.files import inside, write_atomic
from game.content.locale import Texts
from game.content.mods import load_mod
from game.content.records import read_toml_text
from game.content.scenario import ScenarioFile
from game.content.toml_text import dumps, unwritable
from game.editing.campaigns import is_campaign
from game.editing.document import Document
from game.editing.fields import clean, misshapen
from game.editing.kept_text import kept
from game.editing.maps import MAP_KEYS, RULESET
from game.model.errors import ContentError, UserError
from game.model.limits import ID
from game.model.modules import mode_for_ruleset
from systems.campaign.records import CampaignFile
from systems.open_wars.maps import MapFile

HEADER = "# Made with the For Glory scenario editor (python -m game play --edit FILE opens it again)\n"
MAP_FOLDER = "open-wars"  # a mod's maps of Open Wars: scenarios/open-wars/
CAMPAIGN_FOLDER = "campaigns"  # a mod's campaigns (and the battles folder's): campaigns/
RECORDS: dict[str, type] = {"scenario": ScenarioFile, "map": MapFile, "campaign": CampaignFile}


def record_of(doc: Document) -> type:
    return RECORDS[doc.kind]


def kind_of(data: dict[str, Any]) -> str:
    """What a file's data is: an Open Wars map (by its ruleset, or naming none by a map's own keys), a
    campaign, else a scenario."""
    if "ruleset" not in data and any(k in data for k in MAP_KEYS):
        return "map"
    if mode_for_ruleset(str(data.get("ruleset", "for-glory"))) is not None:
        return "map"
    return "campaign" if is_campaign(data) else "scenario"


def folder_of(doc: Document) -> str:
    """The folder of its kind in a mod's scenarios/ (a map's) or a mod's own (a campaign's)."""
    return {"map": MAP_FOLDER, "campaign": CAMPAIGN_FOLDER}.get(doc.kind, "")


def to_toml(doc: Document) -> str:
    """The file's text: the text it was opened from or last saved as, changed where the document was
    (kept_text), else written fresh. A value no fresh file can write (`inf` or a date under a key the
    game does not know, which the file opened with) is refused, naming its key, before anything is."""
    record = record_of(doc)
    data: dict[str, Any] = clean(doc.data, record)
    where = unwritable(data)
    if where is not None:
        raise Refused("unwritable", where=where)
    text = kept(doc.source, doc.data, data, record) if doc.source is not None else None
    return text if text is not None else HEADER + "\n" + dumps(data)


def open_document(path: Path) -> Document:
    """A scenario or map file to edit; one of the game's own opens as a copy (its id `<id>-copy`),
    since the game's files are never written. A file that does not read, or that the editor cannot
    show, is refused in one line (`Refused`)."""
    try:
        source, data = read_toml_text(Path(path))
    except ContentError as e:  # no such file, a folder, a pipe, too large, not TOML ...
        raise Refused("unreadable", path=path, problem=e.problem) from None
    except ValueError:  # a NUL in the path typed: no file has such a name
        raise Refused("unreadable", path=path, problem="no such file") from None
    kind = kind_of(data)
    wrong = misshapen(RECORDS[kind], data)
    if wrong is not None:  # what the editor cannot show; check-content names every problem
        where, _, problem = wrong.partition(": ")
        raise Refused("misshapen", path=path, where=where, problem=problem)
    doc = Document(data, kind)
    doc.source = source
    if shipped(Path(path)) and isinstance(data.get("id"), str):
        data["id"] = f"{data['id']}-copy"
        doc.version += 1  # not saved yet
    if kind == "map" and "ruleset" not in data:  # saved, it says what it is (the game reads it as a battle)
        data["ruleset"] = RULESET
        doc.version += 1
    return doc


def shipped(path: Path) -> bool:
    """Is it one of the game's own files? (a path that does not resolve, a link that loops or a name
    no file can have, is none of them)."""
    try:
        return Path(path).resolve().is_relative_to(CONTENT.resolve())
    except (OSError, RuntimeError, ValueError):
        return False


def typed_path(typed: str, folder: Path) -> Path:
    """A path as a player types it in the Save prompt: ~ for a home folder, and a relative one taken
    from `folder` (the battles folder: a window has no working folder a player knows of)."""
    try:
        return folder / Path(typed.strip()).expanduser()
    except RuntimeError:  # ~nouser: no such user, or no home folder at all
        raise Refused("no_home", path=typed.strip()) from None


def save_file(doc: Document, path: Path, make: bool = False) -> Path:
    """Write the document to a file of the player's choosing (any folder but the game's own); its
    folder made if `make` (the game's own battles folder, on the first save of a fresh install)."""
    path = Path(path)
    if shipped(path):
        raise Refused("shipped", path=path)
    if path.suffix != ".toml":
        raise Refused("not_toml", path=path)
    writable_folder(path.parent, make)
    text = to_toml(doc)
    written(path, text)
    doc.saved_version, doc.source = doc.version, text
    return path


def save_copy(doc: Document, folder: Path) -> Path:
    """Write the document to `folder` (made if need be), named by its id, not as the file it is saved
    to: a copy to play at once (the battles folder, "Try it")."""
    ident = doc.get(("id",))
    if not isinstance(ident, str) or not ID.fullmatch(ident):
        raise Refused("scenario_id", id=ident)
    writable_folder(folder, make=True)
    target = placed(folder, f"{ident}.toml")
    written(target, to_toml(doc))
    return target


def save_as_mod(doc: Document, mods: Path, mod_id: str, name: str = "") -> Path:
    """Save the document as a scenario (or map, or campaign) of a mod in the folder `mods` (the
    player's mods folder, made if need be): the mod `mod_id` made there if it is not yet, its mod.toml
    written only then. The file is named by its id, in its kind's folder. The path written."""
    ident = doc.get(("id",))
    if not ID.fullmatch(mod_id):
        raise Refused("mod_id", id=mod_id)
    if not isinstance(ident, str) or not ID.fullmatch(ident):
        raise Refused("scenario_id", id=ident)
    to_toml(doc)  # what cannot be written is refused before a new mod's folder is made
    writable_folder(Path(mods), make=True)
    folder = placed(Path(mods), mod_id)
    target = folder / (CAMPAIGN_FOLDER if doc.kind == "campaign" else Path("scenarios", folder_of(doc)))
    made = not os.path.lexists(folder)
    if not made:
        writable_folder(folder, make=False)
        try:
            if load_mod(folder).id != mod_id:
                raise Refused("other_mod", path=folder)
        except ContentError:  # a folder that is no mod (check-content says what is wrong with it)
            raise Refused("not_a_mod", path=folder) from None
    writable_folder(target, make=True)
    if made:
        about = "Battles made with the scenario editor"
        written(
            folder / "mod.toml",
            dumps({"id": mod_id, "name": name or mod_id, "version": "1", "description": about}),
        )
    return save_file(doc, placed(target, f"{ident}.toml"))


# --- folders and files, each failure a refusal in the player's words -------------------------------


class Refused(UserError):
    """A file command of the editor refused: the key of its words (ui.toml's `editor_refused_<key>`)
    and their values, which the screen says in the player's language (a value `problem` is a check's
    English, said as game/editing/problem_words.py says it); the error's own line is the English."""

    def __init__(self, reason: str, **values: object) -> None:
        self.key = f"editor_refused_{reason}"
        self.values = values
        super().__init__(Texts("en")(self.key, **values))


WHY = {  # an error of the system, by its number, as the words of a refusal
    errno.ENOENT: "no_folder", errno.ENOTDIR: "not_folder", errno.EACCES: "denied", errno.EPERM: "denied",
    errno.EROFS: "read_only", errno.ENOSPC: "full", errno.EDQUOT: "full", errno.ENAMETOOLONG: "too_long",
    errno.EISDIR: "is_folder", errno.EEXIST: "not_replaced", errno.ELOOP: "link_loop",
    errno.EINVAL: "bad_name",  # a NUL in the name (files.write_atomic)
}  # fmt: skip


def refusal(e: OSError, path: Path) -> Refused:
    return Refused(WHY.get(e.errno or 0, "cannot_write"), path=path, code=e.errno)


def writable_folder(folder: Path, make: bool) -> None:
    """A folder to write in: there (made if `make` and it is not), and a folder (not a file, nor a
    link that leads nowhere); else a refusal naming what stands in the way."""
    try:
        if folder.is_dir():
            return
        if os.path.lexists(folder):
            raise Refused("link_loop" if folder.is_symlink() else "not_folder", path=folder)
        if not make:
            raise Refused("no_folder", path=folder)
        folder.mkdir(parents=True)
    except OSError as e:  # a file where a folder of its path should be, or no right to make it
        blocking = next((p for p in folder.parents if os.path.lexists(p) and not p.is_dir()), None)
        if blocking is not None:
            raise Refused("not_folder", path=blocking) from None
        raise refusal(e, folder) from None
    except ValueError:  # a NUL in the path, or a character no file name can hold
        raise Refused("bad_name", path=folder) from None


def placed(folder: Path, name: str) -> Path:
    """The file or folder `name` right in `folder`, not led elsewhere by a link (files.inside)."""
    try:
        return inside(folder, name)
    except UserError:
        raise Refused("leads_out", path=folder / name) from None


def written(path: Path, text: str) -> None:
    """The file written whole or not at all (files.write_atomic), a failure said as a refusal."""
    try:
        write_atomic(path, text)
    except OSError as e:
        raise refusal(e, path) from None
    except ValueError:
        raise Refused("bad_name", path=path) from None
