"""The editor's window on content whose every text is hostile (tests/planted.py): markup that would
ask pygame-gui for a font of 900000 pixels, a NUL no font draws, on every name of a battle and a map.
Each tab, each element chosen, both languages and the list of files to open are drawn; every such
text shows as written (markup never read), and nothing raises."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import CONTENT
from game.content.locale import Texts
from game.content.toml_text import dumps
from game.model.errors import UserError
from game.ui.editor.screen import EditorScreen
from tests.planted import hostile_mod
from tests.ui.editor_driver import bar, frames, press, tab

pytestmark = pytest.mark.filterwarnings("ignore:Label Rect is too small:UserWarning")  # long names, cut
MARK = "<font pixel_size=900000>"


def hostile(where: str, room: int) -> str:
    return f"{MARK}\x00{where}"[:room]


def shown(ed: EditorScreen) -> list[str]:
    """The text of every label, button and entry of the panel."""
    out = []
    for w in ed.form.widgets:
        text = getattr(w, "text", None)
        out.append(str(text) if text is not None else str(w.get_text()))
    return out


def tour(ed: EditorScreen, window720: pygame.Surface, elements: list[tuple[str, int]]) -> list[str]:
    seen = []
    for _names in ("en", "es"):  # the names edited in each language (the bar's button)
        for name in ed.tab_buttons.values():
            press(ed, window720, tab(ed, name))
            seen += shown(ed)
        for element in elements:
            ed.select(element)
            frames(ed, window720)
            seen += shown(ed)
        press(ed, window720, bar(ed, "language"))
    press(ed, window720, bar(ed, "open"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    frames(ed, window720)
    return seen


@pytest.mark.parametrize("language", ["en", "es"])
def test_hostile_names_show_as_written_in_the_editor(
    window720: pygame.Surface, tmp_path: Path, language: str
) -> None:
    mod = hostile_mod(tmp_path, hostile)
    mods: list = []  # the files opened by their paths: a mod's own name may hold no NUL (load_mod)
    battle = EditorScreen(window720.get_size(), Texts(language), mods, mod / "scenarios" / "evil.toml")
    frames(battle, window720)
    terrain = len(battle.doc.get(("terrain",)) or [])
    chosen = [("terrain", k) for k in range(terrain)] + [("objectives", 0)]
    seen = tour(battle, window720, chosen)
    assert sum(MARK in s for s in seen) > 10 and not any("\x00" in s for s in seen)
    world = EditorScreen(
        window720.get_size(), Texts(language), mods, mod / "scenarios" / "open-wars" / "evil-map.toml"
    )
    frames(world, window720)
    seen = tour(world, window720, [("locations", 0), ("players", 0)])
    assert sum(MARK in s for s in seen) > 5 and not any("\x00" in s for s in seen)


BATTLE = CONTENT / "scenarios" / "first-battle.toml"
MAP = CONTENT / "scenarios" / "open-wars" / "ow-twin-fords.toml"
# (file, key path, value): each crashed the editor's window before it checked a file's shape
MISSHAPEN = [
    (BATTLE, ("objectives",), True),
    (BATTLE, ("sides", 1, "divisions", 0, "units", 1), "x"),
    (BATTLE, ("sides", 1, "divisions", 0), [1]),
    (BATTLE, ("sides", 0, "divisions", 1, "units"), 3),
    (BATTLE, ("objectives", 0, "held_by"), {"a": 1}),
    (BATTLE, ("terrain",), 1e308),
    (MAP, ("links", 0), {"a": 1}),
    (MAP, ("links", 1, 1), [[1, 2]]),
    (MAP, ("locations", 1, "at", 1), ""),
    (MAP, ("locations", 2, "id"), []),
    (MAP, ("players", 1, "units", 0, "unit"), [[1, 2]]),
    (MAP, ("players",), True),
]
# values the right shape but out of range: the editor opens them, draws them, and shows their problems
OUT_OF_RANGE = [
    (MAP, ("locations", 0, "at", 0), 1e308),
    (MAP, ("players", 0, "colour", 1), 300),  # a colour is 0 to 255 a channel (session 10)
    (BATTLE, ("sides", 0, "colour"), [1e308, 0, 0]),
    (BATTLE, ("objectives", 0, "at"), [1e308, -1e308]),
]


def altered(source: Path, path: tuple[Any, ...], value: Any, folder: Path) -> Path:
    data = tomllib.loads(source.read_text(encoding="utf-8"))
    node = data
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    target = folder / source.name
    target.write_text(dumps(data), encoding="utf-8")
    return target


@pytest.mark.parametrize(("source", "path", "value"), MISSHAPEN)
def test_a_misshapen_file_is_refused_in_one_line(
    window720: pygame.Surface, tmp_path: Path, source: Path, path: tuple[Any, ...], value: Any
) -> None:
    target = altered(source, path, value, tmp_path)
    with pytest.raises(UserError) as refused:
        EditorScreen(window720.get_size(), Texts("en"), [], target)
    line = str(refused.value)
    assert line.startswith(f"{target}: ") and "expected" in line and "\n" not in line


@pytest.mark.parametrize(("source", "path", "value"), OUT_OF_RANGE)
def test_a_value_out_of_range_is_shown_as_a_problem(
    window720: pygame.Surface, tmp_path: Path, source: Path, path: tuple[Any, ...], value: Any
) -> None:
    ed = EditorScreen(window720.get_size(), Texts("en"), [], altered(source, path, value, tmp_path))
    frames(ed, window720)
    element = (str(path[0]), int(path[1])) if isinstance(path[1], int) else ("sides", 0)
    assert tour(ed, window720, [element])  # every tab and the element drawn
    assert any(p.path[: len(path)] == path for p in ed.problems), ed.problems


def test_play_edit_on_a_misshapen_file_is_one_line(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    from game.cli.entry import main

    target = altered(BATTLE, ("sides", 0, "divisions"), "x", tmp_path)
    assert main(["play", "--edit", str(target), "--frames", "3"]) == 2
    err = capfd.readouterr().err.strip()
    assert err.startswith(f"error: {target}: sides[0].divisions: expected a list") and "\n" not in err


def test_check_content_lists_the_problems_of_a_file_the_editor_refuses(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], window720: pygame.Surface
) -> None:
    """The refusal says check-content lists every problem: given the file itself, it does."""
    from game.cli.entry import main
    from game.editing.files import Refused

    target = altered(BATTLE, ("sides", 0, "divisions"), "x", tmp_path)
    with pytest.raises(Refused, match="check-content"):
        EditorScreen(window720.get_size(), Texts("en"), [], target)
    assert main(["check-content", str(target)]) == 2
    err = capfd.readouterr().err
    assert f"error: {target}: sides[0].divisions: expected a list" in err, err


@pytest.mark.parametrize(
    ("path", "counted"),
    [
        (BATTLE, "1 scenario"),
        (MAP, "1 scenario"),
        (CONTENT / "campaigns" / "peninsular.toml", "1 campaign"),
    ],
)
def test_check_content_checks_a_scenario_map_or_campaign_file_by_itself(
    capfd: pytest.CaptureFixture[str], path: Path, counted: str
) -> None:
    from game.cli.entry import main

    assert main(["check-content", str(path)]) == 0
    out = capfd.readouterr().out
    assert out.startswith("ok: ") and counted in out, out


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("folder", "is a folder, not a file"),
        ("/dev/null", "not a regular file (a pipe, a socket or a device)"),
        ("gone.toml", "no such file"),
    ],
)
def test_play_edit_says_what_is_wrong_with_what_it_is_given(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], name: str, says: str
) -> None:
    from game.cli.entry import main

    (tmp_path / "folder").mkdir()
    target = tmp_path / name  # /dev/null stays itself
    assert main(["play", "--edit", str(target), "--frames", "3"]) == 2
    assert capfd.readouterr().err.strip() == f"error: play: --edit {target}: {says}"


# numbers a file may hold, each the right type: the editor opens the file, draws every tab and element
# (a label, the grid, the camera: none may take a number too large for pygame or a loop too long to end)
# and its problems say which number is out of range, where (issue 35: each crashed the label drawing)
EXTREME = [
    (BATTLE, ("table",), [1e20, 48], ("table", 0), "Table width"),
    (BATTLE, ("table",), [1e308, 48], ("table", 0), "Table width"),
    (BATTLE, ("table",), [2**63 - 1, 48], ("table", 0), "Table width"),
    (BATTLE, ("table",), [48, -(2**63)], ("table", 1), "Table depth"),
    (BATTLE, ("objectives", 0, "at"), [10**300, 5], ("objectives", 0, "at"), "Objective 1 › x"),
    (
        BATTLE,
        ("terrain", 0, "polygon", 0),
        [1e308, 2**63 - 1],
        ("terrain", 0, "polygon"),
        "Terrain feature 1",
    ),
    (MAP, ("locations", 0, "gold"), 10**300, ("locations", 0, "gold"), "Card 1 › Gold"),
]


@pytest.mark.parametrize(("source", "path", "value", "at", "place"), EXTREME)
def test_an_extreme_number_is_drawn_within_bounds_and_said_where_it_is(
    window720: pygame.Surface,
    tmp_path: Path,
    source: Path,
    path: tuple[Any, ...],
    value: Any,
    at: tuple[Any, ...],
    place: str,
) -> None:
    ed = EditorScreen(window720.get_size(), Texts("en"), [], altered(source, path, value, tmp_path))
    frames(ed, window720)
    element = (str(path[0]), int(path[1])) if len(path) > 1 else ("table",)
    assert tour(ed, window720, [element] if len(path) > 1 else [])
    found = [p for p in ed.problems if p.path[: len(at)] == at]
    assert found, ed.problems
    lines = [b.text for b in ed.problem_list.item_list_container.elements]
    assert any(line.startswith(place) for line in lines), lines


def test_an_element_at_an_extreme_place_is_moved_within_the_table_s_reach(
    window720: pygame.Surface, tmp_path: Path
) -> None:
    from game.editing import battle as edit

    far = altered(BATTLE, ("objectives", 0, "at"), [10**300, 5], tmp_path)
    ed = EditorScreen(window720.get_size(), Texts("en"), [], far)
    edit.move_by(ed.doc, ("objectives", 0), 1.0, 1.0)  # 10**300 inches away, then moved
    assert ed.doc.get(("objectives", 0, "at")) == [480, 6]  # within reach: 480 inches at most
    frames(ed, window720)


def test_a_card_placed_on_a_random_maps_spec_starts_its_list(window720: pygame.Surface) -> None:
    """The fuzzer's (seed 11): a random map's spec (ow-random) has no locations, links nor players yet;
    a card placed, a link and a player made their lists (an assertion of the document's before)."""
    from game.editing import maps

    spec = CONTENT / "scenarios" / "open-wars" / "ow-random.toml"
    ed = EditorScreen(window720.get_size(), Texts("en"), [], spec)
    for at in ((20, 20), (60, 60)):
        maps.add_location(ed.doc, "city", at)
    maps.toggle_link(ed.doc, "city-1", "city-2")
    maps.add_player(ed.doc, ed.ow, next(iter(ed.ow.factions)), "city-1")
    maps.set_tokens(ed.doc, 0, "x", 2)
    frames(ed, window720)
    assert len(ed.doc.get(("locations",))) == 2 and ed.doc.get(("links",)) == [["city-1", "city-2"]]


LONG = "W" * 10_000


def test_names_of_ten_thousand_letters_are_cut_to_their_room(
    window720: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two sides of 10,000-letter names (issue 35: a label shortened a letter at a time, redrawn each time,
    hung the window): the zone tools, the title and the panel's labels are cut to fit, in one step."""
    from game.ui import theme

    target = altered(BATTLE, ("sides", 0, "name"), LONG, tmp_path)
    data = tomllib.loads(target.read_text(encoding="utf-8"))
    data["sides"][1]["name"] = "word " * 2000
    data["name"] = LONG
    target.write_text(dumps(data), encoding="utf-8")
    measured: list[int] = []
    real = theme.cut

    def cut(text: str, f: Any, width: int, whole_words: bool = True) -> str:
        spy = type("Spy", (), {"size": lambda _s, x: (measured.append(len(x)), f.size(x))[1]})()
        return real(text, spy, width, whole_words)

    monkeypatch.setattr(theme, "cut", cut)
    ed = EditorScreen(window720.get_size(), Texts("en"), [], target)
    tour(ed, window720, [("sides", 0)])
    zones = [b for b, (kind, _arg) in ed.tools.items() if kind == "zone"]
    assert all(b.text.endswith("…") and len(b.text) < 40 for b in zones), [b.text for b in zones]
    assert measured and max(measured) <= window720.get_width()  # a letter at most per pixel of its room


def test_a_card_removed_while_it_is_dragged_is_not_moved(window720: pygame.Surface) -> None:
    """The fuzzer's (seed 2026): a card pressed, Delete (or Ctrl+Z) with the mouse still held, the mouse let
    go: the drag moved a card that was no longer there (an assertion of the document's)."""
    from game.editing import maps

    ed = EditorScreen(window720.get_size(), Texts("en"), [], kind="map")
    for at in ((20, 20), (70, 60)):
        maps.add_location(ed.doc, "plain", at)
    frames(ed, window720)
    card = ed.canvas.to_screen((70, 60))  # type: ignore[union-attr]
    ed.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=card, button=1))
    ed.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DELETE, mod=0, unicode="", scancode=0))
    ed.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(9, 9), buttons=(1, 0, 0)))
    ed.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(300, 300), button=1))
    frames(ed, window720)
    assert [loc["id"] for loc in ed.doc.get(("locations",))] == ["plain-1"]


