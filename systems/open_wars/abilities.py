"""The abilities that act at a phase of their own (OW-DEC-18): `channel` and `upkeep` at the
collection (the elves' flow of mana, OW-FAC-5; the demons' costly upkeep, OW-FAC-4), `return` at the
turn's end, while the turn's defeated are still on the board (the undead, OW-FAC-7, OW-COMBAT-8).
The abilities of a fight (bonus, armour) and of a march (stride) are read where those rules live."""

from __future__ import annotations

from game.model.events import Note, Roll
from game.model.grammar import OWNER, form
from systems.open_wars.combat import victim_key
from systems.open_wars.moves import room_for
from systems.open_wars.state import Campaign


def channel(c: Campaign, player: str) -> None:
    """Each token of a unit that channels yields its mana at the collection."""
    got: dict[str, int] = {}
    for s in c.army(player):
        a = c.unit(s.unit).ability("channel")
        if a is not None:
            got[a.rule or "OW-DEC-18"] = got.get(a.rule or "OW-DEC-18", 0) + s.count * a.amount
    for rule, mana in got.items():
        c.purses[player].mana += mana
        c.emit(
            Note(
                rule=rule,
                text=f"{form(c.map.spec.words('en').players[player], OWNER)} units channel {mana} mana",
                details={"player": player, "mana": mana, "total": c.purses[player].mana, "say": "channel"},
            )
        )


def upkeep(c: Campaign, player: str) -> None:
    """Each token of a unit with upkeep costs its mana at the collection; while the pool cannot pay for
    them all, the cheapest of them leave the board (victim_key)."""

    def owed() -> tuple[int, str]:
        total, rule = 0, ""
        for s in c.army(player):
            a = c.unit(s.unit).ability("upkeep")
            if a is not None:
                total += s.count * a.amount
                rule = rule or a.rule
        return total, rule or "OW-DEC-18"

    due, rule = owed()
    if due == 0:
        return
    purse = c.purses[player]
    lost: dict[str, int] = {}
    while due > purse.mana:
        kept = [s for s in c.army(player) if c.unit(s.unit).ability("upkeep") is not None]
        s = min(kept, key=lambda x: victim_key(c.unit(x.unit), x.count, x.unit))
        lost[s.unit] = lost.get(s.unit, 0) + 1
        c.take(s, 1)
        due, _rule = owed()
    purse.mana -= due
    c.emit(
        Note(
            rule=rule,
            text=f"{c.name(player)} pays {due} mana of upkeep ({purse.mana} left)"
            + "".join(f"; {n} {c.unit(u).name} leave, unpaid" for u, n in lost.items()),
            details={"player": player, "paid": due, "mana": purse.mana, "lost": lost, "say": "upkeep"},
        )
    )


def rise(c: Campaign) -> None:
    """OW-COMBAT-8: before the turn's defeated leave the board, each token of a unit that returns rolls
    a D6 and rises on its amount or less, in its player's home if he holds it, else the first city he
    holds (in the map's order), as many as fit there."""
    for (player, unit_id), count in sorted(c.defeated.items()):
        a = c.unit(unit_id).ability("return")
        if a is None or player in c.out:
            continue
        home = next(p.home for p in c.map.spec.players if p.id == player)
        cities = [home] + [loc for loc, spec in c.locations.items() if spec.type == "city" and loc != home]
        city = next((x for x in cities if c.control[x] == player and not c.enemies_at(x, player)), None)
        dice = tuple(c.dice.d6() for _ in range(count))
        up = sum(1 for d in dice if d <= a.amount)
        fit = min(up, room_for(c, player, city, c.unit(unit_id))) if city is not None else 0
        c.emit(
            Roll(
                check="return",
                unit=f"{player}:{unit_id}",
                die=up,
                dice=dice,
                read=f"rises at {a.amount} or less",
                modifiers=(),
                total=up,
                outcome=f"{up} rise",
                side=player,
                rule=a.rule or "OW-DEC-18",
            )
        )
        if fit:
            assert city is not None
            c.add(player, city, unit_id, fit)
            c.defeated[(player, unit_id)] -= fit
            c.emit(
                Note(
                    rule=a.rule or "OW-DEC-18",
                    text=f"{fit} {c.unit(unit_id).name} of {c.name(player)} rise again "
                    f"in {c.location(city).name}",
                    details={
                        "say": "risen",
                        "player": player,
                        "unit": unit_id,
                        "count": fit,
                        "location": city,
                    },
                )
            )
