"""A campaign file (content/campaigns/<id>.toml, docs/campaigns.md) as typed records: the map (Open
Wars' location cards and links, with what a campaign adds to a place: a fortress, the brigades a city
raises, a historical battle's ground), the sides with their starting armies (For Glory's divisions,
officers and brigades, as a scenario gives them), dated events, victory and the campaign's numbers
(content/rulesets/campaign/numbers.toml, any of them changed by the file's [numbers])."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from game.content.locale import GrammarTag
from game.content.scenario import DivisionSpec, StaffSpec, UnitSpec
from game.model.grammar import said_name
from game.model.limits import Bounds, Id
from systems.open_wars.maps import Colour, LocationSpec
from systems.open_wars.records import LocationType, Name

Text = Annotated[str, Bounds(0, 2000)]
PlaceText = Annotated[str, Bounds(0, 200)]  # a place's text, as long as an Open Wars card's (LocationSpec)
Count = Annotated[int, Bounds(0, 100)]
Chance = Annotated[int, Bounds(0, 7)]  # a D6 at or under (or at or over) it: 0 never, 7 always


@dataclass(frozen=True)
class CampaignNumbers:
    """The campaign's numbers (content/rulesets/campaign/numbers.toml), each the rule's it names."""

    march_type: LocationType  # CAMP-DEC-3: the Open Wars type an army marches as (OW-MOVE-5's -1)
    movement: Annotated[int, Bounds(1, 20)]  # CAMP-DEC-3: an army's movement a turn (OW-MOVE-1)
    horse_movement: Annotated[int, Bounds(1, 20)]  # an army of cavalry and horse artillery alone
    gold_per_point: Annotated[int, Bounds(1, 100)]  # CAMP-DEC-5: a brigade's price a FG-ARMY-3 point
    replenish_per_hit: Annotated[int, Bounds(0, 100)]  # CAMP-DEC-18: gold a hit replaced costs
    rest_heal: Annotated[int, Bounds(0, 10)]  # CAMP-DEC-17: hits a resting brigade recovers a turn
    victories_per_step: Annotated[int, Bounds(1, 20)]  # CAMP-DEC-16: victories that raise quality
    earned_up_to: Annotated[str, Bounds(1, 8)]  # CAMP-DEC-16: the best quality victories make
    replaced_experience: Annotated[int, Bounds(0, 6)]  # CAMP-DEC-15: the best a replacement earns
    battle_rounds: Annotated[int, Bounds(1, 100)]  # CAMP-DEC-9: a campaign battle's round limit
    field_divisions: Annotated[int, Bounds(2, 40)]  # CAMP-DEC-9: divisions a side deploys on the table
    resolve_level: Annotated[str, Bounds(1, 40)]  # CAMP-DEC-10: the generals who resolve a battle
    resolve_think: Annotated[float, Bounds(0.05, 4)]  # their think budget, a share of their level's
    reinforce_rounds: Annotated[int, Bounds(1, 10)]  # CAMP-DEC-8: rounds of march a point of entry cost
    straggle: Chance  # CAMP-DEC-11: a withdrawing brigade takes a hit on a D6 at or under this
    pursuit: Chance  # CAMP-DEC-13: a fit cavalry brigade of the winner takes a brigade at or over this
    siege_turns: Annotated[int, Bounds(1, 20)]  # CAMP-DEC-20: turns of siege before an assault may go in
    surrender: Annotated[int, Bounds(0, 12)]  # CAMP-DEC-20: a D6 and the siege's turns past the walls by this
    levy: Annotated[int, Bounds(0, 100)]  # CAMP-DEC-22: gold a turn for each city lost since the start
    # CAMP-DEC-24: the odds' model, fitted to battles played (bench/campaign_odds.py)
    odds_scale: Annotated[float, Bounds(0, 20)]  # how much the forces' ratio decides (its log's weight)
    odds_ground: Annotated[float, Bounds(-5, 5)]  # the defender's edge, in the same units
    odds_draw: Annotated[float, Bounds(0, 10)]  # how wide the band of draws is
    odds_quality: Annotated[float, Bounds(0, 2)]  # a point of quality modifier, as a share of a brigade
    loss_base: Annotated[float, Bounds(0, 1)]  # brigades lost, a share of those brought, whoever wins
    loss_weak: Annotated[float, Bounds(0, 1)]  # and more the weaker a side is


# --- the map: Open Wars' location cards, with what a campaign adds ------------------------------


@dataclass(frozen=True)
class Place(LocationSpec):
    """An Open Wars location card (OW-LOC-2: type, position, gold, entry cost, special card) with the
    campaign's own: `fortress`, the strength of its walls (CAMP-DEC-20; 0: none), the brigades it
    `raises` (unit categories) at its `levy` quality (CAMP-DEC-5), and `battlefield`: the scenario
    whose ground a battle there is fought on (CAMP-DEC-7; none: ground made from its type)."""

    fortress: Annotated[int, Bounds(0, 12)] = 0
    raises: Annotated[list[str], Bounds(0, 20)] = field(default_factory=list)
    levy: Annotated[str, Bounds(1, 8)] = "R"
    battlefield: Annotated[str, Bounds(0, 64)] = ""


# --- the sides and their forces ----------------------------------------------------------------


@dataclass(frozen=True)
class ForceSpec:
    """An army (CAMP-DEC-2): its commander (the estado mayor, FG-PREP-1) and its divisions as a
    scenario gives them (officer, experience, brigades with category, quality and name), where it
    stands. Officers' experience is fixed for the campaign: rolled once (FG-PREP-3) when left out."""

    id: Id
    name: Name
    location: Id
    divisions: Annotated[list[DivisionSpec], Bounds(1, 12)]
    staff: StaffSpec = field(default_factory=StaffSpec)


