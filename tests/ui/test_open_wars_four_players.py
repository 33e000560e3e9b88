"""A four-player Open Wars game on screen, in Spanish (issue 25; its top bar: test_open_wars_top_bar.py):
a spell is cast from its button (its category, range, effect and exact odds on hover, its target
lit on the map) and a march's odds are shown before it is sent."""

from __future__ import annotations

import pygame
import pygame_gui

from game.ai.players import make_player
from game.content.locale import Texts
from game.running.match import new_match
from game.running.settings import Settings
from game.ui.open_wars.screen import OpenWarsScreen
from game.ui.opening import open_battle
from game.ui.start.screen import Setup, StartScreen
from systems.open_wars.magic import Cast
from systems.open_wars.odds import combat_odds
from systems.open_wars.state import Stack

FACTIONS = ["elves", "demons", "undead", "dwarves"]


def hotseat_of_four(window720: pygame.Surface, scenario: str = "ow-random") -> OpenWarsScreen:
    options = {"players": 4, "factions": FACTIONS} if scenario == "ow-random" else None
    m = new_match(scenario, 3, options=options)
    settings = Settings()
    settings.language = "es"
    return OpenWarsScreen(m, dict.fromkeys(m.battle.sides, "human"), window720.get_size(), settings)


def played_until(screen: OpenWarsScreen, wanted: object, turns: int = 400) -> None:
    """The computer players' choices sent through the screen, as a person's clicks would be, until
    `wanted(decision)` holds."""
    c = screen.campaign
    bots = {s: make_player("heuristic", s, 3 + i) for i, s in enumerate(c.sides)}
    for _ in range(turns):
        d = c.pending
        assert d is not None, "the game ended first"
        if wanted(d):  # type: ignore[operator]
            return
        screen.send(bots[d.side].decide(c, d))  # type: ignore[arg-type]
    raise AssertionError("never reached")


def test_a_spell_is_cast_from_its_button_with_its_words_odds_and_target_lit(
    window720: pygame.Surface,
) -> None:
    """OW-MAGIC-4: the button's hover box says the spell's category, range, effect and exact odds;
    the map lights its target; a click sends the cast and its mana is paid."""
    screen = hotseat_of_four(window720)
    c = screen.campaign

    def dice_spell_offered(d: object) -> bool:
        if getattr(d, "kind", "") != "ow_volley":
            return False
        return any(isinstance(ch.command, Cast) for ch in screen.choices(d))  # type: ignore[arg-type]

    played_until(screen, dice_spell_offered)
    screen.draw(window720)
    rect, choice = next((r, ch) for r, ch in screen.buttons if isinstance(ch.command, Cast))
    cast = choice.command
    assert isinstance(cast, Cast)
    spell = c.rules.spells[cast.spell]
    screen.mouse = rect.center
    screen.draw(window720)
    assert screen.aimed() == cast.target
    assert f"rango {spell.range}" in choice.hint and choice.hint.startswith(
        screen.t("ow_category_" + spell.category)
    )
    if spell.effect.kind == "hits":
        assert "exactamente" in choice.hint
    side = c.pending.side  # type: ignore[union-attr]
    mana = c.purses[side].mana
    before = len(c.events)
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    assert c.purses[side].mana == mana - spell.cost
    assert any(getattr(e, "rule", "") == "OW-MAGIC-4" for e in c.events[before:])


def test_a_march_shows_the_fights_odds_before_it_is_sent(window720: pygame.Surface) -> None:
    """OW-COMBAT: hovering a destination with enemies gives the exact odds of the fight the stack in
    hand would join, the tokens supposed there (nothing moves)."""
    screen = hotseat_of_four(window720)
    c = screen.campaign
    found: list[tuple[Stack, str]] = []

    def enemy_in_reach(d: object) -> bool:
        if getattr(d, "kind", "") != "ow_move":
            return False
        for s in c.army(d.side):  # type: ignore[attr-defined]
            if s.moved < s.count:
                screen.stack, screen.count = s, s.count - s.moved
                foes = [loc for loc in screen.paths() if c.enemies_at(loc, s.player)]
                screen.stack = None
                if foes:
                    found.append((s, foes[0]))
                    return True
        return False

    played_until(screen, enemy_in_reach)
    s, loc = found[0]
    screen.stack, screen.count = s, s.count - s.moved
    stacks = [(x.player, x.unit, x.count) for x in c.stacks]
    words = screen.march_odds(loc)
    assert [(x.player, x.unit, x.count) for x in c.stacks] == stacks  # supposed, not moved
    odds = combat_odds(c, loc, Stack(s.player, s.unit, loc, screen.count))
    assert words.startswith("Si marchan allí") and screen.names[s.player] in words
    assert f"{screen.names[s.player]} {odds.win[s.player]:.0%}" in words
    assert screen.march_odds(s.location) == "" or c.enemies_at(s.location, s.player)


def test_the_start_screen_shows_every_map_of_three_and_four_players_and_the_random_maps_players(
    window720: pygame.Surface,
) -> None:
    """OW-TURN-2, OW-LOC-1: a map of three or four players is shown (it raised before), its factions
    named in Spanish, a row a seat; the random map asks how many players and opens a game of that many,
    the third and fourth seats played as the second's unless chosen."""
    setup = Setup()
    start = StartScreen(window720.get_size(), setup, t=Texts("es"))
    maps = {n: sc for n, sc in start.scenarios.items() if start.modes[n] == "open-wars"}
    for name, sc in maps.items():
        start.show_about(name)
        start.update(0.0)
        start.draw(window720)
        assert start.seats.menu.visible == (sc.id == "ow-random")
        assert "(" not in start.label_b.text or ")" in start.label_b.text
    four = next(n for n, sc in maps.items() if len(sc.spec.players) == 4)
    start.show_about(four)
    assert "Bárbaros" in start.label_b.text and "Bárbaros" in start.about.html_text
    assert all(m.visible for m in start.seats.played) and "No Muertos" in start.seats.labels[3].text
    name = next(n for n, sc in maps.items() if sc.id == "ow-random")
    start.scenario.selected_option = (name, name)
    start.show_about(name)
    start.seats.menu.selected_option = ("4 jugadores", "4 jugadores")
    start.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=start.start))
    assert setup.scenario == "ow-random" and setup.options == {"players": 4}
    screen = open_battle(setup, window720.get_size())
    assert isinstance(screen, OpenWarsScreen) and len(screen.campaign.sides) == 4
    seats = [screen.controllers[s] for s in screen.campaign.sides]
    assert seats == [setup.a, setup.b, setup.b, setup.b]
    screen.close()
