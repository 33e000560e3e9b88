"""Issue 36: a battle's report says how it ended and the odds told before it; the end tells the war as
it was fought (game/ui/campaign/figures.py, `chronicle`), in both languages: each turn where something
happened, its events, every battle with who beat whom and where, how it was decided and the brigades
lost, and the places taken; the history of the real war after it."""

from __future__ import annotations

import pygame
import pytest

from game.ai.players import campaign_player
from game.model.words import percent
from game.running.campaign_match import new_campaign, play
from game.running.log_texts import texts_for
from game.running.settings import Settings
from game.ui.campaign.figures import chronicle
from game.ui.campaign.screen import CampaignScreen
from game.ui.campaign.sheets import ended_words
from game.ui.playing.war_play import WarPlay
from systems.campaign.words import Naming
from tests.campaign_helpers import BORDER
from tests.ui.campaign_driver import march_on_the_enemy, open_war

ROUNDS, ODDS = (
    {"en": "rounds", "es": "rondas"},
    {"en": "The odds before it", "es": "Las probabilidades antes"},
)
WORDS = {"en": ("beat", "a drawn battle at"), "es": ("vencen", "batalla en tablas en")}


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_end_tells_each_battle_and_the_places_taken(window: pygame.Surface, language: str) -> None:
    m = new_campaign(str(BORDER), 3, max_turns=4)
    play(m, {s: campaign_player("easy", s, 3 + i, "auto") for i, s in enumerate(m.war.sides)})
    w = m.war
    t = texts_for(language, [x.id for x in w.stack.modules])
    n = Naming(w, t)
    told = dict(chronicle(w, n))
    assert w.fought
    for f in w.fought:  # every battle, in the line of its turn, by its place and its result
        line = told[f.turn]
        assert n.place(f.setup.location) in line
        winner = f.result.winner if f.result is not None else None
        assert (WORDS[language][0] if winner else WORDS[language][1]) in line
    if language == "es":
        assert "Los aliados" not in " ".join(told.values())  # a people in running text: los aliados
    s = CampaignScreen(
        WarPlay.start(m, {"fr": "human", "al": "human"}), window.get_size(), Settings(language=language)
    )
    try:
        s.reported = len(w.fought)
        for f in w.fought:  # the report: after how many rounds, why, against which odds
            said = ended_words(s, f)
            assert said.startswith((f"After {f.result.rounds} round", f"Tras {f.result.rounds} ronda"))  # type: ignore[union-attr]
            assert ODDS[language] in said
            win = dict(f.odds).get("win", {})  # in percent, as the battle's page and the log say them
            assert percent(win.get(f.setup.attacker, 0), s.t) in said
        assert s.ended
        s.draw(window)  # the end's page, the war told on it
        assert [ch.key for _r, ch in s.page_buttons] == ["end"]
    finally:
        s.close()


def test_no_place_box_over_the_battles_page(window: pygame.Surface) -> None:
    """The battle's page covers the map: the mouse over a place under it shows no place's box (a
    screenshot showed Cádiz's box over the page's buttons)."""

    s = open_war(window, al="heuristic")
    try:
        march_on_the_enemy(s, window)
        s.draw(window)
        buttons = [r for r, _ch in s.page_buttons]
        under = [  # places under the page, away from its buttons and from each other's boxes
            s.map.marker(loc).center
            for loc in s.war.places
            if not any(r.collidepoint(s.map.marker(loc).center) for r in buttons)
        ]
        shown = []
        for at in under[:2]:
            s.mouse = at
            s.draw(window)
            shown.append(pygame.image.tobytes(window, "RGB"))
        s.mouse = (1, window.get_height() - 1)  # over nothing
        s.draw(window)
        assert shown and all(x == pygame.image.tobytes(window, "RGB") for x in shown)
    finally:
        s.close()
