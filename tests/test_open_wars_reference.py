"""The Open Wars rules reference (content/modules/open-wars/locale/<lang>/rules.toml): both languages
load through game/content/rulesref.py with the open-wars module, every OW- rule the code cites has its
entry in each, and the two files explain the same rules (every decision of docs/open-wars-decisions.md among
them), none with an empty text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.content.rulesref import RuleText, load_reference
from game.model.modules import RuleModule, modules

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("en", "es")
OW_ID = re.compile(r"OW-[A-Z]+-[0-9]+")


def open_wars() -> RuleModule:
    import systems.open_wars.mode  # noqa: F401  (registers the mode and its module)

    return next(m for m in modules() if m.id == "open-wars")


def own(lang: str) -> dict[str, RuleText]:
    """The reference in one language, with only the module's own rules (For Glory's are there too)."""
    texts = load_reference(lang, modules=[open_wars()])
    return {k: v for k, v in texts.items() if k.startswith(open_wars().prefix)}


def cited() -> set[str]:
    """Every OW- rule ID the Open Wars code names: its rules and its computer player."""
    files = [*sorted((ROOT / "systems" / "open_wars").glob("*.py")), ROOT / "game" / "ai" / "open_wars.py"]
    return {rule for f in files for rule in OW_ID.findall(f.read_text(encoding="utf-8"))}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_reference_loads_with_the_open_wars_module(lang: str) -> None:
    module = open_wars()
    assert module.prefix == "OW-"
    assert (ROOT / "content" / "modules" / module.id / "locale" / lang / "rules.toml").is_file()
    texts = own(lang)
    assert texts and all(OW_ID.fullmatch(k) for k in texts), sorted(texts)
    assert "FG-CBT-2" in load_reference(lang, modules=[module])  # For Glory's own texts are still there


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_the_code_cites_has_its_entry(lang: str) -> None:
    ids = cited()
    assert len(ids) > 20, ids  # the regex still finds the code's rules
    missing = ids - set(own(lang))
    assert not missing, f"{lang}: no entry for {sorted(missing)}"


def test_english_and_spanish_explain_the_same_rules() -> None:
    en, es = own("en"), own("es")
    assert set(en) == set(es), (sorted(set(en) - set(es)), sorted(set(es) - set(en)))
    decisions = set(
        re.findall(r"OW-DEC-[0-9]+", (ROOT / "docs" / "open-wars-decisions.md").read_text("utf-8"))
    )
    assert decisions and {k for k in en if k.startswith("OW-DEC-")} == decisions  # each decision, no other
    for texts in (en, es):
        for rule in texts.values():
            assert rule.title.strip() and rule.text.strip(), rule.id
            assert len(rule.text) <= 320, (rule.id, len(rule.text))
