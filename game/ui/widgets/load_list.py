"""Loading a saved battle from a game's Esc menu, for either screen (For Glory's and Open Wars'): the
save browser (game/ui/widgets/save_browser.py) opened over the menu, and what choosing a save does (open it,
or ask first whether to save the game at stake, as quitting does); and the scenarios' names as players
see them, which the start screen shares."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import pygame

from game.content.locale import Texts
from game.content.scenario import list_scenarios, load_any_scenario
from game.editing.files import CAMPAIGN_FOLDER
from game.editing.problem_words import known_problem
from game.model.errors import ContentError, UserError
from game.model.modules import modes
from game.model.ruleset import Ruleset
from game.running.match import made_battles
from game.running.saves import browse_saves
from game.ui.markup import drawable
from game.ui.widgets.save_browser import SaveBrowser, Scenario
from systems.campaign.generate import RANDOM_ID, any_campaign
from systems.campaign.theatre import list_campaigns, load_campaign

RANDOM_NAMED = 8  # random campaigns named in the saves' list at most (each is made again to name it)

# who plays a side, by the start screen's words (the search generals first, strongest last; then the
# simple players)
CONTROLLERS = {
    "human": "human",
    "easy": "ai_easy",
    "normal": "ai_normal",
    "hard": "ai_hard",
    "heuristic": "ai_heuristic",
    "random": "ai_random",
}


def mode_name(mode_id: str) -> str:
    return next((m.name for m in modes() if m.id == mode_id), mode_id)


def shown_name(sc: Any, mode: str, rules: Ruleset, language: str) -> str:
    """A scenario's name in the player's language; another mode's map's, with the mode's name (as a
    font draws it: it names the scenario in lists of pygame_gui's too)."""
    name = drawable(sc.spec.words(language).name)
    return name if mode == rules.mode else f"{name} ({mode_name(mode)})"


def side_names(sc: Any, mode: str, language: str) -> dict[str, str]:
    """The sides of a scenario (the players of a map) by their names in the player's language."""
    words = sc.spec.words(language)
    return dict(words.players if mode == "open-wars" else words.sides)


def scenario_words(rules: Ruleset, language: str) -> dict[str, Scenario]:
    """{scenario id: its shown name and its sides' names} of every scenario that loads with these rules:
    the game's and the mods', then those the window made (an id of the game's stays the game's)."""
    out: dict[str, Scenario] = {}
    shipped = list_scenarios(rules.loaded_mods)
    for path in [*shipped, *made_battles()]:
        try:
            sc, mode = load_any_scenario(path, rules)
        except UserError:
            continue  # check-content says why
        if path in shipped or sc.id not in out:
            turns = mode == "open-wars"
            out[sc.id] = Scenario(
                shown_name(sc, mode, rules, language), side_names(sc, mode, language), turns
            )
    # a campaign's saves: its name, its sides, its turns (the game's and the mods', then the battles folder's)
    for path in [*list_campaigns(rules.loaded_mods), *made_battles((CAMPAIGN_FOLDER,))]:
        try:
            theatre = load_campaign(str(path), rules.loaded_mods)
        except UserError:
            continue
        words = theatre.spec.words(language)
        out.setdefault(theatre.id, Scenario(drawable(words.name), dict(words.sides), turns=True))
    return out | random_campaign_words(rules, language)


def random_campaign_words(rules: Ruleset, language: str) -> dict[str, Scenario]:
    """The campaigns made at random that the saves folder has saves of (no file holds them), by their
    names; the newest RANDOM_NAMED of them."""
    out: dict[str, Scenario] = {}
    for s in browse_saves():
        if (
            len(out) < RANDOM_NAMED
            and s.scenario not in out
            and (words := made_words(s.scenario, rules, language))
        ):
            out[s.scenario] = words
    return out


def made_words(ref: str, rules: Ruleset, language: str) -> Scenario | None:
    """A campaign made at random, by its id (made again from its seed), as the saves name it; None
    for any other id."""
    if not RANDOM_ID.fullmatch(ref):
        return None
    try:
        words = any_campaign(ref, rules.loaded_mods).spec.words(language)
    except UserError:
        return None
    return Scenario(drawable(words.name), dict(words.sides), turns=True)


def save_browser(t: Texts, scenarios: dict[str, Scenario], figures: bool = False) -> SaveBrowser:
    """The saves folder's battles, named as the player knows them; who played each side in words that
    sit in a parenthesis ("Spanish (hard AI)", not the drop-down's "AI general (hard)")."""
    players = {who: t("human") if who == "human" else t(f"player_{who}") for who in CONTROLLERS}
    return SaveBrowser(t, scenarios, players, figures)


class Loading(Protocol):
    """A screen whose Esc menu can load a save: what the load entries read and set."""

    t: Texts
    menu: str | None
    browser: SaveBrowser | None
    to_load: Path | None

    @property
    def at_stake(self) -> bool: ...


def open_saves(screen: Loading, rules: Callable[[], Ruleset]) -> None:
    """The menu's "Load a saved battle": the browser, as the saves folder holds it now."""
    screen.browser = save_browser(screen.t, scenario_words(rules(), screen.t.language))
    screen.menu = "load"


class Menued(Loading, Protocol):
    """A game screen with the Esc menu: its buttons as last drawn, and what choosing one does."""

    menu_buttons: list[tuple[pygame.Rect, str]]

    def menu_choice(self, key: str) -> str | None: ...


def menu_event(screen: Menued, ev: pygame.event.Event) -> str | None:
    """An event while a screen's menu is open, the same on every game screen: the save browser's when
    it is open; Esc closes the menu; a click on a button does what it says."""
    if screen.menu == "load" and screen.browser is not None:
        return browse(screen, ev)
    if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
        screen.menu = None
    elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
        key = next((k for r, k in screen.menu_buttons if r.collidepoint(ev.pos)), None)
        return screen.menu_choice(key) if key else None
    return None


def browse(screen: Loading, ev: pygame.event.Event) -> str | None:
    """An event for the open browser: back to the menu, or a save chosen (returns "load" to open it
    now, or asks first whether to save the game at stake, as quitting does)."""
    assert screen.browser is not None
    chosen = screen.browser.handle(ev)
    if chosen is None:
        return None
    if chosen.what == "close" or chosen.path is None:
        screen.menu = "menu"
        return None
    screen.to_load = chosen.path
    if not screen.at_stake:
        return "load"
    screen.menu = "load-ask"
    return None


def not_loaded(t: Texts, path: Path, error: UserError) -> str:
    """Why a save did not open, in one line for the screen: a reason the game has words for, in the
    player's, first and the file by its name after it (a line cut at the screen's width keeps the
    reason); else the check's own words, the file by its name (its folder, the saves folder, pushed
    the reason past the screen's edge)."""
    known = known_problem(t, error.problem) if isinstance(error, ContentError) else None
    if known is not None:
        return t("load_refused", why=known, file=path.name)
    return t("load_failed", why=str(error).replace(str(path), path.name))
