"""`play --demo --rounds N`: the demo's battle stops at the end of round N, as `simulate --rounds N`
does (the option was taken and ignored: the demo ran to the scenario's own limit); the start screen
after it keeps its battles' own limits. --rounds with neither --demo nor --host is refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

import game.ui.app as app
import game.ui.opening as opening
from game.ai.players import make_player
from game.cli.entry import main
from game.model.errors import EXIT_BAD_INPUT
from game.running.match import Match, new_match, play


def test_the_demo_stops_at_the_rounds_given(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    opened: list[Match] = []
    kept = []
    real_open, real_run = opening.open_battle, app.run

    def watching(setup, size, settings=None):  # type: ignore[no-untyped-def]
        screen = real_open(setup, size, settings)
        opened.append(screen.match)
        return screen

    def run(setup, **kw):  # type: ignore[no-untyped-def]
        try:
            return real_run(setup, **kw)
        finally:
            kept.append(setup)

    monkeypatch.setattr(opening, "open_battle", watching)
    monkeypatch.setattr(app, "run", run)
    assert main(["play", "--demo", "--rounds", "1", "--frames", "2", "--a", "random", "--b", "random"]) == 0
    [shown] = opened
    m = new_match(shown.scenario.spec.id, shown.seed, shown.max_rounds)  # the demo's battle, played out
    sides = m.battle.game.sides  # type: ignore[union-attr]
    play(m, {s: make_player("random", s, 1 + i) for i, s in enumerate(sides)})
    g = m.battle.game
    assert g is not None and g.over and g.round == 1 and shown.max_rounds == 1
    m.battle.close()
    assert kept[0].rounds is None  # the start screen's battles end as their scenarios say
    assert new_match("default", 1).max_rounds != 1  # the scenario's own limit is not one round


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--rounds", "2"], "--rounds N goes with --demo or --host"),
        (["--demo", "--campaign", "peninsular", "--rounds", "2"], "--campaign takes no --rounds"),
    ],
)
def test_rounds_without_a_demo_or_a_host_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    monkeypatch.setattr(app, "run", lambda *a, **k: 0)  # the window never opens
    assert main(["play", *argv]) == EXIT_BAD_INPUT
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("error: play: ") and said in line
