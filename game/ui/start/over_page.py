"""What opens over the start screen, above its widgets: the Settings page, the mods page, the rules
reference, the saved battles' browser and a save's figures; each takes the input while it is open."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.model.errors import UserError
from game.running.campaign_match import is_campaign_replay
from game.ui.widgets.stats_view import draw_figures

if TYPE_CHECKING:
    from game.content.locale import Texts
    from game.running.stats import Figures
    from game.ui.mods.page import ModsPage
    from game.ui.playing.settings_menu import SettingsPage
    from game.ui.start.setup import Setup
    from game.ui.widgets.rules_browser import RulesBrowser
    from game.ui.widgets.save_browser import SaveBrowser


def campaign_save(path: Path) -> bool:
    """Whether a save is a campaign's (its figures are the war's: game/ui/campaign/watch.py); a file
    that does not read is not, and says why as any save does."""
    try:
        return is_campaign_replay(path)
    except UserError:
        return False


class OverPage:
    """The start screen's part that opens over it (StartScreen takes it in)."""

    setup: Setup
    mouse: tuple[int, int]
    page: SettingsPage | None
    mods_page: ModsPage | None
    browser: RulesBrowser | None
    saves: SaveBrowser | None
    figures: tuple[Figures, dict[str, str], dict[str, tuple[int, int, int]], Texts] | None

    def chosen(self) -> None:
        raise NotImplementedError

    def show_figures(self, path: Path) -> None:
        raise NotImplementedError

    def over_open(self) -> bool:
        return any(x is not None for x in (self.page, self.mods_page, self.browser, self.figures, self.saves))

    def handle_over(self, ev: pygame.event.Event) -> str | None:
        """An input to what is open over the page (over_open), the topmost first."""
        if self.page is not None:
            return self._settings(ev)
        if self.mods_page is not None:  # closed: the page made again with the mods switched on
            if self.mods_page.handle(ev) != "close":
                return None
            changed, self.setup.mods, self.mods_page = (
                self.mods_page.changed,
                self.mods_page.mods.enabled(),
                None,
            )
            self.chosen()
            return "mods" if changed else None
        if self.browser is not None:
            if not self.browser.handle(ev):
                self.browser = None
            return None
        if self.figures is not None:
            if ev.type == pygame.MOUSEBUTTONDOWN or (ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE):
                self.figures = None  # back to the saves it was opened from
            return None
        return self._browse(ev)

    def draw_over(self, surf: pygame.Surface) -> None:
        if self.saves is not None:
            self.saves.draw(surf, self.mouse)
        if self.figures is not None:
            shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 170))
            surf.blit(shade, (0, 0))
            f, names, colours, t = self.figures
            draw_figures(surf, f, t, names, colours, t("stats_back"))
        if self.browser is not None:
            self.browser.draw(surf)
        if self.page is not None:
            self.page.draw(surf, self.mouse)
        if self.mods_page is not None:
            self.mods_page.draw(surf, self.mouse)

    def _settings(self, ev: pygame.event.Event) -> str | None:
        """The Settings page over the start screen: "window" when the window must be made again (its
        size, full screen), "again" when the page must be (its words), else None; closed by Back or Esc."""
        changed = self.page.handle(ev) if self.page is not None else None
        if changed == "close":
            self.page = None
        if changed not in ("window", "fullscreen", "language"):
            return None
        self.chosen()  # the page made again keeps what it shows
        return "window" if changed in ("window", "fullscreen") else "again"

    def _browse(self, ev: pygame.event.Event) -> str | None:
        """The saved battles' browser over the start screen: a save to resume, to watch again, or its
        figures."""
        assert self.saves is not None
        chosen = self.saves.handle(ev)
        if chosen is None:
            return None
        if chosen.what == "figures" and chosen.path is not None:
            if not campaign_save(chosen.path):
                self.show_figures(chosen.path)
                return None
            self.saves, self.setup.replay = None, chosen.path  # the war's figures, on its own screen
            return "war-figures"
        self.saves = None
        if chosen.what == "load" and chosen.path is not None:
            self.setup.load = chosen.path
            return "start"
        if chosen.what == "watch" and chosen.path is not None:  # the replay viewer, from its start
            self.setup.replay = chosen.path
            return "watch"
        return "mods"  # the start screen again, its "continue" as the saves now stand
