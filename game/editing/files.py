"""The document as a file: opened from any scenario or map (a shipped one opens as a copy, with an
id of its own), written as TOML (only what was chosen: game/editing/fields.py), saved to a file or
as a mod in the player's mods folder. Nothing is written inside the game's own content, nothing
outside the folder chosen, never half a file (write_atomic)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game import CONTENT
from game.content.files import inside, write_text
from game.content.mods import load_mod
from game.content.records import read_toml
from game.content.scenario import ScenarioFile
from game.content.toml_text import dumps
from game.editing.document import Document
from game.editing.fields import clean, misshapen
from game.model.errors import UserError
from game.model.limits import ID
from game.model.modules import mode_for_ruleset
from systems.open_wars.maps import MapFile

HEADER = "# Made with the For Glory scenario editor (python -m game play --edit FILE opens it again)\n"
MAP_FOLDER = "open-wars"  # a mod's maps of Open Wars: scenarios/open-wars/


def record_of(doc: Document) -> type:
    return MapFile if doc.kind == "map" else ScenarioFile


def to_toml(doc: Document) -> str:
    data: dict[str, Any] = clean(doc.data, record_of(doc))
    return HEADER + "\n" + dumps(data)


def open_document(path: Path) -> Document:
    """A scenario or map file to edit; one of the game's own opens as a copy (its id `<id>-copy`),
    since the game's files are never written."""
    data = read_toml(Path(path))
    kind = "map" if mode_for_ruleset(str(data.get("ruleset", "for-glory"))) is not None else "scenario"
    wrong = misshapen(MapFile if kind == "map" else ScenarioFile, data)
    if wrong is not None:  # what the editor cannot show; check-content names every problem
        raise UserError(f"{path}: {wrong}: fix it in the file (check-content lists every problem) to edit it")
    doc = Document(data, kind)
    if shipped(Path(path)) and isinstance(data.get("id"), str):
        data["id"] = f"{data['id']}-copy"
        doc.version += 1  # not saved yet
    return doc


def shipped(path: Path) -> bool:
    return Path(path).resolve().is_relative_to(CONTENT.resolve())


def save_file(doc: Document, path: Path) -> Path:
    """Write the document to a file of the player's choosing (any folder but the game's own)."""
    path = Path(path)
    if shipped(path):
        raise UserError(f"{path}: the game's own files are not changed: save a copy elsewhere or as a mod")
    if path.suffix != ".toml":
        raise UserError(f"{path}: a scenario or map is a .toml file")
    write_text(path, to_toml(doc))
    doc.saved_version = doc.version
    return path


def save_as_mod(doc: Document, mods: Path, mod_id: str, name: str = "") -> Path:
    """Save the document as a scenario (or map) of a mod in the folder `mods` (the player's mods
    folder): the mod `mod_id` made there if it is not yet, its mod.toml written only then. The
    scenario's file is named by its id. The path written."""
    ident = doc.get(("id",))
    if not ID.fullmatch(mod_id):
        raise UserError(f"{mod_id!r}: a mod's id is 1 to 64 lowercase letters, digits, - and _")
    if not isinstance(ident, str) or not ID.fullmatch(ident):
        raise UserError(
            f"{ident!r}: a scenario saved in a mod needs an id of lowercase letters, digits, - and _"
        )
    folder = inside(Path(mods), mod_id)
    manifest = folder / "mod.toml"
    if folder.exists():
        if load_mod(folder).id != mod_id:  # a folder that is no mod, or another's, is refused by load_mod
            raise UserError(f"{folder}: holds another mod")
    else:
        (folder / "scenarios").mkdir(parents=True)
        title = name or mod_id
        text = dumps(
            {
                "id": mod_id,
                "name": title,
                "version": "1",
                "description": "Battles made with the scenario editor",
            }
        )
        write_text(manifest, text)
    target = folder / "scenarios"
    if doc.kind == "map":
        target = target / MAP_FOLDER
    target.mkdir(parents=True, exist_ok=True)
    return save_file(doc, inside(target, f"{ident}.toml"))
