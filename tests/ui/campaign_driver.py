"""Drive the campaign's screen as a player does: clicks on the map, the panel and the pages, frames that
let the computer players (in their process) answer; the small campaign of the tests
(tests/campaigns/border.toml) by default."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.content.mods import load_mods
from game.running.campaign_match import new_campaign
from game.running.settings import Settings
from game.ui.campaign.screen import CampaignScreen
from game.ui.playing.war_play import WarPlay
from systems.campaign.odds import Prospect
from tests.campaign_helpers import BORDER


def open_war(
    surf: pygame.Surface,
    fr: str = "human",
    al: str = "human",
    seed: int = 1,
    language: str = "en",
    path: Path = BORDER,
    mod: Path | None = None,
) -> CampaignScreen:
    """`mod`: a mod the campaign is in (then `path` is its id's, and its saves name it by id)."""
    settings = Settings()
    settings.language = language
    ref = path.stem if mod is not None else str(path)
    m = new_campaign(ref, seed, load_mods([mod] if mod is not None else []))
    return CampaignScreen(WarPlay.start(m, {"fr": fr, "al": al}), surf.get_size(), settings)


def border_mod(folder: Path) -> Path:
    """A mod holding the tests' small campaign: a campaign the game finds by its id, as it finds the
    game's own (a save names it so, and loads it again)."""
    mod = folder / "border-mod"
    (mod / "campaigns").mkdir(parents=True)
    (mod / "mod.toml").write_text('id = "border-mod"\nname = "Border"\nversion = "1"\n', encoding="utf-8")
    (mod / "campaigns" / "border.toml").write_bytes(BORDER.read_bytes())
    return mod


def frame(s: CampaignScreen, surf: pygame.Surface, dt: float = 0.05) -> None:
    """One frame: a computer player's answer waited for (its process runs beside the test), then
    the events, the update and the drawing."""
    s.ai.wait_for_answer(30)
    for ev in pygame.event.get():
        s.handle(ev)
    s.update(dt)
    s.draw(surf)


def click(s: CampaignScreen, surf: pygame.Surface, pos: tuple[int, int]) -> str | None:
    """A click where the screen drew something (it is drawn first, as the player sees it)."""
    s.draw(surf)
    s.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    return s.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def press(s: CampaignScreen, surf: pygame.Surface, key: str) -> str | None:
    """A click on the button (of the page over the map, else of the panel) whose key begins so."""
    s.draw(surf)
    for rect, ch in [*s.page_buttons, *s.buttons]:
        if ch.key.startswith(key):
            return click(s, surf, rect.center)
    raise AssertionError(f"no button {key!r}: {[ch.key for _r, ch in [*s.page_buttons, *s.buttons]]}")


def read_pages(s: CampaignScreen, surf: pygame.Surface) -> None:
    """Close the report and the calendar's page, as a player does once he has read them."""
    while s.page in ("report", "event"):
        press(s, surf, "close")


def until_human(s: CampaignScreen, surf: pygame.Surface, kind: str, limit: int = 600) -> None:
    """Frames (the news read, each human decision that is not `kind` ended with its phase's end or
    its battle stood) until a person is asked `kind`."""
    for _ in range(limit):
        frame(s, surf)
        read_pages(s, surf)
        d = s.human_turn()
        if d is not None and d.kind == kind:
            return
        if d is not None and d.kind in ("camp_orders", "camp_move"):
            press(s, surf, "pass")
        elif d is not None and d.kind == "camp_withdraw":
            press(s, surf, "stand" if d.stage != "forced" else "withdraw")
        elif d is not None and d.kind == "camp_resolve":
            press(s, surf, "resolve")
        elif d is not None and d.kind == "camp_retreat":
            press(s, surf, "retreat")
    raise AssertionError(f"never asked {kind}: {s.war.pending}")


def until_a_battle(s: CampaignScreen, surf: pygame.Surface, limit: int = 400) -> Prospect | None:
    """Frames (the news read, each order and move phase ended) until the person is asked about a
    battle: its prospect (None: not within `limit` frames)."""
    for _ in range(limit):
        frame(s, surf)
        read_pages(s, surf)
        d = s.human_turn()
        if s.prospect() is not None:
            break
        if d is not None and d.kind in ("camp_orders", "camp_move"):
            press(s, surf, "pass")
    return s.prospect()


def fight_on_the_table(s: CampaignScreen, surf: pygame.Surface) -> None:
    """The battle's page answered "fight": frames until the screen wants the battle's table."""
    press(s, surf, "fight")
    for _ in range(50):
        frame(s, surf)
        if s.wants_table:
            break


def march_on_the_enemy(s: CampaignScreen, surf: pygame.Surface) -> None:
    """The French (played here) march on the allied army by two clicks: the battle's page asks them
    to fight it on the table or let the generals resolve it."""
    until_human(s, surf, "camp_move")
    a = s.war.armies_of("fr")[0]
    click(s, surf, next(r for r, x in s.map.chips if x is a).center)
    click(s, surf, s.map.marker(s.war.armies_of("al")[0].location).center)
    until_human(s, surf, "camp_resolve")


def hover_boxes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The words of every hover box the campaign's screen draws from now on ("title\ntext"), in order."""
    drawn: list[str] = []

    def seen(surf: pygame.Surface, pos: Any, title: str, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        drawn.append(f"{title}\n{text}")
        return pygame.Rect(0, 0, 1, 1)

    monkeypatch.setattr("game.ui.campaign.panel.tooltip", seen)
    return drawn
