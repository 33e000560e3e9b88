"""Building small battles for rule tests: a few bases, fixed dice, orders through Commands."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import esper

from game import commands as cmd
from game.battle import Battle, Decision
from game.components import Hits, Officer, Pose, Status
from game.dice import Dice
from game.events import Event
from game.ruleset import Ruleset, load_ruleset
from game.table import Feature, Table


@cache
def rules() -> Ruleset:
    return load_ruleset()


def make_battle(
    dice: Sequence[int] | None = None,
    *,
    seed: int | None = None,
    size: tuple[float, float] = (72, 48),
    terrain: Iterable[tuple[str, Any]] = (),
    ruleset: Ruleset | None = None,
) -> Battle:
    """A battle on an empty table. terrain: (kind, polygon) or (kind, (path, width)) pairs."""
    rs = ruleset or rules()
    feats = []
    for kind, shape in terrain:
        k = rs.terrain[kind]
        if k.linear:
            path, width = shape
            feats.append(Feature(k, path=tuple(path), width=width))
        else:
            feats.append(Feature(k, polygon=tuple(shape)))
    return Battle(rs, Table(size[0], size[1], tuple(feats)), Dice(seed, dice))


def officer(
    b: Battle, ident: str, side: str, at: tuple[float, float], *, role: str = "division", experience: int = 3
) -> int:
    return b.add_officer(ident, side, role, experience, at)


def unit(
    b: Battle,
    ident: str,
    side: str,
    at: tuple[float, float],
    facing: float,
    *,
    cat: str = "LnInf",
    q: str = "R",
    division: str | None = None,
    hits: int = 0,
) -> int:
    div = division or f"{side}-div"
    if div not in b.ids:
        officer(b, div, side, at)
    return b.add_unit(ident, side, div, cat, q, at, facing, hits)


def order(b: Battle, command: cmd.Command, answers: Iterable[cmd.Command] = ()) -> list[Event]:
    """Activate the unit's formation (leadership taken as passed), give the order, answer each pending
    decision with the next answer, then decline whatever else is asked."""
    events: list[Event] = []
    unit_name = getattr(command, "unit", None)
    if (unit_name is not None and b.activation is None) or (
        unit_name is not None and b.activation is not None and unit_name not in b.activation.formation.units
    ):
        events += b.apply(cmd.Activate(unit_name, leadership=False))
    events += b.apply(command)
    queue = list(answers)
    while b.pending is not None:
        events += b.apply(queue.pop(0) if queue else cmd.Pass())
    return events


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def of(events: Iterable[Event], kind: str) -> list[Any]:
    return [e for e in events if e.kind == kind]


def pos(b: Battle, ident: str) -> tuple[float, float]:
    b.enter()
    p = esper.component_for_entity(b.ids[ident], Pose)
    return (round(p.x, 3), round(p.y, 3))


def hits(b: Battle, ident: str) -> int:
    b.enter()
    return esper.component_for_entity(b.ids[ident], Hits).count


def status(b: Battle, ident: str) -> Status:
    b.enter()
    return esper.component_for_entity(b.ids[ident], Status)


def officer_of(b: Battle, ident: str) -> Officer:
    b.enter()
    return esper.component_for_entity(b.ids[ident], Officer)


def run_toml(tmp_path: Path, text: str) -> dict[str, Any]:
    from game.script import run

    f = tmp_path / "battle.toml"
    f.write_text(text)
    return run(f)


def play(
    b: Battle,
    command: cmd.Command,
    answer: Callable[[Decision], cmd.Command | None] = lambda _d: None,
    asked: list[Decision] | None = None,
) -> list[Event]:
    """Like `order`, but each pending decision goes to answer(decision), which returns the answering
    Command (None: Pass). Every decision asked is appended to `asked` when given."""
    events: list[Event] = []
    unit_name = getattr(command, "unit", None)
    if unit_name is not None and (b.activation is None or unit_name not in b.activation.formation.units):
        events += b.apply(cmd.Activate(unit_name, leadership=False))
    events += b.apply(command)
    while b.pending is not None:
        decision = b.pending
        if asked is not None:
            asked.append(decision)
        events += b.apply(answer(decision) or cmd.Pass())
    return events
