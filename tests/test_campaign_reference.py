"""The campaign's decisions: every CAMP-DEC the code cites is in docs/campaign-decisions.md, has its
entry in the rules reference of both languages (content/modules/campaign/locale/<lang>/rules.toml), and
is named by a test; the campaign's words are in both languages, with the same {names}."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from game.content.locale import placeholders
from game.content.rulesref import load_reference
from game.model.modules import modules

ROOT = Path(__file__).resolve().parents[1]
DECISION = re.compile(r"CAMP-DEC-[0-9]+")
LOCALE = ROOT / "content" / "modules" / "campaign" / "locale"


def cited() -> set[str]:
    files = [*sorted((ROOT / "systems" / "campaign").glob("*.py")), ROOT / "game" / "ai" / "campaign.py"]
    return {rule for f in files for rule in DECISION.findall(f.read_text(encoding="utf-8"))}


def test_every_decision_the_code_cites_is_documented_and_tested() -> None:
    ids = cited()
    assert len(ids) == 25, sorted(ids)
    doc = (ROOT / "docs" / "campaign-decisions.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"\*\*(CAMP-DEC-[0-9]+) ", doc))
    assert documented == ids
    tests = "".join(
        p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests").glob("test_campaign_*.py"))
    )
    named = {f"CAMP-DEC-{n}" for n in re.findall(r"def test_CAMP_DEC_([0-9]+)_", tests)}
    assert ids <= named, sorted(ids - named)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_decision_has_its_entry_in_the_rules_reference(lang: str) -> None:
    campaign = next(m for m in modules() if m.id == "campaign")
    texts = load_reference(lang, modules=[campaign])
    own = {k for k in texts if k.startswith("CAMP-")}
    assert own == cited()


@pytest.mark.parametrize("name", ["ui.toml", "narration.toml", "reasons.toml"])
def test_the_campaigns_words_are_in_both_languages_with_the_same_names(name: str) -> None:
    en = tomllib.loads((LOCALE / "en" / name).read_text(encoding="utf-8"))
    es = tomllib.loads((LOCALE / "es" / name).read_text(encoding="utf-8"))
    assert set(en) == set(es)
    for key, text in en.items():
        assert placeholders(text) == placeholders(es[key]), key
