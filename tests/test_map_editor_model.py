"""The Open Wars map editor's model driven headless (issue 26): location cards, links, players with
their faction, home city, gold and tokens, names in both languages; problems at their elements; a
map saved as a mod that check-content passes and `simulate` plays to its end."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from game import CONTENT
from game.cli.entry import main
from game.content.ruleset_files import load_ruleset
from game.content.scenario import load_any_scenario
from game.editing import maps
from game.editing.document import Document
from game.editing.elements import remove, set_field, set_id
from game.editing.fields import fields_of
from game.editing.files import open_document, save_as_mod, save_file
from game.editing.problems import map_problems_of
from game.editing.texts import set_text
from game.modding.content_check import check_content
from systems.open_wars.maps import LocationSpec
from systems.open_wars.records import OpenWarsRules
from systems.open_wars.ruleset_files import load_rules


@pytest.fixture(scope="module")
def ow() -> OpenWarsRules:
    return load_rules()


# the cards placed without a name are named in Spanish too (issue 38: not "Plain 1" in Spanish)
HILLS = {f"mountain-{n}": f"Montaña {n}" for n in (1, 2, 3)}


def small_map(ow: OpenWarsRules) -> Document:
    doc = maps.new_map()
    set_field(doc, (), "id", "three-hills")
    set_text(doc, (), "name", "en", "Three Hills")
    set_text(doc, (), "name", "es", "Tres Colinas")
    set_field(doc, (), "max_rounds", 6)
    north = maps.add_location(doc, "city", (50, 10), "Northgate")
    south = maps.add_location(doc, "city", (50, 90), "Southgate")
    hills = [maps.add_location(doc, "mountain", (x, 50)) for x in (20, 50, 80)]
    lake = maps.add_location(doc, "water", (50, 30), "The Mere")
    set_field(doc, north, "gold", 3)
    set_field(doc, south, "gold", 3)
    set_field(doc, hills[1], "mana", 2)
    set_field(doc, hills[0], "entry_cost", 2)
    set_field(doc, hills[2], "text", "A watchtower")
    ids = {p: doc.get((*p, "id")) for p in (north, south, *hills, lake)}
    for a, b in [(north, hills[0]), (north, hills[1]), (north, hills[2]), (south, hills[0]),
                 (south, hills[1]), (south, hills[2]), (north, lake)]:  # fmt: skip
        maps.toggle_link(doc, ids[a], ids[b])
    for faction, home in (("dwarves", north), ("orcs", south)):
        player = maps.add_player(doc, ow, faction, ids[home])
        set_field(doc, player, "gold", 6)
        maps.set_tokens(doc, player[1], ow.factions[faction].units[0].id, 3)
    set_text(doc, ("players", 0), "name", "es", "Enanos")
    set_text(doc, north, "name", "es", "Puerta Norte")
    return doc


def test_a_map_from_nothing_is_saved_as_a_mod_that_plays(
    ow: OpenWarsRules, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    doc = small_map(ow)
    assert map_problems_of(doc, ow) == []
    written = save_as_mod(doc, tmp_path, "my-maps")
    assert written == tmp_path / "my-maps" / "scenarios" / "open-wars" / "three-hills.toml"
    assert check_content([tmp_path / "my-maps"]).problems == []
    data = tomllib.loads(written.read_text(encoding="utf-8"))
    assert data["locale"]["es"]["locations"] == {"city-1": "Puerta Norte", **HILLS}
    assert data["players"][1]["units"] == [{"unit": "orc-warriors", "count": 3}]
    assert main(["simulate", "--scenario", str(written), "--json"]) == 0
    result = json.loads(capfd.readouterr().out)
    assert result["scenario"] == "three-hills" and result["end_reason"] not in ("", "in progress")


def test_links_are_land_or_water_by_their_ends_and_toggle(ow: OpenWarsRules) -> None:
    doc = small_map(ow)
    assert maps.link_kind(doc, "city-1", "water-1") == "water"
    assert maps.link_kind(doc, "city-1", "mountain-1") == "land"
    before = len(doc.get(("links",)))
    maps.toggle_link(doc, "mountain-1", "city-1")  # linked: unlinked
    assert len(doc.get(("links",))) == before - 1 and maps.linked(doc, "city-1", "mountain-1") is None
    doc.undo()
    assert maps.linked(doc, "city-1", "mountain-1") is not None


def test_a_renamed_or_removed_location_takes_its_links_and_home_along(ow: OpenWarsRules) -> None:
    doc = small_map(ow)
    set_id(doc, ("locations", 0), "north-gate")
    assert doc.get(("players", 0, "home")) == "north-gate"
    assert maps.linked(doc, "north-gate", "water-1") is not None
    assert doc.get(("locale", "es", "locations")) == {"north-gate": "Puerta Norte", **HILLS}
    remove(doc, ("locations", 5))  # the mere
    assert maps.linked(doc, "north-gate", "water-1") is None
    assert map_problems_of(doc, ow) == []


def test_map_problems_are_shown_at_their_element(ow: OpenWarsRules) -> None:
    doc = small_map(ow)
    set_field(doc, ("players", 1), "home", "mountain-2")
    (p,) = map_problems_of(doc, ow)
    assert p.element == ("players", 1) and "not a city" in p.text
    doc.undo()
    set_field(doc, ("locations", 2), "gold", 99)  # beyond the record's bounds
    (p,) = map_problems_of(doc, ow)
    assert p.element == ("locations", 2) and p.key == "locations[2].gold"


def test_a_location_card_form_is_the_records_own_fields() -> None:
    """A field added to the card's record appears in the editor's form with no more code."""
    form = {f.name: f for f in fields_of(LocationSpec)}
    assert list(form) == [f.name for f in LocationSpec.__dataclass_fields__.values()]
    assert form["type"].kind == "choice" and "water" in form["type"].choices
    assert form["entry_cost"].optional and form["gold"].high == 50 and form["at"].kind == "point"


def test_every_shipped_map_opens_without_problems(ow: OpenWarsRules) -> None:
    for path in sorted((CONTENT / "scenarios" / "open-wars").glob("*.toml")):
        doc = open_document(path)
        assert doc.kind == "map" and map_problems_of(doc, ow) == []


def test_a_map_that_names_no_ruleset_opens_and_saves_as_a_map(tmp_path: Path, ow: OpenWarsRules) -> None:
    """It opened as a campaign, every key of it a problem; check-content read it as a battle."""
    source = (CONTENT / "scenarios" / "open-wars" / "ow-border-march.toml").read_text(encoding="utf-8")
    path = tmp_path / "march.toml"
    path.write_text(source.replace('ruleset = "open-wars"\n', ""), encoding="utf-8")
    (problem,) = check_content([path]).problems
    assert problem == f"{path}: ruleset: missing key: expected one of 'open-wars'"  # one line, not a battle's
    doc = open_document(path)
    assert doc.kind == "map" and doc.dirty and map_problems_of(doc, ow) == []
    save_file(doc, path)
    assert load_any_scenario(path, load_ruleset())[1] == "open-wars"
    assert path.read_text(encoding="utf-8").startswith(source.split("\nid = ")[0])  # its comments
    assert check_content([path]).problems == []
