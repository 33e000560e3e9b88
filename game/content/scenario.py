"""Scenarios: the table, its terrain and objectives, and each side's staff and divisions
(content/scenarios/*.toml, documented in docs/scenarios.md)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from game import CONTENT
from game.content.files import read_regular
from game.content.locale import TRANSLATED, GrammarTag, grammar_problems, translation_problems
from game.content.mods import Mod
from game.content.records import load_record, read_toml_keys
from game.model.dice import FACES
from game.model.errors import ContentError
from game.model.grammar import said_name, shown_whole
from game.model.limits import MAX_POINTS, MIN_DIVISIONS, MIN_UNITS, Bounds, Id
from game.model.modules import ModuleList, game_mode, mode_for_ruleset, other_rulesets
from game.model.ruleset import MAX_INCHES, Ruleset
from game.model.table import Feature, Table
from game.model.words import table_size

Coordinate = Annotated[float, Bounds(-MAX_INCHES, 2 * MAX_INCHES)]  # terrain may run past the table
XY = tuple[Coordinate, Coordinate]
Side = Annotated[float, Bounds(12, MAX_INCHES)]  # a table's width or depth
Byte = Annotated[int, Bounds(0, 255)]
Weight = Annotated[float, Bounds(0, 1000)]
MAX_UNITS = 400  # per side: what a table of the largest size can hold, and a round still plays quickly
Edge = Literal["south", "north"]
Flank = Literal["own", "right", "left"]  # FG-REINF-3: a table edge read from a player's own edge
# FG-PREP-3: a D6 result; FG-OFF-10: 0 for a successor commanding after his general fell (a campaign's)
EXPERIENCE = "experience is a D6 result, 1 to 6, or 0 for a successor (FG-OFF-10)"


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
    hits: Annotated[int, Bounds(0, 10)] = 0  # hits it starts with (a campaign's brigade carries them on)


@dataclass(frozen=True)
class DivisionSpec:
    id: Id
    units: list[UnitSpec]
    name: Name = ""
    officer: Name = ""  # the name of its general (the officer whose id is the division's)
    experience: int | None = None  # FG-PREP-3: rolled when absent
    # FG-DEP-3/4: rolled when absent; 0 on the table, N arrives in round N
    arrival: Annotated[int, Bounds(0, 100)] | None = None
    # FG-REINF-3: the flank a reinforcement enters by, from its player's edge; rolled when absent
    entry: Flank | None = None


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
class ScenarioGrammar:
    """The grammar of a scenario's names in one language (`[grammar]` for the file's own words,
    `[locale.<language>.grammar]` for a translation's), by the id of what they name, each a tag such
    as "los", "la", "f pl", "the pl" (docs/spanish.md); a name it leaves out takes its kind's default."""

    sides: dict[str, GrammarTag] = field(default_factory=dict)
    objectives: dict[str, GrammarTag] = field(default_factory=dict)
    divisions: dict[str, GrammarTag] = field(default_factory=dict)
    units: dict[str, GrammarTag] = field(default_factory=dict)
    officers: dict[str, GrammarTag] = field(default_factory=dict)


@dataclass(frozen=True)
class ScenarioWords:
    """A scenario's words in another language (`[locale.<language>]`): its name, description and
    history, and its sides', objectives', divisions', units' and officers' names by id (an officer's id
    is its division's, or "<side>-staff" for the estado mayor), with their grammar; what it leaves out
    stays as the file says. As `ScenarioFile.words` gives them, the names are `Name`s that carry their
    grammar in that language."""

    name: str = ""
    description: str = ""
    history: str = ""
    sides: dict[str, str] = field(default_factory=dict)
    objectives: dict[str, str] = field(default_factory=dict)
    divisions: dict[str, Name] = field(default_factory=dict)
    units: dict[str, Name] = field(default_factory=dict)
    officers: dict[str, Name] = field(default_factory=dict)
    grammar: ScenarioGrammar = field(default_factory=ScenarioGrammar)


Points = Annotated[int, Bounds(0, 1000)]


@dataclass(frozen=True)
class ScoringSpec:
    """FG-VIC-5..10: the points this battle gives for each, where it wants other than the ruleset's
    (game.toml's [scoring]); what it leaves out is the ruleset's."""

    unit_destroyed: Points | None = None
    division_removed: Points | None = None
    objective_held: Points | None = None
    objective_taken: Points | None = None
    officer_killed: Points | None = None
    staff_killed: Points | None = None