@dataclass(frozen=True)
class GarrisonSpec:
    """Brigades holding a place without an army (CAMP-DEC-6)."""

    location: Id
    units: Annotated[list[UnitSpec], Bounds(1, 12)]


@dataclass(frozen=True)
class SideFile:
    id: Id
    name: Name  # a people, said as plural ("the French march")
    gold: Annotated[int, Bounds(0, 10000)] = 0
    holds: Annotated[list[Id], Bounds(0, 200)] = field(default_factory=list)  # places held at the start
    armies: Annotated[list[ForceSpec], Bounds(0, 30)] = field(default_factory=list)
    garrisons: Annotated[list[GarrisonSpec], Bounds(0, 100)] = field(default_factory=list)
    colour: Colour = (128, 128, 128)


# --- the calendar: dated events ----------------------------------------------------------------

EffectKind = Literal["gold", "control", "army", "withdraw"]


@dataclass(frozen=True)
class Effect:
    """What a dated event does (CAMP-DEC-21): `gold`: the side gains `amount`; `control`: the
    `locations` without an enemy army pass to the side; `army`: the `army` arrives where it says;
    `withdraw`: the side's army `army_id` leaves the war (called away), if it still stands."""

    kind: EffectKind
    side: Id
    amount: Annotated[int, Bounds(0, 10000)] = 0
    locations: Annotated[list[Id], Bounds(0, 200)] = field(default_factory=list)
    army: ForceSpec | None = None
    army_id: Annotated[str, Bounds(0, 64)] = ""


@dataclass(frozen=True)
class EventSpec:
    id: Id
    turn: Annotated[int, Bounds(1, 500)]
    name: Name
    text: Text = ""
    effects: Annotated[list[Effect], Bounds(1, 20)] = field(default_factory=list)


@dataclass(frozen=True)
class VictorySpec:
    """CAMP-DEC-23: the places that decided the war, each worth its points to whoever holds it at the
    end, and the points each enemy army destroyed is worth; CAMP-DEC-25: the points the war's first
    victory is worth to its winner."""

    places: Annotated[dict[str, Annotated[int, Bounds(0, 100)]], Bounds(1, 200)]
    army_destroyed: Annotated[int, Bounds(0, 100)] = 2
    first_victory: Annotated[int, Bounds(0, 100)] = 0


@dataclass(frozen=True)
class EventWords:
    name: Annotated[str, Bounds(0, 60)] = ""
    text: Text = ""


@dataclass(frozen=True)
class CampaignGrammar:
    """The grammar of a campaign's names in one language (`[grammar]` for the file's own words,
    `[locale.<language>.grammar]` for a translation's), by the id of what they name, each a tag such
    as "los", "la", "m", "pl" (docs/spanish.md); a name it leaves out takes its kind's default (an army
    a division's: "el Cuerpo de Dupont"; an officer an officer's: "el general Dupont")."""

    sides: dict[str, GrammarTag] = field(default_factory=dict)
    locations: dict[str, GrammarTag] = field(default_factory=dict)
    armies: dict[str, GrammarTag] = field(default_factory=dict)
    divisions: dict[str, GrammarTag] = field(default_factory=dict)
    units: dict[str, GrammarTag] = field(default_factory=dict)
    officers: dict[str, GrammarTag] = field(default_factory=dict)


