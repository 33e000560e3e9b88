"""The editor's window driven as a player drives it (issue 26): tools chosen by their buttons, terrain
drawn and dragged with the mouse, undone and redone with the keys, a name typed in Spanish, the
problems a click away from their elements, Try it, and the Open Wars map's cards placed and linked."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest

from game import CONTENT
from game.content.locale import Texts
from game.content.ruleset_files import load_ruleset
from game.editing.elements import set_field
from game.editing.random_battles import random_text
from game.editing.texts import text
from game.model.modules import RandomOptions
from game.ui.editor.dialogs import OpenList
from game.ui.editor.map_page import CARD, NARROWEST, MapCanvas
from game.ui.editor.screen import EditorScreen
from game.ui.editor.table import TableCanvas
from tests.ui.editor_driver import bar, choose_value, click_at, field, frames, key, mouse, press, tab, tool


@pytest.fixture
def new(window720: pygame.Surface) -> EditorScreen:
    ed = EditorScreen(window720.get_size(), Texts("en"), [])
    frames(ed, window720)
    return ed


def test_a_wood_drawn_with_the_mouse_is_undone_and_redone_with_the_keys(
    new: EditorScreen, window720: pygame.Surface
) -> None:
    press(new, window720, tool(new, "draw"))
    canvas = new.canvas
    assert isinstance(canvas, TableCanvas) and canvas.tool.kind == "draw" and canvas.tool.terrain == "wood"
    for point in ((10, 10), (20, 10), (20, 18)):
        mouse(pygame.MOUSEBUTTONDOWN, canvas.camera.to_screen(point))
        mouse(pygame.MOUSEBUTTONUP, canvas.camera.to_screen(point))
        frames(new, window720, 1)
    mouse(pygame.MOUSEBUTTONDOWN, canvas.camera.to_screen((14, 16)), button=3)  # a right click ends it
    frames(new, window720)
    (wood,) = new.doc.get(("terrain",))
    assert wood["kind"] == "wood" and len(wood["polygon"]) == 3
    assert canvas.selected == ("terrain", 0) and new.tab == "chosen"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode=""))
    frames(new, window720)
    assert new.doc.get(("terrain",)) == []
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=pygame.KMOD_CTRL, unicode=""))
    frames(new, window720)
    assert len(new.doc.get(("terrain",))) == 1


def test_a_feature_is_dragged_as_one_step_and_snaps(new: EditorScreen, window720: pygame.Surface) -> None:
    from game.editing import battle as edit

    edit.add_terrain(new.doc, new.rules, "hill", [(30, 20), (40, 20), (40, 28), (30, 28)])
    press(new, window720, bar(new, "snap"))
    canvas = new.canvas
    assert isinstance(canvas, TableCanvas) and canvas.snap == 1.0
    steps = len(new.doc.done)
    mouse(pygame.MOUSEBUTTONDOWN, canvas.camera.to_screen((35, 24)))
    for x in (35.5, 36.5, 37.2):
        mouse(pygame.MOUSEMOTION, canvas.camera.to_screen((x, 25.1)))
        frames(new, window720, 1)
    mouse(pygame.MOUSEBUTTONUP, canvas.camera.to_screen((37.2, 25.1)))
    frames(new, window720)
    assert new.doc.get(("terrain", 0, "polygon", 0)) == [32, 21]  # moved by (2, 1): the grid's
    assert len(new.doc.done) == steps + 1


def test_a_name_typed_in_spanish_goes_to_the_spanish_words(
    new: EditorScreen, window720: pygame.Surface
) -> None:
    press(new, window720, bar(new, "language"))
    assert new.language == "es"
    entry = next(
        w for w, b in new.form.bound.items() if b.name == "name" and b.path == () and b.language == "es"
    )
    assert text(new.doc, (), "name", "es") == "Una batalla nueva"  # a new battle's first name in Spanish
    press(new, window720, entry)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode=""))
    for letter in "Alba":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
        frames(new, window720, 1)
    frames(new, window720)
    assert text(new.doc, (), "name", "es") == "Alba" and text(new.doc, (), "name", "en") == "A new battle"
    assert new.doc.undo() is not None and text(new.doc, (), "name", "es") == "Una batalla nueva"  # one step


def test_a_problem_clicked_shows_its_element(new: EditorScreen, window720: pygame.Surface) -> None:
    assert [p.element for p in new.problems] == [("sides", 0), ("sides", 1)]
    first = new.problem_list.item_list_container.elements[0]
    press(new, window720, first)
    assert new.tab == "armies"


def test_try_it_asks_for_the_problems_first_then_writes_the_battle(
    window720: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("game.running.match.user_data_dir", lambda: tmp_path)
    ed = EditorScreen(window720.get_size(), Texts("en"), [], CONTENT / "scenarios" / "first-battle.toml")
    frames(ed, window720)
    ed.doc.apply("break", [])  # nothing: no edit
    assert ed._command("try") == "try"
    assert ed.tried == tmp_path / "battles" / "first-battle-copy.toml" and ed.tried.is_file()
    blank = EditorScreen(window720.get_size(), Texts("en"), [])
    frames(blank, window720)
    assert blank._command("try") is None and "2" in blank.status


def test_save_as_a_mod_writes_into_the_mods_folder(
    window720: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("game.ui.editor.files.user_mods_dir", lambda: tmp_path / "mods")
    ed = EditorScreen(window720.get_size(), Texts("en"), [], CONTENT / "scenarios" / "first-battle.toml")
    frames(ed, window720)
    press(ed, window720, bar(ed, "save_mod"))
    assert ed.dialog is not None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    frames(ed, window720)
    assert (tmp_path / "mods" / "my-battles" / "scenarios" / "first-battle-copy.toml").is_file()
    assert not ed.doc.dirty


def test_open_wars_cards_are_placed_and_linked_with_the_mouse(window720: pygame.Surface) -> None:
    ed = EditorScreen(window720.get_size(), Texts("es"), [], kind="map")
    frames(ed, window720)
    press(ed, window720, tool(ed, "place"))
    canvas = ed.canvas
    for at in ((20, 20), (70, 60)):
        mouse(pygame.MOUSEBUTTONDOWN, canvas.to_screen(at))  # type: ignore[union-attr]
        mouse(pygame.MOUSEBUTTONUP, canvas.to_screen(at))  # type: ignore[union-attr]
        frames(ed, window720, 1)
    assert [loc["type"] for loc in ed.doc.get(("locations",))] == ["plain", "plain"]
    press(ed, window720, tool(ed, "link"))
    for at in ((20, 20), (70, 60)):
        mouse(pygame.MOUSEBUTTONDOWN, canvas.to_screen(at))  # type: ignore[union-attr]
        mouse(pygame.MOUSEBUTTONUP, canvas.to_screen(at))  # type: ignore[union-attr]
        frames(ed, window720, 1)
    assert ed.doc.get(("links",)) == [["plain-1", "plain-2"]]


def test_the_kind_menu_draws_any_terrain_kind(new: EditorScreen, window720: pygame.Surface) -> None:
    river = next(s for s, code in new.kinds.items() if code == "river")
    new.handle(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=new.kind_menu, text=river))
    assert isinstance(new.canvas, TableCanvas) and new.canvas.tool.terrain == "river"
    assert set(new.kinds.values()) == set(new.rules.terrain)


def test_closing_with_changes_not_saved_asks_once_more(new: EditorScreen, window720: pygame.Surface) -> None:
    assert new._command("close") == "close"  # nothing changed yet
    new.doc.apply("edit", [])
    set_field(new.doc, (), "max_rounds", 8)
    assert new._command("close") is None and new.status == new.t("editor_unsaved")
    assert new._command("close") == "close"


def test_the_battle_tried_opens_in_the_window_against_the_computer(
    window720: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.running.settings import Settings
    from game.ui.battle.screen import BattleScreen
    from game.ui.opening import open_battle
    from game.ui.start.screen import Setup

    monkeypatch.setattr("game.running.match.user_data_dir", lambda: tmp_path)
    ed = EditorScreen(window720.get_size(), Texts("en"), [], CONTENT / "scenarios" / "medina-de-rioseco.toml")
    frames(ed, window720)
    assert ed._command("try") == "try" and ed.tried is not None
    screen = open_battle(Setup(str(ed.tried), "human", "normal"), window720.get_size(), Settings())
    try:
        assert isinstance(screen, BattleScreen) and screen.match.scenario.id == "medina-de-rioseco-copy"
        screen.draw(window720)
    finally:
        screen.close()


def test_delete_removes_the_chosen_feature_or_a_sides_zone_never_the_side(
    new: EditorScreen, window720: pygame.Surface
) -> None:
    from game.editing import battle as edit

    edit.set_zone(new.doc, 1, [(2, 30), (60, 30), (60, 40), (2, 40)])
    edit.add_terrain(new.doc, new.rules, "wood", [(10, 10), (20, 10), (20, 18)])
    for chosen in (("terrain", 0), ("sides", 1)):
        new.canvas.selected = chosen
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DELETE, mod=0, unicode=""))
        frames(new, window720)
    assert new.doc.get(("terrain",)) == [] and new.doc.get(("sides", 1, "deployment")) is None
    assert len(new.doc.get(("sides",))) == 2


def test_the_zone_tools_say_the_sides_names_as_they_change(
    new: EditorScreen, window720: pygame.Surface
) -> None:
    """A side renamed (in the language edited) renames its zone tool at once, not at the next layout;
    the Spanish names when the editor edits Spanish; a long name is shortened to fit its button."""
    from game.editing.texts import set_text

    font = new.manager.get_theme().get_font(["button"])

    def zones() -> list[str]:
        out = [b.text for b, (kind, _k) in new.tools.items() if kind == "zone"]
        widths = [b.rect.width for b, (kind, _k) in new.tools.items() if kind == "zone"]
        assert all(font.size(label)[0] < w for label, w in zip(out, widths, strict=True)), out
        return out

    before = zones()
    set_text(new.doc, ("sides", 0), "name", "en", "Blues")
    set_text(new.doc, ("sides", 1), "name", "es", "Ejército de Andalucía y Granada")
    frames(new, window720)
    assert zones() == ["Zone: Blues", before[1]]
    press(new, window720, bar(new, "language"))
    frames(new, window720)
    shortened = zones()[1]
    assert shortened.startswith("Zone: Ejército") and shortened.endswith("…")


@pytest.mark.parametrize(
    ("language", "one", "two", "first"),
    [
        (
            "es",
            "1 problema: haz clic",
            "2 problemas: haz clic",
            ("Arregla antes el problema", "los 2 problemas"),
        ),
        ("en", "1 problem: click", "2 problems: click", ("Fix the problem first", "Fix the 2 problems")),
    ],
)
def test_the_status_counts_its_problems_in_the_singular_after_one(
    window720: pygame.Surface, tmp_path: Path, language: str, one: str, two: str, first: tuple[str, str]
) -> None:
    """The Open Wars random map with one problem, then two: 'Editor de mapas de Open Wars: 1 problemas'
    read wrong; so did Try it's "Arregla antes los 1 problemas" (session 12)."""
    spec = (CONTENT / "scenarios" / "open-wars" / "ow-random.toml").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(spec.replace("players = 2", "players = 7", 1), encoding="utf-8")
    ed = EditorScreen(window720.get_size(), Texts(language), [], wrong)
    frames(ed, window720)
    assert len(ed.problems) == 1 and one in ed.status_label.text
    assert ed._try() is None and ed.status == first[0]
    wrong.write_text(spec.replace("players = 2", "players = 7", 1).replace("gold = 10", "gold = -1", 1))
    ed = EditorScreen(window720.get_size(), Texts(language), [], wrong)
    frames(ed, window720)
    assert len(ed.problems) == 2 and two in ed.status_label.text
    assert ed._try() is None and first[1] in ed.status


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "es",
            ["1 punto", "2 puntos", "1 enlace por tierra, 2 por agua", "2 enlaces por tierra, 1 por agua"],
        ),
        ("en", ["1 point", "2 points", "1 land link, 2 water links", "2 land links, 1 water link"]),
    ],
)
def test_the_forms_counts_take_the_singular_after_one(language: str, said: list[str]) -> None:
    from game.model.words import counted

    t = Texts(language)

    def links(land: int, water: int) -> str:
        return t(
            "editor_links",
            land=counted(t, "editor_land_links", land),
            water=counted(t, "editor_water_links", water),
        )

    assert [counted(t, "editor_points", 1), counted(t, "editor_points", 2), links(1, 2), links(2, 1)] == said


