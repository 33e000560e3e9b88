"""The saved battles as the menu lists them to load one: the start screen's words for each (its
scenario, round and date), newest first, a page at a time; and the scenarios' names as players see
them, which the start screen shares."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from game.errors import UserError
from game.locale import Texts
from game.modules import modes
from game.ruleset import Ruleset
from game.saves import SaveInfo, list_saves
from game.scenario import list_scenarios, load_any_scenario
from game.ui import theme
from game.ui.log_panel import LogPanel
from game.ui.markup import drawable

PAGE = 8  # saves on one page of the menu: with its other buttons it fits 720 rows at any UI scale that fits


def mode_name(mode_id: str) -> str:
    return next((m.name for m in modes() if m.id == mode_id), mode_id)


def shown_name(sc: Any, mode: str, rules: Ruleset, language: str) -> str:
    """A scenario's name in the player's language; another mode's map's, with the mode's name (as a
    font draws it: it names the scenario in lists of pygame_gui's too)."""
    name = drawable(sc.spec.words(language).name)
    return name if mode == rules.mode else f"{name} ({mode_name(mode)})"


def scenario_names(rules: Ruleset, language: str) -> dict[str, str]:
    """{scenario id: its shown name} of every scenario that loads with these rules."""
    out = {}
    for path in list_scenarios(rules.loaded_mods):
        try:
            sc, mode = load_any_scenario(path, rules)
        except UserError:
            continue  # check-content says why
        out[sc.id] = shown_name(sc, mode, rules, language)
    return out


@dataclass
class LoadList:
    """One page of saves as menu buttons ("load:<n>"), with the buttons to turn the page."""

    saves: list[SaveInfo]
    names: dict[str, str]  # scenario id -> shown name; a save of a scenario not found shows its id
    page: int = 0

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.saves) // PAGE))

    def title(self, t: Texts) -> str:
        if not self.saves:
            return t("load_none")
        return t("load_title") + (f" ({self.page + 1}/{self.pages})" if self.pages > 1 else "")

    def items(self, t: Texts) -> list[tuple[str, str]]:
        first = self.page * PAGE
        out = []
        for n, s in enumerate(self.saves[first : first + PAGE], start=first):
            name = self.names.get(s.scenario, s.scenario)
            out.append((f"load:{n}", t("resume_item", scenario=name, round=s.round, saved=s.saved)))
        if self.page > 0:
            out.append(("newer", t("load_newer")))
        if self.page + 1 < self.pages:
            out.append(("older", t("load_older")))
        return [*out, ("menu", t("menu_back"))]

    def choose(self, key: str) -> Path | None:
        """The save a button names; the page buttons turn the page instead."""
        if key in ("newer", "older"):
            self.page += 1 if key == "older" else -1
            return None
        return self.saves[int(key.split(":")[1])].path


class Loading(Protocol):
    """A screen whose Esc menu can load a save: what the load entries read and set."""

    t: Texts
    menu: str | None
    saves: LoadList
    to_load: Path | None
    log: LogPanel

    @property
    def at_stake(self) -> bool: ...


def skipped_line(t: Texts, skipped: list[str]) -> str:
    """What the saves folder holds that is not listed (links, unreadable or damaged files), in one
    line: how many, and the first with its reason; empty when nothing was left out."""
    return t("saves_skipped", n=len(skipped), first=skipped[0]) if skipped else ""


def is_load_key(key: str) -> bool:
    return key == "load" or key.startswith("load:") or key in ("newer", "older")


def load_choice(screen: Loading, key: str, rules: Callable[[], Ruleset]) -> str | None:
    """An Esc menu's load entries, for either screen: "load" opens the list as the saves folder holds
    it now, on the page last seen; a save is chosen (returns "load" to open it now, or asks first
    whether to save the game at stake, as quitting does); the page buttons turn the page."""
    screen.menu = "load"
    if key == "load":
        skipped: list[str] = []
        saves = list_saves(skipped=skipped)
        screen.saves = LoadList(saves, scenario_names(rules(), screen.t.language), screen.saves.page)
        if skipped:
            screen.log.add(skipped_line(screen.t, skipped), theme.BAD)
        screen.saves.page = min(screen.saves.page, screen.saves.pages - 1)
        return None
    screen.to_load = screen.saves.choose(key)
    if screen.to_load is None:
        return None
    if not screen.at_stake:
        return "load"
    screen.menu = "load-ask"
    return None
