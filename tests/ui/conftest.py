import os
from collections.abc import Iterator

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame


def _window(size: tuple[int, int]) -> Iterator[pygame.Surface]:
    pygame.init()
    yield pygame.display.set_mode(size)
    pygame.quit()


@pytest.fixture
def window() -> Iterator[pygame.Surface]:
    """The default window (1280x800)."""
    yield from _window((1280, 800))


@pytest.fixture
def window720() -> Iterator[pygame.Surface]:
    """The smallest window the game supports (1280x720): what must fit, fits here."""
    yield from _window((1280, 720))
