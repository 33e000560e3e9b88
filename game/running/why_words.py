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


def command_words(w: Weighed, t: Texts, orders: Orders | None = None) -> str:
    """An order as a player would say it: a move by its length, not its coordinates; a command of a
    game mode of its own (Open Wars) in that mode's `orders`."""
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


def option_lines(w: Weighed, chosen: bool, t: Texts, orders: Orders | None = None) -> list[str]:
    worth = number(w.value, t, 2, signed=True)
    lines = [t("why_chose" if chosen else "why_weighed", order=command_words(w, t, orders), value=worth)]
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
    said: set[tuple[str, ...]] = set()
    for i, w in enumerate(thought.options):
        key = tuple(option_lines(w, False, t, orders))  # moves of one length in other directions read alike
        if key in said:
            continue
        said.add(key)
        out += option_lines(w, i == 0, t, orders)
        if len(said) == SHOWN:
            break
    return out
