"""What a search general is made of, as content: its level (how widely and how deep it looks,
content/ai/levels.toml) and its temperament (what it values, content/ai/temperaments/<id>.toml, or
a mod's ai/temperaments/). Numbers only: the code in game/ai/search.py does the weighing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated

from game import CONTENT
from game.ai.kinds import LEVELS, REFERENCES
from game.content.mods import Mod
from game.content.records import load_record
from game.model.errors import MAX_WHOLE, ContentError, one_line
from game.model.limits import ID, Bounds

Weight = Annotated[float, Bounds(0, 5)]
DEFAULT_TEMPERAMENT = "balanced"


@dataclass(frozen=True)
class Level:
    """How hard a general thinks."""

    name: str
    moves: Annotated[int, Bounds(1, 16)]  # move destinations tried per unit and goal
    answers: bool  # weighs the enemy's answers: reactions now, fire and charges next turn
    noise: Annotated[float, Bounds(0, 5)]  # the spread of its misjudgements, in value (0: none)
    evaluations: Annotated[int, Bounds(1, 100_000)]  # positions weighed per decision at most
    think_seconds: Annotated[float, Bounds(0, 60, above=True)]  # and never longer than this
    plan: Annotated[int, Bounds(0, 8)] = 0  # first orders of a formation played out on its copy
    face: bool = False  # tries each move facing the enemy nearest to where it ends too
    # issue 39 (each off for the reference hard-2026-12, whose level names none of them):
    staff_search: bool = False  # the estado mayor weighs every spot of the circle he can ride, each by
    # every enemy charge and move-and-shot that could kill him there (officer_threats.py)
    paths: bool = False  # a move is judged where it really ends: cavalry stopped where its line enters
    # difficult ground (FG-MOVE-3) and the line bent clear of it; a unit in difficult ground closes slower
    hold: bool = False  # each unit weighs the chance our objectives the enemy can reach next
    # activation are lost with it where it ends: a guard that leaves one, a unit that comes to guard it
    command: bool = False  # the estado mayor weighs the checks of divisions in the fight whole, of those
    # with no enemy near half; a rally is worth the orders its brigade obeys next turn (FG-ORD-3)
    share: bool = False  # each unit of the formation gets its share of the positions weighed, and
    # ending the activation is never misjudged
    follow_up: bool = False  # a cavalry charge worth what its chained charge does after it: a brigade
    # left with two hits is charged again (FG-CHG-4, FG-CHG-6, FG-CHG-9; follow_up.py)
    stopped: bool = False  # a charge worth what it does by the chance it lands: a reaction's shot that
    # pushes the charger stops it (FG-CHG-3, FG-FIRE-6; stopping.py)
    steady: bool = False  # a division general stands where his +2 steadies the morale checks his
    # brigades are likeliest to take before they act again: orders, reactions, a charge (FG-MOR-2)
    brink: Annotated[float, Bounds(0, 2)] = 0.0  # a hit on a brigade worth this share of what its
    # destruction brings beyond its point, per hit of the cap: its division broken, the battle ended
    # (FG-LOST-3, FG-VIC-2; stakes.py)
    victory: bool = False  # weighs the scenario's own terms: the divisions removed that end it, whether
    # every objective held does (FG-VIC-2, FG-VIC-4), its points; a lone objective as every objective and a
    # division disbanded by its general's death as removed (FG-OFF-12); else as 2026 read them (stakes.py)


@dataclass(frozen=True)
class LevelsFile:
    easy: Level
    normal: Level
    hard: Level


@dataclass(frozen=True)
class Temperament:
    """What a general values, each weight against the value of the harm done or suffered."""

    name: str
    about: str
    attack: Weight  # the harm a unit may do next turn from where it stands
    caution: Weight  # the harm the enemy may do to it there (his answers)
    objectives: Weight  # the share of an objective's points it counts for a unit standing on it
    command: Weight  # the cost of a unit leaving its officer's command
    charge_margin: Weight  # the expected gain a charge must clear


@dataclass(frozen=True)
class General:
    level: Level
    temperament: Temperament


def reference_file(name: str, content: Path = CONTENT) -> Path:
    return content / "ai" / "reference" / f"{name}.toml"


@cache
def reference(name: str) -> General:
    """A general of an earlier version kept as a reference player (kinds.REFERENCES): its level and
    temperament as they were (content/ai/reference/<id>.toml); its code is players.REFERENCE_CODE's
    (search.py, which stays as it was, or general.py with the newer levels' behaviours off)."""
    if name not in REFERENCES:
        raise ContentError("reference", f"no reference general {name!r} (known: {', '.join(REFERENCES)})")
    return load_record(General, reference_file(name))


def levels_file(content: Path = CONTENT) -> Path:
    return content / "ai" / "levels.toml"


def temperament_folders(mods: Sequence[Mod] = (), content: Path = CONTENT) -> list[Path]:
    return [content / "ai" / "temperaments", *(m.root / "ai" / "temperaments" for m in mods)]


@cache
def _levels(path: Path) -> LevelsFile:
    return load_record(LevelsFile, path)


@cache
def _temperament(path: Path) -> Temperament:
    return load_record(Temperament, path)


def forget_files() -> None:
    """Read the levels' and temperaments' files again when next asked (a mod's, edited while the game
    runs)."""
    _levels.cache_clear()
    _temperament.cache_clear()


def temperaments(mods: Sequence[Mod] = ()) -> dict[str, Path]:
    """Every temperament by id: the game's, then the mods' (a mod's may replace one of the game's)."""
    out: dict[str, Path] = {}
    for folder in temperament_folders(mods):
        if folder.is_dir():
            out.update({p.stem: p for p in sorted(folder.glob("*.toml")) if ID.fullmatch(p.stem)})
    return out


def level_of(level: str) -> Level:
    """A level by id; an unknown one is one line naming the known ones."""
    if level not in LEVELS:
        raise ContentError(str(levels_file()), f"no level {level!r} (known: {', '.join(LEVELS)})")
    found: Level = getattr(_levels(levels_file()), level)
    return found


def general(level: str, temperament: str = DEFAULT_TEMPERAMENT, mods: Sequence[Mod] = ()) -> General:
    """A level and a temperament by id; an unknown one is one line naming the known ones."""
    chosen = level_of(level)
    known = temperaments(mods)
    if temperament not in known:
        # whole as UserError.whole keeps a line (a mod may hold many): said in the reader's language, then cut
        problem = one_line(f"no temperament {temperament!r} (known: {', '.join(known)})", MAX_WHOLE)
        raise ContentError("temperament", problem)
    return General(chosen, _temperament(known[temperament]))
