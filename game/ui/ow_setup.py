"""What the start screen asks of the Open Wars random map (OW-LOC-1): how many players it is made for,
two to four (OW-TURN-2), and each seat's faction, "random" (drawn) unless chosen; the third and fourth
seats are played as the second's. The choices become the match's options just as `--players` and
`--factions` do on the command line."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui

from game.content.locale import Texts
from systems.open_wars.maps import MAX_PLAYERS, RANDOM_FACTION

RANDOM = "ow-random"  # the map made at random for the players chosen


@dataclass(frozen=True)
class SeatPlaces:
    """Where the random map's choices go: the number of players, each seat's faction (seat order),
    and the third and fourth seats' rows (their name, then who plays them)."""

    count: pygame.Rect
    factions: list[pygame.Rect]
    names: list[pygame.Rect]
    played_by: list[pygame.Rect]


class PlayersChoice:
    """The random map's number of players and each seat's faction: shown only while that map is
    chosen, a seat's faction only while the map has that seat."""

    def __init__(
        self,
        places: SeatPlaces,
        manager: pygame_gui.UIManager,
        t: Texts,
        chosen: dict[str, object] | None,
        faction_names: dict[str, str],
    ) -> None:
        self.t = t
        self.shown = False
        self.labels = {t("ow_players_n", count=n): n for n in range(2, MAX_PLAYERS + 1)}
        count = (chosen or {}).get("players")
        first = next((k for k, n in self.labels.items() if n == count), next(iter(self.labels)))
        self.menu = pygame_gui.elements.UIDropDownMenu([*self.labels], first, places.count, manager)
        # shown name -> faction id, "random" first: the command line's choice shown when it gave one
        self.faction_ids = {t("ow_faction_random"): RANDOM_FACTION} | {
            name: f for f, name in sorted(faction_names.items(), key=lambda kv: kv[1])
        }
        names = {f: name for name, f in self.faction_ids.items()}
        given = (chosen or {}).get("factions")
        given = given if isinstance(given, list) else []
        self.factions = [
            pygame_gui.elements.UIDropDownMenu(
                [*self.faction_ids],
                names.get(given[i] if i < len(given) else RANDOM_FACTION, names[RANDOM_FACTION]),
                rect,
                manager,
            )
            for i, rect in enumerate(places.factions)
        ]
        first_more = MAX_PLAYERS - len(places.names)  # the seats whose row is the random map's own
        self.rows = [
            (
                pygame_gui.elements.UILabel(rect, t("ow_seat_n", n=first_more + i + 1), manager),
                pygame_gui.elements.UILabel(played, t("ow_seat_as_second"), manager),
            )
            for i, (rect, played) in enumerate(zip(places.names, places.played_by, strict=True))
        ]

    def players(self) -> int:
        return self.labels[selected(self.menu)]

    def show_for(self, scenario_id: str) -> None:
        self.shown = scenario_id == RANDOM
        self.menu.show() if self.shown else self.menu.hide()
        self.show_seats()

    def show_seats(self) -> None:
        """Each seat's faction while the random map has that seat; the extra seats' rows with theirs."""
        n = self.players() if self.shown else 0
        for i, menu in enumerate(self.factions):
            menu.show() if i < n else menu.hide()
        first_more = MAX_PLAYERS - len(self.rows)
        for i, row in enumerate(self.rows):
            for label in row:
                label.show() if first_more + i < n else label.hide()

    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and ev.ui_element is self.menu:
            self.show_seats()

    def options(self, scenario_id: str, before: dict[str, object] | None) -> dict[str, object] | None:
        """The match's options for the map chosen: the players and their factions picked for the
        random map (with what the command line chose besides), none for any other map. The factions
        are `--factions`' list: in seat order, "random" for a seat drawn, the last random ones left
        out (a game of seats all drawn gives none, as before seats could be chosen)."""
        if scenario_id != RANDOM:
            return None
        players = self.players()
        factions = [self.faction_ids[selected(m)] for m in self.factions[:players]]
        while factions and factions[-1] == RANDOM_FACTION:
            factions.pop()
        chosen = {k: v for k, v in (before or {}).items() if k not in ("players", "factions")}
        return {**chosen, "players": players} | ({"factions": factions} if factions else {})


def selected(menu: pygame_gui.elements.UIDropDownMenu) -> str:
    opt = menu.selected_option
    return opt[0] if isinstance(opt, tuple) else opt
