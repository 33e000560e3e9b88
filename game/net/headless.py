"""A game with a friend on another machine (over the network or by file) played without a window: a
computer player takes this machine's side (bots, tests, a server's smoke test); what happens is
printed as it comes, the result at the end."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from game.content.locale import Texts
from game.model.errors import UserError
from game.net.by_file import FileGame
from game.net.network_game import NetGame
from game.net.said import Said

GIVE_UP = 120.0  # seconds a paused headless game waits for the peer before it saves and ends


def play_net(
    game: NetGame,
    kind: str,
    t: Texts,
    say: Callable[[str], None],
    give_up: float = GIVE_UP,
    resolve: str = "table",
) -> dict[str, Any]:
    """Play `game` to its end with the computer player `kind` on this machine's side (in a campaign,
    `resolve`: what it answers when asked to fight a battle on the table: CAMP-DEC-10); returns the
    summary with the events' digest. A game that stops (content that differs, a desync, a peer that
    never comes back) is a UserError saying why."""
    decide = None
    paused_since: float | None = None
    why = ""
    sides: Mapping[str, str] = {}  # by their names, once the game is set up
    kept = -1  # the round (or turn) last autosaved: a process killed takes its seat back from it (--load)
    try:
        while True:
            for _arrival in game.step():
                pass
            if not sides and game.played is not None:
                sides = game.played.side_names(t.language)
            if game.played is not None and game.ledger is not None and game.state == "playing":
                now = game.played.save_name()[1]
                if now > kept:  # as the window keeps it: when the game begins, then each new round
                    kept = now
                    try:
                        game.save(autosave=True)
                    except UserError as e:  # a full or read-only disk: said, and the game goes on
                        say(t("not_saved", why=str(e)))
            said = [
                (unwindowed(notice, give_up).words(t, sides), notice.bad) for notice in game.take_notices()
            ]
            why = next((line for line, bad in reversed(said) if bad), why)
            for line, _bad in said:
                if game.state != "stopped" or line != why:  # the line that stops it is the error's, once
                    say(line)
            if game.state == "stopped":
                raise UserError(why)
            if game.state == "over" or game.settled:
                break
            p = game.played
            if game.my_turn and p is not None and p.pending is not None:
                if decide is None:
                    decide = p.decider(kind, game.local, p.seed + (1 if game.role == "guest" else 0), resolve)
                game.play(decide(p.pending))
                continue
            if game.state == "paused":
                paused_since = paused_since or time.monotonic()
                if time.monotonic() - paused_since > give_up:
                    path = game.save()
                    raise UserError(t("net_gave_up", seconds=int(give_up), path=path))
            else:
                paused_since = None
            game.wait(0.05)
        p = game.played
        assert p is not None and game.ledger is not None
        result = p.summary()
        result["digest"] = game.ledger.digest
        result["commands"] = game.ledger.count
        result["peer"] = game.peer_name
        return result
    finally:
        game.close("over" if game.over else "left", wait=2.0)  # its last words leave before the process
        if game.played is not None:
            game.played.close()


def unwindowed(notice: Said, give_up: float) -> Said:
    """A notice as a game without a window says it: a pause tells when the game saves itself, where
    the window's tells of Ctrl+S."""
    if notice.key not in ("net_paused_host", "net_paused_guest"):
        return notice
    return Said(f"{notice.key}_headless", {**notice.values, "seconds": int(give_up)}, notice.bad)


def play_turn(
    game: FileGame, kind: str, t: Texts, say: Callable[[str], None], resolve: str = "table"
) -> dict[str, Any]:
    """A turn file opened: its commands applied, then this machine's turn played by the computer
    player `kind` until its own turn file is written (or the game ends); returns where it stands."""
    try:
        while game.step():
            pass
        p = game.played
        if game.my_turn and p is not None:
            seed = p.seed + (0 if game.record.role == "starter" else 1)
            decide = p.decider(kind, game.local, seed, resolve)
            while game.my_turn and p.pending is not None:
                game.play(decide(p.pending))
        for notice in game.take_notices():
            say(notice.words(t))
        out: dict[str, Any] = {"state": game.state, "written": str(game.written) if game.written else None}
        if p is not None and game.ledger is not None:
            out.update(p.summary(), digest=game.ledger.digest, commands=game.ledger.count)
        return out
    finally:
        if game.played is not None:
            game.played.close()
