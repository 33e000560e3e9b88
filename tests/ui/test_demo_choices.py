"""Issue 22: `play --demo` is watched between two hard generals, and leaves the start screen's own
choices (a human against the normal general) as they were: the start screen after the demo does not
keep both sides as computer players."""

import pytest

import game.ui.app as app
from game.cli.entry import main


def test_the_demo_plays_two_hard_generals_and_leaves_the_start_screen_choices(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    opened, seen = [], []
    real_open, real_run = app.open_battle, app.run

    def watching(setup, size, settings=None):
        opened.append((setup.a, setup.b))
        return real_open(setup, size, settings)

    def run(setup, **kw):
        try:
            return real_run(setup, **kw)
        finally:
            seen.append(setup)

    monkeypatch.setattr(app, "open_battle", watching)
    monkeypatch.setattr(app, "run", run)
    assert main(["play", "--demo", "--frames", "2"]) == 0
    assert opened == [(app.DEMO, app.DEMO)]  # the demo itself: two hard generals
    assert (seen[0].a, seen[0].b) == ("human", "normal")  # what the start screen shows afterwards
