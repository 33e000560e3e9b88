"""Scenarios: the table, its terrain and objectives, and each side's staff and divisions
(content/scenarios/*.toml, documented in docs/scenarios.md)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from game import CONTENT
from game.content.files import read_regular
from game.content.locale import check_translations
from game.content.mods import Mod
from game.content.records import load_record, read_toml
from game.model.dice import FACES
from game.model.errors import ContentError
from game.model.limits import Bounds, Id
from game.model.modules import ModuleList, game_mode, mode_for_ruleset, other_rulesets
from game.model.ruleset import MAX_INCHES, Ruleset
from game.model.table import Feature, Table

Coordinate = Annotated[float, Bounds(-MAX_INCHES, 2 * MAX_INCHES)]  # terrain may run past the table
XY = tuple[Coordinate, Coordinate]
Side = Annotated[float, Bounds(12, MAX_INCHES)]  # a table's width or depth
Byte = Annotated[int, Bounds(0, 255)]
Weight = Annotated[float, Bounds(0, 1000)]
MAX_UNITS = 400  # per side: what a table of the largest size can hold, and a round still plays quickly
Edge = Literal["south", "north"]
MIN_DIVISIONS = 2  # FG-PREP-1: per army
MIN_UNITS = 2  # FG-PREP-2: per division
MAX_POINTS = 200  # a points army (FG-ARMY-3) larger than any table holds is a mistake


@dataclass(frozen=True)
class TerrainSpec:
    kind: str
    polygon: Annotated[list[XY], Bounds(None, 1000)] | None = None
    path: Annotated[list[XY], Bounds(None, 1000)] | None = None
    width: Annotated[float, Bounds(None, MAX_INCHES)] | None = None
    name: str = ""


@dataclass(frozen=True)
class ObjectiveSpec:
    id: Id
    at: XY
    name: str = ""
    held_by: str | None = None  # AMB-35: objectives start uncontrolled unless the scenario says


Name = Annotated[str, Bounds(0, 80)]


@dataclass(frozen=True)
class UnitSpec:
    id: Id
    category: str
    quality: str
    name: Name = ""  # its historical name; made from its division and arm when absent (game/running/names.py)


@dataclass(frozen=True)
class DivisionSpec:
    id: Id
    units: list[UnitSpec]
    name: Name = ""
    officer: Name = ""  # the name of its general (the officer whose id is the division's)
    experience: int | None = None  # FG-PREP-3: rolled when absent
    # FG-DEP-3/4: rolled when absent; 0 on the table, N arrives in round N
    arrival: Annotated[int, Bounds(0, 100)] | None = None


@dataclass(frozen=True)
class StaffSpec:
    name: Name = ""
    experience: int | None = None


@dataclass(frozen=True)
class ArmySpec:
    """An army given as a points budget (FG-ARMY-3) instead of its divisions: the computer builds it at
    the start of the match, the same way for the same seed (game/content/army.py)."""

    points: int
    # how many (FG-PREP-1); about one per 6 points when absent
    divisions: Annotated[int, Bounds(None, 40)] | None = None
    # category code -> share of the points; the AI's taste when absent
    mix: dict[str, Weight] | None = None
    # quality code -> how likely; the AI's taste when absent
    qualities: dict[str, Weight] | None = None


@dataclass(frozen=True)
class SideSpec:
    id: Id
    name: str
    edge: Edge  # the table edge this side's player sits at (AMB-38)
    divisions: list[DivisionSpec] = field(default_factory=list)
    army: ArmySpec | None = None  # instead of divisions
    staff: StaffSpec = field(default_factory=StaffSpec)
    colour: tuple[Byte, Byte, Byte] = (128, 128, 128)
    # where this side's AI likes to deploy (the rules still decide)
    deployment: Annotated[list[XY], Bounds(3, 1000)] | None = None


@dataclass(frozen=True)
class ScenarioWords:
    """A scenario's words in another language (`[locale.<language>]`): its name, description and
    history, and its sides', objectives', divisions', units' and officers' names by id (an officer's id
    is its division's, or "<side>-staff" for the estado mayor); what it leaves out stays as the file
    says."""

    name: str = ""
    description: str = ""
    history: str = ""
    sides: dict[str, str] = field(default_factory=dict)
    objectives: dict[str, str] = field(default_factory=dict)
    divisions: dict[str, Name] = field(default_factory=dict)
    units: dict[str, Name] = field(default_factory=dict)
    officers: dict[str, Name] = field(default_factory=dict)


@dataclass(frozen=True)
class ScenarioFile:
    id: Id
    name: str
    table: tuple[Side, Side]
    sides: list[SideSpec]
    description: str = ""
    history: str = ""
    ruleset: str = "for-glory"
    max_rounds: Annotated[int, Bounds(1, 100)] | None = None  # AMB-37: optional, not a rule
    terrain: Annotated[list[TerrainSpec], Bounds(None, 500)] = field(default_factory=list)
    objectives: Annotated[list[ObjectiveSpec], Bounds(None, 50)] = field(default_factory=list)
    modules: ModuleList = field(default_factory=list)  # rule modules it switches on (game/model/modules.py)
    locale: dict[str, ScenarioWords] = field(default_factory=dict)  # its words in other languages

    def words(self, language: str) -> ScenarioWords:
        """Its words in a language: the translation the file gives, its own (English) words for the rest."""
        own = self.locale.get(language, ScenarioWords())
        return ScenarioWords(
            own.name or self.name,
            own.description or self.description,
            own.history or self.history,
            {s.id: own.sides.get(s.id) or s.name for s in self.sides},
            {o.id: own.objectives.get(o.id) or o.name or o.id for o in self.objectives},
            {d.id: own.divisions.get(d.id) or d.name for s in self.sides for d in s.divisions},
            {u.id: own.units.get(u.id) or u.name for s in self.sides for d in s.divisions for u in d.units},
            {
                **{f"{s.id}-staff": own.officers.get(f"{s.id}-staff") or s.staff.name for s in self.sides},
                **{d.id: own.officers.get(d.id) or d.officer for s in self.sides for d in s.divisions},
            },
        )


@dataclass(frozen=True)
class Scenario:
    spec: ScenarioFile
    table: Table
    path: Path
    content_hash: str

    @property
    def id(self) -> str:
        return self.spec.id


def scenario_folders(root: Path) -> list[Path]:
    """Where scenarios are under a content or mod folder: scenarios/, and scenarios/<ruleset>/ for the
    maps of each other game mode (scenarios/open-wars/)."""
    return [root / "scenarios", *(root / "scenarios" / r for r in other_rulesets())]


def scenario_path(ref: str, mods: Sequence[Mod] = ()) -> Path:
    """A scenario by path, or by id: the last loaded mod that has <id>.toml in a scenarios folder,
    else the game's own."""
    p = Path(ref)
    if p.suffix == ".toml" or p.exists():
        return p
    for root in [*(m.root for m in reversed(mods)), CONTENT]:
        for folder in scenario_folders(root):
            if (folder / f"{ref}.toml").is_file():
                return folder / f"{ref}.toml"
    return CONTENT / "scenarios" / f"{ref}.toml"


