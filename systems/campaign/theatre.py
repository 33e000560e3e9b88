"""A campaign file read and checked (`Theatre`): its map as an Open Wars map (location cards, links,
cards from Open Wars' rules), its forces against For Glory's ruleset (categories, qualities,
FG-PREP-2), its historical battlefields as the scenarios they name, its numbers with the file's own
laid over the module's (content/modules/campaign/numbers.toml). Every problem is found at its key
(`campaign_problems`: check-content reports them all, the loader refuses the first)."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from game import CONTENT
from game.content.files import read_regular
from game.content.locale import grammar_problems, translation_problems
from game.content.mods import Mod
from game.content.module_records import load_records
from game.content.records import build, check_partial, read_toml
from game.content.ruleset_files import load_ruleset
from game.content.scenario import MIN_UNITS, DivisionSpec, Scenario, UnitSpec, load_scenario
from game.model.dice import FACES
from game.model.errors import ContentError, UserError
from game.model.limits import check_id
from game.model.ruleset import Ruleset
from systems.campaign.records import CampaignFile, CampaignNumbers, CampaignWords, ForceSpec, Place
from systems.campaign.rules_module import CAMPAIGN
from systems.for_glory.deployment import formation_reach
from systems.open_wars.maps import MapFile, OpenWarsMap, check_ground, unreached
from systems.open_wars.records import OpenWarsRules
from systems.open_wars.ruleset_files import load_rules

RAISED = "raised-"  # the ids of brigades and divisions raised in play begin so: no file's may


@dataclass(frozen=True)
class Theatre:
    """A campaign checked: the file as written, its map as Open Wars plays one, the For Glory ruleset
    its battles are fought by, its numbers and its battlefields (place id -> scenario)."""

    spec: CampaignFile
    path: Path
    content_hash: str
    numbers: CampaignNumbers
    map: OpenWarsMap
    rules: Ruleset
    open_wars: OpenWarsRules
    battlefields: dict[str, Scenario]
    numbers_hash: str
    # its words by language, made once: the log names its places, armies ... event by event
    said: dict[str, CampaignWords] = field(default_factory=dict, compare=False, repr=False)

    @property
    def id(self) -> str:
        return self.spec.id

    def words(self, language: str) -> CampaignWords:
        """The file's words in a language, each name with its grammar (`CampaignFile.words`)."""
        if language not in self.said:
            self.said[language] = self.spec.words(language)
        return self.said[language]


def campaign_folders(mods: Sequence[Mod] = ()) -> list[Path]:
    """Where campaigns are: the game's content/campaigns/, then each mod's campaigns/."""
    return [CONTENT / "campaigns", *(m.root / "campaigns" for m in mods)]


def list_campaigns(mods: Sequence[Mod] = ()) -> list[Path]:
    """Every campaign file by id: the shipped ones, then the mods' (a mod's replaces one of its id)."""
    found: dict[str, Path] = {}
    for folder in campaign_folders(mods):
        found.update({p.stem: p for p in sorted(folder.glob("*.toml"))})
    return list(found.values())


def campaign_path(ref: str, mods: Sequence[Mod] = ()) -> Path:
    """A campaign by id (the last mod that has it, else the game's), or a .toml file's path."""
    if ref.endswith(".toml"):
        return Path(ref)
    check_id(ref, "campaign")
    for folder in reversed(campaign_folders(mods)):
        if (folder / f"{ref}.toml").is_file():
            return folder / f"{ref}.toml"
    known = ", ".join(p.stem for p in list_campaigns(mods)) or "none"
    raise UserError(f"no campaign {ref!r} (known: {known})")


def read_campaign(path: Path) -> CampaignFile:
    data = read_toml(path)
    try:
        return build(CampaignFile, data, "")
    except ContentError as e:
        raise ContentError(f"{path}: {e.where}", e.problem) from None


def load_campaign(ref: str, mods: Sequence[Mod] = ()) -> Theatre:
    """A campaign by id or path, checked whole; any problem is one ContentError naming file and key."""
    path = campaign_path(ref, mods)
    return checked_theatre(read_campaign(path), path, hashlib.sha256(read_regular(path)).hexdigest(), mods)


def checked_theatre(spec: CampaignFile, path: Path, digest: str, mods: Sequence[Mod] = ()) -> Theatre:
    """A campaign read (from `path`, or made: `digest` is its content's) checked whole and made ready:
    its map, ruleset, numbers and battlefields."""
    where = str(path)
    rules = load_ruleset(spec.ruleset, mods=[m for m in mods if m.spec.ruleset == spec.ruleset])
    ow = load_rules(None, ())
    for e in campaign_problems(spec, rules, ow):
        raise ContentError(f"{where}: {e.where}" if e.where else where, e.problem)
    base, numbers_hash = load_records(CAMPAIGN, mods)
    numbers = merged_numbers(base["numbers"], spec, where)
    world = _map(spec, path, digest, ow)
    fields = {loc.id: loc.battlefield for loc in spec.locations if loc.battlefield}
    battlefields = {loc: load_scenario(ref, rules) for loc, ref in fields.items()}
    return Theatre(spec, path, digest, numbers, world, rules, ow, battlefields, numbers_hash)


