"""The lobby says why the system refused a port or a call in the player's language (QA session 16: a
Spanish lobby said "play --host: cannot listen on 0.0.0.0:47496: Address already in use", a command
line's words, and "Nadie responde en ...: Connection refused")."""

from __future__ import annotations

import socket
import time

import pygame
import pygame_gui

from game.content.locale import Texts
from game.ui.start.lobby import Lobby
from game.ui.start.setup import Setup


def pressed(lobby: Lobby, typed: str) -> None:
    assert lobby.entry is not None
    lobby.entry.set_text(typed)
    lobby.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=lobby.go))


def test_a_port_in_use_is_said_in_the_player_s_words(window720: pygame.Surface) -> None:
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        lobby = Lobby(window720.get_size(), Setup(scenario="first-battle"), "host", Texts("es"))
        try:
            pressed(lobby, str(port))
            lobby.update(0.05)
            lobby.draw(window720)
            shown = lobby.status.html_text
        finally:
            lobby.close()
    why = "el puerto ya está en uso en esta máquina"
    assert shown == f"No se puede ofrecer la partida en el puerto {port}: {why}"


def test_a_call_nobody_answers_is_said_in_the_player_s_words(window720: pygame.Surface) -> None:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    lobby = Lobby(window720.get_size(), Setup(), "join", Texts("es"))
    try:
        pressed(lobby, f"127.0.0.1:{port}")
        end = time.monotonic() + 20
        while lobby.lines[-1].key != "net_cannot_call" and time.monotonic() < end:
            lobby.update(0.05)
            time.sleep(0.02)
        lobby.draw(window720)
        shown = lobby.status.html_text
    finally:
        lobby.close()
    assert shown.endswith(f"<br>Nadie responde en 127.0.0.1:{port}: no hay ninguna partida en ese puerto")
