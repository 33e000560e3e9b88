"""The end of a battle says whose loss ended it, in players' words with the rule behind it."""

from __future__ import annotations

import pygame
import pytest

from game.ai.players import make_player
from game.running.match import new_match, play
from game.running.settings import Settings
from game.ui.battle.end_screen import EndScreen
from game.ui.battle.screen import BattleScreen
from tests.ui.tour import recording


def ended(
    window: pygame.Surface,
    seed: int,
    language: str = "en",
    kind: str = "heuristic",
    rounds: int | None = None,
) -> BattleScreen:
    """The default battle played to its end by two computer players of `kind`, seeded from `seed`,
    on its screen in `language`."""
    m = new_match("default", seed, rounds)
    sides = m.battle.game.sides  # type: ignore[union-attr]
    play(m, {s: make_player(kind, s, seed + i) for i, s in enumerate(sides)})
    return BattleScreen(m, dict.fromkeys(sides, kind), window.get_size(), Settings(language=language))


@pytest.mark.parametrize(
    ("seed", "expected"),
    [
        (5, "French lost the 2nd Division (Sebastiani) (demoralised)"),
        (4, "French lost their estado mayor (FG-VIC-3)"),
        (7, "French hold every objective (FG-VIC-4)"),
        (1, "the higher score wins (AMB-36)"),
    ],
)
def test_the_end_screen_says_whose_loss_ended_the_battle(
    window: pygame.Surface, seed: int, expected: str
) -> None:
    screen = ended(window, seed)
    end = EndScreen(screen)
    assert expected in end.loss
    if seed == 5:
        assert end.loss.count(" lost ") == 2 and end.loss.endswith("(FG-VIC-2)")
    end.draw(window)
    screen.close()


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "French lost Lapisse's Division (demoralised)"),
        ("es", "Los franceses pierden la División de Lapisse (por desmoralización)"),
    ],
)
def test_a_lost_division_is_named_as_its_name_is_said(
    window: pygame.Surface, language: str, expected: str
) -> None:
    """Issue 38: "French lost the Lapisse's Division": a division's name is said as given, with no
    article of the screen's own, and why it was lost in the player's language (FG-VIC-2)."""
    from game.content.locale import Names
    from game.model.grammar import Name, name_grammar

    screen = ended(window, 5, language)
    lost = next(e.officer for e in screen.battle.events if e.kind == "division_removed")
    text = {"en": "Lapisse's Division", "es": "División de Lapisse"}[language]
    given = Name(text, name_grammar(text, "", "division", language))  # as a scenario's names are made
    n = screen.t.names  # the scenario's own name for that division, as a scenario may give one
    screen.t = screen.t.with_names(Names(n.full, n.short, {**n.divisions, lost: given}, n.divisions_short))
    loss = EndScreen(screen).loss
    assert expected in loss
    assert (
        loss.count("; ") == 1 and "; Los " not in loss and "; The " not in loss
    )  # two sides' losses, one sentence
    screen.close()


def test_demo_without_frames_needs_no_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    """`play --demo` alone is a whole battle watched to its end; --frames only goes with --demo."""
    import game.ui.app
    from game.cli.entry import main

    seen = {}

    def fake_run(
        setup: object,
        demo: list[str] | None = None,
        demo_frames: int | None = None,
        screenshot: object = None,
        demo_rounds: int | None = None,
    ) -> int:
        seen.update(demo=demo, frames=demo_frames)
        return 0

    monkeypatch.setattr(game.ui.app, "run", fake_run)
    assert main(["play", "--demo"]) == 0 and seen == {"demo": ["hard", "hard"], "frames": None}
    assert main(["play", "--frames", "3"]) == 2


