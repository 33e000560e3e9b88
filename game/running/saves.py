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
from game.content.files import inside, read_regular, remove_inside, stem, write_text
from game.content.mods import Mod, user_data_dir
from game.model.errors import ContentError, UserError
from game.running.campaign_match import REPLAY_FORMAT as CAMPAIGN_FORMAT
from game.running.match import MAX_REPLAY_BYTES, Match, load, replay_data

HUMAN = "human"
AUTOSAVES_KEPT = 3  # the newest autosaves of each scenario; older ones are removed
LISTED = 200  # saves read for the save browser, the newest files first
# what follows "autosave-<scenario>-" in the name of an autosave the game wrote: its time and round
STAMPED = re.compile(r"(\d{8}-\d{6})-r(\d{1,6})\.json")
SAVED = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d")  # a save's "saved": when, as the game writes it
NETWORK = "network"  # the table where a network game's save keeps its seats (game/net/saved.py)


def saves_dir() -> Path:
    return user_data_dir() / "saves"


def save_game(
    m: Match,
    players: dict[str, str],
    path: Path | None = None,
    autosave: bool = False,
    notes: list[str] | None = None,
    extra: dict[str, object] | None = None,
) -> Path:
    """Write the battle with its players; to a new file in the saves folder unless a path is given.
    Its name is made from the scenario's id made safe (files.stem), and only inside its folder; an
    autosave then removes the older autosaves of its scenario beyond the newest few (`notes` gets a
    line for each it could not). `extra`: more of what the game was (a network game's,
    game/net/saved.py), kept beside it."""
    g = m.battle.game
    rnd = g.round if g is not None else 0
    data = {**replay_data(m), **(extra or {})}
    return write_save(data, m.scenario.id, rnd, players, path, autosave, notes)


def write_save(
    data: dict[str, object],
    ident: str,
    rnd: int,
    players: dict[str, str],
    path: Path | None = None,
    autosave: bool = False,
    notes: list[str] | None = None,
) -> Path:
    """A game's replay `data` written as a save with its players and its round (a campaign's turn:
    game/running/campaign_saves.py), named from `ident` (its scenario's or campaign's)."""
    if path is None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        kind = "autosave" if autosave else "save"
        path = saves_dir() / f"{kind}-{stem(ident)}-{stamp}-r{rnd}.json"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(f"{path.parent}: cannot make the saves folder: {e.strerror}") from None
    path = inside(path.parent, path.name)
    data = {**data, "players": dict(players), "round": rnd, "saved": time.strftime("%Y-%m-%d %H:%M")}
    write_text(path, json.dumps(data, indent=1) + "\n")
    if autosave:
        lines = rotate_autosaves(path.parent, stem(ident))
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
    """A saved battle and its players (a replay without players: a human against the heuristic AI on
    every other side, of two or of four)."""
    m = load(path, mods)
    sides = m.battle.game.sides if m.battle.game is not None else []
    try:
        return m, saved_players(path, sides)
    except ContentError:
        m.battle.close()
        raise


def saved_players(path: Path, sides: list[str], kinds: tuple[str, ...] = tuple(PLAYERS)) -> dict[str, str]:
    """Who plays each side of a save (of `kinds` or a person): as it says, else a human on the first
    and the heuristic AI on every other."""
    players = {side: HUMAN if k == 0 else "heuristic" for k, side in enumerate(sides)}
    given = json.loads(read_regular(path, MAX_REPLAY_BYTES)).get("players")
    if isinstance(given, dict):
        for side, who in given.items():
            if side not in sides or who not in (HUMAN, *kinds):
                raise ContentError(
                    f"{path}: players.{str(side)[:40]}", "a side of the battle: human or an AI"
                )
            players[side] = who
    return players


# --- the save browser's questions (issue 22): what each save is, deleting and naming one ---------------

NAME_LENGTH = 60  # a save's name as the player gives it


@dataclass(frozen=True)
class NetSeats:
    """Who played a network game's save, as this machine kept it (the save browser says so)."""

    role: str  # "host" or "guest": how this machine took part
    side: str  # the side played here
    name: str  # the player here ("" when the save does not say)
    peer: str  # the player on the other machine


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
    network: NetSeats | None = None  # a network game's: who was where


