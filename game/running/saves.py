"""Saved games: a save is a replay (game/running/match.py) with who plays each side and where the battle
stood, kept in the user's saves folder. Loading one replays its commands, so it resumes exactly at
the decision where it was saved."""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from game.ai.players import PLAYERS
from game.content.files import read_regular
from game.content.mods import Mod, user_data_dir
from game.model.errors import ContentError, UserError
from game.running.match import MAX_REPLAY_BYTES, Match, load, replay_data, write_text

HUMAN = "human"
AUTOSAVES_KEPT = 3  # the newest autosaves of each scenario; older ones are removed
LISTED = 200  # saves read for the start screen's list, newest first


def saves_dir() -> Path:
    return user_data_dir() / "saves"


@dataclass(frozen=True)
class SaveInfo:
    """What the start screen shows of a save without replaying it."""

    path: Path
    scenario: str
    round: int
    saved: str  # local time, "2026-11-25 14:03"


def file_word(text: str) -> str:
    """A scenario's id as part of a file's name: letters, digits, - and _ only (an id from content never
    becomes a path as it is: "../x" would leave the saves folder)."""
    return re.sub(r"[^A-Za-z0-9_]+", "-", text).strip("-")[:60] or "battle"


def save_game(
    m: Match,
    players: dict[str, str],
    path: Path | None = None,
    autosave: bool = False,
    extra: dict[str, object] | None = None,
) -> Path:
    """Write the battle with its players; to a new file in the saves folder unless a path is given.
    `extra`: more of what the game was (a network game's, game/net/saved.py), kept beside it."""
    g = m.battle.game
    rnd = g.round if g is not None else 0
    if path is None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        kind = "autosave" if autosave else "save"
        path = saves_dir() / f"{kind}-{file_word(m.scenario.id)}-{stamp}-r{rnd}.json"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(f"{path.parent}: cannot make the saves folder: {e.strerror}") from None
    data = replay_data(m)
    data["players"] = dict(players)
    data["round"] = rnd
    data["saved"] = time.strftime("%Y-%m-%d %H:%M")
    data.update(extra or {})
    write_text(path, json.dumps(data, indent=1) + "\n")
    if autosave:
        old = sorted(
            saves_dir().glob(f"autosave-{file_word(m.scenario.id)}-*.json"), key=lambda p: p.stat().st_mtime
        )
        for p in old[:-AUTOSAVES_KEPT]:
            p.unlink(missing_ok=True)
    return path


def load_game(path: Path, mods: tuple[Mod, ...] = ()) -> tuple[Match, dict[str, str]]:
    """A saved battle and its players (a replay without players: a human against the heuristic AI)."""
    m = load(path, mods)
    sides = m.battle.game.sides if m.battle.game is not None else []
    players = dict(zip(sides, (HUMAN, "heuristic"), strict=False))
    given = json.loads(read_regular(path, MAX_REPLAY_BYTES)).get("players")
    if isinstance(given, dict):
        for side, who in given.items():
            if side not in sides or who not in (HUMAN, *PLAYERS):
                m.battle.close()
                raise ContentError(
                    f"{path}: players.{str(side)[:40]}", "a side of the battle: human or an AI"
                )
            players[side] = who
    return m, players


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """The saves in the folder, newest first; files that are not saves are left out."""
    folder = folder or saves_dir()
    if not folder.is_dir():
        return []
    found = []
    for p in sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)[:LISTED]:
        try:
            data = json.loads(read_regular(p, MAX_REPLAY_BYTES))
            scenario = data["scenario"]["id"]
            rnd = data.get("round", 0)
            if not isinstance(scenario, str) or not isinstance(rnd, int):
                continue
            found.append(SaveInfo(p, scenario[:60], rnd, str(data.get("saved", ""))[:20]))
        except (UserError, ValueError, KeyError, TypeError, RecursionError):
            continue  # not a save: the list shows only what can be resumed
    return found


# --- the save browser's questions (issue 22): what each save is, deleting and naming one ---------------

NAME_LENGTH = 60  # a save's name as the player gives it


@dataclass(frozen=True)
class SaveMeta:
    """What the save browser shows of a save without replaying it."""

    path: Path
    scenario: str
    round: int
    saved: str  # local time, "2026-11-25 14:03"
    autosave: bool  # made by the game at a new round, not by the player
    players: dict[str, str]  # side -> "human" or an AI
    name: str  # the name the player gave it ("" for none)
    modified: float  # the file's time: the newest first among saves of the same minute


def save_meta(path: Path) -> SaveMeta:
    """A save's description; anything that is not a save is one line naming the file."""
    data = json.loads(read_regular(path, MAX_REPLAY_BYTES))
    try:
        scenario, rnd = data["scenario"]["id"], data.get("round", 0)
        players = data.get("players", {})
        if not isinstance(scenario, str) or isinstance(rnd, bool) or not isinstance(rnd, int):
            raise TypeError
        if not isinstance(players, dict) or not all(isinstance(v, str) for v in players.values()):
            raise TypeError
    except (KeyError, TypeError, AttributeError):
        raise ContentError(str(path), "not a saved battle") from None
    name = data.get("name", "")
    modified = path.stat().st_mtime
    saved = data.get("saved") or time.strftime("%Y-%m-%d %H:%M", time.localtime(modified))
    return SaveMeta(
        path,
        scenario[:60],
        rnd,
        str(saved)[:20],
        path.name.startswith("autosave-"),
        {str(k)[:40]: v[:40] for k, v in list(players.items())[:8]},
        clean_name(name) if isinstance(name, str) else "",
        modified,
    )


def browse_saves(folder: Path | None = None) -> list[SaveMeta]:
    """Every save in the folder (up to LISTED of the newest files), newest first by the time it was
    saved; files that are not saves are left out."""
    folder = folder or saves_dir()
    if not folder.is_dir():
        return []
    found = []
    for p in sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)[:LISTED]:
        try:
            found.append(save_meta(p))
        except (UserError, ValueError, RecursionError, OSError):
            continue
    return sorted(found, key=lambda s: (s.saved, s.modified), reverse=True)


def clean_name(name: str) -> str:
    """A name as a save keeps it: one line of printable text, at most NAME_LENGTH characters."""
    return " ".join("".join(c if c.isprintable() else " " for c in name).split())[:NAME_LENGTH]


def _own(path: Path, folder: Path | None) -> Path:
    """A save of the saves folder, as a regular file (never a link, never a file elsewhere)."""
    folder = (folder or saves_dir()).resolve()
    if path.parent.resolve() != folder or path.is_symlink() or not path.is_file():
        raise UserError(f"{path}: not a save of {folder}")
    return path


def rename_save(path: Path, name: str, folder: Path | None = None) -> SaveMeta:
    """Give a save of the saves folder a name of the player's (empty: none); the battle in it is
    unchanged, and it keeps its place in the list."""
    path = _own(path, folder)
    data = json.loads(read_regular(path, MAX_REPLAY_BYTES))
    if not isinstance(data, dict):
        raise ContentError(str(path), "not a saved battle")
    data["name"] = clean_name(name)
    if not data["name"]:
        del data["name"]
    before = path.stat()
    write_text(path, json.dumps(data, indent=1) + "\n")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    return save_meta(path)


def delete_save(path: Path, folder: Path | None = None) -> None:
    """Remove a save of the saves folder (the browser asks first)."""
    path = _own(path, folder)
    try:
        path.unlink()
    except OSError as e:
        raise UserError(f"{path}: cannot delete: {e.strerror}") from None
