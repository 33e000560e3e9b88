"""The Open Wars screen's figures (issue 25, item 8): Tab shows the game in figures while it goes on and
after it ends, as a battle's end screen does; a game without divisions shows each player's fate under
a heading of its own, never an empty list of divisions."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ai.players import make_player
from game.content.locale import Texts
from game.model.figures import Fate
from game.running.match import Match, new_match, play
from game.running.settings import Settings
from game.running.stats import Figures, figures
from game.ui.ow_screen import OpenWarsScreen
from game.ui.stats_view import fate_words, fates_title


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def window() -> Iterator[pygame.Surface]:
    pygame.init()
    surf = pygame.display.set_mode((1280, 720))
    yield surf
    pygame.quit()


def _played(seed: int = 1) -> Match:
    m = new_match("ow-four-winds", seed)
    play(m, {s: make_player("heuristic", s, seed + i) for i, s in enumerate(m.battle.sides)})
    return m


def _screen(m: Match, window: pygame.Surface, language: str = "es") -> OpenWarsScreen:
    settings = Settings()
    settings.language = language
    return OpenWarsScreen(m, dict.fromkeys(m.battle.sides, "human"), window.get_size(), settings)


def tab(screen: OpenWarsScreen) -> None:
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))


def test_tab_shows_a_game_in_figures_during_it_and_after_its_end(window: pygame.Surface) -> None:
    whole = _played()
    half = new_match("ow-four-winds", 1)
    for c in whole.commands[:300]:
        half.apply(c)
    for m, over in ((half, False), (whole, True)):
        screen = _screen(m, window)
        assert screen.figures is None
        tab(screen)
        f = screen.figures
        assert f is not None and f.over is over and list(f.sides) == screen.campaign.sides
        assert f.rounds == screen.campaign.game.round
        screen.draw(window)  # drawn over the map
        tab(screen)  # Tab again: back to the map
        assert screen.figures is None
        screen.close()


def test_tab_then_esc_or_a_click_go_back_and_the_game_is_not_left(window: pygame.Surface) -> None:
    screen = _screen(_played(2), window, "en")
    tab(screen)
    first = screen.figures
    tab(screen)
    tab(screen)
    assert screen.figures is first  # nothing happened since: not played again from the start
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
    assert screen.figures is None  # Esc put the figures away, not the finished game
    tab(screen)
    assert screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)) is None
    assert screen.figures is None
    screen.close()


def test_open_wars_figures_name_each_player_s_fate_not_divisions() -> None:
    m = _played(1)
    f = figures(m)
    t = Texts("es")
    names = m.battle.map.spec.words("es").players  # type: ignore[attr-defined]
    assert fates_title(f, t) == "El destino de cada jugador"
    out = [x for x in f.fates if x.removed_in is not None]
    assert out, "seed 1: a player is out before the end"
    said = fate_words(out[0], t, names, f.over)
    assert said.startswith(names[out[0].side]) and f"turno {out[0].removed_in}" in said
    standing = next(x for x in f.fates if x.removed_in is None)
    assert fate_words(standing, t, names, True).endswith("aguantó hasta el final")
    assert fate_words(standing, t, names, False).endswith("sigue en juego")
    m.battle.close()


def test_a_battle_s_figures_keep_their_divisions_heading() -> None:
    t = Texts("en")
    f = figures_of([Fate("es-1", "es", None)])
    assert fates_title(f, t) == "Each division's fate"
    assert fates_title(figures_of([]), t) == ""  # no fates: no heading over an empty list


def figures_of(fates: list[Fate]) -> Figures:
    return Figures("x", 1, 1, None, {}, fates)


def test_four_players_figures_fit_their_box_in_open_wars_words(
    window: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 1280x720, four players' luck lines all fit in the figures' box (smaller sizes, shorter
    charts), the legend of four long names goes under the chart's title instead of over it, and the
    words are Open Wars' own: tokens lost turn by turn, attacks, shots and spells."""
    from game.ui import stats_view

    m = _played(1)
    spanish = _screen(m, window, "es")  # longer words: the ranks wrap to two lines
    screen = _screen(m, window, "en")
    tab(spanish)
    tab(screen)
    luck: list[int] = []
    legends: list[int] = []
    real_luck, real_legend = stats_view.draw_luck, stats_view._legend
    monkeypatch.setattr(stats_view, "draw_luck", lambda *a: luck.append(real_luck(*a)) or luck[-1])
    monkeypatch.setattr(
        stats_view, "_legend", lambda s, r, y, sides: legends.append(y) or real_legend(s, r, y, sides)
    )
    said: list[str] = []
    real_render = pygame.font.Font.render
    monkeypatch.setattr(
        stats_view.theme.GameFont,
        "render",
        lambda self, text, *a: said.append(str(text)) or real_render(self, text, *a),
    )
    spanish.draw(window)
    screen.draw(window)
    assert luck == [0, 0]  # no line of any player left out
    spanish.close()
    two = new_match("ow-twin-fords", 1)  # two players of short names: the legend beside the title
    beside = _screen(two, window, "en")
    tab(beside)
    beside.draw(window)
    assert len(set(legends[:2])) == 1 and legends[0] > legends[-1]  # four: under the titles
    beside.close()
    assert "The game in figures" in said and "Tokens lost, turn by turn" in said
    assert any(s.startswith("Attacks, shots and spells (") for s in said) and "Shots (" not in " ".join(said)
    screen.close()
