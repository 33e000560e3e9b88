"""Open Wars' F1 help hides the part of the map it covers: a location or stack under it gives no hover
box over the help's words; one outside it still does."""

from __future__ import annotations

import pygame
import pytest

import game.ui.open_wars.panels as panels
from game.running.match import new_match
from game.running.settings import Settings
from game.ui.open_wars.screen import OpenWarsScreen


def test_the_help_covers_the_map_under_it(window: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    m = new_match("ow-border-march", 2)
    screen = OpenWarsScreen(m, dict.fromkeys(m.battle.sides, "human"), window.get_size(), Settings())
    shown: list[str] = []
    monkeypatch.setattr(panels, "tooltip", lambda surf, pos, title, *a, **k: shown.append(title))
    screen.help = True
    screen.draw(window)
    under = [loc for loc, card in screen.view.cards.items() if screen.help_box.collidepoint(card.center)]
    clear = [
        loc
        for loc, card in screen.view.cards.items()
        if not card.colliderect(screen.help_box) and screen.view.chip_at(card.center) is None
    ]
    assert under and clear
    screen.mouse = screen.view.cards[under[0]].center
    screen.draw(window)
    assert shown == []
    screen.mouse = screen.view.cards[clear[0]].center
    screen.draw(window)
    assert shown == [screen.words.locations[clear[0]]]
    screen.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_each_rule_of_the_help_begins_a_row_and_the_help_fits_the_window(
    window720: pygame.Surface, language: str
) -> None:
    """Issue 38's pass: the keys and every rule of the decision ran on in one block of text ("... F1
    esta ayuda. OW-TURN-6: Fase de reclutamiento. Por orden ..."). Each begins a row of its own, and
    the help of every decision a game asks stays inside the window at 1280x720."""
    from game.ai.players import make_player
    from tests.ui.tour import recording

    m = new_match("ow-four-winds", 3)
    screen = OpenWarsScreen(
        m, dict.fromkeys(m.battle.sides, "human"), window720.get_size(), Settings(language=language)
    )
    c = screen.campaign
    bots = {s: make_player("heuristic", s, 3 + i) for i, s in enumerate(c.sides)}
    seen: set[str] = set()
    try:
        screen.help = True
        for _ in range(300):
            d = c.pending
            if d is None:
                break
            if d.kind not in seen:
                seen.add(d.kind)
                with recording() as drawn:
                    screen.draw(window720)
                kind = c.stack.decisions[d.kind]
                for rid in kind.rules:
                    assert any(row.startswith(f"{rid}: ") for row in drawn), (d.kind, rid)
                assert window720.get_rect().contains(screen.help_box), (d.kind, screen.help_box)
            screen.send(bots[d.side].decide(c, d))  # type: ignore[arg-type]
        assert {"ow_recruit", "ow_move", "ow_combat"} <= seen
    finally:
        screen.close()


@pytest.mark.parametrize(("game", "lead"), [("ow-four-winds", True), ("ow-border-march", False)])
def test_OW_INTRO_1_OW_INTRO_2_OW_OBJ_1_OW_OBJ_2_the_help_opens_with_the_game_and_how_it_is_won(
    window720: pygame.Surface, game: str, lead: bool
) -> None:
    """The rules' opening chapters (what Open Wars is, its aim, using the ground) and this game's way
    to win, with its own turn limit and, for three players or more, its decisive lead (OW-DEC-29): the
    first paragraph of F1, in both languages, before the keys."""
    from tests.ui.tour import recording

    m = new_match(game, 2)
    for language, first in (("en", "Open Wars (OW-INTRO-1, OW-INTRO-2): each player leads"),
                            ("es", "Open Wars (OW-INTRO-1, OW-INTRO-2): cada jugador dirige")):  # fmt: skip
        screen = OpenWarsScreen(
            m, dict.fromkeys(m.battle.sides, "human"), window720.get_size(), Settings(language=language)
        )
        c = screen.campaign
        assert c.game is not None
        try:
            screen.help = True
            with recording() as drawn:
                screen.draw(window720)
        finally:
            screen.close()
        text = " ".join(drawn)
        assert text.index(first) < text.index("OW-TURN-6: ")  # the decision's rules come after
        assert "(OW-OBJ-2)" in text and "(OW-OBJ-1, OW-DEC-6)" in text
        assert f"({c.game.max_rounds})" in text
        assert ("(OW-DEC-29)" in text) == lead
        if lead:
            n = c.rules.numbers
            assert f"{n.lead_share}%" in text.replace("\u00a0%", "%") and f" {n.lead_from} " in text