def make_terrain(rules: Ruleset, specs: list[TerrainSpec], where: str) -> tuple[Feature, ...]:
    """Terrain features of a scenario or scripted battle: areas are polygons, lines (roads, rivers)
    are paths with a width; each kind must exist in the ruleset and be given in its own shape."""
    features = []
    for i, t in enumerate(specs):
        at = f"{where}: terrain[{i}]"
        kind = rules.terrain.get(t.kind)
        if kind is None:
            raise ContentError(
                f"{at}.kind", f"unknown terrain kind {t.kind!r} (known: {', '.join(rules.terrain)})"
            )
        if (t.path is None) == (t.polygon is None):
            raise ContentError(at, "give a polygon, or a path with a width")
        if t.path is not None:
            if not kind.linear:
                raise ContentError(f"{at}.path", f"a {t.kind} is an area: give its polygon")
            if len(t.path) < 2:
                raise ContentError(f"{at}.path", "a path needs two points or more")
            width = t.width if t.width is not None else rules.core.movement.road_width
            if width <= 0:
                raise ContentError(f"{at}.width", "the width must be positive")
            features.append(Feature(kind, path=tuple(t.path), width=width, name=t.name))
        else:
            assert t.polygon is not None
            if kind.linear:
                raise ContentError(f"{at}.polygon", f"a {t.kind} is a line: give its path and width")
            if t.width is not None:
                raise ContentError(f"{at}.width", "only a path has a width")
            if len(t.polygon) < 3:
                raise ContentError(f"{at}.polygon", "a polygon needs three points or more")
            features.append(Feature(kind, polygon=tuple(t.polygon), name=t.name))
    return tuple(features)


