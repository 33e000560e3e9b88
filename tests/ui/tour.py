"""A tour of every screen with a mod's content, in a language: the start screen (each scenario's box,
the list open, the newest save to go on with, the save browser with its questions and a save's
figures), a battle with a rule module on (the names on the table, every unit's hover box, the modules
chip and its hover box, the log, the help scrolled down to the glossary, the AI's reasons, the Esc
menu, the rules browser, the save browser), the end box and its figures, the replay viewer, an Open
Wars game (its map, menu and rules) and the first battle's lessons in their strip; every string drawn
is recorded. The markup test and the fuzzer's window cases (tests/fuzzing.py) both take it, with the
dummy video driver."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.ai.players import make_player
from game.content.locale import Texts
from game.content.mods import load_mods
from game.content.ruleset_files import load_ruleset
from game.running.match import Match, new_match, play, save
from game.running.saves import save_game
from game.running.settings import Settings
from game.ui import theme
from game.ui.battle.end_screen import EndScreen
from game.ui.battle.replay import ReplayViewer
from game.ui.battle.screen import BattleScreen
from game.ui.battle.tutorial import TutorialScreen
from game.ui.markup import drawable
from game.ui.open_wars.screen import OpenWarsScreen
from game.ui.start.screen import Setup, StartScreen
from game.ui.widgets.rules_browser import RulesBrowser
from game.ui.widgets.save_browser import SaveBrowser


@contextmanager
def recording() -> Iterator[list[str]]:
    """Every text the game's font draws while inside (the game draws all its words with theme.font),
    as it draws it (markup.drawable)."""
    seen: list[str] = []
    real = theme.GameFont.render

    def render(self: theme.GameFont, text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        seen.append(drawable(text))
        return real(self, text, *args, **kwargs)

    theme.GameFont.render = render  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        theme.GameFont.render = real  # type: ignore[method-assign]


def key(screen: object, k: int, unicode: str = "") -> None:
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode))  # type: ignore[attr-defined]


def frames(screen: BattleScreen | OpenWarsScreen, surf: pygame.Surface, n: int) -> None:
    for _ in range(n):
        if isinstance(screen, BattleScreen):
            screen.display.skip()
        screen.ai.wait = 0
        screen.ai.wait_for_answer(30)
        screen.update(0.05)
        screen.draw(surf)


def frame(start: StartScreen, surf: pygame.Surface) -> None:
    """One frame of the start screen, as the window's loop draws it."""
    start.update(0.05)
    start.draw(surf)


def browse(browser: RulesBrowser | None, draw: Callable[[], object], queries: Sequence[str]) -> None:
    """The rules browser drawn whole, then narrowed to each query (the rules a mod rewords)."""
    if browser is None:
        return
    draw()
    for q in queries:
        browser.search(q)
        draw()


def menu(screen: BattleScreen | OpenWarsScreen, surf: pygame.Surface, queries: Sequence[str]) -> None:
    """The Esc menu, its rules browser and its save browser, each drawn."""
    screen.menu = "menu"
    screen.draw(surf)
    screen.menu_choice("rules")
    browse(screen.rules, lambda: screen.draw(surf), queries)
    screen.rules = None
    screen.menu = "menu"
    screen.menu_choice("load")
    screen.draw(surf)
    screen.menu, screen.browser = None, None


def saves(browser: SaveBrowser | None, draw: Callable[[], object]) -> None:
    """The save browser: each save chosen in turn, then its questions (a new name, whether to delete
    it, a path), each drawn and left unanswered."""
    if browser is None:
        return
    for i in range(len(browser.saves)):
        browser.select(i)
        draw()
    for question in ("rename", "delete", "path"):
        browser.press(question)
        draw()
        browser.mode = "list"


def chip(battle: BattleScreen, surf: pygame.Surface) -> None:
    """The chip of the rule modules in play on the top bar, and its hover box (what each does)."""
    battle.draw(surf)
    if battle.modules_chip is not None:
        battle.mouse = battle.modules_chip.center
        battle.draw(surf)


def finished(rules_mods: tuple[Path, ...], scenario: str, seed: int) -> Match:
    rules = load_ruleset(mods=load_mods(rules_mods))
    m = new_match(scenario, seed, 1, rules)
    sides = m.battle.game.sides  # type: ignore[union-attr]
    play(m, {s: make_player("heuristic", s, seed + i) for i, s in enumerate(sides)})
    return m


def widget_texts(start: StartScreen) -> list[str]:
    """What the start screen's pygame_gui widgets show: the about box as laid out (after its markup is
    read), and the texts of its labels, buttons and list."""
    box = start.about.text_box_layout
    shown = ["".join(getattr(chunk, "text", "") for row in box.layout_rows for chunk in row.items)]
    elements = list(start.manager.get_root_container().elements)
    while elements:  # the widgets of containers too (the list of modules and mods scrolls)
        element = elements.pop()
        text = getattr(element, "text", None)
        if isinstance(text, str):
            shown.append(text)
        inner = getattr(element, "get_container", None)
        if callable(inner) and inner() is not element:
            elements += list(inner().elements)
    shown += [str(o[0] if isinstance(o, tuple) else o) for o in start.scenario.options_list]
    return shown


