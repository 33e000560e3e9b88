import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame


@pytest.fixture
def window():
    """The default window (1280x800)."""
    pygame.init()
    surf = pygame.display.set_mode((1280, 800))
    yield surf
    pygame.quit()


@pytest.fixture
def window720():
    """The smallest window the game supports (1280x720): what must fit, fits here."""
    pygame.init()
    surf = pygame.display.set_mode((1280, 720))
    yield surf
    pygame.quit()
