"""What the start screen shows and asks of an Open Wars map: its players with their factions' names in
the player's language (two to four of them, OW-TURN-2), and for the random map (OW-LOC-1) how many
players it is made for; the third and fourth seats are played as the second's."""

from __future__ import annotations

from functools import cache
from typing import Any

import pygame
import pygame_gui

from game.content.locale import Texts
from game.content.mods import Mod
from game.ui.markup import drawable
from systems.open_wars.maps import MAX_PLAYERS
from systems.open_wars.records import load_rules

RANDOM = "ow-random"  # the map made at random for the players chosen


@cache
def faction_names(language: str, mods: tuple[Mod, ...] = ()) -> dict[str, str]:
    """Each faction's name in the language, by id."""
    rules = load_rules(mods=mods)
    return {f: rules.faction_name(f, language) for f in rules.factions}


def seat_labels(spec: Any, t: Texts, mods: tuple[Mod, ...] = ()) -> list[str]:
    """Each player of the map as "name (faction)", in the player's language."""
    own = spec.words(t.language).players
    names = faction_names(t.language, mods)
    out = []
    for p in spec.players:
        faction = names.get(p.faction, p.faction)
        out.append(drawable(own[p.id] if own[p.id] == faction else f"{own[p.id]} ({faction})"))
    return out


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
