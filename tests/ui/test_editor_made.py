"""Issue 26's proof: a battle and an Open Wars map made in the editor's window from nothing, only by
clicks, keys and letters typed into it (tests/ui/editor_driver.py), saved as a mod that check-content
passes, and played to their end by `simulate`."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pygame
import pytest

from game.cli.entry import main
from game.content.locale import Texts
from game.modding.content_check import check_content
from game.ui.editor.map_page import MapCanvas
from game.ui.editor.screen import EditorScreen
from game.ui.editor.table import TableCanvas
from tests.ui.editor_driver import (
    bar,
    choose_value,
    click,
    click_at,
    field,
    frames,
    key,
    labelled,
    pick_kind,
    press,
    tab,
    tool,
    type_in,
    widget,
)


@pytest.fixture
def mods(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "mods"
    monkeypatch.setattr("game.ui.editor.files.user_mods_dir", lambda: folder)
    return folder


def save_as_mod(ed: EditorScreen, window720: pygame.Surface) -> None:
    """Save as mod, the mod's id the one offered (my-battles): Enter answers."""
    press(ed, window720, bar(ed, "save_mod"))
    assert ed.dialog is not None
    key(ed, window720, pygame.K_RETURN, unicode="\r")
    frames(ed, window720)
    assert ed.dialog is None and not ed.doc.dirty, ed.status


def plays_to_its_end(path: Path, capfd: pytest.CaptureFixture[str]) -> dict:
    capfd.readouterr()
    assert main(["simulate", "--scenario", str(path), "--json"]) == 0
    result = json.loads(capfd.readouterr().out)
    assert result["end_reason"] not in ("", "in progress")
    return result


def draw(ed: EditorScreen, window720: pygame.Surface, points: list[tuple[float, float]]) -> None:
    """Click each point on the table, then a right click ends the drawing."""
    canvas = ed.canvas
    assert isinstance(canvas, TableCanvas)
    for p in points:
        click_at(ed, window720, canvas.camera.to_screen(p))
    click_at(ed, window720, canvas.camera.to_screen(points[0]), button=3)
    frames(ed, window720)


