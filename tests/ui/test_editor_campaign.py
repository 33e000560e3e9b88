"""The editor's window edits campaigns (issue 36, item 4): the Peninsular War opened from its file, its
places picked on the map and edited in the panel (who holds them, their points, the brigades a city
raises, their names in Spanish), an army's brigades and an event's effects changed by clicks, and the
campaign tried at once on its own screen, whose Esc menu goes back to the editor."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pytest

from game import CONTENT
from game.content.locale import Texts
from game.editing import campaigns as camp
from game.running.match import battles_dir
from game.running.settings import Settings
from game.ui.editor.screen import EditorScreen
from game.ui.start.setup import Setup
from tests.ui.editor_driver import bar, choose, click, click_at, frames, press, tab, type_in, widget

PENINSULAR = CONTENT / "campaigns" / "peninsular.toml"
GIVE_UP = 60  # seconds the window's loop is given to try a campaign and come back


def opened(window: pygame.Surface, language: str = "en") -> EditorScreen:
    ed = EditorScreen(window.get_size(), Texts(language), [], PENINSULAR)
    frames(ed, window)
    return ed


def button(ed: EditorScreen, words: str) -> Any:
    return widget(ed, lambda w, b: b.kind == "action" and w.text == words)


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_campaign_opens_with_its_tabs_and_no_problems(window720: pygame.Surface, language: str) -> None:
    ed = opened(window720, language)
    assert ed.doc.kind == "campaign" and ed.problems == []
    assert set(ed.tab_buttons.values()) == {"campaign", "sides", "events", "chosen"}
    assert ed.status_label.text.startswith({"en": "Campaign editor", "es": "Editor de campañas"}[language])
    for name in ("campaign", "sides", "events"):
        press(ed, window720, tab(ed, name))
        assert len(ed.form.widgets) > 8
    press(ed, window720, tab(ed, "events"))
    turn3 = {"en": "Turn 3, November 1808", "es": "Turno 3, noviembre de 1808"}[language]
    assert any(str(getattr(w, "text", "")).startswith(turn3) for w in ed.form.widgets)  # CAMP-DEC-21's dates


def test_a_place_picked_on_the_map_is_edited_in_the_panel(window720: pygame.Surface) -> None:
    ed = opened(window720)
    madrid = camp.place_index(ed.doc)["madrid"]
    click_at(ed, window720, ed.canvas.to_screen(ed.doc.get(("locations", madrid, "at"))))  # type: ignore[union-attr]
    assert ed.canvas.selected == ("locations", madrid) and ed.tab == "chosen"
    holder = widget(ed, lambda w, b: b.kind == "choice" and b.on_choice is not None and w.text == "French")
    choose(ed, window720, holder, "Allies")
    assert camp.holder(ed.doc, "madrid") == 1
    worth = widget(ed, lambda w, b: b.kind == "typed" and w.get_text() == "4")
    type_in(ed, window720, worth, "6")
    assert ed.doc.get(("victory", "places", "madrid")) == 6
    click(ed, window720, button(ed, "[ ] Light infantry"))  # CAMP-DEC-5: what the city raises
    assert ed.doc.get(("locations", madrid, "raises")) == ["LnInf", "LC", "LI"]
    walls = widget(ed, lambda _w, b: b.path == ("locations", madrid) and b.name == "fortress")
    type_in(ed, window720, walls, "5")
    assert ed.doc.get(("locations", madrid, "fortress")) == 5  # CAMP-DEC-20
    press(ed, window720, bar(ed, "language"))  # names in Spanish
    name = widget(
        ed, lambda _w, b: b.path == ("locations", madrid) and b.name == "name" and b.language == "es"
    )
    type_in(ed, window720, name, "Villa y Corte")
    assert ed.doc.get(("locale", "es", "locations", "madrid")) == "Villa y Corte"
    assert ed.doc.get(("locations", madrid, "name")) == "Madrid" and ed.problems == []
    text = widget(  # what the place's hover box says of it, in Spanish too ([locale.es.location_texts])
        ed, lambda _w, b: b.path == ("locations", madrid) and b.name == "text" and b.language == "es"
    )
    type_in(ed, window720, text, "La capital: se alzó el Dos de Mayo.")
    assert ed.doc.get(("locale", "es", "location_texts", "madrid")) == "La capital: se alzó el Dos de Mayo."
    assert ed.doc.get(("locations", madrid, "text")).startswith("The capital") and ed.problems == []


def test_an_army_s_brigades_are_edited_by_clicks(window720: pygame.Surface) -> None:
    ed = opened(window720)
    press(ed, window720, tab(ed, "sides"))
    click(ed, window720, button(ed, "Dupont's Corps (Toledo)"))
    assert ed.canvas.selected == ("sides", 0, "armies", 0) and ed.tab == "chosen"
    division = ("sides", 0, "armies", 0, "divisions", 1)  # Vedel's, of two brigades
    click(ed, window720, button(ed, "+ Brigade"))  # the first division's
    added = ("sides", 0, "armies", 0, "divisions", 0, "units", 3)
    assert ed.doc.get((*added, "category")) == "LnInf"
    quality = widget(ed, lambda _w, b: b.path == added and b.name == "quality")
    choose(ed, window720, quality, "Elite")  # a list opened over the panel's buttons: the click is the list's
    # (the list was drawn under them, and the click chose the button beneath "Elite" instead)
    hits = widget(ed, lambda _w, b: b.path == added and b.name == "hits")
    choose(ed, window720, hits, "Hits: 2")
    assert (ed.doc.get((*added, "quality")), ed.doc.get((*added, "hits"))) == ("E", 2)
    click(
        ed,
        window720,
        widget(ed, lambda w, b: b.kind == "action" and w.text == "x" and b.action is not None, 4),
    )
    assert len(ed.doc.get((*division, "units"))) == 1  # Vedel's second brigade removed: FG-PREP-2's problem
    assert [p.element for p in ed.problems] == [division]
    ed.doc.undo()
    frames(ed, window720)
    assert ed.problems == []


def test_an_event_s_effect_is_changed_by_clicks(window720: pygame.Surface) -> None:
    ed = opened(window720)
    press(ed, window720, tab(ed, "events"))
    click(ed, window720, button(ed, "Turn 4, February 1809: The Emperor leaves Spain"))
    wagram = ed.canvas.selected
    assert wagram is not None and ed.doc.get((*wagram, "id")) == "wagram"
    kind = widget(ed, lambda w, b: b.on_choice is not None and w.text == "An army is called away")
    choose(ed, window720, kind, "Gold")
    effect = (*wagram, "effects", 0)
    assert ed.doc.get(effect) == {"kind": "gold", "side": "fr"}
    gold = widget(ed, lambda _w, b: b.path == effect and b.name == "amount")
    type_in(ed, window720, gold, "8")
    assert ed.doc.get((*effect, "amount")) == 8 and ed.problems == []
    click(ed, window720, button(ed, "Add an effect"))
    assert len(ed.doc.get((*wagram, "effects"))) == 2


def test_the_campaign_is_tried_on_its_own_screen_whose_menu_goes_back_to_the_editor(
    window720: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.campaign import screen as campaign_screen
    from game.ui.campaign.screen import CampaignScreen
    from game.ui.opening import open_tried

    ed = opened(window720, "es")
    assert ed._command("try") == "try"
    assert ed.tried == battles_dir() / "campaigns" / "peninsular-copy.toml"
    war = open_tried(ed, Setup(), window720.get_size(), Settings(language="es"))
    shown: list[str] = []
    real = campaign_screen.draw_menu

    def spy(surf: pygame.Surface, title: str, items: list[tuple[str, str]], *rest: Any) -> Any:
        shown.extend(words for _key, words in items)
        return real(surf, title, items, *rest)

    monkeypatch.setattr(campaign_screen, "draw_menu", spy)
    try:
        assert isinstance(war, CampaignScreen) and war.from_editor
        assert war.war.theatre.id == "peninsular-copy" and war.controllers == {"fr": "human", "al": "normal"}
        war.menu = "menu"
        war.draw(window720)
        assert "Volver al editor" in shown
    finally:
        war.close()


def test_the_start_screen_s_new_and_edit_open_the_editor_on_a_campaign(window720: pygame.Surface) -> None:
    from game.ui.start.screen import StartScreen
    from tests.ui.test_start_screen import press as start_press

    setup = Setup(campaign="peninsular")
    start = StartScreen(window720.get_size(), setup)
    name = next(n for n, mode in start.modes.items() if mode == "campaign")
    start.scenario.selected_option = (name, name)
    start.show_about(name)
    makers = {what: b for b, what in start.makers.items()}
    assert makers["new"].text == "New campaign" and makers["new"].is_enabled and makers["edit"].is_enabled
    assert not makers["random"].is_enabled  # the generator makes battles only
    assert start_press(start, makers["edit"]) == "edit" and setup.edit == PENINSULAR
    assert start_press(start, makers["new"]) == "edit" and setup.edit == "campaign"
    ed = EditorScreen(window720.get_size(), Texts("es"), [], kind="campaign")
    frames(ed, window720)
    assert ed.doc.kind == "campaign" and ed.problems == [] and not ed.doc.dirty
    assert ed.status_label.text.startswith("Editor de campañas")


def test_the_open_list_offers_the_campaigns(window720: pygame.Surface) -> None:
    ed = opened(window720)
    press(ed, window720, bar(ed, "open"))  # the game's campaign opened as a copy not saved yet: said first
    assert ed.dialog is None and ed.status == ed.t("editor_unsaved_again", command=ed.t("editor_open"))
    press(ed, window720, bar(ed, "open"))
    assert ed.dialog is not None
    assert PENINSULAR in ed.dialog.paths.values()  # type: ignore[attr-defined]


def test_a_campaign_is_saved_to_the_battles_folder_s_campaigns_on_a_fresh_install(
    window720: pygame.Surface,
) -> None:
    ed = opened(window720, "es")
    press(ed, window720, bar(ed, "save"))
    suggested = battles_dir() / "campaigns" / "peninsular-copy.toml"
    assert ed.dialog is not None and ed.dialog.entry.get_text() == str(suggested)
    assert not suggested.parent.exists()  # a fresh install: made on the first save
    ed.dialog = None
    ed._answered(str(suggested))
    assert suggested.is_file() and not ed.doc.dirty and ed.status.startswith("Guardado"), ed.status
    from systems.campaign.theatre import load_campaign

    assert load_campaign(str(suggested)).spec.id == "peninsular-copy"  # `play --campaign FILE` plays it


def test_the_window_tries_a_campaign_and_comes_back_to_the_editor(monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole loop (game/ui/app.py): the editor on the Peninsular War, "Try it" clicked, the campaign's
    screen takes the events (not the editor under it), its Esc menu's "Back to the editor" clicked, and
    the editor is drawn again, its work kept."""
    from game.ui import app

    made: dict[str, Any] = {}
    real_editor, real_tried = app.open_editor, app.open_tried
    monkeypatch.setattr(app, "open_editor", lambda *a: made.setdefault("editor", real_editor(*a)))
    monkeypatch.setattr(app, "open_tried", lambda *a: made.setdefault("war", real_tried(*a)))
    drawn_after: list[bool] = []  # the editor drawn, and whether the campaign was left by then
    real_draw = EditorScreen.draw

    def draw(ed: EditorScreen, surf: pygame.Surface) -> None:
        drawn_after.append("closed" in made)
        real_draw(ed, surf)

    monkeypatch.setattr(EditorScreen, "draw", draw)
    real_get = pygame.event.get
    steps: list[str] = []

    def click_at(pos: tuple[int, int]) -> list[pygame.event.Event]:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]  # fmt: skip

    def esc() -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)

    began = time.monotonic()

    def get() -> list[pygame.event.Event]:
        came = real_get()
        ed, war = made.get("editor"), made.get("war")
        if time.monotonic() - began > GIVE_UP:  # a step that never comes: the test fails, never hangs
            return [pygame.event.Event(pygame.QUIT), pygame.event.Event(pygame.QUIT)]
        if not steps and ed is not None:
            steps.append("try")
            return click_at(next(b for b, k in ed.bar.items() if k == "try").rect.center)
        if steps == ["try"] and war is not None:
            steps.append("menu")
            return [esc(), esc()]  # the Dos de Mayo's page read, then the menu
        if steps == ["try", "menu"] and war is not None and war.menu_buttons:
            steps.append("back")
            made["closed"] = True
            return click_at(next(r for r, key in war.menu_buttons if key == "end").center)
        if steps == ["try", "menu", "back"] and any(drawn_after):
            steps.append("quit")
            return [pygame.event.Event(pygame.QUIT), pygame.event.Event(pygame.QUIT)]  # asked twice: unsaved
        return came

    monkeypatch.setattr(pygame.event, "get", get)
    assert app.run(Setup(edit=PENINSULAR)) == 0
    assert steps == ["try", "menu", "back", "quit"]
    assert made["editor"].doc.get(("id",)) == "peninsular-copy" and made["war"].from_editor


