"""What opens over the start screen, above its widgets: the Settings page, the mods page, the rules
reference, the saved battles' browser and a save's figures; each takes the input while it is open."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.widgets.stats_view import draw_figures

if TYPE_CHECKING:
    from game.ui.start.screen import StartScreen


def over_open(screen: StartScreen) -> bool:
    return any(
        x is not None for x in (screen.page, screen.mods_page, screen.browser, screen.figures, screen.saves)
    )


def handle_over(screen: StartScreen, ev: pygame.event.Event) -> str | None:
    """An input to what is open over the page (over_open), the topmost first."""
    if screen.page is not None:
        return _settings(screen, ev)
    if screen.mods_page is not None:  # closed: the page made again with the mods switched on
        if screen.mods_page.handle(ev) != "close":
            return None
        changed, screen.setup.mods, screen.mods_page = (
            screen.mods_page.changed,
            screen.mods_page.mods.enabled(),
            None,
        )
        screen.chosen()
        return "mods" if changed else None
    if screen.browser is not None:
        if not screen.browser.handle(ev):
            screen.browser = None
        return None
    if screen.figures is not None:
        if ev.type == pygame.MOUSEBUTTONDOWN or (ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE):
            screen.figures = None  # back to the saves it was opened from
        return None
    return _browse(screen, ev)


def draw_over(screen: StartScreen, surf: pygame.Surface) -> None:
    if screen.saves is not None:
        screen.saves.draw(surf, screen.mouse)
    if screen.figures is not None:
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surf.blit(shade, (0, 0))
        f, names, colours, t = screen.figures
        draw_figures(surf, f, t, names, colours, t("stats_back"))
    if screen.browser is not None:
        screen.browser.draw(surf)
    if screen.page is not None:
        screen.page.draw(surf, screen.mouse)
    if screen.mods_page is not None:
        screen.mods_page.draw(surf, screen.mouse)


def _settings(screen: StartScreen, ev: pygame.event.Event) -> str | None:
    """The Settings page over the start screen: "window" when the window must be made again (its
    size, full screen), "again" when the page must be (its words), else None; closed by Back or Esc."""
    changed = screen.page.handle(ev) if screen.page is not None else None
    if changed == "close":
        screen.page = None
    if changed not in ("window", "fullscreen", "language"):
        return None
    screen.chosen()  # the page made again keeps what it shows
    return "window" if changed in ("window", "fullscreen") else "again"


def _browse(screen: StartScreen, ev: pygame.event.Event) -> str | None:
    """The saved battles' browser over the start screen: a save to resume, to watch again, or its
    figures."""
    assert screen.saves is not None
    chosen = screen.saves.handle(ev)
    if chosen is None:
        return None
    if chosen.what == "figures" and chosen.path is not None:
        screen.show_figures(chosen.path)
        return None
    screen.saves = None
    if chosen.what == "load" and chosen.path is not None:
        screen.setup.load = chosen.path
        return "start"
    if chosen.what == "watch" and chosen.path is not None:  # the replay viewer, from its start
        screen.setup.replay = chosen.path
        return "watch"
    return "mods"  # the start screen again, its "continue" as the saves now stand