def test_a_random_map_opened_in_spanish_says_its_own_words_in_spanish(
    window720: pygame.Surface, tmp_path: Path
) -> None:
    """Session 12: a map made at random (`generate --mode open-wars`) opened in the Spanish editor
    showed who made it in English ("generated by the project's map generator"), ow-random's "choose
    the players" as its description and each player's home city by its English name ("Ashford" for
    Vadoceniza). What the game itself writes is said in Spanish, the English kept for English."""
    ident, made = random_text(load_ruleset(), "open-wars", 5, RandomOptions())
    path = tmp_path / f"{ident}.toml"
    path.write_text(made, encoding="utf-8")
    ed = EditorScreen(window720.get_size(), Texts("es"), [], path, kind="map")
    frames(ed, window720)
    assert ed.language == "es"
    shown = {b.name: w.get_text() for w, b in ed.form.bound.items() if b.kind == "text" and b.path == ()}
    assert shown["name"] == "Mapa aleatorio 5"
    assert shown["description"].startswith("Un mapa hecho al azar con la semilla 5")
    assert shown["authored"] == "hecho por el generador de mapas del proyecto (OW-DEC-21)"
    assert {b.language for b in ed.form.bound.values() if b.kind == "text" and b.name != "id"} == {"es"}
    press(ed, window720, tab(ed, "players"))  # each player's home city by its Spanish name too
    home = field(ed, ("players", 0), "home")
    assert home.text == "Vadoceniza" and ed.doc.get(("players", 0, "home")) == "home-1"
    assert ("Vadoceniza", "home-1") in ed.form.bound[home].options
    assert "Ashford" not in {shown for shown, _v in ed.form.bound[home].options}
    english = {k: text(ed.doc, (), k, "en") for k in ("name", "description", "authored")}
    assert english == {
        "name": "Random map 5",
        "description": "A map made at random from seed 5: the same seed makes the same map.",
        "authored": "generated by the project's map generator (OW-DEC-21)",
    }


