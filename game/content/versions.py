"""A mod's version and what another mod requires of it: `depends = ["base", "lancers >=1.2, <2"]` in
mod.toml names a mod by its id, optionally with a range of its versions. A version is dotted numbers
(1, 1.2, 1.2.10), compared number by number (1.10 is above 1.9; 1.2 is 1.2.0); a range is clauses
joined by commas, each an operator (>=, >, <=, <, ==, !=) and a version. A mod whose version is not
dotted numbers meets only a requirement with no range."""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.model.errors import ContentError
from game.model.limits import ID

VERSION = re.compile(r"[0-9]{1,9}(?:\.[0-9]{1,9}){0,7}")
CLAUSE = re.compile(r"\s*(>=|<=|==|!=|>|<)\s*(\S+?)\s*")
OPS = {
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}
MAX_DEPENDS = 200  # characters of one requirement


def version_key(text: str) -> tuple[int, ...] | None:
    """A version as numbers to compare (trailing zeros dropped: 1.2 == 1.2.0), or None for one that is
    not dotted numbers."""
    if not VERSION.fullmatch(text.strip()):
        return None
    parts = [int(p) for p in text.strip().split(".")]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


@dataclass(frozen=True)
class Requirement:
    """A mod another needs, and the range of its versions it accepts (none: any)."""

    id: str
    clauses: tuple[tuple[str, tuple[int, ...]], ...] = ()
    text: str = ""  # the range as written, for messages

    def allows(self, version: str) -> bool:
        if not self.clauses:
            return True
        key = version_key(version)
        return key is not None and all(OPS[op](key, bound) for op, bound in self.clauses)


def requirement(text: str, where: str) -> Requirement:
    """A requirement as mod.toml writes it ("base", "base >=1.2, <2"); anything else is one line at
    `where`."""
    if not isinstance(text, str) or len(text) > MAX_DEPENDS:
        raise ContentError(
            where, f"expected a mod's id and a range of its versions, at most {MAX_DEPENDS} characters"
        )
    head, _, rest = text.strip().partition(" ")
    ident, rest = (head, rest) if not any(c in head for c in "<>=!") else _split(head, rest)
    if not ID.fullmatch(ident):
        raise ContentError(
            where, f"expected a mod's id first (such as 'base' or 'base >=1.2, <2'), found {text!r}"
        )
    clauses = []
    for part in (p for p in rest.split(",") if p.strip()) if rest.strip() else ():
        found = CLAUSE.fullmatch(part)
        key = version_key(found.group(2)) if found else None
        if found is None or key is None:
            raise ContentError(
                where,
                f"{part.strip()!r} is not a version range: an operator (>=, >, <=, <, ==, !=) and a version",
            )
        clauses.append((found.group(1), key))
    return Requirement(ident, tuple(clauses), rest.strip())


def _split(head: str, rest: str) -> tuple[str, str]:
    """'base>=1.2' written without a space: the id, and the range from its first operator."""
    at = min(i for i, c in enumerate(head) if c in "<>=!")
    return head[:at], f"{head[at:]} {rest}"
