"""Issue 22: the saved battles' browser, as the start screen and the Esc menu open it: each save told
apart (date and time, name or scenario, round, sides and players, autosave or not), newest first and
scrolling; a save loaded, renamed, deleted after a question, its figures shown; any file opened by path."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.content.locale import Texts
from game.content.ruleset_files import load_ruleset
from game.running.match import new_match
from game.running.saves import save_game, saves_dir
from game.ui.start.screen import Setup, StartScreen
from game.ui.widgets.load_list import save_browser, scenario_words
from tests.ui.tour import recording


def _key(browser, k, unicode="", mod=0):
    return browser.handle(pygame.event.Event(pygame.KEYDOWN, key=k, unicode=unicode, mod=mod))


def _type(browser, text):
    for ch in text:
        _key(browser, 0, ch)


@pytest.fixture
def saves() -> list[Path]:
    """Three saves: a manual one of the default scenario, an autosave of it, one of Bailén."""
    out = []
    for scenario, auto in (("default", False), ("default", True), ("bailen", False)):
        m = new_match(scenario, 3)
        sides = m.battle.game.sides  # type: ignore[union-attr]
        out.append(save_game(m, {sides[0]: "human", sides[1]: "hard"}, autosave=auto))
        m.battle.close()
    for n, p in enumerate(out):  # a minute apart, Bailén the newest
        data = json.loads(p.read_text())
        p.write_text(json.dumps({**data, "saved": f"2030-05-01 10:0{n}"}))
    return out


def _browser(language="en"):
    t = Texts(language)
    return save_browser(t, scenario_words(load_ruleset(), language), figures=True)


def test_each_save_says_what_it_is(window, saves):
    b = _browser()
    assert [s.path for s in b.saves] == list(reversed(saves))
    bailen, auto, manual = b.saves
    assert b.title(bailen) == "Bailén, 19 July 1808"
    assert b.detail(auto) == "round 0  ·  French (Human) v Spanish (AI general (hard))  ·  autosave"
    assert b.detail(manual).endswith("saved by you")
    b.draw(window, (0, 0))
    shown = [i for _r, i in b.rows]
    assert shown == [0, 1, 2]
    es = _browser("es")
    assert es.detail(es.saves[1]) == (
        "ronda 0  ·  Franceses (Humano) contra Españoles (General IA (difícil))  ·  guardado automático"
    )


def test_keys_choose_and_load_a_save(window, saves):
    b = _browser()
    b.draw(window, (0, 0))
    _key(b, pygame.K_DOWN)
    chosen = _key(b, pygame.K_RETURN)
    assert chosen.what == "load" and chosen.path == saves[1]
    assert _key(b, pygame.K_ESCAPE).what == "close"


def test_a_save_is_renamed_and_keeps_its_place(window, saves):
    b = _browser()
    _key(b, pygame.K_DOWN, "")
    _key(b, pygame.K_DOWN, "")
    _key(b, pygame.K_F2)
    assert b.mode == "rename"
    _type(b, "Valdecruz, the hill held")
    b.draw(window, (0, 0))  # the question with what is typed
    _key(b, pygame.K_RETURN)
    assert b.mode == "list" and b.saves[2].name == "Valdecruz, the hill held"
    assert b.title(b.saves[2]) == "Valdecruz, the hill held"
    assert "The Village on the High Road" in b.detail(b.saves[2])  # still says which battle
    again = _browser()
    assert again.saves[2].path == saves[0] and again.saves[2].name == "Valdecruz, the hill held"


def test_delete_asks_first(window, saves):
    b = _browser()
    _key(b, pygame.K_DELETE)
    assert b.mode == "delete"
    b.draw(window, (0, 0))
    assert "Bailén" in b._question_line()
    _key(b, 0, "n")  # no: kept
    assert b.mode == "list" and saves[2].exists()
    _key(b, pygame.K_DELETE)
    b.draw(window, (0, 0))
    yes = next(r for r, k in b.buttons if k == "yes")
    b.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=yes.center, button=1))
    assert not saves[2].exists() and [s.path for s in b.saves] == [saves[1], saves[0]]


def test_any_file_opens_by_its_path(window, saves, tmp_path):
    elsewhere = tmp_path / "from-a-friend.json"
    elsewhere.write_bytes(saves[0].read_bytes())
    b = _browser()
    _key(b, pygame.K_o, mod=pygame.KMOD_CTRL)
    assert b.mode == "path"
    _type(b, str(tmp_path / "nothing.json"))
    assert _key(b, pygame.K_RETURN) is None and b.problem.startswith("No such file")
    _key(b, pygame.K_o, mod=pygame.KMOD_CTRL)
    _type(b, str(elsewhere))
    chosen = _key(b, pygame.K_RETURN)
    assert chosen.what == "load" and chosen.path == elsewhere


def test_many_saves_scroll_and_the_chosen_one_stays_in_view(window):
    m = new_match("default", 3)
    first = save_game(m, {"fr": "human", "es": "normal"})
    data = json.loads(first.read_text())
    for n in range(30):
        (saves_dir() / f"save-{n:02d}.json").write_text(
            json.dumps({**data, "saved": f"2031-01-01 10:{n:02d}"})
        )
    m.battle.close()
    b = _browser()
    b.draw(window, (0, 0))
    assert len(b.saves) == 31 and b.shown < 31
    b.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, precise_x=0.0, precise_y=-3.0))
    assert b.top == 3
    _key(b, pygame.K_END)
    b.draw(window, (0, 0))
    assert b.selected == 30 and 30 in [i for _r, i in b.rows]
    _key(b, pygame.K_HOME)
    assert b.top == 0


def test_the_start_screen_opens_the_browser_and_resumes_a_save(window, saves):
    setup = Setup()
    start = StartScreen(window.get_size(), setup)
    (cont,) = start.resumes  # the newest save, to go on with
    assert start.resumes[cont] == saves[2] and "Bailén" in cont.text and "round 0" in cont.text
    start.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=start.saves_button))
    assert start.saves is not None
    start.update(0.05)
    start.draw(window)
    _key(start.saves, pygame.K_DOWN)
    assert start.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="", mod=0)) == "start"
    assert setup.load == saves[1]


@pytest.mark.parametrize(("language", "turn"), [("en", "turn 1"), ("es", "turno 1")])
def test_an_open_wars_save_counts_turns_as_its_game_does(window, language, turn):
    """Session 12: an Open Wars save said "round 1" (its top bar says "turn 1 of 20") in the browser
    and on the start screen's Continue; a For Glory battle's still says rounds."""
    m = new_match("ow-three-crowns", 3)
    path = save_game(m, dict.fromkeys(m.battle.sides, "human"), autosave=True)
    m.battle.close()
    b = _browser(language)
    (ow,) = [s for s in b.saves if s.path == path]
    assert b.detail(ow).startswith(f"{turn}  ·  ")
    start = StartScreen(window.get_size(), Setup(), t=Texts(language))
    (cont,) = start.resumes
    assert cont.text.endswith(f", {turn}")
    if language == "en":
        fg = new_match("default", 3)
        save_game(fg, dict.fromkeys(fg.battle.sides, "human"), autosave=True)
        fg.battle.close()
        assert _browser().detail(_browser().saves[0]).startswith("round 0  ·  ")


@pytest.mark.parametrize(("language", "said"), [("en", "1 save"), ("es", "1 partida")])
def test_one_save_is_counted_in_the_singular(window, language, said):
    """Session 12: "1 partidas, la más reciente primero"."""
    m = new_match("default", 3)
    save_game(m, dict.fromkeys(m.battle.game.sides, "human"))  # type: ignore[union-attr]
    m.battle.close()
    with recording() as drawn:
        _browser(language).draw(window, (0, 0))
    assert said in drawn