def scenario_ruleset(path: Path) -> str:
    """The ruleset a scenario file names (For Glory's unless it says), read before anything else so
    that a scenario of another game mode goes to that mode's loader."""
    named = read_toml(path).get("ruleset", "for-glory")
    return named if isinstance(named, str) else "for-glory"


def load_any_scenario(path: Path, rules: Ruleset) -> tuple[Any, str]:
    """A scenario of For Glory (checked against `rules`) or a map of another game mode (checked
    against that mode's own rules), and the id of its mode."""
    other = mode_for_ruleset(scenario_ruleset(path))
    if other is not None and other.load_scenario is not None and other.load_rules is not None:
        return other.load_scenario(path, other.load_rules(None)), other.id
    return load_scenario(str(path), rules), rules.mode


def load_scenario(ref: str, rules: Ruleset) -> Scenario:
    """A scenario, checked against the ruleset (and found among its mods' scenarios)."""
    path = scenario_path(ref, rules.loaded_mods)
    spec = load_record(ScenarioFile, path)
    where = str(path)
    w, d = spec.table
    if w <= 0 or d <= 0:
        raise ContentError(f"{where}: table", f"the table needs a positive size, found {list(spec.table)}")
    if spec.ruleset != rules.id:
        raise ContentError(f"{where}: ruleset", f"the scenario is for {spec.ruleset!r}, not {rules.id!r}")
    if len(spec.sides) != 2:
        raise ContentError(f"{where}: sides", f"a battle has exactly two sides, found {len(spec.sides)}")
    if {s.edge for s in spec.sides} != {"south", "north"}:
        raise ContentError(
            f"{where}: sides", "one side sits at the south edge and the other at the north edge"
        )
    ids: set[str] = set()

    def fresh(ident: str, at: str) -> None:
        if ident in ids:
            raise ContentError(at, f"duplicate id {ident!r}")
        ids.add(ident)

    for i, s in enumerate(spec.sides):
        fresh(s.id, f"{where}: sides[{i}].id")
        fresh(f"{s.id}-staff", f"{where}: sides[{i}].id")
        if s.army is not None:
            if s.divisions:
                raise ContentError(
                    f"{where}: sides[{i}].army", "give the divisions or an army's points, not both"
                )
            check_army(s.army, rules, f"{where}: sides[{i}].army")
        elif len(s.divisions) < MIN_DIVISIONS:
            raise ContentError(
                f"{where}: sides[{i}].divisions",
                "an army has two divisions or more (FG-PREP-1), or give its points as [sides.army]",
            )
        if s.staff.experience is not None and not 1 <= s.staff.experience <= FACES:
            raise ContentError(f"{where}: sides[{i}].staff.experience", "experience is a D6 result, 1 to 6")
        for j, dv in enumerate(s.divisions):
            at = f"{where}: sides[{i}].divisions[{j}]"
            fresh(dv.id, f"{at}.id")
            if len(dv.units) < MIN_UNITS:
                raise ContentError(f"{at}.units", "a division has two units or more (FG-PREP-2)")
            if dv.experience is not None and not 1 <= dv.experience <= FACES:
                raise ContentError(f"{at}.experience", "experience is a D6 result, 1 to 6")
            if dv.arrival is not None and dv.arrival < 0:
                raise ContentError(f"{at}.arrival", "arrival is 0 (on the table) or the round it arrives")
            for k, u in enumerate(dv.units):
                fresh(u.id, f"{at}.units[{k}].id")
                if u.category not in rules.categories:
                    raise ContentError(f"{at}.units[{k}].category", f"unknown category {u.category!r}")
                if u.quality not in rules.qualities:
                    raise ContentError(f"{at}.units[{k}].quality", f"unknown quality {u.quality!r}")
    if rules.length("XL") > d / 2 - 2:
        # FG-DEP-8/10: each side deploys in its half, XL from every enemy: a shallow table leaves the
        # second side no room once the first stands at the centre line
        raise ContentError(
            f"{where}: table",
            f'a table {d:g}" deep leaves no room to deploy XL ({rules.length("XL"):g}") apart',
        )
    mode = game_mode(rules.mode)
    if mode is not None and mode.check_scenario is not None:
        mode.check_scenario(spec, rules, where)  # what the mode's own rules ask of it (FG-DEP-9)
    for i, s in enumerate(spec.sides):
        count = sum(len(dv.units) for dv in s.divisions)
        if count > MAX_UNITS:
            raise ContentError(
                f"{where}: sides[{i}].divisions", f"at most {MAX_UNITS} units a side, found {count}"
            )
    side_ids = {s.id for s in spec.sides}
    for i, o in enumerate(spec.objectives):
        fresh(o.id, f"{where}: objectives[{i}].id")
        if o.held_by is not None and o.held_by not in side_ids:
            raise ContentError(f"{where}: objectives[{i}].held_by", f"unknown side {o.held_by!r}")
        if not (0 <= o.at[0] <= w and 0 <= o.at[1] <= d):
            raise ContentError(f"{where}: objectives[{i}].at", "the objective is off the table")
    check_words(spec, where)
    for i, s in enumerate(spec.sides):
        taken = sorted(x for x in ids if x.startswith(f"{s.id}-") and x != f"{s.id}-staff")
        if s.army is not None and taken:
            raise ContentError(
                f"{where}: sides[{i}].army",
                f"its built divisions and units take the ids {s.id}-1, {s.id}-1a ...: {taken[0]!r} is used",
            )
    table = Table(w, d, make_terrain(rules, spec.terrain, where))
    digest = hashlib.sha256(read_regular(path)).hexdigest()
    return Scenario(spec, table, path, digest)


