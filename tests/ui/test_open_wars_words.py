"""The Open Wars screen's words as a player reads them (issue 25, item 8): prompts that agree with any
unit's name in Spanish, the end box in the command line's wording, buttons whose labels fit inside
them with a margin in both languages, and spaces that read as spaces."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ai.players import make_player
from game.model.resolution import Decision
from game.running.match import Match, new_match, play
from game.running.result_words import result_lines
from game.running.settings import Settings
from game.ui import theme
from game.ui.log_panel import tooltip
from game.ui.ow_panels import LABEL_MARGIN, button_label, end_head
from game.ui.ow_screen import OpenWarsScreen
from systems.open_wars.magic import castings
from systems.open_wars.state import Campaign


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


def _screen(m: Match, window: pygame.Surface, language: str) -> OpenWarsScreen:
    settings = Settings()
    settings.language = language
    c = m.battle
    assert isinstance(c, Campaign)
    return OpenWarsScreen(m, dict.fromkeys(c.sides, "human"), window.get_size(), settings)


@pytest.mark.parametrize(
    ("kind", "spanish", "english"),
    [
        (
            "ow_volley",
            "¿la pila de Nigromante de {side} dispara, lanza o espera?",
            "stack of Necromancer, shoot",
        ),
        ("ow_combat", "¿la pila de Nigromante de {side} ataca o se retira?", "stack of Necromancer, attack"),
    ],
)
def test_a_stack_s_prompt_agrees_with_a_unit_s_singular_name(
    window: pygame.Surface, kind: str, spanish: str, english: str
) -> None:
    """A unit's name may be singular ("Nigromante") or plural ("Arqueros"): the prompt's verb agrees
    with "la pila" (the stack), never with the bare name ("¿los Nigromante ... disparan" before)."""
    m = new_match("ow-four-winds", 1)
    c = m.battle
    assert isinstance(c, Campaign)
    side = next(p for p in c.sides if c.factions[p] == "undead")
    loc = next(s.location for s in c.army(side))
    d = Decision(kind, side, "necromancer", stage=loc)
    es, en = _screen(m, window, "es"), _screen(m, window, "en")
    assert spanish.format(side=es.names[side]) in es.prompt(d) and "los Nigromante" not in es.prompt(d)
    assert english in en.prompt(d) and f"{en.names[side]}'s" in en.prompt(d)
    es.close()
    en.close()


def test_the_end_box_says_who_won_as_the_command_line_does(
    window: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The end box's head is the command line's; its score lines keep their rule ID whole with four
    players' columns (the long words, else the command line's short ones), in both languages."""
    said: list[str] = []
    real_render = pygame.font.Font.render
    monkeypatch.setattr(
        theme.GameFont, "render", lambda f, text, *a: said.append(str(text)) or real_render(f, text, *a)
    )
    m = new_match("ow-four-winds", 1)
    c = m.battle
    assert isinstance(c, Campaign)
    play(m, {s: make_player("heuristic", s, 1 + i) for i, s in enumerate(c.sides)})
    assert c.game is not None and c.game.winner is not None
    for language, words in (("en", "{side} wins"), ("es", "Gana {side}")):
        screen = _screen(m, window, language)
        head = end_head(screen)
        assert head == words.format(side=screen.names[c.game.winner])
        assert head.lower() in result_lines(m, language)[0].lower()  # the command line's words
        said.clear()
        screen.draw(window)  # the end box drawn with it
        assert head in said and sum(text.endswith("(OW-DEC-6)") for text in said) == 2, said
        screen.close()


def _cast_decision(seed: int = 7) -> Match:
    """A random map of four players played by the heuristic to a cast with two spells or more."""
    m = new_match("ow-random", seed, options={"players": 4})
    c = m.battle
    assert isinstance(c, Campaign)
    players = {s: make_player("heuristic", s, seed + i) for i, s in enumerate(c.sides)}
    for n in range(2000):
        d = c.pending
        assert d is not None, "the game ended before a cast of two spells"
        if n > 60 and d.kind == "ow_cast" and len(castings(c, d.side, "collection")) >= 2:
            return m
        m.apply(players[d.side].decide(c, d))  # type: ignore[arg-type]
    raise AssertionError("no cast of two spells")


@pytest.mark.parametrize("language", ["es", "en"])
def test_spell_buttons_labels_fit_inside_with_a_margin(window: pygame.Surface, language: str) -> None:
    """OW-MAGIC-4's buttons at 1280x720: a label never runs to the button's or the panel's edge; a
    label too long for the largest size is drawn smaller, then cut after a whole word, its whole
    words in its hover box; a long hover title wraps inside its box."""
    screen = _screen(_cast_decision(), window, language)
    screen.draw(window)
    spells = [(r, ch) for r, ch in screen.buttons if ch.key.startswith("cast:")]
    assert len(spells) >= 2
    for rect, ch in spells:
        font, label = button_label(ch.label, rect.w - 2 * LABEL_MARGIN)
        assert font.size(label)[0] <= rect.w - 2 * LABEL_MARGIN and rect.right <= screen.panel.right - 10
        assert label == ch.label or (label.endswith("…") and ch.label.startswith(label[:-1].rstrip(".")))
        box = tooltip(window, rect.center, ch.label, ch.hint)
        title = theme.font(20)
        assert window.get_rect().contains(box)
        assert title.size(ch.label)[0] <= box.w - 16 or box.h >= 12 + 2 * title.get_linesize()
    screen.close()


def test_a_label_s_spaces_read_as_spaces() -> None:
    """ "4 of 4 may move": at 13 pixels the bold font's space beside a 4 was 3 pixels of blank, read as
    "4may"; a button's label is drawn at a size where it leaves 4 or more."""
    pygame.init()
    text = "Orc warriors: 4 of 4 may move"
    font, label = button_label(text, 400)
    assert label == text
    ink = font.render(text, True, (255, 255, 255), (0, 0, 0))
    w, h = ink.get_size()
    inked = [any(ink.get_at((x, y)).r > 90 for y in range(h)) for x in range(w)]
    for i in (i for i, ch in enumerate(text) if ch == " "):
        x = font.size(text[:i])[0]
        lo, hi = x, x
        while lo > 0 and not inked[lo - 1]:
            lo -= 1
        while hi < w and not inked[hi]:
            hi += 1
        assert hi - lo >= 4, (text[:i], hi - lo)
    pygame.quit()
