"""The rules reference (content/locale/en/rules.toml) covers every rule the digest defines and every
rule the code or the ruleset cites, in the game's own words."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

from game import ROOT
from game.content.records import read_toml
from game.content.rulesref import RULE_ID, load_reference
from game.model.errors import ContentError

DIGEST = Path(__file__).resolve().parents[2] / "shared" / "rules" / "for-glory.md"
WINDOW = 12  # words: no entry may share this many consecutive words with the digest


@pytest.fixture(scope="module")
def reference() -> dict[str, Any]:
    return load_reference("en")


@pytest.fixture(scope="module")
def digest() -> str:
    if not DIGEST.is_file():
        pytest.skip(f"the rules digest is not at {DIGEST} (it lives outside the repository)")
    return DIGEST.read_text(encoding="utf-8")


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _rule_values(node: Any) -> list[str]:
    """Every `rule = "..."` value in a parsed TOML document, at any depth."""
    if isinstance(node, dict):
        found = [v for k, v in node.items() if k == "rule" and isinstance(v, str)]
        return found + [r for v in node.values() for r in _rule_values(v)]
    if isinstance(node, list):
        return [r for v in node for r in _rule_values(v)]
    return []


def _cited_in_code() -> dict[str, str]:
    """Rule IDs in the string literals of the engine (game/, but for the players and the screens) and of
    For Glory's rules (systems/for_glory/): {rule ID: first file}."""
    cited: dict[str, str] = {}
    engine = [p for p in (ROOT / "game").rglob("*.py") if not {"ai", "ui"} & set(p.relative_to(ROOT).parts)]
    for path in sorted([*engine, *(ROOT / "systems" / "for_glory").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for rule_id in RULE_ID.findall(node.value):
                    cited.setdefault(rule_id, path.name)
    return cited


def test_every_rule_defined_in_the_digest_has_an_entry(reference: dict[str, Any], digest: str) -> None:
    defined = set(re.findall(r"\*\*(FG-[A-Z]+-[0-9]+)\*\*", digest))
    defined |= set(re.findall(r"\*\*(AMB-[0-9]+):", digest))
    assert len(defined) > 250
    missing = sorted(defined - set(reference))
    assert not missing, f"no entry for {missing}"
    unknown = sorted(set(reference) - defined)
    assert not unknown, f"entries for rules the digest does not define: {unknown}"
    for rule_id in defined:
        entry = reference[rule_id]
        assert entry.id == rule_id
        assert entry.title.strip() and entry.text.strip(), rule_id
        assert 1 <= len(entry.title.split()) <= 5, f"{rule_id}: title of 1-5 words"


def test_every_rule_the_ruleset_cites_has_an_entry(reference: dict[str, Any]) -> None:
    files = sorted((ROOT / "content" / "rulesets" / "for-glory").glob("*.toml"))
    assert files
    cited = {r: f.name for f in files for r in _rule_values(read_toml(f))}
    assert cited
    missing = {r: f for r, f in cited.items() if r not in reference}
    assert not missing, f"rules cited by the ruleset with no entry: {missing}"


def test_every_rule_the_code_cites_has_an_entry(reference: dict[str, Any]) -> None:
    cited = _cited_in_code()
    assert cited
    missing = {r: f for r, f in sorted(cited.items()) if r not in reference}
    assert not missing, f"rules cited by the code with no entry: {missing}"


def test_no_entry_copies_the_digest(reference: dict[str, Any], digest: str) -> None:
    words = _words(digest)
    windows = {tuple(words[i : i + WINDOW]) for i in range(len(words) - WINDOW + 1)}
    copied = []
    for rule_id, entry in reference.items():
        own = _words(entry.text)
        for i in range(len(own) - WINDOW + 1):
            if tuple(own[i : i + WINDOW]) in windows:
                copied.append(f"{rule_id}: {' '.join(own[i : i + WINDOW])}")
                break
    assert not copied, "entries copied from the digest:\n" + "\n".join(copied)


@pytest.mark.parametrize(
    ("toml", "where", "problem"),
    [
        ('["FG-X"]\ntitle = "a"\ntext = "b"\n', "FG-X", "not a rule ID"),
        ('["FG-CBT-2"]\ntitle = "a"\n', "FG-CBT-2.text", "missing key"),
        ('["FG-CBT-2"]\ntitle = "a"\ntext = "b"\nnote = "c"\n', "FG-CBT-2.note", "unknown key"),
        ('["FG-CBT-2"]\ntitle = "a"\ntext = 2\n', "FG-CBT-2.text", "expected a string"),
        ('["AMB-1"]\ntitle = " "\ntext = "b"\n', "AMB-1.title", "must not be empty"),
        ('"AMB-1" = "b"\n', "AMB-1", "expected a table"),
    ],
)
def test_bad_entries_name_the_file_and_key(tmp_path: Path, toml: str, where: str, problem: str) -> None:
    (tmp_path / "xx").mkdir()
    path = tmp_path / "xx" / "rules.toml"
    path.write_text(toml, encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_reference("xx", root=tmp_path)
    assert info.value.where == f"{path}: {where}"
    assert problem in info.value.problem


def test_a_missing_locale_or_a_bad_locale_name_is_a_content_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="no such file"):
        load_reference("fr", root=tmp_path)
    with pytest.raises(ContentError, match="not a locale name"):
        load_reference("../en")


def test_the_reference_speaks_the_players_language_and_falls_back_to_english() -> None:
    from game.content.rulesref import reference_for
    from game.model.modules import compose

    assert load_reference("es").keys() == load_reference("en").keys()  # every rule in Spanish too
    modules = compose("for-glory", ["clash-command", "clash-melee", "warhammer-terrain"]).chosen
    es, en = reference_for("es", modules=modules), reference_for("en", modules=modules)
    assert es.keys() == en.keys()
    assert (es["FG-CHG-1"].title, en["FG-CHG-1"].title) == ("Carga", "Charge")
    assert es["CS-3"].title == "Activar una unidad" and en["CS-3"].title == "Activating a unit"
    assert reference_for("xx") == reference_for("en")  # no such language: English


def test_every_rule_a_decisions_help_shows_has_its_text_in_each_language() -> None:
    from game.content.rulesref import reference_for
    from game.model.modules import modules

    optional = [m for m in modules() if m.mode == "for-glory" and m.id != "for-glory"]
    for language in ("en", "es"):
        ref = reference_for(language, modules=optional)
        shown = {rid for m in optional for d in m.decisions for rid in d.rules}
        assert shown and not shown - set(ref), (language, sorted(shown - set(ref)))


def test_no_rule_repeats_its_title_before_its_text() -> None:
    """Issue 38's pass: the F1 help and the hover boxes say a rule as "title: text", and four rules
    read "FG-ORD-6 Move: Move: the unit moves". No rule of any mode or module, in any language,
    begins its text with its own title and a colon."""
    from game.content.rulesref import reference_for
    from game.model.modules import modules

    every = list(modules())
    for language in ("en", "es"):
        ref = reference_for(language, modules=every)
        doubled = [rid for rid, r in ref.items() if r.text.lower().startswith(r.title.lower() + ":")]
        assert not doubled, (language, doubled)


def test_a_rule_two_chosen_modules_apply_each_its_own_way_says_both() -> None:
    """warhammer-charges and warhammer-terrain each apply WM-17 and WM-18 (the one turn of a charger,
    the free alignment) in their own way, and with both on both hold; the hover text was the later
    module's alone. It says both, in each language; with one module on, that module's alone."""
    from game.content.rulesref import reference_for
    from game.model.modules import compose

    both = compose("for-glory", ["warhammer-charges", "warhammer-terrain"]).chosen
    for language in ("en", "es"):
        charges = reference_for(language, modules=compose("for-glory", ["warhammer-charges"]).chosen)
        terrain = reference_for(language, modules=compose("for-glory", ["warhammer-terrain"]).chosen)
        joined = reference_for(language, modules=both)
        for rid in ("WM-17", "WM-18"):
            assert charges[rid].text != terrain[rid].text
            assert joined[rid].text == f"{charges[rid].text} {terrain[rid].text}"
            assert joined[rid].title == f"{charges[rid].title}; {terrain[rid].title}"
        assert joined["WM-1"] == charges["WM-1"]  # a rule one module alone gives is as it gives it
