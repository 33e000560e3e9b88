"""What the start screen asks of the Open Wars random map (OW-LOC-1): how many players it is made for,
two to four (OW-TURN-2); the third and fourth seats are played as the second's."""

from __future__ import annotations

import pygame
import pygame_gui

from game.content.locale import Texts
from systems.open_wars.maps import MAX_PLAYERS

RANDOM = "ow-random"  # the map made at random for the players chosen


class PlayersChoice:
    """The random map's number of players: a drop-down shown only while that map is chosen."""

    def __init__(self, rect: pygame.Rect, manager: pygame_gui.UIManager, t: Texts, chosen: object) -> None:
        self.t = t
        self.labels = {t("ow_players_n", count=n): n for n in range(2, MAX_PLAYERS + 1)}
        first = next((k for k, n in self.labels.items() if n == chosen), next(iter(self.labels)))
        self.menu = pygame_gui.elements.UIDropDownMenu([*self.labels], first, rect, manager)

    def show_for(self, scenario_id: str) -> None:
        if scenario_id == RANDOM:
            self.menu.show()
        else:
            self.menu.hide()

    def options(self, scenario_id: str, before: dict[str, object] | None) -> dict[str, object] | None:
        """The match's options for the map chosen: the players picked for the random map (with what
        the command line chose besides), none for any other map."""
        if scenario_id != RANDOM:
            return None
        opt = self.menu.selected_option
        players = self.labels[opt[0] if isinstance(opt, tuple) else opt]
        chosen = {k: v for k, v in (before or {}).items() if k != "players"}
        factions = chosen.get("factions")
        if isinstance(factions, list) and len(factions) != players:
            del chosen["factions"]  # the command line's factions were for another number of players
        return {**chosen, "players": players}
