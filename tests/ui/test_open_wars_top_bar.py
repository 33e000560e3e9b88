"""The Open Wars top bar at 1280x720 (session 11): each seat's name and who plays it said whole, with
two, three and four players and the longest faction names and controller words of each language (the
purses of four players were cut to "Reyes del Tú…" and the player to act's "< IA difícil ..."); its
figures with the map cards' icons, and its hover box saying them in words."""

from __future__ import annotations

import pygame
import pytest

from game.content.locale import Texts
from game.running.match import new_match
from game.running.settings import Settings
from game.ui import theme
from game.ui.open_wars import top_bar as ow_top_bar
from game.ui.open_wars.screen import OpenWarsScreen
from game.ui.open_wars.top_bar import SEAT_SIZES
from game.ui.widgets.load_list import CONTROLLERS
from systems.open_wars.ruleset_files import load_rules


def _longest(words: list[str]) -> str:
    f = theme.font(SEAT_SIZES[0])
    return max(words, key=lambda w: f.size(w)[0])


def screen_of(
    window: pygame.Surface, language: str, players: int, scenario: str = "ow-random"
) -> OpenWarsScreen:
    """The map of `players` seats, each played by the controller of the longest words in `language`;
    the random map's seats given the factions of the longest titles in it."""
    rules = load_rules()
    names = {rules.faction_title(f, language): f for f in rules.factions}  # the random map's seats
    factions = [
        names[n] for n in sorted(names, key=lambda n: -theme.font(SEAT_SIZES[0]).size(n)[0])[:players]
    ]
    t = Texts(language)
    said = {t("you") if k == "human" else t(f"player_{k}"): k for k in CONTROLLERS}
    options = {"players": players, "factions": factions} if scenario == "ow-random" else None
    m = new_match(scenario, 3, options=options)
    settings = Settings()
    settings.language = language
    return OpenWarsScreen(
        m, dict.fromkeys(m.battle.sides, said[_longest(list(said))]), window.get_size(), settings
    )


CASES = [(lang, n, "ow-random") for lang in ("en", "es") for n in (2, 3, 4)] + [
    (lang, 0, scenario) for lang in ("en", "es") for scenario in ("ow-three-crowns", "ow-four-winds")
]  # the shipped maps of three and four players: their own long names


@pytest.mark.parametrize(("language", "players", "scenario"), CASES)
def test_every_seat_is_said_whole_at_1280(
    window720: pygame.Surface, language: str, players: int, scenario: str
) -> None:
    screen = screen_of(window720, language, players, scenario)
    try:
        screen.draw(window720)
        c, seats = screen.campaign, screen.seats
        assert [e.side for e in seats] == list(c.order) and len(seats) == (players or len(c.order))
        for e in seats:
            assert e.who == e.said == f"{screen.names[e.side]} ({screen.player_of(e.side)})"
            assert e.box.bottom <= theme.TOP_BAR and e.box.right <= window720.get_width() - 10
        for e in seats:  # nothing drawn past an entry's box, up to the next one on its row or the edge
            after = [o.box.left for o in seats if o.box.y == e.box.y and o.box.left > e.box.left]
            strip = range(e.box.right + 1, min(after, default=window720.get_width()))
            for x in strip:
                for y in range(e.box.top, e.box.bottom):
                    assert window720.get_at((x, y))[:3] == theme.PANEL, (e.who, x, y)
        title_right = min(e.box.left for e in seats)
        assert all(window720.get_at((title_right - 2, y))[:3] == theme.PANEL for y in range(theme.TOP_BAR))
    finally:
        screen.close()


def test_a_seat_s_hover_box_says_its_figures_in_words(
    window720: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(ow_top_bar, "tooltip", lambda _s, _at, title, text, **_: shown.append((title, text)))
    screen = screen_of(window720, "es", 4)
    try:
        screen.draw(window720)
        assert not shown
        seat = screen.seats[2]
        screen.mouse = seat.box.center
        screen.draw(window720)
        c = screen.campaign
        gold, mana, army = c.purses[seat.side].gold, c.purses[seat.side].mana, c.army_values()[seat.side]
        assert seat.figures == (gold, mana, army)
        assert shown == [(seat.said, f"{gold} de oro, {mana} de maná, valor del ejército {army}")]
    finally:
        screen.close()


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seat_s_hover_box_covers_no_other_seat(
    window720: pygame.Surface, language: str, players: int
) -> None:
    """Session 12: the box opened over a seat of the first row covered the second row's seats (four
    players). Over each seat, its longest names in the language, the bar is left exactly as drawn and
    the box lies below it, inside the window."""
    screen = screen_of(window720, language, players)
    try:
        screen.mouse = (window720.get_width() - 5, window720.get_height() - 5)
        screen.draw(window720)
        bar = pygame.Rect(0, 0, window720.get_width(), theme.TOP_BAR)
        plain = pygame.image.tobytes(window720.subsurface(bar), "RGB")
        for e in screen.seats:
            for at in (e.box.midleft, e.box.center, (e.box.right - 1, e.box.bottom - 1)):
                screen.mouse = at
                screen.draw(window720)
                box = ow_top_bar.seat_hover(screen, window720)
                assert box is not None, (e.who, at)
                assert box.top >= theme.TOP_BAR and window720.get_rect().contains(box), (e.who, box)
                assert pygame.image.tobytes(window720.subsurface(bar), "RGB") == plain, (e.who, at)
    finally:
        screen.close()
