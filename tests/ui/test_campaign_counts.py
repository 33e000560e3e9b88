"""What the campaign's screen counts, and where its panel puts things (1280x720): the top bar's brigades
are the figures' (garrisons too, its hover box saying where they are); a battle declined keeps its
number in the lists of battles (the figures, the end, the command line's result), so the numbers run
on; a scrolled list of choices fills the panel down to what is under it, its buttons in one size."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.cli.campaign import result_lines
from game.model import commands as cmd
from game.model.words import counted
from game.running.campaign_match import new_campaign
from game.running.settings import Settings
from game.ui import theme
from game.ui.campaign import panel
from game.ui.campaign.figures import battles, chronicle, strength_by_turn
from game.ui.campaign.screen import CampaignScreen
from game.ui.playing.war_play import WarPlay
from game.ui.widgets import choice_list
from systems.campaign.commands import Decline, March
from systems.campaign.rules_module import MOVE, WITHDRAW
from tests.campaign_helpers import BORDER, finish, until
from tests.ui.campaign_driver import open_war, until_human

PENINSULAR = Path(__file__).resolve().parents[2] / "content/campaigns/peninsular.toml"


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_top_bar_counts_the_garrisons_as_the_figures_do(
    window720: pygame.Surface, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Peninsular War's first turn: the French have 35 brigades in armies and 2 in garrisons, the
    Allies 27 and 5; the top bar said 35 and 27 where the figures' chart says 37 and 32."""
    drawn: list[tuple[str, int]] = []
    shown = panel.figure
    monkeypatch.setattr(
        panel, "figure", lambda surf, kind, n, *a: drawn.append((kind, n)) or shown(surf, kind, n, *a)
    )
    s = open_war(window720, "human", "normal", language=language, path=PENINSULAR)
    try:
        until_human(s, window720, "camp_orders")
        w = s.war
        drawn.clear()
        s.draw(window720)
        now = {side: counts[-1] for side, counts in strength_by_turn(w).items()}
        assert [n for kind, n in drawn if kind == "army"] == [now[side] for side in w.sides]
        assert all(garrisoned for _fielded, garrisoned in map(w.brigades_of, w.sides))
        said: list[tuple[str, str]] = []
        monkeypatch.setattr(panel, "tooltip", lambda _surf, _at, head, body, **_k: said.append((head, body)))
        rect, side = s.top_figures[1]
        s.mouse = rect.center
        s.draw(window720)
        fielded, garrisoned = w.brigades_of(side)
        head = counted(s.t, "campaign_top_brigades", now[side], side=s.names[side])
        assert said[-1] == (head, s.t("campaign_top_brigades_where", armies=fielded, garrisons=garrisoned))
    finally:
        s.close()


