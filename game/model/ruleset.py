"""The ruleset: every number of the rulebook as frozen typed records (read from
content/rulesets/<id>/*.toml by game/content/ruleset_files.py). The code reads numbers only from here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from game.model.limits import Bounds, Keys, OneOf
from game.model.modules import mode_ids
from game.model.words import Term, slug

MAX_INCHES = 240.0  # twenty feet: longer than any table
Inches = Annotated[float, Bounds(0, MAX_INCHES)]
Distance = str | Inches  # a measure code ("XS") or inches
Length = Annotated[float, Bounds(0, MAX_INCHES, above=True)]  # more than 0: a base, or a length divided by
Face = Annotated[int, Bounds(1, 6)]  # a D6 face
Value = Annotated[int, Bounds(-20, 20)]  # a modifier or a result on a die of 1 to 6
Few = Annotated[int, Bounds(0, 10)]  # a count of dice, moves or hits
Points = Annotated[int, Bounds(0, 1000)]
UnitType = Literal["infantry", "cavalry", "artillery"]
MovementClass = Literal["passable", "difficult", "impassable"]


@dataclass(frozen=True, slots=True)
class Bases:
    unit_width: Length
    unit_depth: Length
    officer_diameter: Length


@dataclass(frozen=True, slots=True)
class Checks:
    fail_at_or_below: Value
    natural_fail: Face
    natural_pass: Face


@dataclass(frozen=True, slots=True)
class MoraleRules:
    officer_near: Distance


@dataclass(frozen=True, slots=True)
class LeadershipRules:
    staff_near: Distance
    band: str | Length  # the distance is counted in bands of this length
    min_bands: Few


@dataclass(frozen=True, slots=True)
class HitRules:
    destroyed_at: Annotated[int, Bounds(1, 10)]


@dataclass(frozen=True, slots=True)
class CommandRules:
    division_radius: Distance
    detachment_link: Distance


@dataclass(frozen=True, slots=True)
class MovementRules:
    road_extra_moves: Few
    strategic_extra_moves: Few
    strategic_enemy_distance: Distance
    road_width: Length
    road_tolerance: Inches
    cavalry_extra_move: Distance


@dataclass(frozen=True, slots=True)
class CombatRules:
    push: Distance


@dataclass(frozen=True, slots=True)
class ArtilleryRules:
    marker_min_result: Value
    marker_near_target: Distance
    marker_spacing: Distance
    near_target: Distance


@dataclass(frozen=True, slots=True)
class RulesetFile:
    """ruleset.toml"""

    id: str
    name: str
    version: str
    measures: Annotated[dict[str, Length], Bounds(1, 50)]
    bases: Bases
    checks: Checks
    morale: MoraleRules
    leadership: LeadershipRules
    hits: HitRules
    command: CommandRules
    movement: MovementRules
    combat: CombatRules
    artillery: ArtilleryRules
    mode: Annotated[str, OneOf(mode_ids)] = (
        "for-glory"  # the game mode they are played in (game/model/modules.py)
    )


@dataclass(frozen=True, slots=True)
class Modifier:
    """One line of a roll's explanation; value is absent where the unit or officer supplies it."""

    rule: str
    label: str
    value: Value | None = None


# the modifiers of each roll, by the names the rules that apply them look up: no other is read
MORALE_MODIFIERS = ("quality", "officer_near", "lost_brigades", "hits", "disorganised")
LEADERSHIP_MODIFIERS = ("experience", "staff_near", "lost_brigades", "distance")
COMBAT_MODIFIERS = (
    "category", "quality", "flank", "road_target", "cover", "disorganised", "moved", "frontal_charge",
    "hits", "reaction", "artillery_close", "artillery_markers",
)  # fmt: skip
SUPPLIED = ("quality", "category", "experience")  # modifiers whose value the unit or officer gives


@dataclass(frozen=True, slots=True)
class ModifiersFile:
    """modifiers.toml"""

    morale: Annotated[dict[str, Modifier], Keys(MORALE_MODIFIERS, "modifier")]
    leadership: Annotated[dict[str, Modifier], Keys(LEADERSHIP_MODIFIERS, "modifier")]
    combat: Annotated[dict[str, Modifier], Keys(COMBAT_MODIFIERS, "modifier")]


