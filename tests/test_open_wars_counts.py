"""Open Wars' counts agree with their nouns in both languages: a unit's name may be plural ("Wolf riders")
or singular ("Troll"), so a count is said in tokens ("1 token of Wolf riders", "3 fichas de Trol"),
with the verb agreeing with the count ("1 token ... marches", "3 tokens ... march"); a roll's dice hit on
a number whatever their count ("1 ficha de Mago elfo: 3 (cada dado impacta con 2 o menos)")."""

from __future__ import annotations

import re

import pytest

from game.ai.players import make_player
from game.running.log_texts import texts_for
from game.running.match import new_match, play
from game.running.narrate import describe

BARE = re.compile(r"\b\d+ (?!tokens?\b|fichas?\b)[A-ZÁÉÍÓÚ]")  # "1 Wolf riders", "3 Trol"
WRONG = {
    "en": re.compile(r"\b1 tokens\b|\b([02-9]|\d\d+) token\b|\b1 token of [^:>]*? (march|retreat) |"
                     r"\b([02-9]|\d\d+) tokens of [^:>]*? (marches|retreats) |: 1 succeed \("),
    "es": re.compile(r"\b1 fichas\b|\b([02-9]|\d\d+) ficha\b|\b1 ficha de [^:>]*? (marchan|se retiran) |"
                     r"\b([02-9]|\d\d+) fichas de [^:>]*? (marcha|se retira) |"
                     r"\b1 ficha de [^:>]*?: \d \(impactan "),  # one die: "(impactan con 2 o menos)"
}  # fmt: skip


@pytest.mark.parametrize(
    "scenario", ["ow-twin-fords", "ow-border-march", "ow-elven-marches", "ow-burning-sands"]
)
@pytest.mark.parametrize("language", ["en", "es"])
def test_every_count_agrees(scenario: str, language: str) -> None:
    m = new_match(scenario, 2, 4)
    try:
        play(m, {s: make_player("heuristic", s, 2 + i) for i, s in enumerate(m.battle.game.sides)})  # type: ignore[union-attr]
        t = texts_for(language, [x.id for x in m.battle.stack.modules])
        told = m.battle.stack.mode.log_lines
        assert told is not None
        lines = told(m.battle, m.battle.events, t, describe)
    finally:
        m.battle.close()
    counted = [line for line in lines if re.search(r"\b(tokens?|fichas?)\b", line)]
    assert any(re.search(r"\b1 (token|ficha)\b", line) for line in counted)
    assert any(re.search(r"\b[2-9] (tokens|fichas)\b", line) for line in counted)
    assert [line for line in lines if BARE.search(line) or WRONG[language].search(line)] == []
