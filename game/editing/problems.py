"""What is wrong with the document, each problem at the element that causes it: asked of the same
checks as the game's loader and check-content (the record's keys and types, then the scenario's or
the map's checks across them), never a copy of them. A problem's key (`sides[0].divisions[1].units`)
is a path into the document; its element is the item of a list the key runs through last (a unit, a
division, a feature, a location), or the key's first part (the table, the sides)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.content.records import check_partial, collect
from game.content.scenario import ScenarioFile, load_scenario, scenario_problems
from game.editing.document import Document, Path, parse_key
from game.editing.fields import clean
from game.model.errors import ContentError
from game.model.limits import ID
from game.model.ruleset import Ruleset
from systems.campaign.records import CampaignFile, CampaignNumbers
from systems.campaign.theatre import campaign_problems
from systems.open_wars.maps import MapFile, check_map, read_map
from systems.open_wars.records import OpenWarsRules


@dataclass(frozen=True)
class Problem:
    key: str  # as check-content names it, without the file
    text: str
    path: Path  # the key as a path into the document
    element: Path  # the element it is shown at


def element_of(doc: Document, path: Path) -> Path:
    """The element a path belongs to: its last list item that is a table (a unit, a feature ...); a
    word of [locale.<language>] belongs to the element with that id."""
    if path[:1] == ("locale",) and len(path) >= 4:
        found = find_id(doc, str(path[3]))
        if found is not None:
            return found
    best: Path = path[:1]
    for n in range(1, len(path) + 1):
        if isinstance(path[n - 1], int) and isinstance(doc.get(path[:n]), dict):
            best = path[:n]
    return best


def find_id(doc: Document, ident: str) -> Path | None:
    """The element whose id is `ident` (an estado mayor's, `<side>-staff`, is its side's staff)."""
    for i, s in enumerate(doc.get(("sides",)) or []):
        if isinstance(s, dict) and f"{s.get('id')}-staff" == ident:
            return ("sides", i, "staff")
    return _walk(doc.data, (), ident)


def _walk(node: Any, path: Path, ident: str) -> Path | None:
    if isinstance(node, dict):
        if node.get("id") == ident and path and isinstance(path[-1], int):
            return path
        items: list[tuple[Any, Any]] = [(k, v) for k, v in node.items() if k != "locale"]
    elif isinstance(node, list):
        items = list(enumerate(node))
    else:
        return None
    for k, v in items:
        found = _walk(v, (*path, k), ident)
        if found is not None:
            return found
    return None


def _problem(doc: Document, e: ContentError) -> Problem:
    key = e.where.removeprefix(": ")  # a check asked without a file names the key alone
    path = parse_key(key)
    return Problem(key, e.problem, path, element_of(doc, path))


def scenario_problems_of(doc: Document, rules: Ruleset) -> list[Problem]:
    """A For Glory scenario's problems: its keys and types (all of them), then, when they are right,
    every problem the loader would refuse it for."""
    spec, errors = collect(ScenarioFile, clean(doc.data, ScenarioFile))
    if spec is None:
        return [_problem(doc, e) for e in errors]
    return [_problem(doc, e) for e in scenario_problems(spec, rules)] + saving_problems(doc)


def saving_problems(doc: Document) -> list[Problem]:
    """What the editor asks beyond the game's checks: an id that can name the file in a mod."""
    ident = doc.get(("id",))
    if isinstance(ident, str) and ID.fullmatch(ident):
        return []
    text = "saved in a mod, the id names its file: 1 to 64 lowercase letters, digits, - and _"
    return [Problem("id", text, ("id",), ("id",))]


def map_problems_of(doc: Document, rules: OpenWarsRules) -> list[Problem]:
    """An Open Wars map's problems: its keys and types (all of them), then the first the map's own
    checks find (they stop at it, as its loader does)."""
    spec, errors = collect(MapFile, clean(doc.data, MapFile))
    if spec is None:
        return [_problem(doc, e) for e in errors]
    try:
        if spec.random is None:
            check_map(spec, rules, "")
        else:  # a random map's spec (ow-random): its own checks; the generator lays the map out
            read_map(doc.data, "")
    except ContentError as e:
        return [_problem(doc, e), *saving_problems(doc)]
    return saving_problems(doc)


def campaign_problems_of(doc: Document, rules: Ruleset, map_rules: OpenWarsRules) -> list[Problem]:
    """A campaign's problems: its keys and types (all of them), then every problem check-content finds
    across them (systems/campaign/theatre.py's campaign_problems) and in its [numbers]."""
    spec, errors = collect(CampaignFile, clean(doc.data, CampaignFile))
    if spec is None:
        return [_problem(doc, e) for e in errors]
    found = [_problem(doc, e) for e in campaign_problems(spec, rules, map_rules, _ground)]
    try:
        check_partial(CampaignNumbers, spec.numbers, "numbers")
    except ContentError as e:
        found.append(_problem(doc, e))
    return found + saving_problems(doc)


_GROUNDS: set[tuple[str, str, tuple[object, ...]]] = set()  # grounds read, by id, ruleset and mods


def _ground(ref: str, rules: Ruleset) -> None:
    """A place's battlefield read as the campaign's loader reads it (load_scenario), once for each
    that reads: a ground that does not (a scenario not made yet) is read again the next time."""
    key = (ref, rules.content_hash, tuple(m.root for m in rules.loaded_mods))
    if key not in _GROUNDS:
        load_scenario(ref, rules)
        _GROUNDS.add(key)


def problems_of(doc: Document, rules: Ruleset, map_rules: OpenWarsRules | None) -> list[Problem]:
    """The document's problems, by its kind."""
    if doc.kind == "campaign":
        assert map_rules is not None
        return campaign_problems_of(doc, rules, map_rules)
    if doc.kind == "map":
        assert map_rules is not None
        return map_problems_of(doc, map_rules)
    return scenario_problems_of(doc, rules)
