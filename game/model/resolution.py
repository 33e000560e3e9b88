"""How an order resolves: a generator that yields the Decisions it waits for and receives the
Commands that answer them, and the Reject a rule raises to refuse a command (a key of the words that
say why and its values, never the words themselves)."""

from __future__ import annotations

from collections.abc import Generator, Mapping
from dataclasses import dataclass
from typing import Any

from game.model import commands as cmd
from game.model.grammar import listed
from game.model.words import NamedWording, Word, Wording


class Reject(Exception):
    """A command the rules forbid: becomes a `rejected` event naming the rule. A refusal made by
    `refuse` keeps the key of its words (a reasons.toml of the game or of a rule module) and their
    values: the session words it in English for the event it records (`Session.reason`), a screen in
    the player's language (`said`). A bare `Reject(rule, reason)` is said as its reason everywhere."""

    def __init__(
        self, rule: str, reason: str = "", key: str | None = None, values: Mapping[str, object] | None = None
    ) -> None:
        super().__init__(reason or key)
        self.rule = rule
        self.reason = reason  # the words of a bare refusal; empty for one made by `refuse`
        self.key = key
        self.values = dict(values or {})

    def worded(self, t: Wording) -> str:
        """The reason as an event records it: the text of its key in `t` with its values as written."""
        return self.reason if self.key is None else t(self.key, **self.values)

    def said(self, t: NamedWording) -> str:
        """The reason in the language of `t`, its values said the same way (a category's name, a
        decimal mark), its units, officers and divisions by their names (`t.names`); the key and
        values as they are where `t` has no words for it."""
        if self.key is None:
            return self.reason
        if not t.has(self.key):
            return " ".join([self.key, *(f"{k}={v}" for k, v in self.values.items())])
        return t(self.key, **{k: said_value(t, k, v) for k, v in self.values.items()})


# the values of a refusal that are ids of units or officers (one, or a list joined by ", "), or divisions;
# a campaign's armies and places, by the English names its refusals record (systems/campaign/words.py),
# and Open Wars' spells and factions (systems/open_wars/words.py)
NAMED_ONE = (
    "unit",
    "shooter",
    "reactor",
    "officer",
    "charger",
    "by",
    "army",
    "location",
    "here",
    "spell",
    "faction",
)
NAMED_LIST = ("units",)


def said_value(t: NamedWording, key: str, value: object) -> object:
    if isinstance(value, Word):
        return value.said(t)
    if not isinstance(value, str):
        return value
    if key in NAMED_ONE:
        return t.names(value)
    if key == "side":
        return t.names.side(value)
    if key in NAMED_LIST:
        return listed(
            (t.names(x) for x in value.split(", ")), t("log_list_last") if t.has("log_list_last") else ", "
        )
    if key == "places":  # a choice among them: "one of: Toledo, Madrid"
        return ", ".join(t.names(x) for x in value.split(", "))
    if key in ("division", "formation"):
        return t.names.formation(value, short=False)
    if key in ("divisions", "formations"):
        return ", ".join(t.names.formation(x, short=False) for x in value.split(", "))
    return value


def refuse(rule: str, key: str, **values: object) -> Reject:
    """A refusal in the words of `key` (a text of a reasons.toml): a value that is itself a word of the
    game is a `Term` or a `Number`, so that each language says it its own way."""
    return Reject(rule, "", key, values)


@dataclass(frozen=True)
class Decision:
    """What the battle waits for. kind: reaction (side may React or Pass), marker (PlaceMarker or
    Pass for the engine's placement), extra_move (ExtraMove or Pass)."""

    kind: str
    side: str
    unit: str  # the unit the decision is about: the mover, the shooter, the cavalry
    options: tuple[str, ...] = ()  # the ids the answer picks from (reaction: the units that may react)
    stage: str = ""  # reaction: "during" a movement, at its "end" (contact), or "after" the action
    payload: object = None  # what else a kind of decision says, typed (systems.for_glory.deployment.Arrivals)


Resolution = Generator[Decision, cmd.Command, Any]
