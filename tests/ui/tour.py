"""A tour of every screen with a mod's content: the start screen (each scenario's box, the list open,
a save's figures), a battle (its panel, a unit's hover box, the help, the AI's reasons, the Esc menu, the
rules browser, the load list), the end box and its figures, the replay viewer, an Open Wars game (its
map, menu and rules) and the tutorial; every string drawn is recorded. The markup test and the fuzzer's
window cases (tests/fuzzing.py) both take it, with the dummy video driver."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame

from game.ai import make_player
from game.match import Match, new_match, play, save
from game.mods import load_mods
from game.ruleset import load_ruleset
from game.saves import save_game
from game.ui import theme
from game.ui.app import EndScreen, Setup, StartScreen
from game.ui.battle_screen import BattleScreen
from game.ui.markup import drawable
from game.ui.ow_screen import OpenWarsScreen
from game.ui.replay_view import ReplayViewer
from game.ui.rules_browser import RulesBrowser
from game.ui.tutorial import TutorialScreen


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


def browse(browser: RulesBrowser | None, draw: Callable[[], object], queries: Sequence[str]) -> None:
    """The rules browser drawn whole, then narrowed to each query (the rules a mod rewords)."""
    if browser is None:
        return
    draw()
    for q in queries:
        browser.search(q)
        draw()


def menu(screen: BattleScreen | OpenWarsScreen, surf: pygame.Surface, queries: Sequence[str]) -> None:
    """The Esc menu, its rules browser and its load list, each drawn."""
    screen.menu = "menu"
    screen.draw(surf)
    screen._menu_choice("rules")
    browse(screen.rules, lambda: screen.draw(surf), queries)
    screen.rules = None
    screen.menu = "menu"
    screen._menu_choice("load")
    screen.draw(surf)
    screen.menu = None


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
    for element in start.manager.get_root_container().elements:
        text = getattr(element, "text", None)
        if isinstance(text, str):
            shown.append(text)
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
) -> list[str]:
    """Open and draw every screen with the mod on, its scenario and its map. `queries`: what to look up
    in each rules browser; `ai`: the level of the battle's computer player (None: two humans, no AI
    process and no tutorial, whose enemy is one). Returns what the start screen's widgets showed
    (widget_texts) for each scenario."""
    size = surf.get_size()
    mods = (mod,)
    start = StartScreen(size, Setup(scenario=scenario, mods=list(mods)))
    widgets: list[str] = []
    for name in list(start.scenarios):
        start.show_about(name)
        start.draw(surf, 0.05)
        widgets += widget_texts(start)
    centre = start.scenario.rect.center  # the list of scenarios, open
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        start.handle(pygame.event.Event(kind, pos=centre, button=1))
    start.draw(surf, 0.05)
    start.open_rules()
    browse(start.browser, lambda: start.draw(surf, 0.05), queries)
    start.browser = None

    done = finished(mods, scenario, seed)  # a whole battle: the end box, its figures, a save, a replay
    saved = save_game(done, dict.fromkeys(done.battle.game.sides, "heuristic"))  # type: ignore[union-attr]
    replay = saved.with_name("replay-for-the-tour.json")
    save(done, replay)
    try:
        played = BattleScreen(done, dict.fromkeys(done.battle.game.sides, "human"), size)  # type: ignore[union-attr]
        end = EndScreen(played)
        end.draw(surf)
        end.showing_stats = True
        end.draw(surf)
        played.close()
    finally:
        done.battle.close()
    start.show_figures(saved)
    start.draw(surf, 0.05)

    rules = load_ruleset(mods=load_mods(mods))
    m = new_match(scenario, seed, 2, rules)
    first, second = m.battle.game.sides  # type: ignore[union-attr]
    battle = BattleScreen(m, {first: ai or "human", second: "human"}, size)
    try:
        frames(battle, surf, 120 if ai else 10)
        for shown in list(battle.display.shown.values())[:6]:  # units' hover boxes
            x, y = battle.camera.to_screen((shown.x, shown.y))
            battle.mouse = (int(x), int(y))
            battle.draw(surf)
        key(battle, pygame.K_F1)
        battle.draw(surf)
        key(battle, pygame.K_F1)
        key(battle, pygame.K_w, "w")
        battle.draw(surf)
        key(battle, pygame.K_w, "w")
        menu(battle, surf, queries)
    finally:
        battle.close()

    viewer = ReplayViewer(replay, tuple(load_mods(mods)), size)
    try:
        for _ in range(20):
            viewer.update(0.5)
            viewer.draw(surf)
    finally:
        viewer.close()

    ow = new_match(game_map, seed, 3, rules)
    screen = OpenWarsScreen(ow, dict.fromkeys(ow.battle.sides, "human"), size)  # type: ignore[attr-defined]
    try:
        screen.draw(surf)
        for _ in range(3):
            key(screen, pygame.K_RETURN, "\r")
            screen.draw(surf)
        menu(screen, surf, queries)
    finally:
        screen.close()

    if ai is not None:
        tutorial = TutorialScreen(size)
        try:
            for _ in range(30):
                tutorial.screen.display.skip()
                tutorial.update(0.05)
                tutorial.draw(surf)
        finally:
            tutorial.screen.close()
    return widgets
