"""Issue 38: the colour-blind palette by nation, not by seat (the Spanish were orange in Bailén and blue
in the first battle, whose lesson said "the Spanish, in red"); readable everywhere (the top bar's
chips were grey words on orange); switched on mid-battle, the bases were left in their old colours
(their sprites are cached by side)."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from game.content.ruleset_files import load_ruleset
from game.content.scenario import load_any_scenario, scenario_path
from game.running.settings import Settings
from game.ui import theme
from game.ui.battle.hud import draw_top_bar
from game.ui.battle.tutorial import TutorialScreen
from game.ui.drawing.camera import Camera
from game.ui.drawing.display import Display
from game.ui.drawing.render import BaseLook, Renderer
from game.ui.palette import COLOUR_BLIND, colour_name, contrast, ink_on, legible, shown_colours
from tests.helpers import unit
from tests.ui.test_battle_top_bar import screen_at_activations

BLUE, ORANGE, PURPLE, GREEN = COLOUR_BLIND


def own_colours(scenario: str) -> dict[str, tuple[int, int, int]]:
    """A battle's or a map's sides by name (in English) and the colours its file gives them."""
    rules = load_ruleset()
    sc, mode = load_any_scenario(scenario_path(scenario), rules)
    people = sc.spec.players if mode == "open-wars" else sc.spec.sides
    names = sc.spec.words("en").players if mode == "open-wars" else sc.spec.words("en").sides
    return {names[p.id]: tuple(p.colour) for p in people}


def test_a_nation_keeps_its_palette_colour_in_every_battle() -> None:
    """The first battle seats the Spanish first, Bailén the French: by seat they swapped colours."""
    for scenario in ("first-battle", "bailen", "default", "medina-de-rioseco"):
        shown = shown_colours(own_colours(scenario), colour_blind=True)
        assert shown["French"] == BLUE and shown["Spanish"] == ORANGE, scenario
    for scenario in ("talavera", "albuera", "arapiles"):
        shown = shown_colours(own_colours(scenario), colour_blind=True)
        assert shown["French"] == BLUE and shown["Allies"] == ORANGE, scenario


def test_players_of_one_hue_share_no_colour() -> None:
    """ow-four-winds: an orange and a red player; each player a colour of its own, by its hue."""
    own = own_colours("ow-four-winds")
    shown = shown_colours(own, colour_blind=True)
    assert sorted(shown.values()) == sorted(COLOUR_BLIND)
    by_hue = {colour_name(c): shown[name] for name, c in own.items()}
    assert by_hue["green"] == GREEN and by_hue["purple"] == PURPLE and by_hue["red"] == ORANGE
    assert shown_colours(own, colour_blind=False) == own


def test_words_read_on_every_side_colour() -> None:
    for colour in [*COLOUR_BLIND, (190, 40, 40), (44, 82, 170), (60, 150, 90), (200, 160, 40)]:
        assert contrast(ink_on(colour), colour) >= 4.5, colour
        assert contrast(legible(colour, theme.PANEL), theme.PANEL) >= 4.5, colour
    assert legible(ORANGE, theme.PANEL) == ORANGE  # a colour that reads is left as it is


@pytest.mark.parametrize("colour_blind", [False, True])
def test_the_order_s_chips_are_readable(window720: pygame.Surface, colour_blind: bool) -> None:
    screen = screen_at_activations(window720, "bailen", "en")
    try:
        screen.settings.colour_blind = colour_blind
        screen.settings_changed("colour-blind")
        draw_top_bar(screen, window720)
        assert screen.order_chips
        for chip, _key, _init in screen.order_chips:
            inside = chip.inflate(-2, -2)
            pixels = Counter(
                tuple(window720.get_at((x, y)))[:3]
                for x in range(inside.left, inside.right)
                for y in range(inside.top, inside.bottom)
            )
            fill = pixels.most_common(1)[0][0]
            words = max(pixels, key=lambda c: contrast(c, fill))  # the letters' darkest or lightest pixel
            assert contrast(words, fill) >= 4.5, (fill, words)
    finally:
        screen.close()


def test_switching_the_palette_on_recolours_the_bases_at_once(window: pygame.Surface, battle) -> None:
    b = battle()
    unit(b, "fr-1", "fr", (36, 24), 90)
    display = Display()
    display.sync(b)
    cam = Camera((0, 0, *window.get_size()))
    cam.fit(b.table.width, b.table.depth)
    bases = b.rules.core.bases
    renderer = Renderer(b.table, {"fr": (44, 82, 170)}, (bases.unit_width, bases.unit_depth), 1.0)
    looks = [BaseLook("fr-1", "fr", "LnInf", "infantry")]

    def colours_drawn() -> Counter[tuple[int, int, int]]:
        window.fill((0, 0, 0))
        renderer.draw_units(window, cam, looks, display)
        x, y = (int(v) for v in cam.to_screen((36, 24)))
        box = pygame.Rect(x - 15, y - 6, 30, 12)
        return Counter(
            tuple(window.get_at((px, py)))[:3]
            for px in range(box.left, box.right)
            for py in range(box.top, box.bottom)
        )

    assert colours_drawn().most_common(1)[0][0] == (44, 82, 170)
    renderer.colours = shown_colours({"fr": (44, 82, 170)}, colour_blind=True)  # as Settings sets them
    assert colours_drawn().most_common(1)[0][0] == BLUE


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_first_lesson_names_the_colour_drawn(window: pygame.Surface, language: str) -> None:
    words = {"en": ("red", "orange"), "es": ("rojo", "naranja")}[language]
    for colour_blind, colour in zip((False, True), words, strict=True):
        tutorial = TutorialScreen(window.get_size(), Settings(language=language, colour_blind=colour_blind))
        try:
            step = tutorial.step
            assert step is not None and step.id == "welcome"
            said, _terms = tutorial.words(step)
            assert f", {'in' if language == 'en' else 'en'} {colour}," in said, said
            side = tutorial.progress.side
            assert colour_name(tutorial.screen.renderer.colours[side]) == ("red", "orange")[colour_blind]
        finally:
            tutorial.close()
