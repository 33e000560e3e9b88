"""A computer general's reasons in a player's words: the options it weighed for a decision, best first,
each with its worth, what that worth was made of and the chances of its roll; units by their names.
The client's "Why?" box (game/ui/battle/why_box.py) and `simulate --why` both say them so."""

from __future__ import annotations

from collections.abc import Callable

from game.ai.reasons import Thought, Weighed
from game.content.locale import Texts
from game.model import commands as cmd
from game.model.words import counted, inches, number
from game.running.narrate import said_chances

STILL = 0.05  # inches: a move shorter than this is said as a turn where the unit stands

# a game mode's words for its own commands (GameMode.order_words, bound to its game): None for others
Orders = Callable[[cmd.Command], str | None]

SHOWN = 5  # options shown per decision: the chosen one and the best four it turned down that read
# differently (a player cannot tell apart two moves said alike, so the box says one of them once)
COMPASS = ("e", "ne", "n", "nw", "w", "sw", "s", "se")  # the table's eight ways, from 0 degrees (north: up)
DETAILS = 2  # what more an order may say to be told apart: 1 the way it goes, 2 the way it ends facing


def compass(degrees: float) -> str:
    """The nearest of the table's eight ways (a key of COMPASS: why_compass_<way> in the locale)."""
    return COMPASS[round(degrees / 45) % 8]


def command_words(w: Weighed, t: Texts, orders: Orders | None = None, detail: int = 0) -> str:
    """An order as a player would say it: a move by its length, not its coordinates, with the way it goes
    (`detail` 1) and the way it ends facing (2) when two moves would read alike; a command of a game
    mode of its own (Open Wars) in that mode's `orders`."""
    said = _order(w, t, orders)
    if detail >= 1 and w.bearing is not None:
        said = t("why_bearing", order=said, way=t(f"why_compass_{compass(w.bearing)}"))
    facing = getattr(w.command, "facing", None)
    if detail >= 2 and facing is not None and not w.faces:
        said = t("why_facing_way", order=said, way=t(f"why_compass_{compass(facing)}"))
    return said


def _order(w: Weighed, t: Texts, orders: Orders | None) -> str:
    c, name = w.command, t.names
    if isinstance(c, cmd.Move):
        key = "why_turn" if w.moved < STILL else "why_move"  # a move of no length turns the unit
        key += "_facing" if w.faces and w.moved >= STILL else ""
        key += "_fire" if c.fire else ""
        target = name(c.fire) if c.fire else ""
        return t(
            key,
            unit=name(c.unit),
            inches=inches(w.moved, t),
            target=target,
            enemy=name(w.faces) if w.faces else "",
        )
    if isinstance(c, cmd.Fire):
        return t("why_fire", unit=name(c.unit), target=name(c.target))
    if isinstance(c, cmd.Charge):
        return t("why_charge", unit=name(c.unit), target=name(c.target))
    if isinstance(c, cmd.Rally):
        return t("why_rally", unit=name(c.unit))
    if isinstance(c, cmd.Withdraw):
        return t("why_withdraw", unit=name(c.unit))
    if isinstance(c, cmd.EndActivation):
        return t("why_end")
    if isinstance(c, cmd.React):  # a module's reaction without words of its own is said by its id
        key = f"why_react_{c.action}"
        return t(key, unit=name(c.unit)) if t.has(key) else t("why_react", unit=name(c.unit), action=c.action)
    if isinstance(c, cmd.ExtraMove):
        if c.charge:
            return t("why_extra_charge", unit=name(c.unit), target=name(c.charge))
        return t("why_extra_move", unit=name(c.unit))
    if isinstance(c, cmd.MoveOfficer):
        return t("why_officer", officer=name(c.officer))
    if isinstance(c, cmd.Pass):
        return t("why_pass")
    said = orders(c) if orders is not None else None
    return said if said is not None else type(c).__name__


def option_lines(
    w: Weighed, chosen: bool, t: Texts, orders: Orders | None = None, detail: int = 0
) -> list[str]:
    worth = number(w.value, t, 2, signed=True)
    order = command_words(w, t, orders, detail)
    lines = [t("why_chose" if chosen else "why_weighed", order=order, value=worth)]
    if w.parts:
        said = {k: t(f"why_term_{k}") if t.has(f"why_term_{k}") else k for k, _ in w.parts}
        terms = [t("why_part", term=said[k], value=number(v, t, 2, signed=True)) for k, v in w.parts]
        lines.append("    " + ", ".join(terms))
    if w.odds:
        lines.append("    " + t("why_odds", odds=said_chances(w.odds[:4], t)))
    return lines


def why_lines(
    thought: Thought | None, t: Texts, side_name: Callable[[str], str], orders: Orders | None = None
) -> list[str]:
    """A title, then each option weighed (the first the one chosen); detail lines are indented;
    `orders`: the words of a game mode's own commands."""
    if thought is None:
        return [t("why_none")]
    out = [counted(t, "why_title", thought.looked_at, side=side_name(thought.side))]
    for i, (w, detail) in enumerate(told_apart(thought.options, t, orders)):
        out += option_lines(w, i == 0, t, orders, detail)
    return out


def told_apart(
    options: tuple[Weighed, ...], t: Texts, orders: Orders | None = None
) -> list[tuple[Weighed, int]]:
    """The options to show, best first (at most SHOWN), each with the detail its words need to read
    differently from every other shown (moves of one length: the way each goes, then the way each
    ends facing); an option no words tell apart from a better one is left out."""
    kept: list[Weighed] = []
    for w in options:
        if len(kept) == SHOWN:
            break
        if all(command_words(w, t, orders, DETAILS) != command_words(k, t, orders, DETAILS) for k in kept):
            kept.append(w)
    return [
        (
            w,
            next(
                level
                for level in range(DETAILS + 1)
                if all(
                    command_words(w, t, orders, level) != command_words(k, t, orders, level)
                    for k in kept
                    if k is not w
                )
                or level == DETAILS
            ),
        )
        for w in kept
    ]
