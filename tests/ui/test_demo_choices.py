"""Issue 22: `play --demo` is watched between computer players (two hard generals unless --a, --b, --c,
--d name others), and leaves the start screen's own choices (a human against the normal general) as
they were: the start screen after the demo does not keep both sides as computer players. The level
that plays a seat is the one its label names (a QA pass saw "--demo --a normal" labelled and played
as hard)."""

import pytest

import game.ui.app as app
import game.ui.opening as opening
from game.cli.entry import main
from game.cli.play import DEMO
from game.model.errors import EXIT_BAD_INPUT


def _watch(monkeypatch: pytest.MonkeyPatch, tmp_path, *argv: str) -> tuple[list, list]:
    """The screens the demo opened and the setup the start screen keeps after it."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    opened, seen = [], []
    real_open, real_run = opening.open_battle, app.run

    def watching(setup, size, settings=None):
        screen = real_open(setup, size, settings)
        side = screen.match.battle.game.sides[0]
        # what plays the first seat, and what the top bar says plays it, while the screen is open
        played = screen.ai.players[side][0] if side in screen.ai.players else "human"
        opened.append(((setup.a, setup.b), screen.controllers[side], played, screen.player_of(side)))
        return screen

    def run(setup, **kw):
        try:
            return real_run(setup, **kw)
        finally:
            seen.append(setup)

    monkeypatch.setattr(opening, "open_battle", watching)
    monkeypatch.setattr(app, "run", run)
    assert main(["play", "--demo", "--frames", "2", *argv]) == 0
    return opened, seen


def test_the_demo_plays_two_hard_generals_and_leaves_the_start_screen_choices(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    opened, seen = _watch(monkeypatch, tmp_path)
    assert [o[0] for o in opened] == [(DEMO, DEMO)]  # the demo itself: two hard generals
    assert (seen[0].a, seen[0].b) == ("human", "normal")  # what the start screen shows afterwards


def test_the_demo_seat_given_plays_at_its_level_and_says_so(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    opened, seen = _watch(
        monkeypatch, tmp_path, "--scenario", "meeting-engagement", "--a", "normal", "--lang", "es"
    )
    [(seats, controller, played, said)] = opened
    assert seats == ("normal", DEMO)  # the seat not given: the demo's own general
    assert controller == played == "normal"  # the general that thinks is the one the screen names
    assert said == "IA normal"
    assert (seen[0].a, seen[0].b) == ("human", "normal")


def test_a_person_seated_in_a_demo_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert main(["play", "--demo", "--frames", "2", "--b", "human"]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "--b human" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
