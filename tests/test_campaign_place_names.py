"""A campaign's places by one name per language (docs/campaign-decisions.md, "The names of places"):
English says Lisbon, Seville, Girona where Spanish says Lisboa, Sevilla, Gerona, and no text of a
language calls a place by the other language's name for it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from systems.campaign.records import CampaignWords
from systems.campaign.theatre import list_campaigns, load_campaign

DECIDED = {
    "en": {"lisboa": "Lisbon", "sevilla": "Seville", "gerona": "Girona", "lleida": "Lleida",
           "porto": "Porto", "coimbra": "Coimbra", "a-coruna": "A Coruña", "zaragoza": "Zaragoza"},
    "es": {"lisboa": "Lisboa", "sevilla": "Sevilla", "gerona": "Gerona", "lleida": "Lérida",
           "porto": "Oporto", "coimbra": "Coímbra", "a-coruna": "A Coruña", "zaragoza": "Zaragoza"},
}  # fmt: skip


def texts(w: CampaignWords) -> list[str]:
    """Everything a player reads of the campaign in one language but the places' own names."""
    return [
        w.name,
        w.description,
        w.history,
        *w.location_texts.values(),
        *w.armies.values(),
        *w.divisions.values(),
        *w.units.values(),
        *w.officers.values(),
        *(x for e in w.events.values() for x in (e.name, e.text)),
    ]


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_peninsular_places_go_by_the_names_decided(language: str) -> None:
    places = load_campaign("peninsular").spec.words(language).locations
    assert {loc: str(places[loc]) for loc in DECIDED[language]} == DECIDED[language]


@pytest.mark.parametrize("path", list_campaigns(), ids=lambda p: p.stem)
@pytest.mark.parametrize(("language", "other"), [("en", "es"), ("es", "en")])
def test_no_text_calls_a_place_by_the_other_languages_name(path: Path, language: str, other: str) -> None:
    spec = load_campaign(path.stem).spec
    mine, theirs = spec.words(language), spec.words(other)
    own = {str(x) for x in mine.locations.values()}
    foreign = {str(theirs.locations[loc]) for loc in mine.locations} - own
    found = [
        (name, text[:60])
        for text in texts(mine)
        for name in foreign
        if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text)
    ]
    assert found == []
