"""An Open Wars map file as the game's map: a map laid out by hand, checked; a random map's spec made
into a map from the game's options and seed (OW-LOC-1), then checked the same way."""

from __future__ import annotations

from pathlib import Path

from game.content.records import read_toml
from game.model.errors import ContentError
from systems.open_wars.generate import random_map
from systems.open_wars.maps import MapOptions, OpenWarsMap, checked, read_map
from systems.open_wars.records import OpenWarsRules


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