def test_tab_shows_the_battle_in_figures(window: pygame.Surface) -> None:
    screen = ended(window, 5)
    end = EndScreen(screen)
    end.showing_stats = True
    end.draw(window)
    assert sum(s.rolls for s in end.figures.sides.values()) > 0 and len(end.figures.fates) == 6
    screen.close()


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "French have lost their estado mayor"), ("es", "los franceses han perdido su estado mayor")],
)
def test_the_end_box_says_why_in_the_players_language(
    window: pygame.Surface, language: str, expected: str
) -> None:
    screen = ended(window, 4, language)
    end = EndScreen(screen)
    after = {"en": "after 5 rounds", "es": "tras 5 rondas"}[language]
    assert end.reason == f"{expected} {after}"
    with recording() as drawn:
        end.draw(window)
    # the line under the winner begins with a capital, as a line does (session 12: "los Franceses ...")
    assert f"{expected[:1].upper()}{expected[1:]} {after}" in drawn
    screen.close()


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "The round limit of 2 is reached"), ("es", "Se alcanza el límite de 2 rondas")],
)
def test_a_battle_ended_by_its_round_limit_says_the_rounds_once(
    window: pygame.Surface, language: str, expected: str
) -> None:
    """AMB-37: it said "Se alcanza el límite de 8 rondas tras 8 rondas"."""
    screen = ended(window, 4, language, "random", rounds=2)
    assert screen.battle.game is not None and screen.battle.game.over
    end = EndScreen(screen)
    with recording() as drawn:
        end.draw(window)
    assert expected in drawn and end.reason[:1].upper() + end.reason[1:] == expected
    screen.close()


@pytest.mark.parametrize(
    ("seed", "expected"),
    [
        (5, "Los franceses pierden la 2.ª División (Sebastiani) (por desmoralización)"),
        (4, "Los franceses pierden su estado mayor (FG-VIC-3)"),
    ],
)
def test_the_end_screen_says_whose_loss_in_spanish_words(
    window: pygame.Surface, seed: int, expected: str
) -> None:
    """Issue 38: the loss said "(demoralised)" in a Spanish line, and "Los {sides}" with no grammar."""
    screen = ended(window, seed, "es")
    end = EndScreen(screen)
    assert expected in end.loss and "demoralised" not in end.loss, end.loss
    screen.close()


def test_the_end_box_grows_with_the_window() -> None:
    """Issue 38's pass: at 1920x1080 the end of a battle was a box of 1280x720's size in the middle of
    the window, its figures in small print. It is laid out for 1280x720 and grows with the window as
    the start screen does (1.5 times at 1920x1080), whatever the battle's own interface size."""
    from game.ui import theme

    pygame.init()
    try:
        for size, k in (((1920, 1080), 1.5), ((1280, 720), 1.0)):
            surf = pygame.display.set_mode(size)
            m = new_match("default", 1)
            sides = m.battle.game.sides  # type: ignore[union-attr]
            play(m, {s: make_player("heuristic", s, 1 + i) for i, s in enumerate(sides)})
            screen = BattleScreen(m, dict.fromkeys(sides, "human"), size, Settings(ui_scale=1.25))
            end = EndScreen(screen)
            with recording():
                screen.draw(surf)
                end.draw(surf)
            box = pygame.Rect(0, 0, round(720 * k), round(440 * k))
            box.center = surf.get_rect().center
            assert tuple(surf.get_at((box.x, box.centery)))[:3] == theme.ACCENT  # its edge, there
            assert end.box == box
            screen.close()
    finally:
        pygame.quit()


@pytest.mark.parametrize(
    ("language", "row"),
    [("en", "Enemy units destroyed (FG-VIC-5)"), ("es", "Unidades enemigas destruidas (FG-VIC-5)")],
)
def test_the_end_box_s_score_rows_begin_with_a_capital(
    window: pygame.Surface, language: str, row: str
) -> None:
    """The rows read "enemy units destroyed (FG-VIC-5)" under "Spanish win"; Open Wars' end box begins
    its rows with a capital."""
    screen = ended(window, 4, language)
    with recording() as drawn:
        EndScreen(screen).draw(window)
    assert row in drawn
    screen.close()