@dataclass(frozen=True)
class VictorySpec:
    """How this battle ends besides its round limit: FG-VIC-2's count of divisions removed (both sides
    counted, AMB-34; the rulebook's two when left out) and whether FG-VIC-4 ends it when one side holds
    every objective (FG-VIC-3, the estado mayor lost, always ends it)."""

    divisions_removed: Annotated[int, Bounds(1, 100)] = 2
    all_objectives: bool = True


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
    scoring: ScoringSpec = field(default_factory=ScoringSpec)  # its own points for FG-VIC-5..10
    victory: VictorySpec = field(default_factory=VictorySpec)  # how it ends (FG-VIC-2, FG-VIC-4)
    locale: Annotated[dict[str, ScenarioWords], TRANSLATED] = field(
        default_factory=dict
    )  # in other languages
    grammar: ScenarioGrammar = field(default_factory=ScenarioGrammar)  # its own names' grammar

    def words(self, language: str) -> ScenarioWords:
        """Its words in a language: the translation the file gives, its own (English) words for the
        rest; each name with its grammar in that language (an empty name stays empty: it is made)."""
        own = self.locale.get(language, ScenarioWords())
        tags = self.grammar if language == "en" else own.grammar

        def named(kind: str, table: str, found: dict[str, str]) -> dict[str, str]:
            given: dict[str, str] = getattr(tags, table)
            return {
                i: said_name(text, given.get(i, ""), kind, language) if text else text
                for i, text in found.items()
            }

        divisions = [d for s in self.sides for d in s.divisions]
        return ScenarioWords(
            own.name or self.name,
            own.description or self.description,
            own.history or self.history,
            named("side", "sides", {s.id: own.sides.get(s.id) or s.name for s in self.sides}),
            {
                i: shown_whole(n)
                for i, n in named(
                    "objective",
                    "objectives",
                    {o.id: own.objectives.get(o.id) or o.name or o.id for o in self.objectives},
                ).items()
            },
            named("division", "divisions", {d.id: own.divisions.get(d.id) or d.name for d in divisions}),
            named("unit", "units", {u.id: own.units.get(u.id) or u.name for d in divisions for u in d.units}),
            named(
                "officer",
                "officers",
                {
                    **{
                        f"{s.id}-staff": own.officers.get(f"{s.id}-staff") or s.staff.name for s in self.sides
                    },
                    **{d.id: own.officers.get(d.id) or d.officer for d in divisions},
                },
            ),
            tags,
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


# an id no scenario folder of the game or a loaded mod holds (ui.toml's problem_no_scenario says it again)
NO_SCENARIO = "no battle or map of this id in the game or the mods loaded (the scenarios command lists them)"


def scenario_folders(root: Path) -> list[Path]:
    """Where scenarios are under a content or mod folder: scenarios/, and scenarios/<ruleset>/ for the
    maps of each other game mode (scenarios/open-wars/)."""
    return [root / "scenarios", *(root / "scenarios" / r for r in other_rulesets())]


def scenario_path(ref: str, mods: Sequence[Mod] = ()) -> Path:
    """A scenario by path, or by id: the last loaded mod that has <id>.toml in a scenarios folder,
    else the game's own. An id found nowhere is refused by that id: naming the game's own folder would
    blame the game for a mod's battle that is not loaded."""
    p = Path(ref)
    if p.suffix == ".toml" or p.exists():
        return p
    for root in [*(m.root for m in reversed(mods)), CONTENT]:
        for folder in scenario_folders(root):
            if (folder / f"{ref}.toml").is_file():
                return folder / f"{ref}.toml"
    raise ContentError(ref, NO_SCENARIO)


def terrain_problems(rules: Ruleset, specs: list[TerrainSpec]) -> Iterator[ContentError]:
    """What is wrong with terrain features, each at its key (terrain[i]...): each kind must exist in
    the ruleset and be given in its own shape (areas as polygons, lines as paths with a width)."""
    for i, t in enumerate(specs):
        at = f"terrain[{i}]"
        kind = rules.terrain.get(t.kind)
        if kind is None:
            yield ContentError(
                f"{at}.kind", f"unknown terrain kind {t.kind!r} (known: {', '.join(rules.terrain)})"
            )
        elif (t.path is None) == (t.polygon is None):
            yield ContentError(at, "give a polygon, or a path with a width")
        elif t.path is not None:
            if not kind.linear:
                yield ContentError(f"{at}.path", f"the {t.kind} terrain is an area: give its polygon")
            elif len(t.path) < 2:
                yield ContentError(f"{at}.path", "a path needs two points or more")
            elif t.width is not None and t.width <= 0:
                yield ContentError(f"{at}.width", "the width must be positive")
        elif kind.linear:
            yield ContentError(f"{at}.polygon", f"the {t.kind} terrain is a line: give its path and width")
        elif t.width is not None:
            yield ContentError(f"{at}.width", "only a path has a width")
        elif t.polygon is not None and len(t.polygon) < 3:
            yield ContentError(f"{at}.polygon", "a polygon needs three points or more")


def make_terrain(rules: Ruleset, specs: list[TerrainSpec], where: str) -> tuple[Feature, ...]:
    """Terrain features of a scenario or scripted battle, refused at the first problem (terrain_problems)."""
    for e in terrain_problems(rules, specs):
        raise in_file(where, e)
    features = []
    for t in specs:
        kind = rules.terrain[t.kind]
        if t.path is not None:
            width = t.width if t.width is not None else rules.core.movement.road_width
            features.append(Feature(kind, path=tuple(t.path), width=width, name=t.name))
        else:
            assert t.polygon is not None
            features.append(Feature(kind, polygon=tuple(t.polygon), name=t.name))
    return tuple(features)


def in_file(where: str, e: ContentError) -> ContentError:
    """A problem at a key of a file, said with the file's name first."""
    return ContentError(f"{where}: {e.where}" if e.where else where, e.problem)


def scenario_ruleset(path: Path) -> str:
    """The ruleset a scenario file names (For Glory's unless it says), read before anything else so
    that a scenario of another game mode goes to that mode's loader."""
    named = read_toml_keys(path, "ruleset").get("ruleset", "for-glory")
    return named if isinstance(named, str) else "for-glory"


def load_any_scenario(path: Path, rules: Ruleset) -> tuple[Any, str]:
    """A scenario of For Glory (checked against `rules`) or a map of another game mode (checked
    against that mode's own rules, with the mods of `rules` that change them), and the id of its mode."""
    other = mode_for_ruleset(scenario_ruleset(path))
    if other is not None and other.load_scenario is not None and other.load_rules is not None:
        return other.load_scenario(path, other.load_rules(None, rules.loaded_mods)), other.id
    return load_scenario(str(path), rules), rules.mode


def load_scenario(ref: str, rules: Ruleset) -> Scenario:
    """A scenario, checked against the ruleset (and found among its mods' scenarios)."""
    path = scenario_path(ref, rules.loaded_mods)
    spec = load_record(ScenarioFile, path)
    where = str(path)
    for e in scenario_problems(spec, rules):
        raise in_file(where, e)
    table = Table(*spec.table, make_terrain(rules, spec.terrain, where))
    digest = hashlib.sha256(read_regular(path)).hexdigest()
    return Scenario(spec, table, path, digest)


def scenario_problems(spec: ScenarioFile, rules: Ruleset) -> Iterator[ContentError]:
    """Everything wrong with a scenario against the ruleset, beyond its keys and types, each at the key
    that causes it (sides[0].divisions[1].units, objectives[2].at ...): the loader refuses the first,
    check-content reports them all and the scenario editor shows each at its element."""
    w, d = spec.table
    if w <= 0 or d <= 0:
        yield ContentError("table", f"the table needs a positive size, found {table_size(spec.table)}")
    if spec.ruleset != rules.id:
        yield ContentError("ruleset", f"the scenario is for {spec.ruleset!r}, not {rules.id!r}")
    if len(spec.sides) != 2:
        yield ContentError("sides", f"a battle has exactly two sides, found {len(spec.sides)}")
    if {s.edge for s in spec.sides} != {"south", "north"}:
        yield ContentError("sides", "one side sits at the south edge and the other at the north edge")
    ids: set[str] = set()

    def fresh(ident: str, at: str) -> Iterator[ContentError]:
        if ident in ids:
            yield ContentError(at, f"duplicate id {ident!r}")
        ids.add(ident)

    for i, s in enumerate(spec.sides):
        yield from fresh(s.id, f"sides[{i}].id")
        yield from fresh(f"{s.id}-staff", f"sides[{i}].id")
        if s.army is not None:
            if s.divisions:
                yield ContentError(f"sides[{i}].army", "give the divisions or an army's points, not both")
            yield from army_problems(s.army, rules, f"sides[{i}].army")
        elif len(s.divisions) < MIN_DIVISIONS:
            yield ContentError(
                f"sides[{i}].divisions",
                "an army needs two divisions or more (FG-PREP-1), or give its points as [sides.army]",
            )
        if s.staff.experience is not None and not 0 <= s.staff.experience <= FACES:
            yield ContentError(f"sides[{i}].staff.experience", EXPERIENCE)
        for j, dv in enumerate(s.divisions):
            at = f"sides[{i}].divisions[{j}]"
            yield from fresh(dv.id, f"{at}.id")
            if len(dv.units) < MIN_UNITS:
                yield ContentError(f"{at}.units", "a division needs two units or more (FG-PREP-2)")
            if dv.experience is not None and not 0 <= dv.experience <= FACES:
                yield ContentError(f"{at}.experience", EXPERIENCE)
            if dv.arrival is not None and dv.arrival < 0:
                yield ContentError(f"{at}.arrival", "arrival is 0 (on the table) or the round it arrives")
            for k, u in enumerate(dv.units):
                yield from fresh(u.id, f"{at}.units[{k}].id")
                if u.category not in rules.categories:
                    yield ContentError(f"{at}.units[{k}].category", f"unknown category {u.category!r}")
                if u.quality not in rules.qualities:
                    yield ContentError(f"{at}.units[{k}].quality", f"unknown quality {u.quality!r}")
                if u.hits >= rules.core.hits.destroyed_at:
                    yield ContentError(
                        f"{at}.units[{k}].hits",
                        f"{rules.core.hits.destroyed_at} hits destroy a unit (FG-LOST-1)",
                    )
            if dv.entry is not None and dv.arrival == 0:
                yield ContentError(f"{at}.entry", "a division on the table from the start enters by no edge")
    if rules.length("XL") > d / 2 - 2:
        # FG-DEP-8/10: each side deploys in its half, XL from every enemy: a shallow table leaves the
        # second side no room once the first stands at the centre line
        yield ContentError(
            "table", f'a table {d:g}" deep leaves no room to deploy XL ({rules.length("XL"):g}") apart'
        )
    mode = game_mode(rules.mode)
    if mode is not None and mode.check_scenario is not None:
        yield from mode.check_scenario(spec, rules)  # what the mode's own rules ask of it (FG-DEP-9)
    for i, s in enumerate(spec.sides):
        count = sum(len(dv.units) for dv in s.divisions)
        if count > MAX_UNITS:
            yield ContentError(f"sides[{i}].divisions", f"at most {MAX_UNITS} units a side, found {count}")
    side_ids = {s.id for s in spec.sides}
    for i, o in enumerate(spec.objectives):
        yield from fresh(o.id, f"objectives[{i}].id")
        if o.held_by is not None and o.held_by not in side_ids:
            yield ContentError(f"objectives[{i}].held_by", f"unknown side {o.held_by!r}")
        if not (0 <= o.at[0] <= w and 0 <= o.at[1] <= d):
            yield ContentError(f"objectives[{i}].at", "the objective is off the table")
    yield from words_problems(spec)
    for i, s in enumerate(spec.sides):
        taken = sorted(x for x in ids if x.startswith(f"{s.id}-") and x != f"{s.id}-staff")
        if s.army is not None and taken:
            yield ContentError(
                f"sides[{i}].army",
                f"its built divisions and units take the ids {s.id}-1, {s.id}-1a ...: {taken[0]!r} is used",
            )
    yield from terrain_problems(rules, spec.terrain)


def words_problems(spec: ScenarioFile) -> Iterator[ContentError]:
    """[locale.<language>]: naming only the file's sides, objectives, divisions, units and officers."""
    divisions = {d.id for s in spec.sides for d in s.divisions}
    known = {
        "sides": {s.id for s in spec.sides},
        "objectives": {o.id for o in spec.objectives},
        "divisions": divisions,
        "units": {u.id for s in spec.sides for d in s.divisions for u in d.units},
        "officers": divisions | {f"{s.id}-staff" for s in spec.sides},
    }
    yield from translation_problems(spec.locale, known, "scenario")
    yield from grammar_problems(spec.grammar, known, "grammar")
    for lang, words in spec.locale.items():
        yield from grammar_problems(words.grammar, known, f"locale.{lang}.grammar")


def cheapest(rules: Ruleset) -> int:
    """The points of the cheapest unit category."""
    return min(c.points for c in rules.categories.values())


def army_problems(army: ArmySpec, rules: Ruleset, at: str) -> Iterator[ContentError]:
    """A points army must be able to buy its divisions of two units (FG-PREP-1/2) from known codes."""
    divisions = army.divisions if army.divisions is not None else MIN_DIVISIONS
    if divisions < MIN_DIVISIONS:
        yield ContentError(f"{at}.divisions", "an army needs two divisions or more (FG-PREP-1)")
    if army.points > MAX_POINTS:
        yield ContentError(f"{at}.points", f"at most {MAX_POINTS} points: no table holds more")
    least = divisions * MIN_UNITS * cheapest(rules)
    if army.points < least:
        yield ContentError(
            f"{at}.points",
            f"{army.points} points cannot buy {divisions} divisions of two units (FG-PREP-1/2): "
            f"give {least} or more",
        )
    for key, known in (("mix", rules.categories), ("qualities", rules.qualities)):
        weights = getattr(army, key)
        if weights is None:
            continue
        for code in weights:
            if code not in known:
                yield ContentError(f"{at}.{key}.{code}", f"unknown code {code!r} (known: {', '.join(known)})")
        if not any(w > 0 for w in weights.values()):
            yield ContentError(f"{at}.{key}", "give at least one weight above 0")


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
