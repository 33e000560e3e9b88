"""A session: the dice, the event log, the suspended decision and the one way in, `apply(command)`.
Every actor (the player, the AI, a script, a replay) changes a game only through it.

Resolving an order may need decisions from the other player in mid-flight (reactions, the cavalry
extra move, where an artillery marker goes). Each order is therefore resolved by a generator that
yields a Decision and receives the answering Command: the session keeps it suspended in `pending`
until the answer arrives through `apply`. The rule modules (game/model/modules.py) say which command starts
which order and which commands answer which decision; the session knows no rules."""

from __future__ import annotations

from collections.abc import Callable

from game.model import commands as cmd
from game.model.dice import Dice
from game.model.events import Event, Rejected, Roll
from game.model.modules import RuleStack
from game.model.resolution import Decision, Reject, Resolution, refuse
from game.model.words import Term, Wording


class Session:
    """`words`: the English texts of the refusals (the game's and its rule modules' reasons.toml), for
    the events to record why a command was refused; handed in, so that the model imports no words."""

    def __init__(self, stack: RuleStack, dice: Dice, words: Wording) -> None:
        self.stack = stack  # the rule modules this game runs (game/model/modules.py)
        self.dice = dice
        self.words = words
        self.events: list[Event] = []
        self.pending: Decision | None = None
        self._resolution: Resolution | None = None
        self.action_began = 0  # where the events of the order whose after_action runs began

    def enter(self) -> None:
        """Make this game's state current (a battle switches to its esper world)."""

    def refusal(self) -> Reject | None:
        """Why no command may start anything now (a game running its own sequence), or None."""
        return None

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def roll_off(self, sides: list[str], rule: str) -> str:
        """The winner of a roll-off: each side rolls a D6, the highest wins, those tied for it roll again
        (For Glory's AMB-39 and AMB-46, Open Wars' OW-TURN-3 and OW-COMBAT-4: `rule`)."""
        while True:
            dice = {s: self.dice.d6() for s in sides}
            for s, d in dice.items():
                self.emit(Roll(check="roll-off", die=d, modifiers=(), total=d, outcome=s, side=s, rule=rule))
            best = max(dice.values())
            sides = [s for s, d in dice.items() if d == best]
            if len(sides) == 1:
                return sides[0]

    def reason(self, r: Reject) -> str:
        """Why a command was refused, in the English words the events record."""
        return r.worded(self.words)

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
                    reason=self.reason(r),
                    order=_order_name(command),
                    unit=getattr(command, "unit", None),
                )
            )
        return self.events[start:]

    def start(self, resolution: Resolution) -> None:
        """Run a whole-battle resolution (systems/for_glory/sequence.py) up to its first decision."""
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
        began = len(self.events)
        gen = kind.start(self, command)
        if not kind.unit_order:
            return gen
        if gen is None:  # an order resolved at once
            self.action_began = began
            return self.stack.hook("after_action")(self, command)  # and what it then asks, if anything
        return self._after(gen, command, began)

    def _after(self, gen: Resolution, command: cmd.Command, began: int) -> Resolution:
        """A unit's order, then the after-action hook (a module's fatigue, say), which may go on
        asking decisions (a module's checks of what the order did: events from `action_began`)."""
        result = yield from gen
        self.action_began = began
        more = self.stack.hook("after_action")(self, command)
        if more is not None:
            yield from more
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


def ask(b: Session, decision: Decision, accept: Callable[[cmd.Command], None]) -> Resolution:
    """Ask until the answer passes `accept` (which raises Reject to refuse it); returns the answer."""
    while True:
        answer = yield decision
        try:
            accept(answer)
        except Reject as r:
            b.emit(Rejected(rule=r.rule, reason=b.reason(r), order=type(answer).__name__.lower()))
            continue
        return answer