@pytest.mark.parametrize("seed", [5, 11])
def test_a_random_map_s_cards_do_not_hide_one_another_in_the_editor(
    window720: pygame.Surface, tmp_path: Path, seed: int
) -> None:
    """Session 12: a random map's eight columns crowded the editor's map, and cards of full width hid
    their neighbours' names. They narrow until none touches; a map with room keeps them whole."""
    ident, made = random_text(load_ruleset(), "open-wars", seed, RandomOptions())
    path = tmp_path / f"{ident}.toml"
    path.write_text(made, encoding="utf-8")
    ed = EditorScreen(window720.get_size(), Texts("es"), [], path, kind="map")
    frames(ed, window720)
    canvas = ed.canvas
    assert isinstance(canvas, MapCanvas)
    rects = [r for _i, _loc, r in canvas.cards()]
    assert len(rects) > 10 and all(r.w >= NARROWEST for r in rects)
    assert all(a.collidelist(rects[k + 1 :]) < 0 for k, a in enumerate(rects))
    assert all(canvas.view.contains(r) for r in rects)
    twin = EditorScreen(
        window720.get_size(),
        Texts("es"),
        [],
        CONTENT / "scenarios" / "open-wars" / "ow-twin-fords.toml",
        kind="map",
    )
    assert isinstance(twin.canvas, MapCanvas) and twin.canvas.card_size() == CARD
    winds = EditorScreen(  # two cards one above the other, no width parts: shorter, not all narrower
        window720.get_size(),
        Texts("es"),
        [],
        CONTENT / "scenarios" / "open-wars" / "ow-four-winds.toml",
        kind="map",
    )
    assert isinstance(winds.canvas, MapCanvas) and winds.canvas.card_size()[0] > NARROWEST + 20


