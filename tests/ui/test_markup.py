"""Text from content is never markup. An Open Wars map named `<font pixel_size=900000><shadow
size=99999>Z` killed the start screen (pygame_gui's text box obeyed it: a segmentation fault). Here
markup is planted in every text field of a scenario, a map, a mod and its rules reference, and in
every text of the game's locale; every screen is drawn with the dummy driver (start screen with each
scenario's box and the list open, a battle with its hover boxes, help, reasons, menu, rules browser
and load list, the end box and its figures, the replay viewer, an Open Wars game, the tutorial), and
the planted text shows as written."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pygame
import pytest

import game.locale
from game.ui.app import Setup, StartScreen
from tests.planted import hostile_mod
from tests.ui.tour import recording, tour, widget_texts

pytestmark = pytest.mark.filterwarnings("ignore:Label Rect is too small:UserWarning")  # long names, cut

MARK = "<font pixel_size=900000><shadow size=99999>Z"
LOCALE_MARK = "<i>&amp;L</i> "  # put before every text of the game's own words


class Planted:
    """Each field gets a token of its own first (`<b>&amp;T007</b>`: no space, so a wrapped line keeps
    it whole), then the markup that crashed, a link and an entity."""

    def __init__(self) -> None:
        self.fields: dict[str, str] = {}  # token -> where it was planted

    def __call__(self, where: str, room: int) -> str:
        token = f"<b>&amp;T{len(self.fields) + 1:03d}</b>"
        self.fields[token] = where
        return f"{token} {MARK} <a href='https://x'>y</a> &lt;"[:room]

    def shown(self, texts: list[str]) -> set[str]:
        joined = "\n".join(texts)
        return {where for token, where in self.fields.items() if token in joined}


@pytest.fixture
def planted_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every text of the game's words starts with markup (their {names} still work)."""
    real = game.locale._texts

    def marked(language: str, extra: tuple[Path, ...] = ()) -> dict[str, str]:
        return {
            k: v if k == "log_decimal_mark" else LOCALE_MARK + v for k, v in real(language, extra).items()
        }

    monkeypatch.setattr(game.locale, "_texts", marked)


def test_markup_in_every_text_field_shows_as_written(
    window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, planted_locale: None
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    planted = Planted()
    mod = hostile_mod(tmp_path, planted)
    with recording() as drawn:
        widgets = tour(window, mod, queries=["FG-MOVE-1", "FG-CHG-1", "FG-VIC-1"])
    # what the game draws with its own font: the names of sides, objectives, locations, players and
    # maps, the rules a mod rewords, every word of the locale; each exactly as written
    shown = planted.shown(drawn)
    expected = {
        "evil.name", "evil.objectives[0].name", "evil.objectives[1].name", "evil.objectives[2].name",
        "evil.sides[0].name", "evil.sides[1].name", "evil-map.name", "evil-map.locations[0].name",
        "evil-map.locations[8].name", "evil-map.players[0].name", "evil-map.players[1].name",
        "rules.FG-MOVE-1.title", "rules.FG-MOVE-1.text", "rules.FG-CHG-1.title", "rules.FG-VIC-1.title",
    }  # fmt: skip
    assert expected <= shown, sorted(expected - shown)
    assert sum(LOCALE_MARK.strip() in text for text in drawn) > 50
    assert not any(re.search(r"<b>&T\d|<b>&amp;amp;", text) for text in drawn)  # never read, never doubled
    # what pygame_gui shows (the start screen): the box after its markup is read, and the widgets
    box = planted.shown(widgets)
    assert {"evil.name", "evil.description", "evil-map.name", "evil-map.description", "mod.name"} <= box
    assert any(MARK in text and "<a href='https://x'>y</a> &lt;" in text for text in widgets)
    assert not any(re.search(r"<b>&T\d", text) for text in widgets)


UNDRAWABLE = ["a\x00b", "\u200b\u200b", "\ufeff", "\u0301\u0302", "\u202eevil", "\U000e0041", "\x01\x7f"]


def test_text_no_font_can_draw_is_drawn_all_the_same(
    window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A NUL (pygame refuses it), a text of zero width (SDL_ttf refuses it: zero-width spaces, a byte
    order mark, combining marks alone) in a name crashed the screens that drew it; and a save's JSON
    may hold half a surrogate pair. Each is drawn as the replacement character, or left out."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    texts = iter(UNDRAWABLE * 40)
    mod = hostile_mod(tmp_path, lambda where, room: "x" if where.startswith("mod.") else next(texts))
    saves = tmp_path / "data" / "forglory" / "saves"
    saves.mkdir(parents=True)
    replay = {"format": "forglory-replay", "scenario": {"id": "a\x00\ud800\u200b"}, "saved": "\ufeff\x00"}
    (saves / "odd.json").write_text(json.dumps(replay))
    with recording() as drawn:
        tour(window, mod, ai=None)
    assert "\ufffd" in "".join(drawn) and not any("\x00" in t or "\u200b" in t for t in drawn)
    start = StartScreen(window.get_size(), Setup())
    start.draw(window, 0.05)
    label = next(b.text for b, path in start.resumes.items() if path.name == "odd.json")
    assert "\x00" not in label and "\ufffd" in label


def test_a_long_word_with_combining_marks_fits_the_box(
    window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pygame_gui's text box raised RuntimeError ("Row longer than layout") when it had to cut a long
    word beside a combining mark (the fuzzer found it): the words are then cut short first."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    long = "W" * 500 + "e\u0301\u0301\u0301../../etc/passwd"
    mod = hostile_mod(tmp_path, lambda where, room: long[:room] if where == "evil.description" else "x")
    start = StartScreen(window.get_size(), Setup(scenario="evil", mods=[mod]))
    start.draw(window, 0.05)
    (box, *_widgets) = widget_texts(start)
    assert long in box.replace(" ", "")  # all of it, cut into words
