"""A melee's odds in words (the unit's hover box, the odds under the mouse, the general's reasons):
every "won: X" and "lost: X" the melee odds can give, For Glory's (its results table) and the rule
modules' (clash-melee, dias-combat), has its own words in English and Spanish that say who takes the
result: the enemy when the attackers win, the attacking unit itself when they lose."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from game.content.locale import Texts
from game.content.module_records import rule_stack
from game.model.battle import Battle
from game.model.words import slug
from game.running.narrate import said_chances, said_outcome
from systems.clash.melee_odds import Outcome, as_result
from systems.for_glory.charge.odds import charge_odds
from tests.helpers import rules, unit

ENEMY = {"en": "enemy", "es": "enemigo"}


def for_glory_keys() -> set[str]:
    """For Glory's melee: the losing side takes its band's result (FG-CBT-13..16)."""
    bands = [band.label for band in rules().melee_results if not band.draw]
    return {f"{side}: {label}" for side in ("won", "lost") for label in bands}


def clash_keys() -> set[str]:
    """clash-melee: every outcome of a combat (wounds each side, who falls back) as For Glory's key."""
    return {
        as_result(Outcome(dw, aw, back), 3, 3) for dw in range(4) for aw in range(4) for back in (False, True)
    }


def dias_keys(battle: Callable[..., Battle]) -> set[str]:
    """dias-combat: a shock of line infantry on line infantry gives each of its results."""
    b = battle(stack=rule_stack(rules(), ["dias-combat"], "tests"))
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "t", "blue", (12.4, 10), 180)
    return set(charge_odds(b, b.ids["a"], b.ids["t"]))


def melee_keys(battle: Callable[..., Battle]) -> set[str]:
    keys = for_glory_keys() | clash_keys() | dias_keys(battle)
    return {k for k in keys if k.startswith(("won: ", "lost: "))}


def test_the_melee_keys_are_every_result_the_rules_give(battle: Callable[..., Battle]) -> None:
    assert melee_keys(battle) == {
        "won: pushed",
        "won: one hit",
        "won: two hits",
        "won: destroyed",
        "lost: pushed",
        "lost: one hit",
        "lost: one hit and pushed",
        "lost: two hits",
        "lost: destroyed",
    }


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_melee_result_says_who_takes_it(battle: Callable[..., Battle], language: str) -> None:
    t = Texts(language)
    for key in sorted(melee_keys(battle)):
        side, _, what = key.partition(": ")
        assert t.has(f"odds_{side}_{slug(what)}"), (language, key)  # its own words, not the log's word
        words = said_outcome(key, t)
        # the enemy takes what a won melee gives; a lost one befalls the attacking unit itself
        assert (ENEMY[language] in words) == (side == "won"), (language, key, words)
    said = {said_outcome(k, t) for k in melee_keys(battle)}
    assert len(said) == len(melee_keys(battle))  # no two results read alike


def test_a_lost_push_is_the_attackers_own() -> None:
    """The case seen: "lost: pushed" read "perdido: enemigo empujado" (the enemy pushed)."""
    en, es = Texts("en"), Texts("es")
    assert said_outcome("lost: pushed", en) == "loses and is pushed back"
    assert said_outcome("lost: pushed", es) == "pierde y sufre un empuje"  # the rulebook's word (issue 38)
    assert said_outcome("won: pushed", en) == "wins, pushes the enemy back"
    assert said_outcome("won: pushed", es) == "gana, empuja al enemigo"
    assert said_outcome("lost: one hit and pushed", es) == "pierde, recibe un impacto y sufre un empuje"


def test_a_result_without_its_own_words_says_the_logs_word_and_who_won() -> None:
    """A module's melee result with no words of its own: won or lost, and the log's word for it."""
    en, es = Texts("en"), Texts("es")
    assert said_outcome("lost: miss", en) == "loses (miss)"
    assert said_outcome("won: a module's own", es) == "gana (a module's own)"


def test_the_chances_are_said_in_the_order_given_apart_by_semicolons() -> None:
    """An outcome's words hold a comma, so the outcomes are set apart by semicolons."""
    odds: list[tuple[str, float | Fraction]] = [
        ("won: destroyed", Fraction(29, 100)),
        ("draw", 0.5),
        ("lost: pushed", 0.21),
    ]
    said = said_chances(odds, Texts("en"))
    assert said == "wins, destroys the enemy 29%; draw 50%; loses and is pushed back 21%"
