import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame


@pytest.fixture
def window():
    pygame.init()
    surf = pygame.display.set_mode((1280, 800))
    yield surf
    pygame.quit()
