"""The page of a campaign's battle before it is fought, at 1280x720 in English and Spanish (the
Peninsular War): the table's picture and its reinforcements' arrows and labels stay above the page's
buttons; each army's divisions are listed under that army."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.ui import theme
from game.ui.campaign import battle_page
from game.ui.campaign.words import army_line
from systems.campaign.meeting import setup_battle
from systems.campaign.odds import Prospect, battle_odds
from tests.ui.campaign_driver import open_war, until_a_battle

PENINSULAR = Path(__file__).resolve().parents[2] / "content/campaigns/peninsular.toml"


def changed(a: pygame.Surface, b: pygame.Surface) -> list[pygame.Rect]:
    """Where two frames differ."""
    ab, ba = a.copy(), b.copy()
    ab.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    ba.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    ab.blit(ba, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(ab, (0, 0, 0, 255), (1, 1, 1, 255))
    same.invert()
    return same.get_bounding_rects()


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_reinforcements_arrow_and_label_stay_above_the_buttons(
    window720: pygame.Surface, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first battle the French player is asked about (Pamplona: Cervellón marches on by the south
    edge, under the table's picture)."""
    s = open_war(window720, "human", "normal", language=language, path=PENINSULAR)
    try:
        p = until_a_battle(s, window720)
        assert p is not None and any(a.edge == "south" for a in p.setup.arrivals)
        s.draw(window720)
        seen = window720.copy()
        buttons = [r for r, _ch in s.page_buttons]
        monkeypatch.setattr(battle_page, "table_picture", lambda *_a: None)
        s.draw(window720)
        picture = changed(seen, window720)
        assert picture  # it is drawn
        assert max(r.bottom for r in picture) <= min(r.top for r in buttons)
    finally:
        s.close()


def test_each_armys_divisions_are_under_it(
    window720: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Castaños and Cuesta defend Talavera together: each army's line, then its own divisions."""
    s = open_war(window720, "human", "normal", path=PENINSULAR)
    try:
        w = s.war
        for army in ("castanos", "cuesta", "dupont"):
            a = w.find_army(army)
            assert a is not None
            a.location = "talavera"
        setup = setup_battle(w, "talavera", "fr", 1)
        said: list[str] = []
        lines = theme.text_lines
        monkeypatch.setattr(
            theme, "text_lines", lambda surf, text, *a, **k: said.append(text) or lines(surf, text, *a, **k)
        )
        battle_page.draw_battle(s, window720, Prospect(setup, battle_odds(w, setup)))
        armies = [a for x in ("castanos", "cuesta") if (a := w.find_army(x)) is not None]
        heads = [said.index(army_line(s.n, a)) for a in armies]
        assert heads == sorted(heads)
        for a, start, end in zip(armies, heads, [*heads[1:], len(said)], strict=True):
            names = {s.n.words.divisions.get(d.id) or d.name for d in a.divisions if len(d.brigades) > 1}
            under = said[start + 1 : end]
            assert all(any(line.startswith(name) for line in under) for name in names), (a.id, under)
            others = {
                s.n.words.divisions.get(d.id) or d.name for b in armies if b is not a for d in b.divisions
            }
            assert not any(line.startswith(name) for line in under for name in others), (a.id, under)
    finally:
        s.close()


class Recording(pygame.Surface):
    """A surface that keeps where each small picture (an arrow's label) was blitted."""

    labels: list[pygame.Rect]

    def blit(self, source: pygame.Surface, dest: object, *a: object, **k: object) -> pygame.Rect:  # type: ignore[override]
        drawn = super().blit(source, dest, *a, **k)  # type: ignore[arg-type]
        if source.get_height() < 30:
            self.labels.append(drawn)
        return drawn


def test_the_labels_of_arrows_close_together_never_overlap(window720: pygame.Surface) -> None:
    """Valladolid, turn 2 of a war: two Spanish armies came on by the south edge in round 2, their
    arrows close on a small picture, and their labels were drawn over each other ("rondar2nda 2"). Now
    arrows of the same round share one label, and another round's label stands beside it."""
    s = open_war(window720, "human", "normal", path=PENINSULAR)
    try:
        p = until_a_battle(s, window720)
        assert p is not None and p.setup.arrivals
        first = replace(p.setup.arrivals[0], edge="south", round=2)
        arrivals = (first, replace(first, army="other"), replace(first, army="third", round=3))
        close = replace(p, setup=replace(p.setup, arrivals=arrivals))
        surf = Recording((1280, 720))
        surf.labels = []
        battle_page.table_picture(s, surf, close, pygame.Rect(400, 400, 120, 160))  # a small picture
        assert len(surf.labels) == 2  # round 2 once, round 3
        a, b = surf.labels
        assert not a.colliderect(b)
    finally:
        s.close()


@pytest.mark.parametrize(("draw", "share"), [("Draw", "8%"), ("Tablas", "8 %")])
def test_a_narrow_part_of_the_odds_bar_still_says_its_share(draw: str, share: str) -> None:
    """A draw of 8% has a part 68 pixels wide at 1280x720, where Spanish "Tablas 8 %" did not fit and
    the part said nothing: it says its share alone where its name does not fit beside it."""
    f = theme.font(15)
    whole = f.size(f"{draw} {share}")[0]
    assert battle_page.share_label(f, draw, share, whole + 1) == f"{draw} {share}"
    assert battle_page.share_label(f, draw, share, whole) == share
    assert battle_page.share_label(f, draw, share, f.size(share)[0]) == ""
