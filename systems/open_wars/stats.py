"""An Open Wars game in figures (`stats`, game/running/stats.py): each player's tokens lost turn by turn, the
dice each rolled, and how lucky its attacks, shots and spells were against their exact odds (OW-COMBAT-5,
the number each hit on, OW-DEC-23)."""

from __future__ import annotations

from game.model.events import Note, Phase, Roll
from game.model.figures import Fate, SideStats
from systems.open_wars.combat import hits_odds, rolled_on
from systems.open_wars.state import Campaign


def game_stats(c: Campaign) -> tuple[dict[str, SideStats], list[Fate]]:
    """Each player's figures from the game's events, and each player's fate (an Open Wars game has no
    divisions): the turn he was out (OW-DEC-22, or the last beaten, OW-DEC-6), or standing to the end."""
    out = {p: SideStats() for p in c.sides}
    fell: dict[str, tuple[int, str]] = {}  # player -> the turn he was out, and why
    turn = 0
    for e in c.events:
        if isinstance(e, Phase):
            turn = e.round
        elif isinstance(e, Note) and e.details and e.rule in ("OW-DEC-22", "OW-DEC-6"):
            player = e.details.get("player")
            if player in out and (e.rule == "OW-DEC-22" or e.details.get("why") == "wiped"):
                conceded = e.details.get("why") == "conceded"  # OW-DEC-30
                fell[str(player)] = (turn, "conceded" if conceded else "out")
        elif isinstance(e, Note) and e.rule == "OW-COMBAT-6" and e.details:  # tokens lost to hits
            st = out[e.details["player"]]
            st.losses[turn] = st.losses.get(turn, 0) + int(e.details["lost"])
        elif isinstance(e, Roll) and e.side in out:
            st = out[e.side]
            faces = e.dice or (e.die,)  # an attack lists its dice; a roll-off is one die
            st.rolls += len(faces)
            st.pips += sum(faces)
            st.sixes += faces.count(6)
            st.ones += faces.count(1)
            if e.check in ("attack", "shot", "spell") and e.unit and e.dice:
                value = rolled_on(e.read) or c.unit(e.unit.split(":", 1)[1]).attack
                st._add("hits", [float(p) for p in hits_odds(len(e.dice), value).values()], e.total)
    fates = [Fate("", p, *fell[p]) if p in fell else Fate("", p, None) for p in c.sides]
    return out, fates
