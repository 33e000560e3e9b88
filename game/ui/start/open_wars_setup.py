"""The start screen's seats: who plays each side or player, in rows one under the other, then the seed.
For Glory's battles and the Open Wars maps of two players show two rows; a map of three or four players
shows a row each, each with its own controller (hot seat or a computer player, OW-TURN-2). The Open
Wars random map (OW-LOC-1) also asks how many players it is made for and each seat's faction, "random"
(drawn) unless chosen. The choices become the setup's controllers and the match's options just as
`play --a/--b/--c/--d`, `--players` and `--factions` do on the command line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from game.content.locale import Texts
from game.ui.markup import drawable
from systems.open_wars.maps import MAX_PLAYERS, RANDOM_FACTION
from systems.open_wars.records import OpenWarsRules
from systems.open_wars.ruleset_files import load_rules as load_open_wars_rules

RANDOM = "ow-random"  # the map made at random for the players chosen
ROW = 42  # from one seat's row to the next


@dataclass(frozen=True)
class SeatColumn:
    """Where the seats go: the column's left and width, the first row's top, the labels' width, and
    how much larger than at 1280x720 the start screen is laid out."""

    x: int
    y: int
    width: int
    label_w: int
    scale: float = 1.0

    def px(self, n: float) -> int:
        return round(n * self.scale)


class Seats:
    """Each seat's name and controller (and, on the random map, its faction), the seed and the random
    map's number of players below them. `show` lays out the seats a battle or map has."""

    def __init__(
        self,
        at: SeatColumn,
        manager: pygame_gui.UIManager,
        t: Texts,
        controllers: dict[str, str],
        chosen: list[str],
        default: str,
        options: dict[str, object] | None,
    ) -> None:
        chosen = chosen + [default] * (MAX_PLAYERS - len(chosen))  # a seat not chosen: as the default
        self.t, self.at = t, at
        self.open_wars: OpenWarsRules = load_open_wars_rules()
        self.kinds = controllers  # shown -> the controller's id ("human", "easy", ...)
        shown = {v: k for k, v in controllers.items()}
        labels: list[str | tuple[str, str]] = [*controllers]
        make, x, w, lw, px = pygame.Rect, at.x, at.width, at.label_w, at.px
        self.full, self.half = w - lw - px(10), (w - lw - px(20)) // 2
        high = px(34)  # a row's widgets
        rows = [at.y + i * px(ROW) for i in range(MAX_PLAYERS)]
        self.labels = [pygame_gui.elements.UILabel(make(x, r, lw, high), "", manager) for r in rows]
        self.played = [
            pygame_gui.elements.UIDropDownMenu(
                labels, shown.get(chosen[i], labels[0]), make(x + lw + px(10), r, self.full, high), manager
            )
            for i, r in enumerate(rows)
        ]
        # the random map's: each seat's faction beside its controller, "random" first; the command
        # line's choice shown when it gave one
        self.faction_ids = {t("ow_faction_random"): RANDOM_FACTION} | {
            name: f for f, name in sorted(self.faction_names().items(), key=lambda kv: kv[1])
        }
        names = {f: name for name, f in self.faction_ids.items()}
        given = (options or {}).get("factions")
        given = given if isinstance(given, list) else []
        self.factions = [
            pygame_gui.elements.UIDropDownMenu(
                [*self.faction_ids],
                names.get(given[i] if i < len(given) else RANDOM_FACTION, names[RANDOM_FACTION]),
                make(x + lw + px(20) + self.half, r, self.half, high),
                manager,
            )
            for i, r in enumerate(rows)
        ]
        self.counts = {t("ow_players_n", count=n): n for n in range(2, MAX_PLAYERS + 1)}
        count = (options or {}).get("players")
        first = next((k for k, n in self.counts.items() if n == count), next(iter(self.counts)))
        self.menu = pygame_gui.elements.UIDropDownMenu([*self.counts], first, make(x, 0, 10, high), manager)
        self.seed_label = pygame_gui.elements.UILabel(make(x, 0, lw, high), t("seed"), manager)
        self.seed = pygame_gui.elements.UITextEntryLine(make(x + lw + px(10), 0, px(160), high), manager)
        self.seed.set_allowed_characters("numbers")  # a seed is a whole number: "abc" is never typed,
        self.seed.set_text_length_limit(18)  # and it stays below 2**63, as a replay keeps it
        self.scenario_id, self.names = "", ["", ""]  # what `show` laid out last

    def faction(self, faction: str) -> str:
        """An Open Wars faction's name in the player's language."""
        return self.open_wars.faction_name(faction, self.t.language)

    def faction_names(self) -> dict[str, str]:
        return {f: self.faction(f) for f in self.open_wars.factions}

    def map_names(self, sc: Any) -> list[str]:
        """A hand-made Open Wars map's seats: each player's name and faction, in its seat order."""
        own = sc.spec.words(self.t.language).players
        return [drawable(f"{own[p.id]} ({self.faction(p.faction)})") for p in sc.spec.players]

    def about(self, sc: Any) -> str:
        """An Open Wars map's players in a line: each one's faction, gold and tokens; the random map's
        how it is made, for how many players, each seat's faction chosen or drawn, from its seed."""
        if sc.id == RANDOM:
            return self.t("ow_random_about", low=2, high=MAX_PLAYERS)
        words = sc.spec.words(self.t.language)
        return " | ".join(
            self.t(
                "ow_player",
                side=words.players[p.id],
                faction=self.faction(p.faction),
                gold=p.gold,
                tokens=sum(u.count for u in p.units),
            )
            for p in sc.spec.players
        )

    def players(self) -> int:
        return self.counts[selected(self.menu)]

    def show(self, scenario_id: str, names: list[str], wide: bool = False) -> int:
        """The rows of the seats `names` (the random map: as many as its players chosen), the seed's
        row beneath (with the random map's number of players); returns the y under them. `wide`: long
        names (a map's players and their factions) get the room of a narrower controller."""
        self.scenario_id, self.names = scenario_id, names
        random = scenario_id == RANDOM
        n = self.players() if random else len(names)
        at, px = self.at, self.at.px
        name_w = at.label_w + px(10) + self.half if wide and not random else at.label_w
        menu_x, menu_w = at.x + name_w + px(10), self.half if random or wide else self.full
        for i, (label, menu, faction) in enumerate(zip(self.labels, self.played, self.factions, strict=True)):
            shown = i < n
            for element in (label, menu):
                element.show() if shown else element.hide()
            faction.show() if shown and random else faction.hide()
            label.set_dimensions((name_w, label.rect.h))
            label.set_text(self.t("ow_seat_n", n=i + 1) if random else names[i] if shown else "")
            menu.set_position((menu_x, menu.rect.y))
            menu.set_dimensions((menu_w, menu.rect.h))
        row = at.y + n * px(ROW)
        self.seed_label.set_position((at.x, row))
        self.seed.set_position((at.x + at.label_w + px(10), row))
        self.menu.set_position((at.x + at.label_w + px(180), row))
        self.menu.set_dimensions((at.width - at.label_w - px(180), self.menu.rect.h))
        self.menu.show() if random else self.menu.hide()
        return row + px(ROW)

    def handle(self, ev: pygame.event.Event) -> bool:
        """True when the random map's number of players changed: its rows were laid out again."""
        if ev.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and ev.ui_element is self.menu:
            self.show(self.scenario_id, self.names)
            return True
        return False

    def controllers(self) -> list[str]:
        """Who plays each seat shown, in seat order (the command line's --a, --b, --c, --d)."""
        shown = [m for m in self.played if m.visible]
        return [self.kinds[selected(m)] for m in shown]

    def options(self, before: dict[str, object] | None) -> dict[str, object] | None:
        """The match's options for the map chosen: the players and their factions picked for the
        random map (with what the command line chose besides), none for any other map. The factions
        are `--factions`' list: in seat order, "random" for a seat drawn, the last random ones left
        out (a game of seats all drawn gives none, as before seats could be chosen)."""
        if self.scenario_id != RANDOM:
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
