"""Every rule ID of the Open Wars digest (its rules reference, content/modules/open-wars/locale/en/rules.toml,
holds one entry each) is named by a test (its name or its docstring) that asserts its effect, or is
listed in docs/open-wars-decisions.md with the reason no program can honour it; and no rule is both."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIGEST = re.compile(r"OW-(INTRO|OBJ|COMP|FAC|UNIT|MOVE|STACK|LOC|TURN|MAGIC|RECRUIT|COMBAT)-[0-9]+")


def digest_ids() -> set[str]:
    with (ROOT / "content/modules/open-wars/locale/en/rules.toml").open("rb") as f:
        return {k for k in tomllib.load(f) if DIGEST.fullmatch(k)}


def named_by_tests() -> set[str]:
    """The rule IDs a test names: in its name (OW_COMBAT_3) or its docstring (OW-COMBAT-3)."""
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                said = node.name.replace("_", "-") + " " + (ast.get_docstring(node) or "")
                found |= {m.group() for m in DIGEST.finditer(said)}
    return found


def unhonourable() -> set[str]:
    """The IDs docs/open-wars-decisions.md says no program can honour (its paragraph "No program can
    honour: ...")."""
    text = (ROOT / "docs/open-wars-decisions.md").read_text(encoding="utf-8")
    paragraph = next(x for x in text.split("\n\n") if x.startswith("No program can honour"))
    return {m.group() for m in DIGEST.finditer(paragraph)}


def test_every_open_wars_rule_is_tested_or_has_a_written_reason() -> None:
    ids = digest_ids()
    assert len(ids) == 70  # the digest's IDs, every one with its entry in the reference
    missing = ids - named_by_tests() - unhonourable()
    assert not missing, sorted(missing)


def test_a_rule_with_a_written_reason_is_not_also_claimed_by_a_test() -> None:
    both = unhonourable() & named_by_tests()
    assert not both, sorted(both)
    assert unhonourable() <= digest_ids()


def test_the_decisions_list_every_spell_and_card_as_the_content_has_them() -> None:
    """OW-DEC-16, OW-DEC-20: the spell list (mana and range) and the card list follow spells.toml and
    cards.toml."""
    from systems.open_wars.ruleset_files import load_rules

    rules = load_rules()
    text = (ROOT / "docs/open-wars-decisions.md").read_text(encoding="utf-8")
    rows = {
        line.split("`")[1]: [c.strip() for c in line.split("|")]
        for line in text.splitlines()
        if line.startswith("| `")
    }
    for s in rules.spells.values():
        row = rows[s.id]
        assert (row[3], row[4], int(row[5]), int(row[6])) == (s.category, s.phase, s.cost, s.range), s.id
    for card in rules.cards.values():
        assert rows[card.id][3] == card.type, card.id