def check_words(spec: ScenarioFile, where: str) -> None:
    """[locale.<language>]: naming only the file's sides, objectives, divisions, units and officers."""
    divisions = {d.id for s in spec.sides for d in s.divisions}
    known = {
        "sides": {s.id for s in spec.sides},
        "objectives": {o.id for o in spec.objectives},
        "divisions": divisions,
        "units": {u.id for s in spec.sides for d in s.divisions for u in d.units},
        "officers": divisions | {f"{s.id}-staff" for s in spec.sides},
    }
    check_translations(spec.locale, known, where, "scenario")


def cheapest(rules: Ruleset) -> int:
    """The points of the cheapest unit category."""
    return min(c.points for c in rules.categories.values())


def check_army(army: ArmySpec, rules: Ruleset, where: str) -> None:
    """A points army must be able to buy its divisions of two units (FG-PREP-1/2) from known codes."""
    divisions = army.divisions if army.divisions is not None else MIN_DIVISIONS
    if divisions < MIN_DIVISIONS:
        raise ContentError(f"{where}.divisions", "an army has two divisions or more (FG-PREP-1)")
    if army.points > MAX_POINTS:
        raise ContentError(f"{where}.points", f"at most {MAX_POINTS} points: no table holds more")
    least = divisions * MIN_UNITS * cheapest(rules)
    if army.points < least:
        raise ContentError(
            f"{where}.points",
            f"{army.points} points cannot buy {divisions} divisions of two units (FG-PREP-1/2): "
            f"give {least} or more",
        )
    for key, known in (("mix", rules.categories), ("qualities", rules.qualities)):
        weights = getattr(army, key)
        if weights is None:
            continue
        for code in weights:
            if code not in known:
                raise ContentError(
                    f"{where}.{key}.{code}", f"unknown code {code!r} (known: {', '.join(known)})"
                )
        if not any(w > 0 for w in weights.values()):
            raise ContentError(f"{where}.{key}", "give at least one weight above 0")


def army_points(spec: ScenarioFile, rules: Ruleset) -> dict[str, int]:
    """FG-ARMY-3 (AMB-16): each army's cost in points, from its units' categories; officers are free."""
    cost = rules.categories
    return {s.id: sum(cost[u.category].points for dv in s.divisions for u in dv.units) for s in spec.sides}


def list_scenarios(mods: Sequence[Mod] = ()) -> list[Path]:
    """Every scenario file by id: the shipped ones, then the mods' (a mod's replaces one of its id)."""
    found: dict[str, Path] = {}
    for root in [CONTENT, *(m.root for m in mods)]:
        for folder in scenario_folders(root):
            found.update({p.stem: p for p in sorted(folder.glob("*.toml"))})
    return list(found.values())
