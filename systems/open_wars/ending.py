"""How an Open Wars game ends for a player or for all (OW-DEC-6, OW-DEC-22, OW-DEC-30): a player out, the
game's end, and a player conceding, which any decision of his may answer (`asking` wraps the session's
`ask` so that every question of the rules takes a concession)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.model import commands as cmd
from game.model.events import Note
from game.model.resolution import Decision, Resolution
from game.model.session import ask
from systems.open_wars.state import Campaign


@dataclass(frozen=True, slots=True)
class Concede(cmd.Command):
    """OW-DEC-30: the player asked concedes the game: he is out at once."""


class Conceded(Exception):
    """The game ended with a concession while a phase was asking: the turn stops where it stood."""


def asking(c: Campaign, decision: Decision, accept: Callable[[cmd.Command], None]) -> Resolution:
    """`ask`, taking a concession too (OW-DEC-30): the player asked is out; if one player is left, the
    game ends (`Conceded` stops the turn), else the question is answered as a pass would be (his
    tokens have left, so it asks nothing of them)."""

    def accepting(a: cmd.Command) -> None:
        if not isinstance(a, Concede):
            accept(a)

    answer = yield from ask(c, decision, accepting)
    if not isinstance(answer, Concede):
        return answer
    concede(c, decision.side)
    if c.game is not None and c.game.over:
        raise Conceded
    return cmd.Pass()


def concede(c: Campaign, player: str) -> None:
    """OW-DEC-30: the player leaves the game: his tokens leave the board and he is out (OW-DEC-22); the
    last one left wins."""
    c.emit(Note(rule="OW-DEC-30", text=f"{c.name(player)} concedes", details={"player": player}))
    for s in c.army(player):
        c.take(s, s.count)
    out(c, player, "conceded")
    left = c.playing()
    if len(left) == 1:
        finish(c, left[0], f"{c.name(player)} concedes", "conceded", player)


def out(c: Campaign, player: str, why: str = "wiped") -> None:
    """OW-DEC-22: a player with neither tokens nor a city, or who conceded, is out; what he held is
    nobody's."""
    c.out.append(player)
    for loc, who in c.control.items():
        if who == player:
            c.control[loc] = None
    text = "concedes" if why == "conceded" else "neither tokens nor a city"
    c.emit(
        Note(
            rule="OW-DEC-22",
            text=f"{c.name(player)} is out: {text}",
            details={"player": player, "left": c.playing(), "why": why},
        )
    )


def finish(c: Campaign, winner: str | None, reason: str, why: str, player: str | None) -> None:
    """OW-DEC-6: the game ends; `why` (cities, wiped, limit, lead, conceded) and `player` let a screen
    say it in its own words."""
    g = c.game
    assert g is not None
    g.over, g.winner, g.end_reason = True, winner, reason
    details = {"winner": winner, "why": why, "player": player, "limit": g.max_rounds}
    c.emit(Note(rule="OW-DEC-6", text=f"the game ends: {reason}", details=details))
