"""What the start screen chooses (`Setup`: the battle, who plays each seat, the rule modules and mods,
or a save, a replay, the editor, a game with a friend), the mods it offers, and its choices remembered
in the settings file between sessions: the battle or map, the seats' players, the rule modules."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.content.mods import Mod, load_mod, mod_folders
from game.model.errors import UserError
from game.model.modules import modules_by_mode
from game.running.settings import Settings


@dataclass
class Setup:
    scenario: str = "default"
    a: str = "human"
    b: str = "normal"
    seed: int = 1
    mods: list[Path] = field(default_factory=list)  # the mods switched on
    modules: list[str] = field(default_factory=list)  # the rule modules switched on (game/model/modules.py)
    load: Path | None = None  # a saved battle to resume instead
    replay: Path | None = None  # a replay or saved battle to watch
    language: str | None = None  # the screens' language, instead of the remembered one
    tutorial: bool = False  # the first battle that teaches, instead of the scenario chosen
    mode: str | None = None  # the chosen battle's game mode: only its modules play (the start screen's)
    options: dict[str, object] | None = None  # an Open Wars random map's choices (players, factions, ...)
    seats: list[str] = field(default_factory=list)  # who plays the third and fourth seats (default: as b)
    elsewhere: str | None = None  # a game with a friend elsewhere: "host", "join" or "by-file" (its lobby)
    seat: Any = None  # such a game begun on the command line (game/net/seat.py's Seat)
    edit: Path | str | None = None  # open the editor: on a file, or a new "scenario", "map" or "campaign"
    recall: bool = False  # the start screen begins with the last session's choices (none given instead)
    campaign: str | None = None  # a campaign to begin (its id, or its file's path) instead of a battle
    rounds: int | None = None  # the battle's last round instead of its scenario's (play --demo --rounds N)


def recalled(setup: Setup, settings: Settings) -> None:
    """The last session's choices in the setup: its battle (found again on the start screen by id or
    by path, else the first is shown), who played each seat, its rule modules (those still known)."""
    if settings.scenario:
        setup.scenario = settings.scenario
    if len(settings.seats) >= 2:
        setup.a, setup.b, *setup.seats = settings.seats
    known = {m.id for m in modules_by_mode()}
    setup.modules = [m for m in settings.modules if m in known]


def remember(setup: Setup, settings: Settings) -> None:
    """The start screen's choices kept in the settings (saved when the game closes)."""
    settings.scenario = setup.scenario
    settings.seats = (setup.a, setup.b, *setup.seats)
    settings.modules = tuple(setup.modules)


def available_mods(setup: Setup) -> list[Mod]:
    """The mods given on the command line and those in the user's mods folder."""
    paths = list(setup.mods) + mod_folders()
    found: dict[Path, Mod] = {}
    for p in paths:
        try:
            found.setdefault(p.resolve(), load_mod(p))
        except UserError:
            continue  # a broken mod is left out here; check-content says why
    return list(found.values())