def test_a_battle_is_made_in_the_window_from_an_empty_table(
    window720: pygame.Surface, mods: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    ed = EditorScreen(window720.get_size(), Texts("en"), [])
    frames(ed, window720)
    t = ed.t
    # the battle: its id, its names in English and Spanish, a round limit
    type_in(ed, window720, field(ed, (), "id"), "hill-fight")
    type_in(ed, window720, field(ed, (), "name"), "The Fight for the Hill")
    type_in(ed, window720, field(ed, (), "max_rounds"), "4")
    press(ed, window720, bar(ed, "language"))
    type_in(ed, window720, field(ed, (), "name", "es"), "La lucha por el cerro")
    press(ed, window720, bar(ed, "language"))
    # the ground: a hill and a road drawn with the mouse, an objective on the hill, named
    pick_kind(ed, window720, t("terrain_hill"))
    press(ed, window720, tool(ed, "draw"))
    draw(ed, window720, [(30, 18), (42, 18), (44, 28), (28, 28)])
    pick_kind(ed, window720, t("terrain_road"))
    press(ed, window720, tool(ed, "draw"))
    draw(ed, window720, [(10, 0), (36, 24), (60, 48)])
    press(ed, window720, tool(ed, "objective"))
    canvas = ed.canvas
    assert isinstance(canvas, TableCanvas)
    click_at(ed, window720, canvas.camera.to_screen((36, 23)))
    frames(ed, window720)
    assert ed.tab == "chosen" and canvas.selected == ("objectives", 0)
    type_in(ed, window720, field(ed, ("objectives", 0), "name"), "Cerro Pelado")
    # each side's deployment zone along its edge
    press(ed, window720, tool(ed, "zone", 0))
    draw(ed, window720, [(2, 2), (70, 2), (70, 12), (2, 12)])
    press(ed, window720, tool(ed, "zone", 1))
    draw(ed, window720, [(2, 36), (70, 36), (70, 46), (2, 46)])
    # the armies: two divisions a side of two brigades each, one of them light cavalry
    press(ed, window720, tab(ed, "armies"))
    for side in (0, 1):
        for division in (0, 1):
            click(ed, window720, labelled(ed, t("editor_add_division"), side))
            for _ in range(2):  # each division's "+ Brigade", in the order the panel shows them
                click(ed, window720, labelled(ed, t("editor_add_unit"), 2 * side + division))
            assert len(ed.doc.get(("sides", side, "divisions", division, "units"))) == 2
        last = ("sides", side, "divisions", 1, "units", 1)
        choose_value(
            ed, window720, widget(ed, lambda _w, b, at=last: b.path == at and b.name == "category"), "LC"
        )
    type_in(ed, window720, field(ed, ("sides", 0, "divisions", 0), "officer"), "General Azul")
    assert ed.problems == [], [p.text for p in ed.problems]
    # the name typed is one step: undo takes it back (even with its entry still focused), redo gives it
    key(ed, window720, pygame.K_z, pygame.KMOD_CTRL)
    assert ed.doc.get(("sides", 0, "divisions", 0, "officer")) is None
    key(ed, window720, pygame.K_y, pygame.KMOD_CTRL)
    assert ed.doc.get(("sides", 0, "divisions", 0, "officer")) == "General Azul"
    save_as_mod(ed, window720)

    written = mods / "my-battles" / "scenarios" / "hill-fight.toml"
    assert ed.path == written
    data = tomllib.loads(written.read_text(encoding="utf-8"))
    assert (
        data["name"] == "The Fight for the Hill" and data["locale"]["es"]["name"] == "La lucha por el cerro"
    )
    assert [f["kind"] for f in data["terrain"]] == ["hill", "road"]
    assert data["objectives"][0]["name"] == "Cerro Pelado" and data["max_rounds"] == 4
    assert [u["category"] for u in data["sides"][1]["divisions"][1]["units"]][1] == "LC"
    assert check_content([mods / "my-battles"]).problems == []
    result = plays_to_its_end(written, capfd)
    assert result["scenario"] == "hill-fight" and 1 <= result["rounds"] <= 4


def test_an_open_wars_map_is_made_in_the_window_from_nothing(
    window720: pygame.Surface, mods: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    ed = EditorScreen(window720.get_size(), Texts("en"), [])
    frames(ed, window720)
    press(ed, window720, bar(ed, "new_map"))
    t, canvas = ed.t, ed.canvas
    assert isinstance(canvas, MapCanvas) and ed.doc.kind == "map"
    type_in(ed, window720, field(ed, (), "id"), "two-towns")
    type_in(ed, window720, field(ed, (), "name"), "Two Towns")
    type_in(ed, window720, field(ed, (), "max_rounds"), "6")
    # the cards: two cities at either end, a plain and a lake between them
    places = {"city": [(10, 50), (90, 50)], "plain": [(50, 30)], "water": [(50, 75)]}
    press(ed, window720, tool(ed, "place"))
    for kind, spots in places.items():
        pick_kind(ed, window720, t(f"ow_type_{kind}"))
        for at in spots:
            click_at(ed, window720, canvas.to_screen(at))
    assert [loc["type"] for loc in ed.doc.get(("locations",))] == ["city", "city", "plain", "water"]
    # the links: each city to the plain (by land) and to the lake (by water)
    press(ed, window720, tool(ed, "link"))
    for city in places["city"]:
        for middle in (places["plain"][0], places["water"][0]):
            click_at(ed, window720, canvas.to_screen(city))
            click_at(ed, window720, canvas.to_screen(middle))
    assert len(ed.doc.get(("links",))) == 4
    # a card picked and filled in: the plain's name and gold
    press(ed, window720, tool(ed, "select"))
    click_at(ed, window720, canvas.to_screen(places["plain"][0]))
    frames(ed, window720)
    assert ed.tab == "chosen" and canvas.selected == ("locations", 2)
    type_in(ed, window720, field(ed, ("locations", 2), "name"), "Wheat Fields")
    type_in(ed, window720, field(ed, ("locations", 2), "gold"), "2")
    # the players: two, the second an orc in the other city, each with gold and tokens
    press(ed, window720, tab(ed, "players"))
    click(ed, window720, labelled(ed, t("editor_add_player")))
    click(ed, window720, labelled(ed, t("editor_add_player")))
    choose_value(ed, window720, field(ed, ("players", 1), "home"), "city-2")
    choose_value(ed, window720, field(ed, ("players", 1), "faction"), "orcs")
    for player, faction in ((0, ed.doc.get(("players", 0, "faction"))), (1, "orcs")):
        type_in(ed, window720, field(ed, ("players", player), "gold"), "6")
        first = ed.ow.factions[faction].units[0].id
        tokens = widget(ed, lambda _w, b, p=player: b.path == ("players", p) and b.name == "units")
        type_in(ed, window720, tokens, "3")
        assert ed.doc.get(("players", player, "units")) == [{"unit": first, "count": 3}]
    assert ed.problems == [], [p.text for p in ed.problems]
    save_as_mod(ed, window720)

    written = mods / "my-battles" / "scenarios" / "open-wars" / "two-towns.toml"
    assert ed.path == written
    data = tomllib.loads(written.read_text(encoding="utf-8"))
    assert data["ruleset"] == "open-wars" and data["max_rounds"] == 6
    assert data["locations"][2]["name"] == "Wheat Fields" and data["locations"][2]["gold"] == 2
    assert [p["home"] for p in data["players"]] == ["city-1", "city-2"]
    assert check_content([mods / "my-battles"]).problems == []
    result = plays_to_its_end(written, capfd)
    assert result["scenario"] == "two-towns"