def save_meta(path: Path) -> SaveMeta:
    """A save's description; anything that is not a save (a link too: it may lead anywhere) is one
    line naming the file."""
    data = json.loads(read_regular(path, MAX_REPLAY_BYTES, links=False))
    try:
        scenario, rnd = data[saved_game(data)]["id"], data.get("round", 0)
        players = data.get("players", {})
        if not isinstance(scenario, str) or isinstance(rnd, bool) or not isinstance(rnd, int):
            raise TypeError
        if not isinstance(players, dict) or not all(isinstance(v, str) for v in players.values()):
            raise TypeError
    except (KeyError, TypeError, AttributeError):
        raise ContentError(str(path), "not a saved battle") from None
    name = data.get("name", "")
    modified = path.lstat().st_mtime
    saved = data.get("saved")
    if not isinstance(saved, str) or not SAVED.fullmatch(saved):  # none, or not the game's: the file's time
        saved = time.strftime("%Y-%m-%d %H:%M", time.localtime(modified))
    return SaveMeta(
        path,
        scenario[:60],
        rnd,
        saved,
        path.name.startswith("autosave-"),
        {str(k)[:40]: v[:40] for k, v in list(players.items())[:8]},
        clean_name(name) if isinstance(name, str) else "",
        modified,
        net_seats(data.get(NETWORK)),
    )


def saved_game(data: object) -> str:
    """The key that names what a save is of: its scenario, or its campaign (a campaign's save)."""
    return "campaign" if isinstance(data, dict) and data.get("format") == CAMPAIGN_FORMAT else "scenario"


def net_seats(kept: object) -> NetSeats | None:
    """A network game's seats as its save keeps them; None for a game on one machine, or for seats
    that are not what the game writes (loading the save over the network says why)."""
    if not isinstance(kept, dict):
        return None
    role, side, name, peer = (kept.get(k, "") for k in ("role", "side", "name", "peer"))
    if role not in ("host", "guest") or not all(isinstance(x, str) for x in (side, name, peer)):
        return None
    return NetSeats(role, side[:40], clean_name(name), clean_name(peer))


@dataclass(frozen=True)
class Skipped:
    """A file of the saves folder the browser leaves out, and why: `why` is one of WHY_SKIPPED (the
    screens say it in the player's language), `detail` the system's or the checker's own words."""

    path: Path
    why: str
    detail: str = ""

    def __str__(self) -> str:  # one line naming the file, as errors are written
        return f"{self.path}: {self.detail or WHY_SKIPPED[self.why]}"


# why a file of the saves folder is not listed -> the words of a line in English
WHY_SKIPPED = {
    "link": "a link: not listed",
    "not_file": "not a regular file: not listed",
    "unreadable": "cannot read",
    "damaged": "not a saved battle: not listed",
    "folder": "cannot list the saves",
}


def browse_saves(folder: Path | None = None, skipped: list[Skipped] | None = None) -> list[SaveMeta]:
    """Every save in the folder (up to LISTED of the newest files), newest first by the time it was
    saved. A file that is not a save, a link (which may lead anywhere), anything but a regular file,
    or one that cannot be read is left out, with a record in `skipped` saying why; nothing in the
    folder (a dangling link, a loop, a pipe) stops the listing."""
    folder = folder or saves_dir()
    notes: list[Skipped] = []
    candidates = []
    try:
        with os.scandir(folder) as entries:
            for e in entries:
                if not e.name.endswith(".json") or e.name.startswith("."):
                    continue  # crash reports, temporaries being written
                try:
                    if e.is_symlink():
                        notes.append(Skipped(Path(e.path), "link"))
                    elif not e.is_file(follow_symlinks=False):
                        notes.append(Skipped(Path(e.path), "not_file"))
                    else:
                        candidates.append((e.stat(follow_symlinks=False).st_mtime, e.path))
                except OSError as err:
                    notes.append(Skipped(Path(e.path), "unreadable", f"cannot read: {err.strerror}"))
    except FileNotFoundError:
        return []
    except OSError as err:
        notes.append(Skipped(folder, "folder", f"cannot list the saves: {err.strerror}"))
    found = []
    for _mtime, name in sorted(candidates, reverse=True)[:LISTED]:
        try:
            found.append(save_meta(Path(name)))
        except UserError as err:
            notes.append(Skipped(Path(name), "damaged", str(err).removeprefix(f"{name}: ")))
        except (ValueError, RecursionError, OSError):
            notes.append(Skipped(Path(name), "damaged"))
    if skipped is not None:
        skipped.extend(notes)
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
    data = json.loads(read_regular(path, MAX_REPLAY_BYTES, links=False))
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


def own_battle(saves: list[SaveMeta]) -> SaveMeta | None:
    """The newest save of a battle the player played (never a battle between computer players: a demo
    watched), to go on with."""
    return next((s for s in saves if "human" in s.players.values() or s.network is not None), None)
