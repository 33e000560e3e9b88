"""Every sentence about an Open Wars player is written for one ("{side} recruits", "gana {side}"): a
random map named its seats by their factions, plural ("Elves recruits", "Gana Enanos", "Amazonas está
pensando"). Each faction has a title, one player of it, in English and Spanish, and a random map's seats
are called by it; the shipped maps' own players are singular too (docs/open-wars-decisions.md,
"Factions")."""

from __future__ import annotations

import re

import pytest

from game import CONTENT
from game.content.locale import Texts
from systems.open_wars.map_files import RANDOM_SPEC, load_map
from systems.open_wars.maps import MapOptions
from systems.open_wars.records import OpenWarsRules
from systems.open_wars.ruleset_files import load_rules

LANGUAGES = ("en", "es")
MAPS = sorted((CONTENT / "scenarios" / "open-wars").glob("*.toml"))


@pytest.fixture(scope="module")
def rules() -> OpenWarsRules:
    return load_rules()


def plural_head(name: str, language: str) -> bool:
    """Whether a seat's name reads as many: its head noun ends in -s (English: the last word before
    "of" or "under", else the last; Spanish: the first), the seat's number left aside. A check for the
    game's own names, not a grammar."""
    words = re.sub(r" \d+$", "", name).split()
    if language == "es":
        head = words[0]
    else:
        cut = next((i for i, w in enumerate(words) if w in ("of", "under")), len(words))
        head = words[cut - 1]
    return head.lower().endswith("s")


def test_every_faction_has_a_singular_title_in_both_languages(rules: OpenWarsRules) -> None:
    for language in LANGUAGES:
        titles = {f: rules.faction_title(f, language) for f in rules.factions}
        assert len(set(titles.values())) == len(titles), titles  # two factions' seats never share a name
        for f, title in titles.items():
            name = rules.faction_name(f, language)
            assert title != name and name not in title, (language, f, title)
            assert not plural_head(title, language), (language, f, title)
    spanish = rules.words("es")
    assert set(spanish.titles) == set(rules.factions)  # each translated, none left in English
    assert all(spanish.titles[f] != rules.factions[f].title for f in rules.factions)


@pytest.mark.parametrize(
    "factions",
    [
        ["elves", "dwarves", "amazons", "barbarians"],
        ["orcs", "undead", "demons", "elves"],
        ["dwarves", "dwarves", "orcs", "dwarves"],
    ],
)
def test_a_random_map_calls_each_seat_by_its_faction_s_title(
    rules: OpenWarsRules, factions: list[str]
) -> None:
    spec = load_map(RANDOM_SPEC, rules, MapOptions(players=4, factions=tuple(factions)), seed=5).spec
    for language in LANGUAGES:
        said = spec.words(language).players
        for i, (p, f) in enumerate(zip(spec.players, factions, strict=True)):
            number = f" {i + 1}" if factions.count(f) > 1 else ""
            assert said[p.id] == rules.faction_title(f, language) + number, (language, said)
            assert not plural_head(said[p.id], language) and rules.faction_name(f, language) not in said[p.id]
        t = Texts(language, (CONTENT / "modules" / "open-wars" / "locale",))
        seat = said[spec.players[0].id]
        won = t("ow_won", side=seat)
        assert won == {"en": f"{seat} wins", "es": f"gana {seat:el}"}[language]  # with its article
        assert "Elves" not in won and "Enanos" not in won


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_no_shipped_map_names_a_player_in_the_plural(rules: OpenWarsRules, path) -> None:  # type: ignore[no-untyped-def]
    spec = load_map(path, rules).spec
    for language in LANGUAGES:
        for name in spec.words(language).players.values():
            assert not plural_head(name, language), (path.stem, language, name)
            assert not any(rules.faction_name(f, language) in name for f in rules.factions), name


def test_the_plural_check_can_fail() -> None:
    """The names a random map gave before, and the shipped maps' plural players, are caught."""
    for name in ("Elves", "Dwarves 2", "Storm Clans", "Daughters of the Vine", "Wolf Tribes"):
        assert plural_head(name, "en"), name
    for name in ("Enanos", "Amazonas", "Bárbaros", "Tribus del Lobo", "Reyes del Túmulo"):
        assert plural_head(name, "es"), name
