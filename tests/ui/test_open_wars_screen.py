"""The Open Wars screen: what a player clicks becomes the same commands the AI sends (recruit, march,
attack or retreat), paths and costs are shown before a march, combat shows the exact odds, the
computer players finish a game through their process, saves resume, and the start screen opens a
map in this screen."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pygame
import pytest

from game import CONTENT
from game.ai.players import make_player
from game.cli.entry import main
from game.running.match import new_match, play
from game.running.saves import load_game, save_game, saves_dir
from game.running.settings import Settings
from game.ui.open_wars.screen import OpenWarsScreen
from game.ui.opening import open_battle
from game.ui.start.screen import Setup, StartScreen
from systems.open_wars.combat import FallBack
from systems.open_wars.moves import March, Recruit
from tests.ui.driver import key


def hotseat(window: pygame.Surface, scenario: str = "ow-twin-fords", language: str = "en") -> OpenWarsScreen:
    m = new_match(scenario, 2)
    sides = m.battle.sides
    settings = Settings()
    settings.language = language
    return OpenWarsScreen(m, dict.fromkeys(sides, "human"), window.get_size(), settings)


def click(screen: OpenWarsScreen, window: pygame.Surface, pos: tuple[int, int]) -> None:
    screen.draw(window)  # buttons and chips are laid out as they are drawn
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def button(screen: OpenWarsScreen, window: pygame.Surface, key_prefix: str) -> pygame.Rect:
    screen.draw(window)
    return next(r for r, ch in screen.buttons if ch.key.startswith(key_prefix))


def until(screen: OpenWarsScreen, kind: str, side: str | None = None) -> None:
    """End phases (Enter) until the game asks for `kind`."""
    c = screen.campaign
    for _ in range(50):
        d = c.pending
        assert d is not None
        if d.kind == kind and (side is None or d.side == side):
            return
        screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    raise AssertionError(f"never asked {kind}")


def test_a_click_on_a_unit_recruits_it_in_the_city_and_its_cost_is_paid(window: pygame.Surface) -> None:
    screen = hotseat(window)
    c = screen.campaign
    d = c.pending
    assert d is not None and d.kind == "ow_recruit"
    gold = c.purses[d.side].gold
    first = next(ch for ch in screen.choices(d) if ch.enabled and ch.key.startswith("recruit:"))
    unit = c.unit(first.key.split(":")[1])
    before = len(screen.match.commands)
    click(screen, window, button(screen, window, first.key).center)
    assert screen.match.commands[before:] == [Recruit(d.options[0], unit.id)]
    assert c.purses[d.side].gold == gold - unit.cost
    assert "recruits 1" in screen.log.lines[-1].text and "OW-RECRUIT-1" in screen.log.lines[-1].text
    screen.close()


def test_a_unit_the_player_cannot_recruit_is_greyed_with_the_rule(window: pygame.Surface) -> None:
    screen = hotseat(window)
    c = screen.campaign
    d = c.pending
    assert d is not None
    choices = {ch.key: ch for ch in screen.choices(d)}
    barge = choices.get("recruit:iron-barge") or choices.get("recruit:war-galley")
    assert barge is not None and not barge.enabled and "OW-RECRUIT-3" in barge.hint  # no port there
    screen.close()


def test_a_march_shows_each_path_with_its_cost_then_a_click_sends_it(window: pygame.Surface) -> None:
    screen = hotseat(window)
    c = screen.campaign
    until(screen, "ow_move")
    d = c.pending
    assert d is not None
    s = next(x for x in c.army(d.side) if x.location in d.options)
    screen.draw(window)
    chip = next(r for r, x in screen.view.chips if x is s)
    click(screen, window, chip.center)  # a click on the chip picks the stack
    assert screen.stack is s and screen.count == s.count
    n = s.count
    where = screen.paths()
    assert where and all(path[0] == s.location and path[-1] == loc for loc, (path, _) in where.items())
    unit = c.unit(s.unit)
    assert all(1 <= cost <= unit.movement for _p, cost in where.values())  # OW-MOVE-3
    screen.draw(window)
    loc, (path, cost) = max(where.items(), key=lambda kv: kv[1][1])
    screen.mouse = screen.view.cards[loc].center
    click(screen, window, screen.view.cards[loc].center)
    assert screen.match.commands[-1] == March(s.unit, path, n)
    assert f"({cost} movement)" in next(ln.text for ln in reversed(screen.log.lines) if "march" in ln.text)
    screen.close()


def test_fewer_tokens_march_when_the_player_says_so(window: pygame.Surface) -> None:
    screen = hotseat(window, "ow-border-march")
    c = screen.campaign
    until(screen, "ow_move")
    d = c.pending
    assert d is not None
    s = next(x for x in c.army(d.side) if x.location in d.options and x.count > 1)
    click(screen, window, screen.view.cards[s.location].center)
    click(screen, window, button(screen, window, f"stack:{s.unit}").center)
    click(screen, window, button(screen, window, "fewer").center)
    n = s.count - 1
    assert screen.count == n
    loc, (path, _cost) = next(iter(screen.paths().items()))
    click(screen, window, screen.view.cards[loc].center)
    assert screen.match.commands[-1] == March(s.unit, path, n)
    screen.close()


def play_out(screen: OpenWarsScreen) -> None:
    """Let the computer players play the game to its end, frame by frame as the window would."""
    for _ in range(5000):
        if screen.over:
            return
        screen.ai.wait_for_answer(30)
        screen.ai.wait = 0
        screen.update(0.05)


def combat_screen(
    window: pygame.Surface, language: str = "en", dwarves: int = 2, orcs: int = 3
) -> OpenWarsScreen:
    """Both players' tokens in West Ford, the next combat there."""
    screen = hotseat(window, language=language)
    c = screen.campaign
    until(screen, "ow_move")
    north, south = c.sides
    c.add(north, "west-ford", "dwarf-warriors", dwarves)
    c.add(south, "west-ford", "orc-warriors", orcs)
    until(screen, "ow_combat")
    return screen


