"""A session: the dice, the event log, the suspended decision and the one way in, `apply(command)`.
Every actor (the player, the AI, a script, a replay) changes a game only through it.

Resolving an order may need decisions from the other player in mid-flight (reactions, the cavalry
extra move, where an artillery marker goes). Each order is therefore resolved by a generator that
yields a Decision and receives the answering Command: the session keeps it suspended in `pending`
until the answer arrives through `apply`. The rule modules (game/modules.py) say which command starts
which order and which commands answer which decision; the session knows no rules."""

from __future__ import annotations

from collections.abc import Generator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game import commands as cmd
from game.dice import Dice
from game.events import Event, Rejected
from game.locale import Term, Texts, Word
from game.modules import RuleStack
from game.narrate import english, slug

if TYPE_CHECKING:
    from game.ruleset import Category


class Reject(Exception):
    """A command the rules forbid: becomes a `rejected` event naming the rule. `reason` is what the
    event records, in English; a refusal built by `refuse` also keeps the key of its words
    (content/locale/<language>/reasons.toml) and their values, for the screens to say it in the
    player's language."""

    def __init__(
        self, rule: str, reason: str, key: str | None = None, values: Mapping[str, object] | None = None
    ) -> None:
        super().__init__(reason)
        self.rule = rule
        self.reason = reason
        self.key = key
        self.values = dict(values or {})

    def said(self, t: Texts) -> str:
        """The reason in the language of `t` (in English when it has no words for it), its units,
        officers and divisions by their names (`t.names`)."""
        if self.key is None or not t.has(self.key):
            return self.reason
        return t(self.key, **{k: said_value(t, k, v) for k, v in self.values.items()})


# the values of a refusal that are ids of units or officers (one, or a list joined by ", "), or divisions
NAMED_ONE = ("unit", "shooter", "reactor", "officer", "charger", "by")
NAMED_LIST = ("units",)


def said_value(t: Texts, key: str, value: object) -> object:
    if isinstance(value, Word):
        return value.said(t)
    if not isinstance(value, str):
        return value
    if key in NAMED_ONE:
        return t.names(value)
    if key in NAMED_LIST:
        return ", ".join(t.names(x) for x in value.split(", "))
    if key in ("division", "formation"):
        return t.names.formation(value, short=False)
    if key in ("divisions", "formations"):
        return ", ".join(t.names.formation(x, short=False) for x in value.split(", "))
    return value


def refuse(rule: str, key: str, **values: object) -> Reject:
    """A refusal in the words of `key` (a reasons.toml of the game or of a rule module): its English
    text, formatted, is the reason the event records (the one source of it)."""
    return Reject(rule, english()(key, **values), key, values)


def category_word(cat: Category) -> Term:
    """A unit category's name, in the words the screens give its code (category_<code>)."""
    return Term(cat.name, f"category_{slug(cat.code)}")


@dataclass(frozen=True)
class Decision:
    """What the battle waits for. kind: reaction (side may React or Pass), marker (PlaceMarker or
    Pass for the engine's placement), extra_move (ExtraMove or Pass)."""

    kind: str
    side: str
    unit: str  # the unit the decision is about: the mover, the shooter, the cavalry
    options: tuple[str, ...] = ()  # the ids the answer picks from (reaction: the units that may react)
    stage: str = ""  # reaction: "during" a movement, at its "end" (contact), or "after" the action
    payload: object = None  # what else a kind of decision says, typed (systems.deployment.Arrivals)


Resolution = Generator[Decision, cmd.Command, Any]


class Session:
    def __init__(self, stack: RuleStack, dice: Dice) -> None:
        self.stack = stack  # the rule modules this game runs (game/modules.py)
        self.dice = dice
        self.events: list[Event] = []
        self.pending: Decision | None = None
        self._resolution: Resolution | None = None

    def enter(self) -> None:
        """Make this game's state current (a battle switches to its esper world)."""

    def refusal(self) -> Reject | None:
        """Why no command may start anything now (a game running its own sequence), or None."""
        return None

    def emit(self, event: Event) -> None:
        self.events.append(event)

    # --- the one way in ---------------------------------------------------------------------

    def apply(self, command: cmd.Command) -> list[Event]:
        """Apply one command; returns the events it produced. Never raises for a command the
        rules forbid: that is a `rejected` event and nothing changes."""
        self.enter()
        start = len(self.events)
        try:
            if self.pending is not None:
                self._answer(command)
            else:
                self._start(command)
        except Reject as r:
            self.emit(
                Rejected(
                    rule=r.rule,
                    reason=r.reason,
                    order=_order_name(command),
                    unit=getattr(command, "unit", None),
                )
            )
        return self.events[start:]

    def start(self, resolution: Resolution) -> None:
        """Run a whole-battle resolution (systems/sequence.py) up to its first decision."""
        self.enter()
        self._run(resolution, None)

    def _start(self, command: cmd.Command) -> None:
        refused = self.refusal()
        if refused is not None:
            raise refused
        gen = self.begin(command)
        if gen is not None:
            self._run(gen, None)

    def begin(self, command: cmd.Command) -> Resolution | None:
        """The one dispatch of a command to its order: checks it (raising Reject) and returns the
        generator that carries it out. The round loop sends a side's orders through here too."""
        kind = self.stack.orders.get(type(command))
        if kind is None:
            order = _order_name(command)
            raise refuse("FG-ORD-5", "reason_order_not_awaited", order=Term(order, f"log_order_{order}"))
        gen = kind.start(self, command)
        if not kind.unit_order:
            return gen
        if gen is None:  # an order resolved at once
            self.stack.hook("after_action")(self, command)
            return None
        return self._after(gen, command)

    def _after(self, gen: Resolution, command: cmd.Command) -> Resolution:
        """A unit's order, then the after-action hook (a module's fatigue, say)."""
        result = yield from gen
        self.stack.hook("after_action")(self, command)
        return result

    def _answer(self, command: cmd.Command) -> None:
        assert self.pending is not None and self._resolution is not None
        kind = self.stack.decisions.get(self.pending.kind)
        if kind is None or not isinstance(command, kind.answers):
            d = self.pending
            raise refuse(
                "FG-ACT-6",
                "reason_waiting_decision",
                side=d.side,
                decision=d.kind.replace("_", " "),
                unit=d.unit,
            )
        self._run(self._resolution, command)

    def _run(self, gen: Resolution, answer: cmd.Command | None) -> None:
        try:
            decision = next(gen) if answer is None else gen.send(answer)
        except StopIteration:
            self.pending, self._resolution = None, None
            return
        except Reject:
            self.pending, self._resolution = None, None
            raise
        self.pending, self._resolution = decision, gen


def _order_name(command: cmd.Command) -> str:
    return type(command).__name__.lower()
