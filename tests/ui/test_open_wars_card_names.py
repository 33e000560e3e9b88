"""The Open Wars map's location cards say each location's whole name in the smallest window (1280x720),
in both languages, on every hand-made map and on random maps of four players: smaller or in two lines,
never cut ("Arenas de ." was "Arenas de Cobre"); and a card too small for every stack on it says how
many more there are ("+n") rather than leaving a player's stacks out."""

from __future__ import annotations

import pygame
import pytest

from game import CONTENT
from game.running.match import new_match
from game.running.settings import Settings
from game.ui import theme
from game.ui.drawing.map_cards import NAME_PAD, name_lines
from game.ui.open_wars.screen import OpenWarsScreen

HAND_MADE = sorted(
    p.stem for p in (CONTENT / "scenarios" / "open-wars").glob("*.toml") if p.stem != "ow-random"
)
MAPS = [(s, None) for s in HAND_MADE] + [
    ("ow-random", {"players": 4, "size": z}) for z in ("medium", "large")
]


def screen_of(scenario: str, options: dict[str, object] | None, language: str) -> OpenWarsScreen:
    m = new_match(scenario, 3, options=options)
    settings = Settings()
    settings.language = language
    return OpenWarsScreen(m, dict.fromkeys(m.battle.sides, "human"), (1280, 720), settings)


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize(
    ("scenario", "options"), MAPS, ids=[s if o is None else f"random-4-{o['size']}" for s, o in MAPS]
)
def test_every_location_card_says_its_whole_name(
    window720: pygame.Surface, scenario: str, options: dict[str, object] | None, language: str
) -> None:
    screen = screen_of(scenario, options, language)
    c, view = screen.campaign, screen.view
    for loc, rect in view.cards.items():
        spec = c.location(loc)
        cost = spec.entry_cost if spec.entry_cost is not None else c.rules.entry(spec.type)
        tag = theme.font(16).size(str(cost))[0]
        room = (rect.w - 8) - tag - 3 * NAME_PAD  # the head, less the cost and a margin each side of the name
        name = view.names[loc]
        font, lines = name_lines(name, rect.w - 8 - NAME_PAD - tag)
        assert " ".join(lines) == name and len(lines) <= 2, (loc, lines)
        assert all(font.size(line)[0] <= room for line in lines), (
            name,
            [font.size(x)[0] for x in lines],
            room,
        )
        assert font.get_height() >= theme.font(12).get_height()


def test_a_long_name_goes_on_two_lines_and_a_name_too_long_for_them_ends_in_an_ellipsis(
    window720: pygame.Surface,
) -> None:
    _font, lines = name_lines("Pinos de Barlovento", 100)
    assert lines == ["Pinos de", "Barlovento"]
    _font, lines = name_lines("Hondonada de Helechos de la Sierra del Norte", 100)
    assert len(lines) == 2 and lines[-1].endswith("…")
    assert " ".join(lines).rstrip("…") in "Hondonada de Helechos de la Sierra del Norte"


def test_a_crowded_card_shows_each_players_stacks_or_says_how_many_more(window720: pygame.Surface) -> None:
    """Four players with two stacks each on a card with a two-line name: the card draws what it has
    room for, a row a player, and says "+n" for the rest; no player's stacks vanish unsaid."""
    screen = screen_of("ow-four-winds", None, "es")
    c = screen.campaign
    for p in c.sides:
        for unit in sorted({s.unit for s in c.army(p)})[:2]:
            c.add(p, "ne-wood", unit, 1)
    screen.draw(window720)
    view = screen.view
    drawn = [s for _r, s in view.chips if s.location == "ne-wood"]
    assert len(drawn) + view.unshown["ne-wood"] == 8
    assert len(drawn) >= 4 and view.unshown["ne-wood"] > 0
    two = [p for p in c.sides if any(s.player == p for s in drawn)]
    assert len(two) >= 2  # a row a player while there is room
