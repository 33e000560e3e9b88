"""The editor's defects a new player met (issue 38): a link dragged from card to card, a drawing ended too
soon or with a double click, the south edge offered to the side already there, the way back from a battle
tried, a battle saved and then looked for on the start screen, and problems placed by TOML keys."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import CONTENT
from game.content.locale import Texts
from game.editing import battle as edit
from game.editing import maps
from game.running.match import battles_dir
from game.running.settings import Settings
from game.ui.editor.map_page import MapCanvas
from game.ui.editor.screen import EditorScreen
from game.ui.editor.table import TableCanvas
from game.ui.start.screen import Setup, StartScreen
from tests.ui.editor_driver import frames, labelled, mouse, press, tab, tool


def test_a_link_dragged_from_one_card_to_another_is_made(window720: pygame.Surface) -> None:
    ed = EditorScreen(window720.get_size(), Texts("en"), [], kind="map")
    for at in ((20, 20), (70, 60)):
        maps.add_location(ed.doc, "plain", at)
    frames(ed, window720)
    press(ed, window720, tool(ed, "link"))
    canvas = ed.canvas
    assert isinstance(canvas, MapCanvas)
    a, b = canvas.to_screen((20, 20)), canvas.to_screen((70, 60))
    mouse(pygame.MOUSEBUTTONDOWN, a)
    mouse(pygame.MOUSEMOTION, ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2))
    mouse(pygame.MOUSEMOTION, b)
    mouse(pygame.MOUSEBUTTONUP, b)
    frames(ed, window720)
    assert ed.doc.get(("links",)) == [["plain-1", "plain-2"]]
    assert canvas.linking is None  # no line left following the mouse until the next click


def test_a_link_dropped_off_the_cards_leaves_no_line(window720: pygame.Surface) -> None:
    ed = EditorScreen(window720.get_size(), Texts("en"), [], kind="map")
    maps.add_location(ed.doc, "plain", (20, 20))
    frames(ed, window720)
    press(ed, window720, tool(ed, "link"))
    canvas = ed.canvas
    assert isinstance(canvas, MapCanvas)
    mouse(pygame.MOUSEBUTTONDOWN, canvas.to_screen((20, 20)))
    mouse(pygame.MOUSEBUTTONUP, canvas.to_screen((60, 80)))
    frames(ed, window720)
    assert canvas.linking is None and not ed.doc.get(("links",))


def _drawing(window720: pygame.Surface, language: str = "en") -> tuple[EditorScreen, TableCanvas]:
    ed = EditorScreen(window720.get_size(), Texts(language), [])
    frames(ed, window720)
    press(ed, window720, tool(ed, "draw"))
    assert isinstance(ed.canvas, TableCanvas) and ed.canvas.tool.terrain == "wood"
    return ed, ed.canvas


def _click(ed: EditorScreen, canvas: TableCanvas, at: tuple[float, float], when: float) -> None:
    """A click on the table at a moment of the editor's clock (a double click is two, 0.1 s apart)."""
    pos = canvas.camera.to_screen(at)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        canvas.handle(pygame.event.Event(kind, pos=(int(pos[0]), int(pos[1])), button=1), when)


