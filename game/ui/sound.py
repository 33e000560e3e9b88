"""Sound: the effects of the battle and a little march, through pygame's mixer. Without an audio
device (or a mixer that will not start) the game is silent, never broken."""

from __future__ import annotations

from pathlib import Path

import pygame

from game import ASSETS

SOUNDS = ASSETS / "sounds"


class Sounds:
    def __init__(self, folder: Path = SOUNDS, volume: float = 0.6, music: float = 0.25) -> None:
        self.volume, self.music_volume = volume, music
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.music_file = folder / "march.wav"
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
        except pygame.error:
            return  # no audio device: silent
        for p in sorted(folder.glob("*.wav")):
            try:
                self._sounds[p.stem] = pygame.mixer.Sound(str(p))
            except (pygame.error, FileNotFoundError):
                continue  # a missing or broken file: that sound is silent

    @property
    def on(self) -> bool:
        return bool(self._sounds)

    def play(self, name: str) -> None:
        s = self._sounds.get(name)
        if s is not None and self.volume > 0:
            s.set_volume(self.volume)
            s.play()

    def music(self, playing: bool) -> None:
        """The march on the start screen, looping softly; stopped for the battle."""
        if not self.on:
            return
        try:
            if playing and not pygame.mixer.music.get_busy() and self.music_volume > 0:
                pygame.mixer.music.load(str(self.music_file))
                pygame.mixer.music.set_volume(self.music_volume)
                pygame.mixer.music.play(-1)
            elif not playing or self.music_volume <= 0:
                pygame.mixer.music.stop()
        except pygame.error:
            return