def tour(
    surf: pygame.Surface,
    mod: Path,
    scenario: str = "evil",
    game_map: str = "evil-map",
    seed: int = 3,
    queries: Sequence[str] = (),
    ai: str | None = "easy",
    language: str = "en",
    module: str = "warhammer-terrain",
) -> list[str]:
    """Open and draw every screen with the mod on, its scenario and its map, in `language`. `queries`:
    what to look up in each rules browser; `ai`: the level of the battle's computer player (None: two
    humans, no AI process and no tutorial, whose enemy is one); `module`: a rule module the battle
    plays with (its chip on the top bar). Returns what the start screen's widgets showed
    (widget_texts) for each scenario."""
    size = surf.get_size()
    mods = (mod,)
    settings = Settings(language=language)
    t = Texts(language)
    start = StartScreen(size, Setup(scenario=scenario, mods=list(mods)), t=t)
    widgets: list[str] = []
    for name in list(start.scenarios):
        start.show_about(name)
        start.update(0.05)
        start.draw(surf)
        widgets += widget_texts(start)
    centre = start.scenario.rect.center  # the list of scenarios, open
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        start.handle(pygame.event.Event(kind, pos=centre, button=1))
    start.update(0.05)
    start.draw(surf)
    start.open_rules()
    browse(start.browser, lambda: frame(start, surf), queries)
    start.browser = None

    done = finished(mods, scenario, seed)  # a whole battle: the end box, its figures, a save, a replay
    saved = save_game(done, dict.fromkeys(done.battle.game.sides, "heuristic"))  # type: ignore[union-attr]
    replay = saved.with_name("replay-for-the-tour.json")
    save(done, replay)
    try:
        played = BattleScreen(done, dict.fromkeys(done.battle.game.sides, "human"), size, settings)  # type: ignore[union-attr]
        end = EndScreen(played)
        end.draw(surf)
        end.showing_stats = True
        end.draw(surf)
        played.close()
    finally:
        done.battle.close()
    start = StartScreen(size, Setup(scenario=scenario, mods=list(mods)), t=t)  # with the save to go on with
    start.update(0.05)
    start.draw(surf)
    widgets += widget_texts(start)
    start.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=start.saves_button))
    saves(start.saves, lambda: frame(start, surf))
    start.saves = None
    start.show_figures(saved)
    start.update(0.05)
    start.draw(surf)
    start.figures = None

    rules = load_ruleset(mods=load_mods(mods))
    m = new_match(scenario, seed, 2, rules, modules=[module] if module else [])
    first, second = m.battle.game.sides  # type: ignore[union-attr]
    battle = BattleScreen(m, {first: ai or "human", second: "human"}, size, settings)
    try:
        frames(battle, surf, 120 if ai else 10)
        for shown in list(battle.display.shown.values()):  # every unit's and officer's hover box
            x, y = battle.camera.to_screen((shown.x, shown.y))
            battle.mouse = (int(x), int(y))
            battle.draw(surf)
        chip(battle, surf)
        key(battle, pygame.K_F1)
        battle.draw(surf)
        battle.help_scroll = 10**6  # down to the glossary
        battle.draw(surf)
        key(battle, pygame.K_F1)
        key(battle, pygame.K_w, "w")
        battle.draw(surf)
        key(battle, pygame.K_w, "w")
        menu(battle, surf, queries)
    finally:
        battle.close()

    if module and battle.modules_chip is None:  # no room beside long names: a wide window, the game's own
        wide = pygame.Surface((2560, 1080))
        own = new_match("default", seed, 1, rules, modules=[module])
        sides = own.battle.game.sides  # type: ignore[union-attr]
        battle = BattleScreen(own, dict.fromkeys(sides, "human"), wide.get_size(), settings)
        try:
            chip(battle, wide)
        finally:
            battle.close()

    viewer = ReplayViewer(replay, tuple(load_mods(mods)), size, settings)
    try:
        for _ in range(20):
            viewer.update(0.5)
            viewer.draw(surf)
    finally:
        viewer.close()

    ow = new_match(game_map, seed, 3, rules)
    screen = OpenWarsScreen(ow, dict.fromkeys(ow.battle.sides, "human"), size, settings)  # type: ignore[attr-defined]
    try:
        screen.draw(surf)
        for _ in range(3):
            key(screen, pygame.K_RETURN, "\r")
            screen.draw(surf)
        menu(screen, surf, queries)
    finally:
        screen.close()

    if ai is not None:
        tutorial = TutorialScreen(size, settings)
        try:
            for _ in range(30):
                tutorial.screen.display.skip()
                tutorial.update(0.05)
                tutorial.draw(surf)
        finally:
            tutorial.screen.close()
    return widgets
