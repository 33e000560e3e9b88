"""The campaign's map at 1280x720, in English and Spanish (the Peninsular War): an army's chip covers
no place's marker or name, no garrison's tower and no other chip, armies crowded at neighbouring places
too; a side's armies that fit nowhere free at their place stand in one chip that counts them, and the
mouse over it fans them out, each to be clicked."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.campaign.screen import CampaignScreen
from systems.campaign.calendar import enlist
from tests.ui.campaign_driver import click, open_war, until_human

PENINSULAR = Path(__file__).resolve().parents[2] / "content/campaigns/peninsular.toml"

# armies moved together: Castaños and Cuesta at Talavera beside Dupont at Toledo, Verdier at Vitoria
# beside Pamplona's tower; then armies of both sides in and around Madrid, five of them at Madrid
NEIGHBOURS = {"castanos": "talavera", "cuesta": "talavera", "dupont": "toledo", "verdier": "vitoria"}
CROWDED = {
    "dupont": "madrid",
    "moncey": "madrid",
    "bessieres": "madrid",
    "junot": "madrid",
    "duhesme": "madrid",
    "verdier": "valladolid",
    "castanos": "madrid",
    "cuesta": "madrid",
    "blake": "toledo",
    "palafox": "guadarrama",
    "cervellon": "talavera",
}


def overlaps(s: CampaignScreen) -> list[str]:
    """What each chip or stack drawn covers: another, a marker, a place's name, a garrison's tower."""
    m, w = s.map, s.war
    drawn = [(r, a.id) for r, a in m.chips] + [(r, "+".join(a.id for a in c.armies)) for r, c in m.stacks]
    out = []
    for i, (chip, who) in enumerate(drawn):
        out += [f"{who} on {other_id}" for other, other_id in drawn[i + 1 :] if chip.colliderect(other)]
        out += [f"{who} on {loc}" for loc in m.centres if chip.colliderect(m.marker(loc))]
        out += [f"{who} on {loc}'s name" for loc in m.centres if chip.colliderect(m.name_box(loc))]
        out += [
            f"{who} on {loc}'s tower"
            for loc in m.centres
            if w.garrison_at(loc) and chip.colliderect(tower(s, loc))
        ]
        if not m.area.contains(chip):
            out.append(f"{who} off the map")
    return out


def tower(s: CampaignScreen, loc: str) -> pygame.Rect:
    """The garrison's tower, left of the marker (war_map.py `_garrison`): no chip is that near."""
    m = s.map.marker(loc)
    return pygame.Rect(m.left - 4 - 16, m.top, 16, m.h)


def shown(s: CampaignScreen) -> list[str]:
    """Every army the map shows: by its own chip or in a stack."""
    return sorted([a.id for _r, a in s.map.chips] + [a.id for _r, c in s.map.stacks for a in c.armies])


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("moves", [{}, NEIGHBOURS, CROWDED])
def test_no_chip_covers_a_place_its_name_a_tower_or_another_chip(
    window720: pygame.Surface, language: str, moves: dict[str, str]
) -> None:
    s = open_war(window720, "human", "normal", language=language, path=PENINSULAR)
    try:
        s.page = None
        for army, loc in moves.items():
            a = s.war.find_army(army)
            assert a is not None
            a.location = loc
        s.draw(window720)
        assert shown(s) == sorted(a.id for a in s.war.armies)
        assert overlaps(s) == []
    finally:
        s.close()


def test_a_stack_counts_its_armies_and_fans_them_out_under_the_mouse(window720: pygame.Surface) -> None:
    s = open_war(window720, "human", "normal", path=PENINSULAR)
    try:
        s.page = None
        for army, loc in CROWDED.items():
            a = s.war.find_army(army)
            assert a is not None
            a.location = loc
        s.draw(window720)
        french = next(c for _r, c in s.map.stacks if c.armies[0].id in ("dupont", "bessieres"))
        assert {a.location for a in french.armies} == {"madrid"} and len(french.armies) >= 2
        assert sum(a.size() for a in french.armies) == int(_said(s, french.label))
        at = next(r for r, c in s.map.stacks if c is french)
        s.mouse = at.center
        s.draw(window720)
        fanned = [(r, a) for r, a in s.map.chips if a in french.armies]
        assert [a for _r, a in fanned] == list(french.armies)
        rects = [r for r, _a in fanned]
        assert not any(r.colliderect(o) for i, r in enumerate(rects) for o in rects[i + 1 :])
        last = fanned[-1]
        click(s, window720, last[0].center)  # the mouse goes down the fan: it stays open
        assert s.army == last[1].id
    finally:
        s.close()


def _said(s: CampaignScreen, label: pygame.Surface) -> str:
    """The count a stack's label begins with, read back from the words the map rendered."""
    return next(text for (text, _size, _colour), made in s.map.rendered.items() if made is label).split()[0]


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_marchs_badges_cover_no_name_chip_marker_or_other_badge(
    window720: pygame.Surface, language: str
) -> None:
    """Moncey's corps in hand at Madrid: the badges of the places it may reach (Guadarrama's covered
    Somosierra's name) stand where they cover nothing else."""
    s = open_war(window720, "human", "human", language=language, path=PENINSULAR)
    try:
        until_human(s, window720, "camp_move")
        s.army = "moncey"
        s.draw(window720)
        m = s.map
        assert len(m.badges) == len(s.paths()) > 5
        drawn = [r for r, _a in m.chips] + [r for r, _c in m.stacks]
        covered = [
            (loc, what)
            for loc, b in m.badges.items()
            for what, r in [
                *((f"{other}'s name", m.name_box(other)) for other in m.centres),
                *((other, m.marker(other)) for other in m.centres if other != loc),
                *((f"{other}'s badge", o) for other, o in m.badges.items() if other != loc),
                *(("a chip", r) for r in drawn),
            ]
            if b.colliderect(r)
        ]
        assert covered == []
    finally:
        s.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_two_armies_of_one_general_have_chips_of_their_own(window720: pygame.Surface, language: str) -> None:
    """Wellesley's army of 1808 and his Anglo-Portuguese army of 1809 on the map together: both chips
    read "5 Wellesley"; each says the year it came into the war, and a general of one army his name alone."""
    s = open_war(window720, "human", "human", language=language, path=PENINSULAR)
    try:
        s.page = None
        w = s.war
        for event in ("british-landing", "wellesley-returns"):  # both landings, as if the war were in 1809
            (army,) = [x for e in w.theatre.spec.events if e.id == event for x in e.effects if x.army]
            assert army.army is not None
            enlist(w, army.army, army.side)
        s.draw(window720)
        chips = sorted(text for text, _size, _colour in s.map.rendered if "Wellesley" in text)
        assert chips == ["5 Wellesley 1808", "7 Wellesley 1809"]
        dupont = w.find_army("dupont")
        assert dupont is not None and s.chip_name(dupont) == "Dupont"
        assert shown(s) == sorted(a.id for a in w.armies) and overlaps(s) == []
    finally:
        s.close()