def test_combat_shows_the_exact_odds_and_a_retreat_is_a_fall_back(window: pygame.Surface) -> None:
    screen = combat_screen(window)
    c = screen.campaign
    d = c.pending
    assert d is not None and d.kind == "ow_combat" and d.stage == "west-ford"
    choices = screen.choices(d)
    attack = choices[0]
    assert attack.key == "attack" and "OW-COMBAT-5" in attack.hint and "on average" in attack.hint
    odds = screen.odds("west-ford")
    assert sum(odds.win.values()) + odds.unresolved == pytest.approx(1.0)
    screen.draw(window)
    retreat = next(ch for ch in choices if ch.key.startswith("retreat:"))
    assert isinstance(retreat.command, FallBack) and retreat.command.location == "west-ford"
    click(screen, window, button(screen, window, retreat.key).center)
    assert screen.match.commands[-1] == retreat.command
    assert any("retreat to" in ln.text and "OW-COMBAT-10" in ln.text for ln in screen.log.lines[-8:])
    screen.close()


def test_the_screen_draws_every_phase_in_both_languages_and_sizes(window: pygame.Surface) -> None:
    for language in ("en", "es"):
        for size in ((1280, 720), (1920, 1080)):
            surf = pygame.display.set_mode(size)
            screen = combat_screen(surf, language)
            screen.help = True
            screen.draw(surf)
            assert screen.buttons  # the panel laid out its choices
            rects = list(screen.view.cards.values())
            assert all(r.colliderect(screen.area) for r in rects)
            assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
            screen.close()
    assert screen.t("ow_attack") == "Atacar (Intro)"


def test_ctrl_s_saves_and_the_save_resumes_in_the_open_wars_screen(window: pygame.Surface) -> None:
    screen = hotseat(window)
    until(screen, "ow_move")
    key(pygame.K_s, pygame.KMOD_CTRL)
    for ev in pygame.event.get():
        screen.handle(ev)
    (path,) = saves_dir().glob("save-ow-twin-fords-*.json")
    m, players = load_game(path)
    assert m.commands == screen.match.commands and players == screen.controllers
    m.battle.close()
    again = open_battle(Setup(load=path), window.get_size())
    assert isinstance(again, OpenWarsScreen) and again.campaign.pending == screen.campaign.pending
    again.close()
    screen.close()


def test_computer_players_finish_a_game_on_screen(window: pygame.Surface) -> None:
    m = new_match("ow-twin-fords", 5)
    sides = m.battle.sides
    screen = OpenWarsScreen(m, {sides[0]: "heuristic", sides[1]: "random"}, window.get_size())
    play_out(screen)
    assert screen.over and screen.alert is None
    screen.draw(window)  # the end: winner and score
    assert screen.campaign.game is not None and screen.campaign.game.end_reason
    screen.close()


def test_the_start_screen_lists_the_maps_and_opens_one_in_its_screen(window: pygame.Surface) -> None:
    setup = Setup()
    start = StartScreen(window.get_size(), setup)
    name = next(n for n, mode in start.modes.items() if mode == "open-wars" and "Twin Fords" in n)
    assert name.endswith("(Open Wars)")
    assert start.start.text == "Start the battle"  # For Glory's, first
    start.show_about(name)
    assert "Northern clan" in start.label_a.text
    assert start.start.text == "Start the game"  # a map's game is no battle (session 12)
    start.show_about(next(n for n, mode in start.modes.items() if mode != "open-wars"))
    assert start.start.text == "Start the battle"
    start.show_about(name)
    setup.scenario = start.scenarios[name].id
    screen = open_battle(setup, window.get_size())
    assert isinstance(screen, OpenWarsScreen)
    screen.close()


