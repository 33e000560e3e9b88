"""Locale texts are formatted with the game's values: a format spec could ask for gigabytes of padding
("dado {die:>999999999}" ended in MemoryError) and a conversion could reach into a value. check-content
and the loader allow only an alignment and a width of two digits (the one spec that formats words and
numbers alike) and no conversion, in the game's locales and the rule modules' alike; a translated
text that still fails with its values gives way to the English one, and an English one that fails
too is said with its values as they are: never an exception on a screen or in the log."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game import CONTENT
from game.content.locale import Texts, placeholders, read_ui
from game.modding.content_check import check_content
from game.model.errors import ContentError
from game.running.log_texts import texts_for
from game.running.narrate import Narrator

BAD = [
    "dado {die:>999999999}",
    "dado {die:0999}",
    "dado {die:.999f}",
    "dado {die!r}",
    "dado {die!s}",
    "dado {die:{width}}",
    "dado {die.__class__}",
    "dado {die[0]}",
    "dado {die:x<5}",
    "dado {die:.1f}",
    "dado {die:+d}",
    "dado {die:d}",
    "dado {die:%}",
    "dado {die:>100}",
]
GOOD = ["dado {die}", "dado {die:>2}", "dado {die:2}", "dado {die:<12}", "dado {die:^99}", "{{die}}"]


@pytest.mark.parametrize("text", BAD)
def test_a_spec_beyond_a_small_width_or_a_conversion_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        placeholders(text)


@pytest.mark.parametrize("text", GOOD)
def test_small_specs_are_allowed(text: str) -> None:
    assert placeholders(text) <= {"die"}


@pytest.mark.parametrize(
    "file",
    ["locale/es/narration.toml", "locale/en/ui.toml", "modules/warhammer-charges/locale/es/narration.toml"],
)
def test_check_content_names_the_file_and_key_of_a_text_with_a_big_spec(tmp_path: Path, file: str) -> None:
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    path = content / file
    path.write_text(
        path.read_text(encoding="utf-8") + 'zz_planted = "dado {die:>999999999}"\n', encoding="utf-8"
    )
    report = check_content(content=content)
    mine = [p for p in report.problems if p.startswith(f"{path}: zz_planted: ")]
    assert len(mine) == 1 and "{die:>999999999}: a format spec beyond" in mine[0], report.problems
    assert all("\n" not in p for p in report.problems)
    with pytest.raises(ContentError, match="zz_planted"):
        read_ui(path)


def spanish_with(monkeypatch: pytest.MonkeyPatch, key: str, text: str) -> Texts:
    t = texts_for("es")
    monkeypatch.setitem(t._texts, key, text)  # as if it had slipped past every check
    return t


@pytest.mark.parametrize(
    "text", ["dado {die:d}", "dado {missing}", "dado {die:>2.0d}", "dado {die[9]}", "dado {"]
)
def test_a_translated_text_that_fails_gives_way_to_the_english_one(
    monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    t = spanish_with(monkeypatch, "log_die", text)
    assert t("log_die", die="six") == texts_for("en")("log_die", die="six") == "die six"


def test_the_log_falls_back_to_english_not_to_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    t = spanish_with(monkeypatch, "log_modifier", "{value:d} {label} ({rule})")
    n = Narrator(t)
    line = n.say("log_modifier", value="+1", label="x", rule="FG-1")
    assert line == texts_for("en")("log_modifier", value="+1", label="x", rule="FG-1")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("die {die:d}", "die six"),
        ("die {die:%} of {missing}", "die six of {missing}"),
        ("die {die.__class__} {missing}", "die {die.__class__} {missing}"),
        ("die {", "die {"),
        ("die {die!r:d}", "die 'six'"),
    ],
)
def test_an_english_text_that_fails_too_is_said_with_its_values_as_they_are(
    monkeypatch: pytest.MonkeyPatch, text: str, said: str
) -> None:
    """The English text is the last word: a modder's that fails is said all the same (never a crash),
    a value its spec does not take as it is, a name it lacks as written (no attribute is looked up)."""
    for language in ("en", "es"):
        t = texts_for(language)
        monkeypatch.setitem(t._texts, "log_die", text)
        monkeypatch.setitem(texts_for("en")._texts, "log_die", text)
        assert t("log_die", die="six") == said