def test_a_drawing_ended_with_too_few_points_stays_and_says_how_many(window720: pygame.Surface) -> None:
    ed, canvas = _drawing(window720, "es")
    point = canvas.camera.to_screen((10, 10))
    mouse(pygame.MOUSEBUTTONDOWN, point)
    mouse(pygame.MOUSEBUTTONUP, point)
    frames(ed, window720, 1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    frames(ed, window720)
    assert len(canvas.drawing) == 1 and not ed.doc.get(("terrain",))  # kept for more, not dropped
    assert (
        ed.status == "Hacen falta 3 puntos como mínimo: haz clic en más y pulsa Intro; Esc descarta el dibujo"
    )
    for at in ((20, 10), (20, 18)):
        point = canvas.camera.to_screen(at)
        mouse(pygame.MOUSEBUTTONDOWN, point)
        mouse(pygame.MOUSEBUTTONUP, point)
        frames(ed, window720, 1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    frames(ed, window720)
    assert len(ed.doc.get(("terrain",))[0]["polygon"]) == 3 and ed.status == ""


def test_a_double_click_on_the_last_point_ends_the_drawing_without_a_second_one(
    window720: pygame.Surface,
) -> None:
    ed, canvas = _drawing(window720)
    for k, at in enumerate(((10, 10), (20, 10), (20, 18))):
        _click(ed, canvas, at, 10.0 * k)
    _click(ed, canvas, (20, 18), 40.0)  # a double click on the last point placed, a while later
    _click(ed, canvas, (20, 18), 40.1)
    (wood,) = ed.doc.get(("terrain",))
    assert len(wood["polygon"]) == 3, wood  # three points: the last one not twice


def test_the_south_edge_is_offered_only_to_the_side_at_the_north(window720: pygame.Surface) -> None:
    ed = EditorScreen(window720.get_size(), Texts("en"), [])
    frames(ed, window720)
    press(ed, window720, tab(ed, "armies"))
    offered = [
        b for w, b in ed.form.bound.items() if b.kind == "action" and w.text == ed.t("editor_sit_south")
    ]
    assert len(offered) == 1  # the red army's, at the north: the blue army sits at the south already
    assert ed.doc.get(("sides", 0, "edge")) == "south"
    offered[0].action()  # type: ignore[misc]
    assert [s["edge"] for s in ed.doc.get(("sides",))] == ["north", "south"]
    frames(ed, window720)
    assert labelled(ed, ed.t("editor_sit_south")) is not None  # now the blue army's


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_battle_tried_from_the_editor_says_the_way_back_is_to_the_editor(
    window720: pygame.Surface, language: str
) -> None:
    from game.ui.battle.end_screen import EndScreen
    from game.ui.battle.pause_menu import MENUS
    from game.ui.battle.screen import BattleScreen
    from game.ui.opening import open_tried
    from game.ui.playing.settings_menu import game_menu_items

    t = Texts(language)
    ed = EditorScreen(window720.get_size(), t, [], CONTENT / "scenarios" / "first-battle.toml")
    frames(ed, window720)
    assert ed._command("try") == "try"
    battle = open_tried(ed, Setup(), window720.get_size(), Settings(language=language))
    try:
        assert isinstance(battle, BattleScreen)
        assert ("end", t("menu_end_editor")) in game_menu_items(battle, MENUS["menu"])
        battle.menu = "menu"
        battle.draw(window720)
        EndScreen(battle).draw(window720)
    finally:
        battle.close()
    assert t("menu_end_editor") == {"en": "Back to the editor", "es": "Volver al editor"}[language]


def test_a_battle_saved_from_the_editor_is_on_the_start_screens_list(window720: pygame.Surface) -> None:
    ed = EditorScreen(window720.get_size(), Texts("es"), [], CONTENT / "scenarios" / "first-battle.toml")
    frames(ed, window720)
    ed.asked = "save"
    ed._answered(str(battles_dir() / "my-battle.toml"))
    assert not ed.doc.dirty, ed.status
    setup = Setup()
    start = StartScreen(window720.get_size(), setup, t=Texts("es"))
    start.update(0.05)
    start.draw(window720)
    mine = [name for name, sc in start.scenarios.items() if Path(sc.path) == battles_dir() / "my-battle.toml"]
    shipped = next(name for name, sc in start.scenarios.items() if sc.id == "first-battle")
    assert mine == [f"{shipped} (tus batallas)"], list(start.scenarios)  # beside the game's own
    start.scenario.selected_option = (mine[0], mine[0])
    start.chosen()
    assert setup.scenario == str(battles_dir() / "my-battle.toml")  # by its path: its id may be the game's


def test_problems_are_placed_in_words_not_toml_keys(window720: pygame.Surface) -> None:
    ed = EditorScreen(window720.get_size(), Texts("es"), [])
    frames(ed, window720)
    edit.add_objective(ed.doc, (100, 20))  # off the table
    frames(ed, window720)
    shown = [b.text for b in ed.problem_list.item_list_container.elements]
    places = [s.split(": ")[0] for s in shown]
    assert places and not any("[" in s or "sides" in s or "objectives" in s for s in places), shown
    assert any(s.startswith("Objetivo 1 › Lugar: el objetivo está fuera de la mesa") for s in shown), shown
    assert any(s.startswith("Bando 1 › Divisiones: un ejército necesita dos divisiones") for s in shown), (
        shown
    )


@pytest.mark.parametrize(
    ("language", "said"), [("en", "add them under Armies"), ("es", "añádelas en Ejércitos")]
)
def test_a_new_battles_problems_name_no_key_of_the_file(
    window720: pygame.Surface, language: str, said: str
) -> None:
    """Issue 38's pass: a new battle's sides read "or give its points as [sides.army]", a key of the file
    the editor has no field for. The editor says what to do in it; check-content keeps the file's words."""
    ed = EditorScreen(window720.get_size(), Texts(language), [], kind="scenario")
    frames(ed, window720)
    lines = ed._problem_lines()
    assert lines and all("[" not in line for line in lines), lines
    assert sum(said in line and "FG-PREP-1" in line for line in lines) == 2, lines
