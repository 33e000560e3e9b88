"""Issue 36: what a campaign's file says of a place (its `text`) is in the place's hover box on the
campaign's map, in the player's language: the file's `[locale.<language>.location_texts]` by the
place's id, else its own words; a translation naming no place is a problem at its key."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.content.ruleset_files import load_ruleset
from systems.campaign.theatre import campaign_problems, read_campaign
from systems.open_wars.ruleset_files import load_rules
from tests.campaign_helpers import campaign_file
from tests.ui.campaign_driver import hover_boxes, open_war

ROMANS = "Its walls were built by the Romans."
ROMANOS = "Los romanos alzaron sus murallas."
TEXTS = (
    ('levy = "R", fortress = 5 }', f'levy = "R", fortress = 5, text = "{ROMANS}" }}'),
    ('type = "mountain", at = [50, 20] }', 'type = "mountain", at = [50, 20], text = "Sheep graze here." }'),
    ('units = { fr-1a = "Brigada Dupré" }',
     f'units = {{ fr-1a = "Brigada Dupré" }}\nlocation_texts = {{ east-town = "{ROMANOS}" }}'),
)  # fmt: skip


def _hover_box(
    monkeypatch: pytest.MonkeyPatch, window: pygame.Surface, path: Path, language: str, loc: str
) -> str:
    """The words of the box drawn with the mouse over a place's marker."""
    drawn = hover_boxes(monkeypatch)
    s = open_war(window, "human", "human", language=language, path=path)
    try:
        s.draw(window)
        at = s.map.marker(loc).center
        s.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
        s.draw(window)
    finally:
        s.close()
    return drawn[-1]


@pytest.mark.parametrize(
    ("language", "loc", "said"),
    [
        ("en", "east-town", ROMANS),
        ("es", "east-town", ROMANOS),
        ("es", "hills", "Sheep graze here."),  # no Spanish given: the file's own words
    ],
)
def test_a_place_s_text_is_in_its_hover_box_in_the_player_s_language(
    monkeypatch: pytest.MonkeyPatch,
    window: pygame.Surface,
    tmp_path: Path,
    language: str,
    loc: str,
    said: str,
) -> None:
    path = campaign_file(tmp_path, swaps=TEXTS)
    box = _hover_box(monkeypatch, window, path, language, loc)
    assert said in box.splitlines()


def test_a_place_s_text_translated_for_no_place_is_a_problem_at_its_key(tmp_path: Path) -> None:
    swaps = (*TEXTS[:2], (TEXTS[2][0], TEXTS[2][1].replace("east-town", "paris")))
    spec = read_campaign(campaign_file(tmp_path, swaps=swaps))
    found = {e.where: e.problem for e in campaign_problems(spec, load_ruleset(), load_rules())}
    assert list(found) == ["locale.es.location_texts.paris"]
    assert found["locale.es.location_texts.paris"].startswith("no such id in the campaign")
