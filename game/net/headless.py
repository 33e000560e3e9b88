"""A game with a friend on another machine (over the network or by file) played without a window: a
computer player takes this machine's side (bots, tests, a server's smoke test); what happens is
printed as it comes, the result at the end."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.ai.players import make_player
from game.content.locale import Texts
from game.model.errors import UserError
from game.net.by_file import FileGame
from game.net.network_game import NetGame
from game.running.match import summary

GIVE_UP = 120.0  # seconds a paused headless game waits for the peer before it saves and ends


def play_net(
    game: NetGame, kind: str, t: Texts, say: Callable[[str], None], give_up: float = GIVE_UP
) -> dict[str, Any]:
    """Play `game` to its end with the computer player `kind` on this machine's side; returns the
    summary with the events' digest. A game that stops (content that differs, a desync, a peer that
    never comes back) is a UserError saying why."""
    player = None
    paused_since: float | None = None
    why = ""
    try:
        while True:
            for _arrival in game.step():
                pass
            for notice in game.take_notices():
                say(notice.words(t))
                why = notice.words(t) if notice.bad else why
            if game.state == "stopped":
                raise UserError(why)
            if game.state == "over" or game.settled:
                break
            m = game.match
            if game.my_turn and m is not None and m.battle.pending is not None:
                if player is None:
                    player = make_player(kind, game.local, m.seed + (1 if game.role == "guest" else 0))
                m.battle.enter()
                game.play(player.decide(m.battle, m.battle.pending))
                continue
            if game.state == "paused":
                paused_since = paused_since or time.monotonic()
                if time.monotonic() - paused_since > give_up:
                    path = game.save()
                    raise UserError(t("net_gave_up", seconds=int(give_up), path=path))
            else:
                paused_since = None
            game.wait(0.05)
        m = game.match
        assert m is not None and game.ledger is not None
        result = summary(m)
        result["digest"] = game.ledger.digest
        result["commands"] = game.ledger.count
        result["peer"] = game.peer_name
        return result
    finally:
        game.close("over" if game.over else "left", wait=2.0)  # its last words leave before the process
        if game.match is not None:
            game.match.battle.close()


def play_turn(game: FileGame, kind: str, t: Texts, say: Callable[[str], None]) -> dict[str, Any]:
    """A turn file opened: its commands applied, then this machine's turn played by the computer
    player `kind` until its own turn file is written (or the game ends); returns where it stands."""
    try:
        while game.step():
            pass
        m = game.match
        if game.my_turn and m is not None:
            player = make_player(kind, game.local, m.seed + (0 if game.record.role == "starter" else 1))
            while game.my_turn and m.battle.pending is not None:
                m.battle.enter()
                game.play(player.decide(m.battle, m.battle.pending))
        for notice in game.take_notices():
            say(notice.words(t))
        out: dict[str, Any] = {"state": game.state, "written": str(game.written) if game.written else None}
        if m is not None and game.ledger is not None:
            out.update(summary(m), digest=game.ledger.digest, commands=game.ledger.count)
        return out
    finally:
        if game.match is not None:
            game.match.battle.close()
