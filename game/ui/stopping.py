"""SIGTERM and SIGHUP (the machine shutting down, the terminal closed): the window saves the battle
under way, as an autosave in the saves folder, and ends with exit code 0, instead of asking "Quit the
battle?" as a closed window does (SDL would turn SIGTERM into that question)."""

from __future__ import annotations

import signal
import sys
import threading
from pathlib import Path
from types import FrameType
from typing import Any

from game.model.errors import UserError
from game.running.campaign_saves import save_campaign
from game.running.saves import save_game

SIGNALS = tuple(s for s in (signal.SIGTERM, getattr(signal, "SIGHUP", None)) if s is not None)


class Stopping:
    """From `start` to `close`, a stopping signal is only noted (`signal`): the window's loop acts on it
    between frames, where the battle is whole. Started before pygame, so that SDL leaves these signals
    alone; `close` puts back the handlers there were."""

    def __init__(self) -> None:
        self.signal: int | None = None
        self._before: dict[int, Any] = {}

    def start(self) -> Stopping:
        if threading.current_thread() is threading.main_thread():  # only there can Python catch them
            for s in SIGNALS:
                self._before[s] = signal.signal(s, self._caught)
        return self

    def close(self) -> None:
        for s, handler in self._before.items():
            signal.signal(s, handler)
        self._before.clear()

    def _caught(self, signum: int, frame: FrameType | None) -> None:
        self.signal = signum

    def save(self, screen: Any) -> Path | None:
        """Keep the game the screen plays, if one is under way, and say so on stderr (the window is
        going away: the terminal is where a player may still read it)."""
        name = signal.Signals(self.signal).name if self.signal is not None else "a signal"
        match, players = getattr(screen, "match", None), getattr(screen, "controllers", None)
        # a campaign (its map's screen, or the battle screen of one of its battles): the whole war
        campaign = getattr(getattr(screen, "play", None) or getattr(screen, "war", None), "campaign", None)
        if campaign is not None and players is not None:
            if campaign.over:
                return None
        elif match is None or players is None or match.battle.pending is None:  # nothing left to lose
            return None
        remote = getattr(screen, "remote", None)  # a game with a friend elsewhere keeps itself its way
        try:
            if remote is not None:  # a campaign's too: it goes on with the friend
                path = remote.seat.save(autosave=True)
            elif campaign is not None:
                path = save_campaign(campaign, players, autosave=True)
            else:
                assert match is not None
                kept = getattr(screen, "kept", None)  # the first battle's lessons done
                path = save_game(match, players, autosave=True, extra=kept() if kept else None)
        except UserError as e:
            print(f"forglory: {name}: the battle could not be saved: {e}", file=sys.stderr)
            return None
        print(f"forglory: {name}: the battle is saved as {path}", file=sys.stderr)
        return path
