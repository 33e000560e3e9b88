"""Fixtures every test may use: battles and matches that are closed after the test, with every roll
they reported checked (its total is its die plus its listed modifiers)."""

import os
import random
import secrets

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from game.content.ruleset_files import load_ruleset
from game.model.battle import Battle
from game.model.ruleset import Ruleset
from game.running import builtin_rules
from game.running.match import Match
from tests.helpers import make_battle, of

builtin_rules.load()  # as the command line does at start-up

# The suite draws the same examples on every run, so a red CI run is a change's doing and can be run again
# as it was; HYPOTHESIS_PROFILE=explore draws new ones each time (and `make fuzz` searches by the thousand).
settings.register_profile("suite", derandomize=True, database=None)
settings.register_profile("explore")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))


@pytest.fixture(autouse=True)
def _secrets_of_the_tests_own(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The secrets two players' games draw (dice secrets, keys, nonces) come from the test's name, so a
    game by file or network plays the same battle on every run: a red run is a change's doing, not a
    draw (CI once met a turn with no activation where the test took one for granted)."""
    draw = random.Random(request.node.nodeid)
    monkeypatch.setattr(secrets, "token_hex", lambda n=32: draw.randbytes(n).hex())
    monkeypatch.setattr(secrets, "randbits", draw.getrandbits)


@pytest.fixture(scope="session")
def rules() -> Ruleset:
    return load_ruleset()


def _closing(make: Callable[..., Battle]) -> Iterator[Callable[..., Battle]]:
    made: list[Battle] = []

    def factory(*args: Any, **kwargs: Any) -> Battle:
        b = make(*args, **kwargs)
        made.append(b)
        return b

    yield factory
    for b in made:
        assert all(e.total == e.die + sum(m.value for m in e.modifiers) for e in of(b.events, "roll"))
        b.close()


@pytest.fixture
def new() -> Iterator[Callable[..., Battle]]:
    """new(dice=(), **kw): a battle whose dice are exactly the list given (none by default)."""
    yield from _closing(lambda dice=(), **kw: make_battle(list(dice), **kw))


@pytest.fixture
def battle() -> Iterator[Callable[..., Battle]]:
    """battle(*args, **kw): tests.helpers.make_battle, closed after the test."""
    yield from _closing(make_battle)


@pytest.fixture
def matches() -> Iterator[list[Match]]:
    """Matches a test starts (with start(matches, ...)); closed at the end."""
    made: list[Match] = []
    yield made
    for m in made:
        m.battle.close()


@pytest.fixture(autouse=True)
def _user_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves, autosaves, crash reports and settings go to a folder of the test's own, never to the
    home folder of whoever runs the suite (empty: the default settings, the default window)."""
    home = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    return home / "data"


@pytest.fixture
def data_home(_user_folders: Path) -> Path:
    """The test's own data folder (XDG_DATA_HOME): the game's saves are under its forglory/saves."""
    return _user_folders