def test_a_vertex_undone_while_it_is_dragged_is_not_moved(window720: pygame.Surface) -> None:
    from game.editing import battle as edit
    from game.ui.editor.table import TableCanvas

    ed = EditorScreen(window720.get_size(), Texts("en"), [])
    frames(ed, window720)
    edit.add_terrain(ed.doc, ed.rules, "wood", [(10, 10), (20, 10), (20, 18), (10, 18)])
    canvas = ed.canvas
    assert isinstance(canvas, TableCanvas)
    canvas.selected = ("terrain", 0)
    frames(ed, window720)
    corner = canvas.camera.to_screen((20, 18))
    at = (int(corner[0]), int(corner[1]))
    ed.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    assert canvas.drag is not None and canvas.drag.what == "vertex"
    ed.handle(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    )
    ed.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(at[0] + 40, at[1]), rel=(40, 0), buttons=(1, 0, 0)))
    ed.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(at[0] + 40, at[1]), button=1))
    frames(ed, window720)
    assert ed.doc.get(("terrain",)) == []  # undone, and nothing moved on its behalf


CAMPAIGN = CONTENT / "campaigns" / "peninsular.toml"
CAMPAIGN_ELEMENTS = [
    ("locations", 0),
    ("sides", 0, "armies", 0),
    ("events", 1),
    ("events", 1, "effects", 0, "army"),
]
# a campaign's numbers of every size and keys left out (issue 36, item 4): it opens, every tab and element
# is drawn, and its problem says which key it is
CAMPAIGN_CASES = [
    (("locations", 0, "fortress"), 10**300, "locations[0].fortress"),
    (("locations", 0, "at"), [1e308, -1e308], "locations[0].at[0]"),
    (("start",), [10**300, 99], "start[0]"),
    (("events", 0, "turn"), 10**300, "events[0].turn"),
    (
        ("sides", 0, "armies", 0, "divisions", 0, "units", 0, "hits"),
        2**63 - 1,
        "sides[0].armies[0].divisions",
    ),
    (("sides", 0, "armies", 0, "name"), LONG, "sides[0].armies[0].name"),
    (("victory",), None, "victory"),
    (("sides", 0, "armies", 0, "location"), None, "sides[0].armies[0].location"),
    (("events", 1, "effects", 0, "army"), None, "events[1].effects[0].army"),
]


