"""An Open Wars map file as the game's map: a map laid out by hand, checked; a random map's spec made
into a map from the game's options and seed (OW-LOC-1), then checked the same way."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from game import CONTENT
from game.content.records import read_toml
from game.model.errors import ContentError, UserError
from game.model.modules import RandomOptions
from systems.open_wars.generate import random_map
from systems.open_wars.maps import MapOptions, OpenWarsMap, checked, read_map
from systems.open_wars.records import OpenWarsRules
from systems.open_wars.ruleset_files import load_rules


def load_map(
    path: Path, rules: OpenWarsRules, options: MapOptions | None = None, seed: int = 1
) -> OpenWarsMap:
    """A map file checked against the rules; a random map's spec made into a map with the options
    given, its seed the options' or `seed` (the game's). Options for a map laid out by hand are refused
    in one line."""
    where = str(path)
    spec = read_map(read_toml(path), where)
    if spec.random is not None:
        chosen = options or MapOptions()
        made = random_map(spec, rules, chosen, seed if chosen.seed is None else chosen.seed, where)
        return checked(made, path, rules, chosen)
    if options is not None and options.to_json():
        raise ContentError(
            where,
            "players, factions, a size and a map seed are chosen for a random map (ow-random), not this one",
        )
    return checked(spec, path, rules, None)


RANDOM_SPEC = CONTENT / "scenarios" / "open-wars" / "ow-random.toml"  # the game's random map's numbers


def generated_map(rules: object, seed: int, options: RandomOptions) -> dict[str, Any]:
    """The data of a map file laid out by hand from the game's random map (`generate --mode
    open-wars`: GameMode.generate): two players, the spec's size and factions drawn by the seed, so a
    map made at random can be kept, shared and edited. `rules` is For Glory's (unused here)."""
    if options.points is not None or options.size is not None or options.terrain is not None:
        raise UserError(
            "generate: an Open Wars map is made from --seed alone (--points, --size and --terrain are "
            "For Glory's; ow-random takes --players and --factions when played)"
        )
    where = str(RANDOM_SPEC)
    made = random_map(read_map(read_toml(RANDOM_SPEC), where), load_rules(), MapOptions(), seed, where)
    data = _plain(dataclasses.asdict(made))
    data["id"], data["name"] = f"ow-random-{seed}", f"Random map {seed}"
    data["description"] = f"A map made at random from seed {seed}: the same seed makes the same map."
    # its Spanish too (as For Glory's generator says its battle): not ow-random's "choose the players"
    spanish = data.setdefault("locale", {}).setdefault("es", {})
    spanish["name"] = f"Mapa aleatorio {seed}"
    spanish["description"] = (
        f"Un mapa hecho al azar con la semilla {seed}: la misma semilla hace el mismo mapa."
    )
    return data


def _plain(v: Any) -> Any:
    """A record's data as a TOML file holds it: no None, lists for tuples."""
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items() if x is not None}
    if isinstance(v, list | tuple):
        return [_plain(x) for x in v]
    return v
