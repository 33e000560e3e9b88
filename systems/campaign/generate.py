"""A campaign made at random from a seed (`generate --mode campaign`): Open Wars' random map of two
players (fair by construction: each side's sector the other's turned about the centre, OW-DEC-21), its
cities raising brigades and its homes walled, and on it two nations of For Glory's random battles,
each with two armies bought from the same points (game/content/army.py, FG-ARMY-3) standing at its
home. The same seed makes the same campaign; it is checked as any campaign file before it is given."""

from __future__ import annotations

import dataclasses
import hashlib
import random
import re
from collections.abc import Sequence
from typing import Any

from game import CONTENT
from game.content.army import build_army
from game.content.mods import Mod
from game.content.records import build, read_toml
from game.content.ruleset_files import load_ruleset
from game.content.scenario import MIN_UNITS, ArmySpec, SideSpec, cheapest
from game.content.toml_text import dumps
from game.model.errors import UserError
from game.model.modules import RandomOptions
from game.model.ruleset import Ruleset
from systems.campaign.records import CampaignFile
from systems.campaign.theatre import (
    Theatre,
    campaign_folders,
    campaign_problems,
    checked_theatre,
    load_campaign,
)
from systems.for_glory.deployment import most_in_division
from systems.for_glory.generate import FOES, NATIONS, check_points
from systems.open_wars.generate import random_map
from systems.open_wars.map_files import RANDOM_SPEC
from systems.open_wars.maps import MapOptions, read_map
from systems.open_wars.ruleset_files import load_rules

RANDOM_ID = re.compile(r"random-campaign-([0-9]{1,19})")  # a campaign made from its seed, by id
POINTS = 14  # each army's points: two armies a side
DIVISIONS = 3  # each army's, when its points buy two units for each
TURNS = 12
GOLD = 10
HOME_WALLS = 5  # CAMP-DEC-20: a home city's fortress
WORTH = {"home": 3, "rim": 2, "centre": 1}  # CAMP-DEC-23: what a place of each kind is worth


def random_campaign(rules: Ruleset, seed: int, options: RandomOptions) -> dict[str, Any]:
    """The data of a campaign file made from the seed (its points the option's when given)."""
    if options.size is not None or options.terrain is not None:
        raise UserError("generate: a random campaign takes --seed and --points (its armies' each) alone")
    points = options.points or POINTS
    check_points(rules, points)
    spec = read_map(read_toml(RANDOM_SPEC), str(RANDOM_SPEC))
    made = random_map(spec, load_rules(), MapOptions(2, (), "medium"), seed, str(RANDOM_SPEC))
    rng = random.Random(f"campaign {seed}")
    first, second = (next(n for n in NATIONS if n.id == i) for i in rng.choice(FOES))
    nations = [first, second]
    spanish = made.locale.get("es")
    locations = []
    for loc in made.locations:
        kind = loc.id.rpartition("-")[0]
        extra: dict[str, Any] = {}
        if loc.type == "city":
            extra = {
                "raises": ["LnInf", "LC"] + (["FA"] if kind == "home" else []),
                "levy": "R" if kind == "home" else "I",
            }
        if kind == "home":
            extra["fortress"] = HOME_WALLS
        card = {k: v for k, v in dataclasses.asdict(loc).items() if v not in ("", None, 0)}
        locations.append({**card, "at": list(loc.at), **extra})
    sides = []
    most = most_in_division(rules)  # FG-DEP-9: a large army in more divisions
    for i, nation in enumerate(nations, start=1):
        armies = []
        for k in (1, 2):
            key = f"{nation.id}{k}"
            budget = ArmySpec(points, min(DIVISIONS, points // (MIN_UNITS * cheapest(rules))))
            divisions = build_army(SideSpec(key, nation.name, "south", army=budget), rules, seed, most)
            army = {"id": f"{nation.id}-army-{k}", "name": f"{nation.name} army {k}", "location": f"home-{i}"}
            armies.append({**army, "divisions": [_division(d) for d in divisions]})
        held = [
            loc.id for loc in made.locations if loc.id.endswith(f"-{i}") and not loc.id.startswith("rim-")
        ]
        sides.append({"id": nation.id, "name": nation.name, "gold": GOLD, "holds": held, "armies": armies,
                      "colour": list(nation.colour)})  # fmt: skip
    worth = {
        loc.id: WORTH[kind]
        for loc in made.locations
        if (kind := loc.id.rpartition("-")[0] or loc.id) in WORTH
    }
    data = {
        "id": f"random-campaign-{seed}",
        "name": f"Random campaign {seed}",
        "description": f"{first.name} against {second.name} on a map made at random from seed {seed}: "
        "the same seed makes the same campaign.",
        "max_turns": TURNS,
        "start": [1809, 4],
        "months": 2,
        "locations": locations,
        "links": [list(x) for x in made.links],
        "victory": {"places": worth, "army_destroyed": 2},
        "sides": sides,
        "locale": {
            "es": {
                "name": f"Campaña aleatoria {seed}",
                "description": f"{first.spanish.capitalize()} contra {second.spanish} en un mapa hecho al "
                f"azar con la semilla {seed}: la misma semilla hace la misma campaña.",
                "sides": {n.id: n.spanish for n in nations},
                "locations": dict(spanish.locations) if spanish else {},
            }
        },
    }
    wrong = next(iter(campaign_problems(build(CampaignFile, data, ""), rules, load_rules())), None)
    if wrong is not None:  # the generator's own mistake: said, never written
        raise UserError(
            f"generate: seed {seed} made a campaign with a problem at {wrong.where}: {wrong.problem}"
        )
    return data


def _division(d: Any) -> dict[str, Any]:
    return {
        "id": d.id,
        "units": [{"id": u.id, "category": u.category, "quality": u.quality} for u in d.units],
    }


def any_campaign(ref: str, mods: Sequence[Mod] = ()) -> Theatre:
    """A campaign by id or path (`load_campaign`), or one made at random by its id,
    "random-campaign-<seed>" (the start screen's: made again from its seed wherever it is opened, a
    save's, a replay's, the computer players' copy; no file holds it, and a file of that id wins)."""
    found = RANDOM_ID.fullmatch(ref)
    if found is None or any((f / f"{ref}.toml").is_file() for f in campaign_folders(mods)):
        return load_campaign(ref, mods)
    rules = load_ruleset(mods=[m for m in mods if m.spec.ruleset == "for-glory"])
    data = random_campaign(rules, int(found[1]), RandomOptions())
    text = dumps(data).encode("utf-8")
    spec = build(CampaignFile, data, ref)
    # named as a file of the game's own campaigns would be, so its replays name it by id
    return checked_theatre(
        spec, CONTENT / "campaigns" / f"{ref}.toml", hashlib.sha256(text).hexdigest(), mods
    )
