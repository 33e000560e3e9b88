"""The game's screens in English and Spanish: both files have every key with the same {names}, and
check-content names a key that is missing, extra or has other {names}."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game import CONTENT
from game.content_check import check_content
from game.locale import LANGUAGES, Texts, placeholders, read_ui, ui_file


def test_every_language_has_every_key_with_the_same_names() -> None:
    english = read_ui(ui_file("en"))
    for language in LANGUAGES:
        texts = read_ui(ui_file(language))
        assert texts.keys() == english.keys(), language
        for key, text in texts.items():
            assert placeholders(text) == placeholders(english[key]), (language, key)


def test_texts_in_spanish() -> None:
    t = Texts("es")
    assert t("start") == "Empezar la batalla"
    assert t("set_sound", value="50%") == "Sonido: 50%"
    assert Texts("xx")("start") == "Start the battle"  # an unknown language: English


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda text: text.replace('start = "Empezar la batalla"\n', ""), "start: missing"),
        (lambda text: text + 'bogus = "x"\n', "bogus: not a key of the English file"),
        (lambda text: text.replace("{scenario}, turno", "{escenario}, turno"), "resume_item: needs the same"),
        (lambda text: text.replace('draw = "Empate"', "draw = 3"), "draw: a text"),
    ],
)
def test_check_content_names_a_bad_key(tmp_path: Path, change, says: str) -> None:  # type: ignore[no-untyped-def]
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content, ignore=shutil.ignore_patterns("schema"))
    es = content / "locale" / "es" / "ui.toml"
    es.write_text(change(es.read_text(encoding="utf-8")), encoding="utf-8")
    problems = check_content(content=content).problems
    assert any(str(es) in p and says in p for p in problems), problems