def test_a_card_s_special_card_is_chosen_by_its_name_in_spanish(
    window720: pygame.Surface, tmp_path: Path
) -> None:
    """Session 12: a location's special card showed as a field "card" (its English key) holding the
    card's id ("great-forge") on the Spanish editor. It is "Carta especial", a choice of the cards of
    the location's type by their Spanish names, or none."""
    ident, made = random_text(load_ruleset(), "open-wars", 5, RandomOptions())
    path = tmp_path / f"{ident}.toml"
    path.write_text(made, encoding="utf-8")
    ed = EditorScreen(window720.get_size(), Texts("es"), [], path, kind="map")
    frames(ed, window720)
    k = next(i for i, loc in enumerate(ed.doc.get(("locations",))) if loc.get("card") == "great-forge")
    click_at(ed, window720, ed.canvas.to_screen(ed.doc.get(("locations", k, "at"))))  # type: ignore[union-attr]
    press(ed, window720, tab(ed, "chosen"))
    chooser = field(ed, ("locations", k), "card")
    assert chooser.text == "Gran forja"
    shown = dict(ed.form.bound[chooser].options)
    assert shown["ninguna (localización básica)"] == "" and shown["Gran forja"] == "great-forge"
    assert all(ed.ow.cards[c].type == "city" for c in shown.values() if c)
    labels = {w.text for w in ed.form.widgets if hasattr(w, "text")}
    assert "Carta especial" in labels and "card" not in labels
    choose_value(ed, window720, chooser, "")
    assert ed.doc.get(("locations", k, "card")) in ("", None)


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("command", ["new_battle", "new_map", "open"])
def test_new_and_open_with_changes_not_saved_ask_once_more(
    window720: pygame.Surface, language: str, command: str
) -> None:
    ed = EditorScreen(window720.get_size(), Texts(language), [])
    frames(ed, window720)
    assert ed._command(command) is None and not ed.doc.dirty and ed.status == ""  # nothing to lose
    if command == "open":
        assert isinstance(ed.dialog, OpenList)
        key(ed, window720, pygame.K_ESCAPE)  # cancelled
        assert ed.dialog is None
    doc = ed.doc
    for rounds in (8, 9):  # asked, then asked again after another change: said each time
        set_field(doc, (), "max_rounds", rounds)
        press(ed, window720, bar(ed, command))
        assert ed.doc is doc and ed.doc.get(("max_rounds",)) == rounds and ed.dialog is None
        words = ed.t("editor_unsaved_again", command=ed.t(f"editor_{command}"))
        assert words in ed.status_label.text, ed.status_label.text
    press(ed, window720, bar(ed, command))  # asked again at once: the changes are left
    press(ed, window720, bar(ed, command))  # asked again at once: the changes are left
    if command == "open":
        assert isinstance(ed.dialog, OpenList) and ed.doc is doc
    else:
        assert ed.doc is not doc and ed.doc.kind == ("map" if command == "new_map" else "scenario")
