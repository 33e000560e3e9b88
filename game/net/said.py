"""What the network layer tells the player, without words: a key of content/locale/<lang>/ui.toml and
its values (a value may itself be something said, worded first). The window and the command line
word it in the player's language."""

from __future__ import annotations

import errno
import socket
from collections.abc import Mapping
from dataclasses import dataclass, field

from game.content.locale import Texts
from game.model.errors import UserError
from game.model.words import decimal

# the system's refusals the game says in the player's words (the system's own are English)
OS_REASONS = {
    errno.ECONNREFUSED: "refused",
    errno.EADDRINUSE: "in_use",
    errno.EADDRNOTAVAIL: "no_address",
    errno.EACCES: "denied",
    errno.EHOSTUNREACH: "unreachable",
    errno.ENETUNREACH: "unreachable",
    errno.ETIMEDOUT: "timed_out",
}


@dataclass(frozen=True)
class Said:
    key: str
    values: dict[str, object] = field(default_factory=dict)
    bad: bool = False  # a fault or a refusal, shown as one

    def words(self, t: Texts, sides: Mapping[str, str] | None = None) -> str:
        """In the player's words; `sides`: the sides by their names (a value `side` is a side's id); a
        number that may hold decimals (a deadline's seconds) as every line says one: 12, 0,5 in Spanish."""
        values = {k: _said(v, t, sides) for k, v in self.values.items()}
        if sides and isinstance(values.get("side"), str):
            values["side"] = sides.get(str(values["side"]), values["side"])
        return t(self.key, **values)


def _said(value: object, t: Texts, sides: Mapping[str, str] | None) -> object:
    if isinstance(value, Said):
        return value.words(t, sides)
    return decimal(value, t) if isinstance(value, float) else value


class SaidError(UserError):
    """A UserError said in words' keys: the window and a command line given --lang word it in the
    player's language; its message is the English line."""

    def __init__(self, said: Said) -> None:
        super().__init__(said.words(Texts("en")))
        self.said = said


def os_reason(e: OSError) -> Said:
    """Why the system refused a port or a connection, in the player's words where the game has them."""
    if isinstance(e, socket.gaierror):
        key: str | None = "unknown_host"
    else:
        key = "timed_out" if isinstance(e, TimeoutError) else OS_REASONS.get(e.errno or 0)
    return Said(f"net_os_{key}") if key else Said("net_line", {"line": e.strerror or str(e)})