def test_play_demo_opens_a_map_and_the_replay_viewer_shows_a_game(tmp_path: Path) -> None:
    shot = tmp_path / "ow.png"
    args = ["play", "--scenario", "ow-twin-fords", "--demo", "--frames", "30", "--screenshot", str(shot)]
    assert main(args) == 0
    assert pygame.image.load(str(shot)).get_size() == Settings.window
    m = new_match("ow-twin-fords", 1)
    save_game(m, dict.fromkeys(m.battle.sides, "human"), tmp_path / "g.json")
    watched = tmp_path / "watched.png"
    args = [
        "play",
        "--replay",
        str(tmp_path / "g.json"),
        "--demo",
        "--frames",
        "5",
        "--screenshot",
        str(watched),
    ]
    assert main(args) == 0  # Open Wars' own viewer (issue 37): it refused one before
    assert pygame.image.load(str(watched)).get_size() == Settings.window


def test_the_chronicle_tells_every_note_in_the_players_language(window: pygame.Surface) -> None:
    """Each rule's note is told from its details in Spanish (the rules' English text only as a
    fallback), and a whole game's chronicle has no English left in its notes."""
    m = new_match("ow-twin-fords", 4)
    sides = m.battle.sides
    settings = Settings()
    settings.language = "es"
    screen = OpenWarsScreen(m, {sides[0]: "heuristic", sides[1]: "heuristic"}, window.get_size(), settings)
    play_out(screen)
    c = screen.campaign
    told = {e.rule: screen.narrate(e) for e in c.events if e.kind == "note"}
    for rule in (
        "OW-TURN-2",
        "OW-TURN-5",
        "OW-RECRUIT-1",
        "OW-MOVE-1",
        "OW-COMBAT-3",
        "OW-COMBAT-6",
        "OW-DEC-6",
    ):
        assert rule in told, rule
    english = {e.rule: e.text for e in c.events if e.kind == "note"}
    assert all(told[r] != f"{english[r]} ({r})" for r in told)  # none fell back to the English text
    assert "recluta" in told["OW-RECRUIT-1"] and "Fin de la partida" in told["OW-DEC-6"]
    assert screen.end_reason() and screen.end_reason() in told["OW-DEC-6"]
    screen.close()


def test_the_end_box_hides_the_cards_under_it_from_the_mouse(
    window720: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Session 12: at the end of a game, a card under the end box still opened its hover box over the
    score. The cards it covers are not hovered; those outside it still are."""
    m = new_match("ow-random", 4, options={"players": 4})
    play(m, {s: make_player("heuristic", s, 4 + i) for i, s in enumerate(m.battle.sides)})
    screen = OpenWarsScreen(m, dict.fromkeys(m.battle.sides, "human"), window720.get_size())
    shown: list[str] = []
    monkeypatch.setattr(
        "game.ui.open_wars.panels.tooltip", lambda _s, _at, title, *a, **k: shown.append(title)
    )
    try:
        assert screen.over
        screen.draw(window720)
        cards = screen.view.cards
        under = next(loc for loc, r in cards.items() if screen.end_box.contains(r))
        outside = next(loc for loc, r in cards.items() if not screen.end_box.colliderect(r))
        screen.mouse = cards[under].center
        screen.draw(window720)
        assert shown == []
        screen.mouse = next(  # off its chips, which say their stacks
            p for p in (cards[outside].midtop, cards[outside].center) if screen.view.chip_at(p) is None
        )
        screen.draw(window720)
        assert shown == [screen.words.locations[outside]]
    finally:
        screen.close()


def test_esc_closes_the_f1_help_before_it_opens_the_menu(window: pygame.Surface) -> None:
    """Issue 38: Esc over the F1 help opened the menu on top of it; it closes the help first."""
    screen = hotseat(window)
    press = {"mod": 0, "unicode": ""}
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, **press))
    assert screen.help
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, **press))
    assert not screen.help and screen.menu is None
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, **press))
    assert screen.menu == "menu"
    screen.close()


def test_OW_UNIT_2_each_token_wears_its_player_s_colour_as_drawn(window: pygame.Surface) -> None:
    """OW-UNIT-2: a cardboard token bears its army's colour on its edges; on the screen each stack's chip
    is drawn in its player's colour from the map (ow-border-march gives blue and red), so two armies'
    tokens on one card are told apart at a glance."""
    m = new_match("ow-border-march", 2)
    screen = OpenWarsScreen(m, dict.fromkeys(m.battle.sides, "human"), window.get_size(), Settings())
    c = screen.campaign
    until(screen, "ow_recruit", c.sides[1])  # the first player's recruits stand on the map by now
    until(screen, "ow_recruit", c.sides[0])
    screen.draw(window)
    chips = screen.view.chips
    owners = {s.player for _r, s in chips}
    assert owners == set(c.sides), owners
    written = tomllib.loads((CONTENT / "scenarios" / "open-wars" / "ow-border-march.toml").read_text("utf-8"))
    colours = {p["id"]: tuple(p["colour"]) for p in written["players"]}
    assert len(set(colours.values())) == 2
    for rect, s in chips:
        edge = window.get_at((rect.x + 2, rect.bottom - 3))[:3]  # below the label, inside the outline
        assert edge == colours[s.player], (s.player, edge)
    screen.close()