# the kind of name each table of names holds: its default grammar (game/model/grammar.py)
KINDS = {"sides": "side", "locations": "location", "armies": "division", "divisions": "division",
         "units": "unit", "officers": "officer"}  # fmt: skip


@dataclass(frozen=True)
class CampaignWords:
    """A campaign's words in another language (`[locale.<language>]`): its name, description and
    history, and by id its sides', places' (their names, and their texts), armies', divisions',
    brigades', officers' (a division's id, or an army's for its commander) and events' words, with
    their names' grammar. As `CampaignFile.words` gives them, the names are `Name`s that carry their
    grammar in that language."""

    name: Annotated[str, Bounds(0, 80)] = ""
    description: Text = ""
    history: Text = ""
    sides: dict[str, Name] = field(default_factory=dict)
    locations: dict[str, Name] = field(default_factory=dict)
    location_texts: dict[str, PlaceText] = field(default_factory=dict)  # a place's `text`, by its id
    armies: dict[str, Name] = field(default_factory=dict)
    divisions: dict[str, Annotated[str, Bounds(0, 80)]] = field(default_factory=dict)
    units: dict[str, Annotated[str, Bounds(0, 80)]] = field(default_factory=dict)
    officers: dict[str, Annotated[str, Bounds(0, 80)]] = field(default_factory=dict)
    events: dict[str, EventWords] = field(default_factory=dict)
    grammar: CampaignGrammar = field(default_factory=CampaignGrammar)


@dataclass(frozen=True)
class CampaignFile:
    id: Id
    name: Annotated[str, Bounds(1, 80)]
    locations: Annotated[list[Place], Bounds(2, 200)]
    links: Annotated[list[tuple[Id, Id]], Bounds(1, 1000)]
    sides: Annotated[list[SideFile], Bounds(2, 2)]
    victory: VictorySpec
    max_turns: Annotated[int, Bounds(1, 500)]
    start: tuple[Annotated[int, Bounds(1000, 3000)], Annotated[int, Bounds(1, 12)]] = (1808, 5)
    months: Annotated[int, Bounds(1, 12)] = 2  # a turn's months (the calendar's dates)
    description: Text = ""
    history: Text = ""
    authored: Text = ""
    ruleset: Annotated[str, Bounds(1, 64)] = "for-glory"  # the battles' ruleset
    events: Annotated[list[EventSpec], Bounds(0, 200)] = field(default_factory=list)
    # any of CampaignNumbers (content/modules/campaign/numbers.toml), for this campaign alone
    numbers: dict[str, int | float | str] = field(default_factory=dict)
    locale: dict[str, CampaignWords] = field(default_factory=dict)
    grammar: CampaignGrammar = field(default_factory=CampaignGrammar)  # its own names' grammar

    def words(self, language: str) -> CampaignWords:
        """Its words in a language: the translation the file gives, its own (English) words for the
        rest; each name with its grammar in that language (an empty name stays empty)."""
        own = self.locale.get(language, CampaignWords())
        tags = self.grammar if language == "en" else own.grammar

        def named(table: str, found: dict[str, str]) -> dict[str, str]:
            given: dict[str, str] = getattr(tags, table)
            kind = KINDS[table]
            return {
                i: said_name(text, given.get(i, ""), kind, language) if text else text
                for i, text in found.items()
            }

        forces = [a for s in self.sides for a in s.armies] + [
            x.army for e in self.events for x in e.effects if x.army is not None
        ]
        units = [u for a in forces for d in a.divisions for u in d.units] + [
            u for s in self.sides for g in s.garrisons for u in g.units
        ]
        return CampaignWords(
            own.name or self.name,
            own.description or self.description,
            own.history or self.history,
            named("sides", {s.id: own.sides.get(s.id) or s.name for s in self.sides}),
            named("locations", {loc.id: own.locations.get(loc.id) or loc.name for loc in self.locations}),
            {loc.id: own.location_texts.get(loc.id) or loc.text for loc in self.locations},
            named("armies", {a.id: own.armies.get(a.id) or a.name for a in forces}),
            named(
                "divisions", {d.id: own.divisions.get(d.id) or d.name for a in forces for d in a.divisions}
            ),
            named("units", {u.id: own.units.get(u.id) or u.name for u in units}),
            named(
                "officers",
                {
                    **{a.id: own.officers.get(a.id) or a.staff.name for a in forces},
                    **{d.id: own.officers.get(d.id) or d.officer for a in forces for d in a.divisions},
                },
            ),
            {
                e.id: EventWords(
                    (own.events.get(e.id) or EventWords()).name or e.name,
                    (own.events.get(e.id) or EventWords()).text or e.text,
                )
                for e in self.events
            },
            tags,
        )
