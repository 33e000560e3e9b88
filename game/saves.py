"""Saved games: a save is a replay (game/match.py) with who plays each side and where the battle
stood, kept in the user's saves folder. Loading one replays its commands, so it resumes exactly at
the decision where it was saved."""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from game.ai import PLAYERS
from game.errors import ContentError, UserError
from game.files import inside, read_regular, remove_inside, stem, write_text
from game.match import MAX_REPLAY_BYTES, Match, load, replay_data
from game.mods import Mod, user_data_dir

HUMAN = "human"
AUTOSAVES_KEPT = 3  # the newest autosaves of each scenario; older ones are removed
LISTED = 200  # saves read for the start screen's list, newest first
# what follows "autosave-<scenario>-" in the name of an autosave the game wrote: its time and round
STAMPED = re.compile(r"(\d{8}-\d{6})-r(\d{1,6})\.json")


def saves_dir() -> Path:
    return user_data_dir() / "saves"


@dataclass(frozen=True)
class SaveInfo:
    """What the start screen shows of a save without replaying it."""

    path: Path
    scenario: str
    round: int
    saved: str  # local time, "2026-11-25 14:03"


def save_game(
    m: Match,
    players: dict[str, str],
    path: Path | None = None,
    autosave: bool = False,
    notes: list[str] | None = None,
) -> Path:
    """Write the battle with its players; to a new file in the saves folder unless a path is given.
    Its name is made from the scenario's id made safe (files.stem), and only inside its folder; an
    autosave then removes the older autosaves of its scenario beyond the newest few (`notes` gets a
    line for each it could not)."""
    g = m.battle.game
    rnd = g.round if g is not None else 0
    if path is None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        kind = "autosave" if autosave else "save"
        path = saves_dir() / f"{kind}-{stem(m.scenario.id)}-{stamp}-r{rnd}.json"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(f"{path.parent}: cannot make the saves folder: {e.strerror}") from None
    path = inside(path.parent, path.name)
    data = replay_data(m)
    data["players"] = dict(players)
    data["round"] = rnd
    data["saved"] = time.strftime("%Y-%m-%d %H:%M")
    write_text(path, json.dumps(data, indent=1) + "\n")
    if autosave:
        lines = rotate_autosaves(path.parent, stem(m.scenario.id))
        if notes is not None:
            notes.extend(lines)
    return path


def rotate_autosaves(folder: Path, scenario: str) -> list[str]:
    """Keep the newest AUTOSAVES_KEPT autosaves of a scenario (its stem): the regular files named as
    the game names them (autosave-<scenario>-<time>-r<round>.json), found by comparing each name in
    the folder (never by a pattern made from content) and removed by exact name; a link or anything
    else is left alone. Returns a line for each file that could not be removed."""
    prefix = f"autosave-{scenario}-"
    found = []
    try:
        with os.scandir(folder) as entries:
            for e in entries:
                own = STAMPED.fullmatch(e.name[len(prefix) :]) if e.name.startswith(prefix) else None
                if own is not None and e.is_file(follow_symlinks=False):
                    found.append((own[1], int(own[2]), e.name))
    except OSError as e:
        return [f"{folder}: cannot list the autosaves: {e.strerror}"]
    problems = []
    for *_when, name in sorted(found)[:-AUTOSAVES_KEPT]:
        try:
            remove_inside(folder, name)
        except UserError as e:
            problems.append(str(e))
    return problems


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


def list_saves(folder: Path | None = None, skipped: list[str] | None = None) -> list[SaveInfo]:
    """The saves in the folder, newest first. A file that is not a save, a link (which may lead
    anywhere), anything but a regular file, or one that cannot be read is left out, with a line in
    `skipped` saying why."""
    folder = folder or saves_dir()
    notes: list[str] = []
    candidates = []
    try:
        with os.scandir(folder) as entries:
            for e in entries:
                if not e.name.endswith(".json") or e.name.startswith("."):
                    continue  # crash reports, temporaries being written
                try:
                    if e.is_symlink():
                        notes.append(f"{e.path}: a link: not listed")
                    elif not e.is_file(follow_symlinks=False):
                        notes.append(f"{e.path}: not a regular file: not listed")
                    else:
                        candidates.append((e.stat(follow_symlinks=False).st_mtime, e.path))
                except OSError as err:
                    notes.append(f"{e.path}: cannot read: {err.strerror}")
    except FileNotFoundError:
        return []
    except OSError as err:
        notes.append(f"{folder}: cannot list the saves: {err.strerror}")
    found = []
    for _mtime, name in sorted(candidates, reverse=True)[:LISTED]:
        p = Path(name)
        try:
            data = json.loads(read_regular(p, MAX_REPLAY_BYTES, links=False))
            scenario = data["scenario"]["id"]
            rnd = data.get("round", 0)
            if not isinstance(scenario, str) or not isinstance(rnd, int):
                raise TypeError
            found.append(SaveInfo(p, scenario[:60], rnd, str(data.get("saved", ""))[:20]))
        except UserError as err:
            notes.append(str(err))
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
            notes.append(f"{p}: not a saved battle: not listed")
    if skipped is not None:
        skipped.extend(notes)
    return found