def merged_numbers(base: CampaignNumbers, spec: CampaignFile, where: str) -> CampaignNumbers:
    """The module's numbers with the campaign's own [numbers] laid over them."""
    try:
        check_partial(CampaignNumbers, spec.numbers, "numbers")
        return build(CampaignNumbers, {**dataclasses.asdict(base), **spec.numbers}, "numbers")
    except ContentError as e:
        raise ContentError(f"{where}: {e.where}", e.problem) from None


def _map(spec: CampaignFile, path: Path, digest: str, ow: OpenWarsRules) -> OpenWarsMap:
    """The campaign's map as Open Wars plays one (its players are the campaign's sides, not factions)."""
    near = check_ground(spec.locations, spec.links, ow, str(path))
    laid = MapFile(
        spec.id, spec.name, "open-wars", list(spec.locations), list(spec.links), [], spec.max_turns
    )
    return OpenWarsMap(laid, path, digest, {k: tuple(sorted(v)) for k, v in near.items()})


Ground = Callable[[str, Ruleset], object]  # a battle's ground read (load_scenario), or its UserError


def campaign_problems(
    spec: CampaignFile, rules: Ruleset, ow: OpenWarsRules, ground: Ground = load_scenario
) -> Iterator[ContentError]:
    """Everything wrong with a campaign across its keys, each at its key; `ground` reads a place's
    battlefield (the editor's remembers those it read: it asks at every letter typed)."""
    try:
        near = check_ground(spec.locations, spec.links, ow, "")
    except ContentError as e:
        yield ContentError(e.where.removeprefix(": "), e.problem)
        return
    places = {loc.id: loc for loc in spec.locations}
    away = unreached(near, spec.locations[0].id)
    if away:
        yield ContentError("links", f"no way to reach {', '.join(sorted(away)[:5])}")
    for i, place in enumerate(spec.locations):
        yield from place_problems(place, f"locations[{i}]", rules, ground)
    sides = [s.id for s in spec.sides]
    if len(set(sides)) != len(sides):
        yield ContentError("sides", "two sides share an id")
    ids: set[str] = set()

    def fresh(ident: str, at: str) -> Iterator[ContentError]:
        if ident in ids:
            yield ContentError(at, f"duplicate id {ident!r}")
        if ident.startswith(RAISED):
            yield ContentError(at, f"ids beginning {RAISED!r} are the game's own")
        ids.add(ident)

    held: dict[str, str] = {}
    for i, s in enumerate(spec.sides):
        at = f"sides[{i}]"
        for j, where in enumerate(s.holds):
            if where not in places:
                yield ContentError(f"{at}.holds[{j}]", f"no location {where!r}")
            elif where in held:
                yield ContentError(f"{at}.holds[{j}]", f"{where} is held by {held[where]} already")
            held[where] = s.id
        for j, a in enumerate(s.armies):
            yield from force_problems(a, f"{at}.armies[{j}]", places, rules, fresh)
        for j, g in enumerate(s.garrisons):
            if g.location not in places:
                yield ContentError(f"{at}.garrisons[{j}].location", f"no location {g.location!r}")
            for k, u in enumerate(g.units):
                yield from fresh(u.id, f"{at}.garrisons[{j}].units[{k}].id")
                yield from unit_problems(u, f"{at}.garrisons[{j}].units[{k}]", rules)
    armies = {(s.id, a.id) for s in spec.sides for a in s.armies} | {
        (x.side, x.army.id) for ev in spec.events for x in ev.effects if x.army is not None
    }
    for i, ev in enumerate(spec.events):
        at = f"events[{i}]"
        yield from fresh(ev.id, f"{at}.id")
        if ev.turn > spec.max_turns:
            yield ContentError(f"{at}.turn", f"after the last turn ({spec.max_turns})")
        for j, x in enumerate(ev.effects):
            where = f"{at}.effects[{j}]"
            if x.side not in sides:
                yield ContentError(f"{where}.side", f"no side {x.side!r}")
            for k, named in enumerate(x.locations):
                if named not in places:
                    yield ContentError(f"{where}.locations[{k}]", f"no location {named!r}")
            if (x.kind == "army") != (x.army is not None):
                yield ContentError(f"{where}.army", "an army effect gives the army, no other does")
            if x.army is not None:
                yield from force_problems(x.army, f"{where}.army", places, rules, fresh)
            if x.kind == "withdraw" and (x.side, x.army_id) not in armies:
                yield ContentError(f"{where}.army_id", f"no army {x.army_id!r} of {x.side}")
    for loc in spec.victory.places:
        if loc not in places:
            yield ContentError(f"victory.places.{loc}", f"no location {loc!r}")
    forces = [a for s in spec.sides for a in s.armies] + [
        x.army for e in spec.events for x in e.effects if x.army is not None
    ]
    divisions = {d.id for a in forces for d in a.divisions}
    known = {
        "sides": set(sides),
        "locations": set(places),
        "location_texts": set(places),
        "armies": {a.id for a in forces},
        "divisions": divisions,
        "units": {u.id for a in forces for d in a.divisions for u in d.units}
        | {u.id for s in spec.sides for g in s.garrisons for u in g.units},
        "officers": divisions | {a.id for a in forces},
        "events": {e.id for e in spec.events},
    }
    yield from translation_problems(spec.locale, known, "campaign")
    yield from grammar_problems(spec.grammar, known, "grammar")
    for lang, words in spec.locale.items():
        yield from grammar_problems(words.grammar, known, f"locale.{lang}.grammar")


