"""A seed or a port the player types is ASCII digits alone: int() reads other scripts' digits too
("٣" as 3, "٤٧" as 47), and str.isdigit() passes them, so the lobby hosted on a port typed in
Arabic-Indic digits and `play --join` called one, where `generate` already refused them."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.cli.entry import main
from game.content.locale import Texts
from game.ui.start.lobby import Lobby
from game.ui.start.screen import Setup, StartScreen


@pytest.mark.parametrize("held", ["٣", "٣٣", "+5", "1_000", "²"])
def test_the_seed_is_read_from_ascii_digits_alone(
    window: pygame.Surface, monkeypatch: pytest.MonkeyPatch, held: str
) -> None:
    """The field refuses such characters as they are typed; what it holds is read by the same rule as
    `generate --seed` all the same, so no other digit becomes a seed (it read "٣" as seed 3)."""
    screen = StartScreen(window.get_size(), Setup())
    monkeypatch.setattr(screen.seed, "get_text", lambda: held)
    assert screen.typed_seed() == 1
    monkeypatch.setattr(screen.seed, "get_text", lambda: " 42 ")
    assert screen.typed_seed() == 42


@pytest.mark.parametrize(("way", "typed", "key"), [("host", "٠", "net_bad_port"),
                                                   ("join", "127.0.0.1:٤٧", "net_bad_address")])  # fmt: skip
def test_the_lobby_takes_a_port_of_ascii_digits_alone(
    window720: pygame.Surface, way: str, typed: str, key: str
) -> None:
    lobby = Lobby(window720.get_size(), Setup(scenario="first-battle"), way, Texts("en"))
    try:
        assert lobby.entry is not None
        lobby.entry.set_text(typed)
        lobby.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=lobby.go))
        assert lobby.seat is None and lobby.lines[-1].key == key  # it hosted on port 0, called port 47
    finally:
        lobby.close()


def test_play_join_takes_a_port_of_ascii_digits_alone(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--join", "127.0.0.1:٤٧", "--headless", "--ai", "random"]
    assert main(argv) == 2
    said = "error: play: --join '127.0.0.1:٤٧': give HOST:PORT (a port from 0 to 65535)"
    assert capsys.readouterr().err.splitlines() == [said]  # it called port 47: "Nobody answers at ..."


@pytest.mark.parametrize("held", ["+5", "1_000", "٧٢"])
def test_a_number_of_the_command_line_is_read_as_the_window_reads_one(
    held: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--seed +5` and `--seed 1_000` played seeds 5 and 1000 (int() reads a sign and underscores)
    where the start screen's seed field takes neither: one rule, game/model/limits.py's ascii_whole."""
    assert main(["simulate", "--seed", held, "--rounds", "1"]) == 2
    assert "expected a whole number from 0 to" in capsys.readouterr().err


def test_every_typed_whole_number_is_read_by_one_check() -> None:
    """The editor's typed year, worth and tokens, and the command line's numbers, read ASCII digits by
    ascii_whole, never by a check of their own (which had drifted: the command line took "1_000")."""
    from game import ROOT

    texts = {
        p: p.read_text(encoding="utf-8")
        for folder in ("game", "systems")
        for p in (ROOT / folder).rglob("*.py")
    }
    own = [p.name for p, text in texts.items() if ".isascii()" in text and ".isdigit()" in text]
    assert own == ["limits.py"]
