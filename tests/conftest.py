import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from game.ruleset import Ruleset, load_ruleset


@pytest.fixture(scope="session")
def rules() -> Ruleset:
    return load_ruleset()
