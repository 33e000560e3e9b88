"""The campaign in figures, read from the war as it stands (no pygame: game/ui/campaign/pages.py draws
them): the brigades each side had at each turn, those it lost and how, each battle in a row, and the
war's outcome in words (CAMP-DEC-23). A brigade's side is the one it served: its army's or garrison's
while it serves, the side it fought for or was raised by once it is gone (its service record,
CAMP-DEC-19, says when it joined and when it was lost)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.model.events import Note
from systems.campaign.state import War
from systems.campaign.victory import first_victor, score
from systems.campaign.words import Naming


def brigade_sides(w: War) -> dict[str, str]:
    """Every brigade of the war's roster and the side it served."""
    out: dict[str, str] = {}
    spec = w.theatre.spec
    for s in spec.sides:
        for force in s.armies:
            out.update({u.id: s.id for d in force.divisions for u in d.units})
        for kept in s.garrisons:
            out.update({u.id: s.id for u in kept.units})
    for e in spec.events:
        for x in e.effects:
            if x.army is not None:
                out.update({u.id: x.side for d in x.army.divisions for u in d.units})
    for ev in w.events:  # brigades raised in play: the side that raised them
        details = ev.details or {} if isinstance(ev, Note) else {}
        if isinstance(ev, Note) and ev.unit and details.get("say") == "camp_recruit":
            out[ev.unit] = str(details["side"])
    for f in w.fought:
        out.update({u.id: s.id for s in f.setup.scenario.sides for d in s.divisions for u in d.units})
    for army in w.armies:
        out.update({b.id: army.side for b in army.brigades()})
    for g in w.garrisons:
        out.update({b.id: g.side for b in g.brigades})
    return out


def strength_by_turn(w: War) -> dict[str, list[int]]:
    """Each side's brigades at the start of each turn so far (turn 1 first) and now."""
    sides = brigade_sides(w)
    turns = max(1, w.turn)
    out = {s: [0] * (turns + 1) for s in w.sides}
    for unit, b in w.roster.items():
        side = sides.get(unit)
        if side not in out:
            continue
        joined = next((s.turn for s in b.record if s.kind == "raised"), 0)
        lost = next((s.turn for s in b.record if s.kind == "lost"), None)
        for turn in range(1, turns + 1):
            # at a turn's start: raised before it (or at the start of the war), not yet lost
            if joined < turn and (lost is None or lost >= turn):
                out[side][turn - 1] += 1
        if lost is None:
            out[side][turns] += 1
    return out


def losses(w: War) -> dict[str, Counter[str]]:
    """Each side's brigades lost, by how (destroyed, captured, surrendered, straggled, withdrawn)."""
    sides = brigade_sides(w)
    out: dict[str, Counter[str]] = {s: Counter() for s in w.sides}
    for unit, b in w.roster.items():
        gone = next((s for s in b.record if s.kind == "lost"), None)
        side = sides.get(unit)
        if gone is not None and side in out:
            out[side][gone.why] += 1
    return out


@dataclass(frozen=True)
class BattleRow:
    number: int
    turn: int
    place: str
    resolved: str  # "table", "auto", or "declined" (CAMP-DEC-11: then `winner` is the side that declined)
    winner: str | None
    lost: dict[str, int]


def battles(w: War) -> list[BattleRow]:
    """Every battle over, by its number: where and when, how it was decided, who won, the brigades
    lost; a battle declined in its place, so the numbers run on."""
    fought = [
        BattleRow(f.number, f.turn, f.setup.location, f.resolved, f.result.winner, dict(f.lost))
        for f in w.fought
        if f.result is not None
    ]
    declined = [BattleRow(d.number, d.turn, d.location, "declined", d.side, {}) for d in w.declined]
    return sorted([*fought, *declined], key=lambda r: r.number)


def outcome(w: War, n: Naming) -> tuple[str, str]:
    """Who won the war and why, in the player's words (CAMP-DEC-23), and each side's points."""
    t = n.t
    g = w.game
    why, who = w.ending or ("going", None)
    reason = t(f"camp_reason_{why}", side=n.side(who or ""), turns=g.round if g else 0)
    winner = g.winner if g is not None else None
    head = t("camp_won", side=n.side(winner), reason=reason) if winner else t("camp_drawn", reason=reason)
    points = t("camp_points", points=", ".join(f"{n.side(s)} {x.total}" for s, x in score(w).items()))
    first, worth = first_victor(w), w.theatre.spec.victory.first_victory
    if first is not None and worth:  # CAMP-DEC-25: counted in the points, said apart
        points += "; " + t("camp_first_victory", side=n.side(first), points=worth)
    return head, points


def chronicle(w: War, n: Naming) -> list[tuple[int, str]]:
    """The war as it was fought, for its end: each turn where something happened (its date's turn, and
    a line): the calendar's events by name, each battle (who beat whom where, how it was decided, the
    brigades lost), the places each side took (in battle, by siege, by marching in) and the armies
    lost."""
    t = n.t
    said: dict[int, list[str]] = {}
    took: dict[tuple[int, str], list[str]] = {}
    turn = 0
    for e in w.events:
        d = (e.details or {}) if isinstance(e, Note) else {}
        say = d.get("say")
        if say == "camp_turn":
            turn = int(d["turn"])
        elif say == "camp_event":
            words = n.words.events.get(str(d["event"]))
            said.setdefault(turn, []).append(words.name if words else str(d["event"]))
        elif say in ("camp_take", "camp_fall") and str(d["location"]) not in took.get(
            (turn, str(d["side"])), []
        ):
            took.setdefault((turn, str(d["side"])), []).append(str(d["location"]))
        elif say in ("camp_surrender", "camp_destroyed"):
            said.setdefault(turn, []).append(t("campaign_end_army_lost", army=n.army(str(d["army"]))))
    for f in w.fought:
        if f.result is None:
            continue
        how, place = t(f"camp_resolved_{f.resolved}"), n.place(f.setup.location)
        lost = ", ".join(f"{n.side(s)} {k}" for s, k in f.lost.items())
        winner = f.result.winner
        if winner is None:
            line = t("campaign_end_drawn", place=place, how=how, lost=lost)
        else:
            loser = next(s for s in w.sides if s != winner)
            line = t("campaign_end_won", winner=n.side(winner), loser=n.side(loser), place=place, how=how,
                     lost=lost)  # fmt: skip
        said.setdefault(f.turn, []).append(line)
    for x in w.declined:
        line = t("campaign_end_declined", side=n.side(x.side), place=n.place(x.location))
        said.setdefault(x.turn, []).append(line)
    for (when, side), places in took.items():
        joined = ", ".join(n.place(x) for x in places)
        said.setdefault(when, []).append(t("campaign_end_took", side=n.side(side), places=joined))
    return sorted((k, "; ".join(v)) for k, v in said.items() if k)
