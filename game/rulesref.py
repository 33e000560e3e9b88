"""The rules reference: a short explanation, in the game's own words, of every rule ID.

The battle log cites a rule ID beside each modifier, note and refusal (FG-CBT-2, AMB-59, ...);
hovering it shows the entry from content/locale/<locale>/rules.toml, one table per ID:

    ["FG-CBT-2"]
    title = "Flank or rear"
    text = "..."
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from game import CONTENT
from game.errors import ContentError
from game.records import build, read_toml

RULE_ID = re.compile(r"FG-[A-Z]+-[0-9]+|AMB-[0-9]+")
LOCALE = re.compile(r"[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*")


@dataclass(frozen=True)
class RuleText:
    """One rule's entry: its ID, a title of a few words and 1-3 sentences."""

    id: str
    title: str
    text: str


@dataclass(frozen=True)
class _Entry:
    """The schema of one table in rules.toml (its key is the rule ID)."""

    title: str
    text: str


def load_reference(locale: str = "en", root: Path | None = None) -> dict[str, RuleText]:
    """Read content/locale/<locale>/rules.toml into {rule ID: RuleText}.

    Any problem (a key that is not a rule ID, a missing, unknown, mistyped or empty field) is a
    ContentError naming the file and the key.
    """
    if not LOCALE.fullmatch(locale):
        raise ContentError(f"locale {locale!r}", "not a locale name such as 'en' or 'pt-BR'")
    path = (root or CONTENT / "locale") / locale / "rules.toml"
    data = read_toml(path)
    out: dict[str, RuleText] = {}
    for rule_id, table in data.items():
        if not RULE_ID.fullmatch(rule_id):
            raise ContentError(f"{path}: {rule_id}", "not a rule ID (FG-<SECTION>-<n> or AMB-<n>)")
        try:
            entry = build(_Entry, table, rule_id)
        except ContentError as e:
            raise ContentError(f"{path}: {e.where}", e.problem) from None
        for name in ("title", "text"):
            if not getattr(entry, name).strip():
                raise ContentError(f"{path}: {rule_id}.{name}", "must not be empty")
        out[rule_id] = RuleText(rule_id, entry.title.strip(), entry.text.strip())
    return out