def test_places_are_dragged_placed_and_linked_on_the_campaign_s_map(window720: pygame.Surface) -> None:
    from tests.ui.editor_driver import mouse, tool

    ed = opened(window720)
    canvas = ed.canvas
    madrid = camp.place_index(ed.doc)["madrid"]
    start = canvas.to_screen(ed.doc.get(("locations", madrid, "at")))  # type: ignore[union-attr]
    mouse(pygame.MOUSEBUTTONDOWN, start)
    mouse(pygame.MOUSEMOTION, (start[0] + 40, start[1] + 30))
    mouse(pygame.MOUSEBUTTONUP, (start[0] + 40, start[1] + 30))
    frames(ed, window720, 1)
    moved = canvas.to_screen(ed.doc.get(("locations", madrid, "at")))  # type: ignore[union-attr]
    assert abs(moved[0] - start[0] - 40) <= 1 and abs(moved[1] - start[1] - 30) <= 1  # to a tenth of the map
    ed.doc.undo()
    assert ed.doc.get(("locations", madrid, "at")) == [46, 43]  # one step of undo
    press(ed, window720, tool(ed, "place"))
    empty = canvas.to_screen((95, 90))  # type: ignore[union-attr]
    click_at(ed, window720, empty)
    added = ed.doc.get(("locations",))[-1]
    assert added["type"] == "plain" and ed.canvas.selected == (
        "locations",
        len(ed.doc.get(("locations",))) - 1,
    )
    press(ed, window720, tool(ed, "link"))
    click_at(ed, window720, empty)
    click_at(
        ed, window720, canvas.to_screen(ed.doc.get(("locations", camp.place_index(ed.doc)["valencia"], "at")))
    )  # type: ignore[union-attr]
    assert [added["id"], "valencia"] in ed.doc.get(("links",)) and ed.problems == []
