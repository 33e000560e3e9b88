"""What a puzzle expects (docs/puzzles.md): the decision a good player takes in its position, as checks
a puzzle file gives in `[[puzzle.expect]]`, each said in the player's words, and how what the generals
did measures against them (`verdicts`): what was decided, and whether it passed.

A check is one of: an order (`orders`: the first answer `unit` gives to a decision of its kind, at
`target`; `first`: the first order of its side), a distance (`within` or `beyond`: how far `unit`, any
of `units` or every one of them, ends from the nearest of `of`, between centres), a facing (`faces`),
an objective taken (`takes`), moves never stopped short (`unstopped`) or the battle won (`wins`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from game.ai.reasons import weighed
from game.content.locale import Texts
from game.content.scenario import Name
from game.model import commands as cmd
from game.model.errors import ContentError
from game.model.grammar import listed
from game.model.limits import Bounds
from game.model.words import inches
from game.running.why_words import command_words

Kind = Literal[
    "move", "fire", "charge", "withdraw", "rally", "officer", "extra_move", "extra_charge",
    "react_fire", "react_charge", "react_retreat", "react_rally", "pass",
]  # fmt: skip
Inches = Annotated[float, Bounds(0, 1000)]
BY_DECISION = ("officer_move", "staff_move", "extra_move")  # whose Pass is the decision's unit's
FACING_SLACK = 45.0  # degrees: a unit faces a piece when the line to it is within this of its facing


@dataclass(frozen=True)
class Expect:
    """One thing a good player does here (see the module's docstring for each kind of check)."""

    unit: Name = ""  # the unit or officer the check is about
    units: Annotated[list[Name], Bounds(0, 20)] = field(default_factory=list)  # or any of these
    every: bool = False  # with `units`: every one of them, not any
    decision: Literal["order", "reaction", "extra_move", "officer_move", "staff_move"] = "order"
    orders: Annotated[list[Kind], Bounds(0, 13)] = field(default_factory=list)
    target: Name = ""
    first: bool = False
    of: Annotated[list[Name], Bounds(0, 20)] = field(default_factory=list)  # objectives, units, officers
    within: Inches | None = None
    beyond: Inches | None = None
    faces: Name = ""
    takes: Name = ""  # an objective's id
    unstopped: bool = False
    wins: bool = False


@dataclass(frozen=True)
class Verdict:
    """A check in words, what the generals did that it looks at, and whether that passes."""

    expected: str
    decided: str
    passed: bool


def check_kinds(e: Expect) -> list[str]:
    """The kinds of check an entry asks for (a valid entry asks for exactly one)."""
    asked = {
        "orders": bool(e.orders),
        "distance": e.within is not None or e.beyond is not None,
        "faces": bool(e.faces),
        "takes": bool(e.takes),
        "unstopped": e.unstopped,
        "wins": e.wins,
    }
    return [k for k, on in asked.items() if on]


def check_expect(where: str, e: Expect, pieces: set[str], objectives: set[str]) -> None:
    """An entry of `[[puzzle.expect]]` that makes sense in its position, else a ContentError at its key."""
    kinds = check_kinds(e)
    if len(kinds) != 1:
        raise ContentError(
            where, "give exactly one check: orders, within or beyond, faces, takes, unstopped or wins"
        )
    named = [
        ("unit", [e.unit] if e.unit else []),
        ("units", e.units),
        ("target", [e.target] if e.target else []),
    ]
    named += [("faces", [e.faces] if e.faces else [])]
    for key, ids in named:
        for n in ids:
            if n not in pieces:
                raise ContentError(f"{where}.{key}", f"no unit or officer {n!r} in the position")
    for n in e.of:
        if n not in pieces and n not in objectives:
            raise ContentError(f"{where}.of", f"no unit, officer or objective {n!r} in the position")
    if e.takes and e.takes not in objectives:
        raise ContentError(f"{where}.takes", f"no objective {e.takes!r} in the puzzle")
    needs_unit = kinds[0] in ("orders", "faces", "unstopped") or (kinds[0] == "distance" and not e.units)
    if needs_unit and not e.unit and not (kinds[0] == "orders" and e.first):
        raise ContentError(f"{where}.unit", "this check is about a unit: name it")
    if kinds[0] == "distance" and not e.of:
        raise ContentError(f"{where}.of", "a distance is measured from something: name it")


@dataclass(frozen=True)
class Done:
    """What the generals did, as a puzzle's solution records it (game/running/puzzle.py)."""

    side: str  # the side to act
    commands: Sequence[dict[str, Any]]  # side, decision, unit (who decided), command (JSON)
    chosen: Sequence[cmd.Command]
    events: Sequence[dict[str, Any]]
    state: dict[str, Any]  # units and officers where they ended (script.report)
    objectives: dict[str, tuple[float, float]]
    objective_names: dict[str, str] = field(default_factory=dict)  # the puzzle's names, where it gives them

    def called(self, name: str, t: Texts) -> str:
        """An objective by its name in the puzzle, a unit or officer by its name in `t`."""
        return self.objective_names.get(name) or t.names(name)


def verdicts(expect: Sequence[Expect], done: Done, t: Texts) -> list[Verdict]:
    return [_verdict(e, done, t) for e in expect]


def _verdict(e: Expect, done: Done, t: Texts) -> Verdict:
    kind = check_kinds(e)[0]
    if kind == "orders":
        return _order(e, done, t)
    if kind == "distance":
        return _distance(e, done, t)
    if kind == "faces":
        return _facing(e, done, t)
    if kind == "takes":
        taken = any(
            ev["kind"] == "objective" and ev.get("objective") == e.takes and ev.get("side") == done.side
            for ev in done.events
        )
        said = t("puzzle_takes", objective=done.called(e.takes, t))
        return Verdict(said, said if taken else t("puzzle_not_taken"), taken)
    if kind == "unstopped":
        stops = [
            ev for ev in done.events if ev["kind"] == "moved" and ev["unit"] == e.unit and ev.get("stopped")
        ]
        said = t("puzzle_unstopped", unit=t.names(e.unit))
        decided = t("puzzle_stopped", unit=t.names(e.unit), rule=stops[0]["stopped"]) if stops else said
        return Verdict(said, decided, not stops)
    over = next((ev for ev in done.events if ev["kind"] == "game_over"), None)
    won = over is not None and over.get("winner") == done.side
    return Verdict(t("puzzle_wins"), t("puzzle_wins") if won else t("puzzle_not_won"), won)


def _kind(c: cmd.Command) -> str:
    """A command as a kind of Expect.orders."""
    if isinstance(c, cmd.React):
        return f"react_{c.action}"
    if isinstance(c, cmd.ExtraMove):
        return "extra_charge" if c.charge else "extra_move"
    names = {cmd.Move: "move", cmd.Fire: "fire", cmd.Charge: "charge", cmd.Withdraw: "withdraw",
             cmd.Rally: "rally", cmd.MoveOfficer: "officer", cmd.Pass: "pass"}  # fmt: skip
    return names.get(type(c), type(c).__name__)


def _target(c: cmd.Command) -> str:
    return str(getattr(c, "target", None) or getattr(c, "charge", None) or "")


def _order(e: Expect, done: Done, t: Texts) -> Verdict:
    target = t.names(e.target) if e.target else t("puzzle_anyone")
    said = " / ".join(t(f"puzzle_kind_{k}", target=target) for k in e.orders)
    key = "puzzle_first_order" if e.first else f"puzzle_order_{e.decision}"
    expected = t(key, unit=t.names(e.unit) if e.unit else "", orders=said)
    answers = [
        (c, _who(c) or (raw["unit"] if e.decision in BY_DECISION else None))
        for c, raw in zip(done.chosen, done.commands, strict=True)
        if raw["decision"] == e.decision and (raw["side"] == done.side or not e.first)
    ]
    mine = answers[:1] if e.first else [(c, who) for c, who in answers if who == e.unit]
    if not mine:
        return Verdict(expected, t("puzzle_no_order"), False)
    c, who = mine[0]
    ok = _kind(c) in e.orders and (not e.target or _target(c) == e.target) and (not e.unit or who == e.unit)
    return Verdict(expected, command_words(weighed(c, {}), t), ok)


def _who(c: cmd.Command) -> str | None:
    """The unit or officer a command is an order of."""
    return getattr(c, "unit", None) or getattr(c, "officer", None)


def _at(name: str, done: Done) -> tuple[float, float] | None:
    where = done.state["units"].get(name) or done.state["officers"].get(name)
    if where is not None:
        return (where["at"][0], where["at"][1])
    return done.objectives.get(name)


def _distance(e: Expect, done: Done, t: Texts) -> Verdict:
    units = e.units or [e.unit]
    marks = [p for p in (_at(n, done) for n in e.of) if p is not None]
    # names said together with their grammar (docs/spanish.md): "de la granja", "de la granja y el molino"
    froms: str = listed((done.called(n, t) for n in e.of), t("log_list_last"))
    froms = t("puzzle_nearest_of", names=froms) if len(e.of) > 1 else froms
    gaps = {}
    for u in units:
        here = _at(u, done)
        if here is not None and marks:
            gaps[u] = min(math.dist(here, m) for m in marks)
    limit = e.within if e.within is not None else e.beyond
    assert limit is not None
    key = "puzzle_within" if e.within is not None else "puzzle_beyond"
    who = (
        t(
            "puzzle_every" if e.every else "puzzle_any",
            units=listed((t.names(u) for u in units), t("log_list_last")),
        )
        if len(units) > 1
        else t.names(units[0])
    )
    expected = t(key, unit=who, distance=inches(limit, t), of=froms)

    def ok(d: float) -> bool:
        return d <= limit + 1e-9 if e.within is not None else d > limit

    passing = [u for u, d in gaps.items() if ok(d)]
    passed = bool(gaps) and (len(passing) == len(units) if e.every else bool(passing))
    decided = "; ".join(
        t("puzzle_ends", unit=t.names(u), distance=inches(d, t), of=froms) for u, d in gaps.items()
    )
    return Verdict(expected, decided or t("puzzle_no_order"), passed)


def _facing(e: Expect, done: Done, t: Texts) -> Verdict:
    me, them = done.state["units"].get(e.unit), _at(e.faces, done)
    expected = t("puzzle_faces", unit=t.names(e.unit), target=t.names(e.faces))
    if me is None or them is None:
        return Verdict(expected, t("puzzle_no_order"), False)
    towards = math.degrees(math.atan2(them[1] - me["at"][1], them[0] - me["at"][0]))
    off = abs((towards - me["facing"] + 180) % 360 - 180)
    decided = t("puzzle_facing_off", unit=t.names(e.unit), degrees=f"{off:.0f}", target=t.names(e.faces))
    return Verdict(expected, decided, off < FACING_SLACK)
