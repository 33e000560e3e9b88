"""What the state of every game screen holds alike, For Glory's battle (battle_view.py) and an Open
Wars game (ow_view.py): the match, who plays each seat, the other machine when a player plays
elsewhere, the settings; a save that could not be opened, said in the log; and the tooltip of a
button's hint or of a rule ID in the log."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

import pygame

from game.content.locale import Texts
from game.content.rulesref import RuleText
from game.model.errors import one_line
from game.running.match import Match
from game.running.settings import Settings
from game.ui import theme
from game.ui.log_panel import LogPanel, tooltip
from game.ui.remote_play import RemotePlay


class Hinted(Protocol):
    """A button of a game screen's panel: its words, and what it does or why it is greyed."""

    @property
    def label(self) -> str: ...

    @property
    def hint(self) -> str: ...


class GameView:
    t: Texts
    log: LogPanel
    alert: str | None  # what went wrong, shown until the player's next command
    reference: dict[str, RuleText]
    mouse: tuple[int, int]

    def __init__(self, match: Match, controllers: dict[str, str], settings: Settings | None) -> None:
        self.match = match
        self.controllers = controllers  # side -> "human", a player name, or "remote" (another machine's)
        self.remote: RemotePlay | None = None  # the other player, when he plays elsewhere (game/net/)
        self.settings = settings or Settings()

    def load_failed(self, why: str) -> None:
        """The save chosen could not be opened: say why in one line; this game goes on."""
        self.alert = self.t("load_failed", why=one_line(why, 160))
        self.log.add(self.alert, theme.BAD)

    def button_or_rule_tip(self, surf: pygame.Surface, buttons: Iterable[tuple[pygame.Rect, Hinted]]) -> bool:
        """The tooltip of what the mouse is on, when it is a button with a hint (what it does, or why it
        is greyed) or a rule ID in the log (the rule's title and text). True when one was drawn."""
        button = next((b for rect, b in buttons if rect.collidepoint(self.mouse) and b.hint), None)
        if button is not None:
            tooltip(surf, self.mouse, button.label, button.hint)
            return True
        rid = self.log.rule_at(self.mouse)
        if rid is not None:
            ref = self.reference.get(rid)
            tooltip(surf, self.mouse, f"{rid}: {ref.title}" if ref else rid, ref.text if ref else "")
            return True
        return False
