"""The game's words in English and Spanish: the screens (ui.toml), the battle log (narration.toml) and
the rules' refusals (reasons.toml), the game's and each rule module's; every language has every key of
the English file with the same {names}, no key is in two files, and check-content names a key that is
missing, extra, doubled or has other {names}."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game import CONTENT
from game.content.locale import LANGUAGES, WORDS, Texts, placeholders, read_ui
from game.content.module_records import folder_of
from game.modding.content_check import check_content
from game.model.errors import one_line
from game.model.grammar import said_name
from game.model.modules import modules
from game.model.words import percent


def roots() -> list[Path]:
    """The game's locale folder and every rule module's."""
    return [CONTENT / "locale", *(f for m in modules() if (f := folder_of(m) / "locale").is_dir())]


@pytest.mark.parametrize("name", WORDS)
def test_every_language_has_every_key_with_the_same_names(name: str) -> None:
    for root in roots():
        if not (root / "en" / name).is_file():
            assert not any((root / lang / name).exists() for lang in LANGUAGES), (root, name)
            continue
        english = read_ui(root / "en" / name)
        for language in LANGUAGES:
            texts = read_ui(root / language / name)
            assert texts.keys() == english.keys(), (root, language, name, texts.keys() ^ english.keys())
            for key, text in texts.items():
                assert placeholders(text) == placeholders(english[key]), (root, language, key)


def test_no_key_is_in_both_files() -> None:
    for root in roots():
        for language in LANGUAGES:
            files = [read_ui(root / language / n) for n in WORDS if (root / language / n).is_file()]
            keys = [k for f in files for k in f]
            assert len(keys) == len(set(keys)), (root, language)


def test_the_game_and_the_modules_share_no_key() -> None:
    """A module's words are laid over the game's: a key of both would change the game's words."""
    game = {
        k
        for n in WORDS
        if (CONTENT / "locale" / "en" / n).is_file()
        for k in read_ui(CONTENT / "locale" / "en" / n)
    }
    seen: dict[str, Path] = {}
    for root in roots()[1:]:
        for n in WORDS:
            for key in read_ui(root / "en" / n) if (root / "en" / n).is_file() else {}:
                assert key not in game, (root, key)
                assert seen.setdefault(key, root) == root, (key, seen[key], root)


def test_texts_in_spanish() -> None:
    t = Texts("es")
    assert t("start") == "Empezar la batalla"
    assert t("set_sound", value="50%") == "Sonido: 50%"
    guards = said_name("Guardias Valonas", "", "unit", "es")  # feminine plural, by its first word
    destroyed = t("log_destroyed", unit=guards, rule="FG-CBT-16")
    assert destroyed == "Las Guardias Valonas son destruidas (FG-CBT-16)"
    assert t("log_destroyed", unit="a1", rule="FG-CBT-16") == "a1 es destruido (FG-CBT-16)"  # an id: as it is
    assert Texts("xx")("start") == "Start the battle"  # an unknown language: English


# the second person plural (vosotros) a Spanish text may slip into: an imperative ("marchad",
# "elegid"), a verb ("tenéis"), a possessive or a pronoun; nouns end so too ("ciudad", "red", "Madrid"),
# and so do the words a text keeps as they are: a rule's id (FG-ROAD-4), an option (play --load), a
# package (dask.distributed)
VOSOTROS = re.compile(r"\b(\w+[aei]d|\w+[áé]is|[Vv]uestr[oa]s?|[Vv]osotr[oa]s|[Oo]s)\b")
NOT_VOSOTROS = re.compile(r"\w+[dt]ad|red|Madrid|ROAD|load|seed|distributed")


def test_spanish_addresses_the_player_as_tu() -> None:
    """Spanish says "tú" to the player everywhere ("Pulsa uno de tus ejércitos", "tus órdenes"): not
    "Franceses: marchad o descansad con vuestros ejércitos" (docs/spanish.md)."""
    said = {
        (name, key, word)
        for root in roots()
        for name in WORDS
        if (root / "es" / name).is_file()
        for key, text in read_ui(root / "es" / name).items()
        for word in VOSOTROS.findall(re.sub(r"\{[^}]*\}", "", text))  # not a placeholder's {read}
        if not NOT_VOSOTROS.fullmatch(word)
    }
    assert not said
    assert (
        Texts("es")("campaign_move_prompt", side="Franceses")
        == "Franceses: marcha o descansa con tus ejércitos"
    )


def test_spanish_writes_a_no_break_space_before_the_percent_sign() -> None:
    """Every share in Spanish is written "20 %" with a no-break space (U+00A0, the RAE's), so a line
    never breaks between them: a text's own sign, and `percent`'s, the one function the code says a
    share with; English "20%"."""
    signs = {
        (name, key)
        for root in roots()
        for name in WORDS
        if (root / "es" / name).is_file()
        for key, text in read_ui(root / "es" / name).items()
        if re.search("[^\u00a0]%", text)
    }
    assert not signs
    assert (percent(0.2, Texts("es")), percent(0.125, Texts("es"), 1), percent(0.2, Texts("en"))) == (
        "20\u00a0%", "12,5\u00a0%", "20%"
    )  # fmt: skip
    assert one_line(Texts("es")("luck_rank", side="Aliados", percent=80)).endswith(
        "el 80\u00a0% de las batallas con las mismas tiradas"
    )


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda text: text.replace('start = "Empezar la batalla"\n', ""), "start: missing"),
        (lambda text: text + 'bogus = "x"\n', "bogus: not a key of the English file"),
        (
            lambda text: text.replace("Continuar: {scenario}", "Continuar: {escenario}"),
            "resume_last: needs the same",
        ),
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


@pytest.mark.parametrize(
    ("where", "change", "says"),
    [
        ("locale/es", lambda text: text.replace('log_draw = "empate"\n', ""), "log_draw: missing"),
        ("locale/es", lambda text: text + 'log_bogus = "x"\n', "log_bogus: not a key of the English file"),
        ("locale/es", lambda text: text.replace("{unit:El} {unit:es destru", "{unidad:El} {unit:es destru"),
         "log_destroyed: needs the same {names} as in English: rule, unit"),
        ("locale/es", lambda text: text + 'start = "Empezar"\n', "also a key of ui.toml"),
        ("modules/clash-command/locale/es", lambda text: text + 'log_bogus = "x"\n',
         "log_bogus: not a key of the English file"),
    ],
)  # fmt: skip
def test_check_content_names_a_bad_narration_key(tmp_path: Path, where: str, change, says: str) -> None:  # type: ignore[no-untyped-def]
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content, ignore=shutil.ignore_patterns("schema"))
    path = content / where / "narration.toml"
    if not path.exists():
        pytest.skip(f"{where} has no battle log words")
    path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")
    problems = check_content(content=content).problems
    assert any(str(path) in p and says in p for p in problems), problems
