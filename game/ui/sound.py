"""Sound: the effects of the battle and a little march, through pygame's mixer. Without an audio
device (or a mixer that will not start) the game is silent, never broken, and quiet: the mixer is tried
once per process, and what ALSA or JACK write on the terminal about a machine without sound while
the audio starts is dropped (`quiet_audio`)."""

from __future__ import annotations

import os
import re
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

from game import ASSETS

SOUNDS = ASSETS / "sounds"
# the lines the sound libraries write straight to the terminal (fd 2) when there is no sound card or
# sound server: "ALSA lib confmisc.c:855:(parse_card) cannot find card '0'", JACK's "Cannot connect ..."
AUDIO_CHATTER = re.compile(rb"ALSA lib |ALSA: |jack server |Cannot connect to server |JackShm")
_mixer_failed = False  # a mixer that would not start is not tried again in this process


@contextmanager
def quiet_audio() -> Iterator[None]:
    """Run the block with the process's stderr (fd 2, where C libraries write) caught: the audio
    libraries' chatter is dropped and anything else is written on afterwards."""
    sys.stderr.flush()
    try:
        real = os.dup(2)
    except OSError:  # no stderr to guard
        yield
        return
    with tempfile.TemporaryFile() as caught:
        os.dup2(caught.fileno(), 2)
        try:
            yield
        finally:
            sys.stderr.flush()
            os.dup2(real, 2)
            os.close(real)
            caught.seek(0)
            kept = [line for line in caught.read().splitlines(keepends=True) if not AUDIO_CHATTER.match(line)]
            if kept:
                os.write(2, b"".join(kept))


def start_mixer() -> bool:
    """The mixer, started quietly; once it has failed, not tried again in this process: is there sound?"""
    global _mixer_failed
    if pygame.mixer.get_init():
        return True
    if _mixer_failed:
        return False
    with quiet_audio():
        try:
            pygame.mixer.init()
        except pygame.error:
            _mixer_failed = True
    return not _mixer_failed and bool(pygame.mixer.get_init())


class Sounds:
    def __init__(self, folder: Path = SOUNDS, volume: float = 0.6, music: float = 0.25) -> None:
        self.volume, self.music_volume = volume, music
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.music_file = folder / "march.wav"
        if not start_mixer():
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