@pytest.mark.parametrize(("path", "value", "key"), CAMPAIGN_CASES, ids=[c[2] for c in CAMPAIGN_CASES])
def test_a_hostile_campaign_opens_and_says_what_is_wrong_where(
    window720: pygame.Surface, tmp_path: Path, path: tuple[Any, ...], value: Any, key: str
) -> None:
    data = tomllib.loads(CAMPAIGN.read_text(encoding="utf-8"))
    node = data
    for k in path[:-1]:
        node = node[k]
    if value is None:  # a key left out
        del node[path[-1]]
    else:
        node[path[-1]] = value
    target = tmp_path / "hostile.toml"
    target.write_text(dumps(data), encoding="utf-8")
    ed = EditorScreen(window720.get_size(), Texts("es"), [], target)
    frames(ed, window720)
    for name in ed.tab_buttons.values():
        press(ed, window720, tab(ed, name))
    for element in CAMPAIGN_ELEMENTS:
        ed.select(element)
        frames(ed, window720)
    assert any(p.key.startswith(key) for p in ed.problems), [p.key for p in ed.problems]
    assert ed.doc.kind == "campaign"


def test_a_campaign_s_hostile_names_show_as_written(window720: pygame.Surface, tmp_path: Path) -> None:
    """Markup and a NUL in a campaign's every name, its own and its Spanish words: shown as written."""
    data = tomllib.loads(CAMPAIGN.read_text(encoding="utf-8"))
    evil = hostile("campaign", 60)
    data["locations"][0]["name"] = data["sides"][0]["name"] = data["events"][1]["name"] = evil
    army = data["sides"][0]["armies"][0]
    army["name"] = army["staff"]["name"] = army["divisions"][0]["officer"] = evil
    army["divisions"][0]["units"][0]["name"] = evil
    words = data["locale"]["es"]
    words["locations"]["a-coruna"] = words["armies"]["dupont"] = words["units"]["fr-barbou-1"] = evil
    words["events"]["british-landing"] = {"name": evil, "text": evil}
    target = tmp_path / "evil-campaign.toml"
    target.write_text(dumps(data), encoding="utf-8")
    ed = EditorScreen(window720.get_size(), Texts("es"), [], target)
    frames(ed, window720)
    seen = tour(ed, window720, CAMPAIGN_ELEMENTS)
    assert sum(MARK in s for s in seen) > 10 and not any("\x00" in s for s in seen)


@pytest.mark.parametrize(
    ("path", "value"),
    [(("sides", 0, "armies"), "x"), (("events", 0, "effects", 0), [1]), (("locations", 2, "raises"), 3)],
)
def test_a_misshapen_campaign_is_refused_in_one_line(
    window720: pygame.Surface, tmp_path: Path, path: tuple[Any, ...], value: Any
) -> None:
    target = altered(CAMPAIGN, path, value, tmp_path)
    with pytest.raises(UserError) as refused:
        EditorScreen(window720.get_size(), Texts("en"), [], target)
    line = str(refused.value)
    assert line.startswith(f"{target}: ") and "expected" in line and "\n" not in line