@dataclass(frozen=True, slots=True)
class Category:
    code: str
    name: str
    type: UnitType
    rule: str
    move: Distance
    melee: Value
    points: Annotated[int, Bounds(1, 1000)]
    range: Distance | None = None
    fire: Value | None = None
    difficult_move: Distance | None = None
    must_end_near_road: Distance | None = None


@dataclass(frozen=True, slots=True)
class OfficerProfile:
    move: Distance


@dataclass(frozen=True, slots=True)
class UnitsFile:
    """units.toml"""

    category: Annotated[list[Category], Bounds(1, 200)]
    officer: OfficerProfile


@dataclass(frozen=True, slots=True)
class Quality:
    code: str
    name: str
    modifier: Value
    rule: str


@dataclass(frozen=True, slots=True)
class QualitiesFile:
    """qualities.toml"""

    quality: Annotated[list[Quality], Bounds(1, 50)]


@dataclass(frozen=True, slots=True)
class ResultBand:
    at_least: Value
    label: str
    rule: str
    hits: Few = 0
    push: bool = False
    destroyed: bool = False
    draw: bool = False


@dataclass(frozen=True, slots=True)
class ResultsFile:
    """results.toml"""

    fire: Annotated[list[ResultBand], Bounds(1, 50)]
    melee: Annotated[list[ResultBand], Bounds(1, 50)]


@dataclass(frozen=True, slots=True)
class TerrainKind:
    kind: str
    name: str
    movement: MovementClass
    rule: str
    dense: bool = False
    blocks_sight: bool = False
    road: bool = False
    crossing: bool = False
    linear: bool = False


@dataclass(frozen=True, slots=True)
class TerrainFile:
    """terrain.toml"""

    terrain: Annotated[list[TerrainKind], Bounds(1, 100)]


@dataclass(frozen=True, slots=True)
class Scoring:
    """FG-VIC-5..10: points for each event (AMB-36)."""

    unit_destroyed: Points
    division_removed: Points
    objective_held: Points
    objective_taken: Points
    officer_killed: Points
    staff_killed: Points


@dataclass(frozen=True, slots=True)
class Deployment:
    """FG-DEP-4, FG-INIT-2/3: the deployment die that starts on the table, initiative dice."""

    on_table_from: Face
    initiative_dice_near_staff: Annotated[int, Bounds(1, 10)]
    initiative_dice: Annotated[int, Bounds(1, 10)]
    detachment_initiative: Annotated[int, Bounds(0, 60)]
    initiative_staff_distance: Distance


@dataclass(frozen=True, slots=True)
class GameFile:
    """game.toml"""

    scoring: Scoring
    deployment: Deployment


@dataclass(frozen=True)
class Ruleset:
    """Everything the rules need to know, with measure codes resolved to inches by `length`."""

    core: RulesetFile
    modifiers: ModifiersFile
    categories: dict[str, Category]
    officer: OfficerProfile
    qualities: dict[str, Quality]
    fire_results: tuple[ResultBand, ...]
    melee_results: tuple[ResultBand, ...]
    terrain: dict[str, TerrainKind]
    game: GameFile
    content_hash: str = field(default="")
    loaded_mods: tuple[Any, ...] = ()  # the mods laid over it (game.content.mods.Mod), in load order

    @property
    def id(self) -> str:
        return self.core.id

    @property
    def mode(self) -> str:
        return self.core.mode

    @property
    def module_ids(self) -> list[str]:
        """The rule modules the loaded mods switch on, in load order."""
        return [m for mod in self.loaded_mods for m in mod.spec.modules]

    def length(self, d: Distance) -> float:
        return self.core.measures[d] if isinstance(d, str) else d

    @property
    def scoring(self) -> Scoring:
        return self.game.scoring

    @property
    def xs(self) -> float:
        return self.core.measures["XS"]

    def band(self, bands: tuple[ResultBand, ...], value: int) -> ResultBand:
        return band_of(bands, value)


def band_of(bands: tuple[ResultBand, ...], value: int) -> ResultBand:
    """The highest band the value reaches; below every band, the lowest (AMB-61)."""
    chosen = bands[0]
    for b in bands:
        if value >= b.at_least:
            chosen = b
    return chosen


def category_word(cat: Category) -> Term:
    """A unit category's name, in the words the screens give its code (category_<code>)."""
    return Term(cat.name, f"category_{slug(cat.code)}")