Fresh = Callable[[str, str], Iterator[ContentError]]  # an id not seen before, or its problem


def place_problems(
    place: Place, at: str, rules: Ruleset, ground: Ground = load_scenario
) -> Iterator[ContentError]:
    """What a campaign adds to a location card, against the ruleset: the brigades it raises, its levy's
    quality, its battlefield (a scenario of the ruleset)."""
    if place.id.startswith(RAISED):
        yield ContentError(f"{at}.id", f"ids beginning {RAISED!r} are the game's own")
    for j, code in enumerate(place.raises):
        if code not in rules.categories:
            yield ContentError(f"{at}.raises[{j}]", f"unknown category {code!r}")
    if place.levy not in rules.qualities:
        yield ContentError(f"{at}.levy", f"unknown quality {place.levy!r}")
    if place.raises and place.type != "city":
        yield ContentError(f"{at}.raises", "only a city raises brigades (OW-LOC-5)")
    if place.battlefield:
        try:
            ground(place.battlefield, rules)
        except UserError as e:
            yield ContentError(f"{at}.battlefield", f"no battle's ground here: {e}")


def force_problems(
    a: ForceSpec, at: str, places: Mapping[str, object], rules: Ruleset, fresh: Fresh
) -> Iterator[ContentError]:
    """An army's problems: where it stands, its ids, its divisions as FG-PREP-2 and the ruleset ask."""
    yield from fresh(a.id, f"{at}.id")
    if a.location not in places:
        yield ContentError(f"{at}.location", f"no location {a.location!r}")
    if a.staff.experience is not None and not 1 <= a.staff.experience <= FACES:
        yield ContentError(f"{at}.staff.experience", "experience is a D6 result, 1 to 6 (FG-PREP-3)")
    for j, d in enumerate(a.divisions):
        yield from division_problems(d, f"{at}.divisions[{j}]", rules, fresh)


def division_problems(d: DivisionSpec, at: str, rules: Ruleset, fresh: Fresh) -> Iterator[ContentError]:
    yield from fresh(d.id, f"{at}.id")
    if len(d.units) < MIN_UNITS:
        yield ContentError(f"{at}.units", "a division needs two units or more (FG-PREP-2)")
    radius = rules.length(rules.core.command.division_radius)
    if formation_reach(rules, len(d.units)) > radius:
        yield ContentError(
            f"{at}.units", f"{len(d.units)} units stand beyond their officer's reach (FG-DEP-9)"
        )
    if d.experience is not None and not 1 <= d.experience <= FACES:
        yield ContentError(f"{at}.experience", "experience is a D6 result, 1 to 6 (FG-PREP-3)")
    if d.arrival is not None or d.entry is not None:
        yield ContentError(f"{at}.arrival", "a campaign's march sets when and where a division arrives")
    for k, u in enumerate(d.units):
        yield from fresh(u.id, f"{at}.units[{k}].id")
        yield from unit_problems(u, f"{at}.units[{k}]", rules)


def unit_problems(u: UnitSpec, at: str, rules: Ruleset) -> Iterator[ContentError]:
    if u.category not in rules.categories:
        yield ContentError(f"{at}.category", f"unknown category {u.category!r}")
    if u.quality not in rules.qualities:
        yield ContentError(f"{at}.quality", f"unknown quality {u.quality!r}")
    if u.hits >= rules.core.hits.destroyed_at:
        yield ContentError(f"{at}.hits", f"{rules.core.hits.destroyed_at} hits destroy a unit (FG-LOST-1)")