def declined_then_fought() -> CampaignScreen:
    """The tests' small war: the allies decline the battle at the Bridge (battle 1) and stand at East
    Field when the French follow them there (battle 2, resolved)."""
    m = new_campaign(str(BORDER), 1)
    until(m, MOVE, "al")
    m.apply(March("al-army", ("east-field", "bridge")))
    until(m, MOVE, "fr")
    m.apply(March("fr-army", ("west-field", "bridge")))
    until(m, WITHDRAW, "al")
    m.apply(Decline("east-field"))
    until(m, MOVE, "fr")
    m.apply(March("fr-army", ("bridge", "east-field")))
    until(m, MOVE, "fr")
    return CampaignScreen(WarPlay.start(m, {"fr": "human", "al": "human"}), (1280, 720), Settings())


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_declined_battle_keeps_its_place_in_the_lists_of_battles(
    window720: pygame.Surface, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Battle 1 declined, battle 2 fought: the figures listed battle 2 alone (a battle 1 the log told
    was nowhere); now battle 1 is said declined, by whom, in the figures, the end and `simulate`'s
    result, and the count of battles fought stays 1 (the figures' heading says the declined one too)."""
    s = declined_then_fought()
    try:
        w = s.war
        s.settings.language = language
        s.settings_changed("language")
        t = s.t
        assert [f.number for f in w.fought] == [2]
        rows = battles(w)
        assert (rows[0].number, rows[0].resolved, rows[0].winner) == (1, "declined", "al")
        assert [r.number for r in rows] == [1, 2]
        declined = t(
            "camp_battle_declined_line", number=1, turn=1, place=s.n.place("bridge"), side=s.names["al"]
        )
        said: list[str] = []
        drawn = theme.text_lines
        monkeypatch.setattr(
            theme, "text_lines", lambda surf, text, *a: said.append(text) or drawn(surf, text, *a)
        )
        s.page = "figures"
        s.draw(window720)
        fought = next(i for i, x in enumerate(said) if x.startswith(("Battle 2,", "Batalla 2,")))
        assert said.index(declined) == fought - 1  # in its place, before battle 2
        heading = {"en": "1 battle fought, 1 declined", "es": "1 batalla librada, 1 rehusada"}[language]
        assert heading in said  # it said "1 battle" over two battles listed
        assert declined in result_lines(s.play.campaign, language)
        lines = " ".join(line for _turn, line in chronicle(w, s.n))
        assert t("campaign_end_declined", side=s.names["al"], place=s.n.place("bridge")) in lines
        finish(s.play.campaign)  # the end: one battle fought, none on the table, one declined
        s.reported, s.page = len(w.fought), None
        said.clear()
        s.draw(window720)
        (numbers,) = [
            x
            for x in said
            if x.startswith(t("campaign_end_numbers", battles=1, table=0, declined=1, lost=""))
        ]
        assert "1 battles" not in numbers  # said as figures after their words, never "1 battles"
    finally:
        s.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_scrolled_list_fills_the_panel_in_one_size(
    window720: pygame.Surface, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first turn's orders (seven cities and the end, nothing in hand) kept three empty rows under
    the scrolled list; the movement's armies were drawn in two sizes, the longest names smaller."""
    sizes: list[int] = []
    label = choice_list.button_label

    def measured(text: str, width: int, *more: tuple[int, ...]) -> tuple[pygame.font.Font, str]:
        found = label(text, width, *more)
        sizes.append(found[0].get_height())
        return found

    monkeypatch.setattr(choice_list, "button_label", measured)
    s = open_war(window720, "human", "normal", language=language, path=PENINSULAR)
    try:
        until_human(s, window720, "camp_orders")
        s.draw(window720)
        d = s.human_turn()
        assert d is not None and [ch.key for _r, ch in s.buttons] == [
            ch.key for ch in s.choices(d)
        ]  # all eight
        s.army = s.war.armies_of("fr")[0].id  # an army in hand: its lines and its page's button under them
        s.draw(window720)
        page = next(r for r, ch in s.buttons if ch.key == "page")
        last = max(r.bottom for r, ch in s.buttons if ch.key != "page")
        assert last < page.top and page.bottom <= s.log.rect.top
        s.army, s.picked = None, "madrid"  # a place in hand: all its lines down to the log, its text too
        told: list[str] = []
        drawn = theme.text_lines
        monkeypatch.setattr(
            theme, "text_lines", lambda surf, text, *a: told.append(text) or drawn(surf, text, *a)
        )
        s.draw(window720)
        monkeypatch.setattr(theme, "text_lines", drawn)
        assert s.n.place_text("madrid") in told  # "La capital: ..." was left out in Spanish
        s.picked = None
        s.send(cmd.Pass())
        until_human(s, window720, "camp_move")
        sizes.clear()
        s.draw(window720)
        assert len(s.buttons) >= 7 and len(set(sizes)) == 1
        said: list[str] = []
        monkeypatch.setattr(panel, "tooltip", lambda _surf, _at, head, *_a, **_k: said.append(head))
        for rect, ch in s.buttons:  # a label cut short ("... (General Verdier): 4...") is whole in its box
            if label(ch.label, rect.w - 2 * panel.LABELS.margin, panel.LABELS.sizes)[1] != ch.label:
                s.mouse = rect.center
                s.draw(window720)
                assert said[-1] == ch.label
    finally:
        s.close()


@pytest.mark.parametrize(("language", "said"), [("en", "turn 1, and now"), ("es", "turno 1, y ahora")])
def test_the_chart_of_the_first_turn_says_one_turn(
    window720: pygame.Surface, language: str, said: str
) -> None:
    """On turn 1 the figures' chart said "turns 1 to 1, and now"."""
    from tests.ui.tour import recording

    s = open_war(window720, "human", "normal", language=language, path=PENINSULAR)
    try:
        until_human(s, window720, "camp_orders")
        s.page = "figures"
        with recording() as drawn:
            s.draw(window720)
        assert said in drawn
    finally:
        s.close()
