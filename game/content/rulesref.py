"""The rules reference: a short explanation, in the game's own words, of every rule ID.

The battle log cites a rule ID beside each modifier, note and refusal (FG-CBT-2, AMB-59, ...);
hovering it shows the entry from content/locale/<locale>/rules.toml, one table per ID:

    ["FG-CBT-2"]
    title = "Flank or rear"
    text = "..."
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from game import CONTENT
from game.content.mods import Mod
from game.content.module_records import folder_of
from game.content.records import build, check_partial, read_toml
from game.model.errors import ContentError
from game.model.modules import RuleModule

RULE_ID = re.compile(r"FG-[A-Z]+-[0-9]+|AMB-[0-9]+")
MOD_RULE_ID = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+")  # a mod's own rules: GUARD-1, LANCE-2
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


def load_reference(
    locale: str = "en", root: Path | None = None, mods: Sequence[Mod] = (), modules: Sequence[RuleModule] = ()
) -> dict[str, RuleText]:
    """Read content/locale/<locale>/rules.toml, with each mod's file of the same name laid over it,
    into {rule ID: RuleText}. A mod may retitle or reword a rule, or explain rules of its own (any ID
    like GUARD-1). Each rule module given adds its own rules from its folder (IDs with its prefix:
    WM-5, WM-DEC-2), before the mods, which may reword them too. Any problem (a key that is not a
    rule ID, a missing, unknown, mistyped or empty field) is a ContentError naming the file and the
    key."""
    if not LOCALE.fullmatch(locale):
        raise ContentError(f"locale {locale!r}", "not a locale name such as 'en' or 'pt-BR'")
    rel = f"locale/{locale}/rules.toml"
    path = (root or CONTENT / "locale") / locale / "rules.toml"
    sources = [(path, read_toml(path), RULE_ID, False)]
    for module in modules:
        own = folder_of(module) / "locale" / locale / "rules.toml"
        if own.is_file():
            prefix = re.compile(re.escape(module.prefix) + r"(?:[A-Z]+-)?[0-9]+")
            sources.append((own, read_toml(own), prefix, True))
    theirs = [m.file(rel) for m in mods if m.file(rel).is_file()]
    sources += [(f, read_toml(f), MOD_RULE_ID, False) for f in theirs]
    out: dict[str, RuleText] = {}
    by_module: set[str] = set()  # the IDs a rule module's file gave
    for file, data, pattern, module_file in sources:
        for rule_id, table in data.items():
            if not pattern.fullmatch(rule_id):
                raise ContentError(f"{file}: {rule_id}", "not a rule ID (FG-<SECTION>-<n> or AMB-<n>)")
            known = out.get(rule_id)
            try:
                if known is not None and not (module_file and rule_id in by_module):
                    check_partial(_Entry, table, rule_id)  # a mod changing a text may give only what changes
                    table = {"title": known.title, "text": known.text, **table}
                entry = build(_Entry, table, rule_id)
            except ContentError as e:
                raise ContentError(f"{file}: {e.where}", e.problem) from None
            for name in ("title", "text"):
                if not getattr(entry, name).strip():
                    raise ContentError(f"{file}: {rule_id}.{name}", "must not be empty")
            title, text = entry.title.strip(), entry.text.strip()
            if known is not None and module_file and rule_id in by_module:
                # two modules of one system apply the same rule each its own way (warhammer-charges and
                # warhammer-terrain's WM-17): both hold when both are on, so the entry says both
                title, text = f"{known.title}; {title}", f"{known.text} {text}"
            out[rule_id] = RuleText(rule_id, title, text)
            if module_file:
                by_module.add(rule_id)
    return out


def reference_for(
    language: str, mods: Sequence[Mod] = (), modules: Sequence[RuleModule] = ()
) -> dict[str, RuleText]:
    """The rules reference a player reads: English, with every rule the language's files translate
    (For Glory's and each module's) in that language instead."""
    out = load_reference("en", mods=mods, modules=modules)
    if language != "en" and (CONTENT / "locale" / language / "rules.toml").is_file():
        out.update(load_reference(language, mods=mods, modules=modules))
    return out
