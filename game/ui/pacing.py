"""When the window draws a frame (issue 38: a window that rests). A still picture is drawn once; then
the loop waits for an event and updates the screen ten times a second (the AI's answer, the other
machine, a file), drawing only when something changed. It draws a frame

- for a while after any event (a key, the mouse, a resize, the window shown again) and while a key or
  a button is held: whatever an input sets going is drawn, whether or not a screen says so;
- while the screen says something moves (`pace()` is 0: an animation, dice tumbling);
- when what the screen shows has changed by itself (`stamp()` differs from the last frame's: the
  events, the question asked, the log, a caret's blink, a tooltip shown). Its timers (`pace()`
  seconds: a blink, a tooltip's delay, a banner taken down) wake the loop when they fall due.

A screen that says neither is drawn every frame, as before: one that forgets errs on the side of
drawing. pygame-gui's timers and looks are read from its manager (`gui_pace`, `gui_stamp`)."""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui

FPS = 60
AWAKE = 0.25  # seconds of frames after any event: a few frames for what an input sets going
TICK = 0.1  # seconds between a resting screen's updates: news is seen (and drawn) within this
POLL = 1 / 120  # seconds between looks for an event while resting: an input is seen within half a frame
SOON = 0.001  # a timer that has fallen due: the next update changes the picture
CARET = 0.2  # seconds between looks at a caret whose blink pygame-gui does not say


def pace_of(*parts: object) -> float | None:
    """Seconds until the screen shown (its parts: a battle and its end screen over it) changes by
    itself (0: it moves now); None: only an event or news changes it. A part that does not say moves
    always."""
    paces = [getattr(part, "pace", None) for part in parts]
    return sooner(*(0.0 if pace is None else pace() for pace in paces))


def stamp_of(*parts: object) -> Hashable:
    """What the screen shown shows that may change without an event, to compare with the last
    frame's; a part that does not say gives a value equal to no other."""
    stamps = [(id(part), getattr(part, "stamp", None)) for part in parts]
    return tuple((ident, object() if stamp is None else stamp()) for ident, stamp in stamps)


def sooner(*paces: float | None) -> float | None:
    """The nearest of several paces (None when none has a timer)."""
    known = [p for p in paces if p is not None]
    return min(known) if known else None


@dataclass
class Pacer:
    """The loop's clock of frames. `always`: draw every frame (the demo's fixed frames, a screenshot)."""

    always: bool = False
    awake_until: float = 0.0
    drawn: Hashable = field(default_factory=object)  # the stamp of the last frame drawn
    due: float | None = 0.0  # the shown screen's pace, as last asked
    asked_at: float = 0.0
    keys: set[int] = field(default_factory=set)  # the keys held down

    def saw(self, now: float, came: list[pygame.event.Event]) -> None:
        """Events came: awake for a while, and the keys held noted."""
        if not came:
            return
        self.awake_until = max(self.awake_until, now + AWAKE)
        for ev in came:
            if ev.type == pygame.KEYDOWN:
                self.keys.add(ev.key)
            elif ev.type == pygame.KEYUP:
                self.keys.discard(ev.key)
            elif ev.type == pygame.WINDOWFOCUSLOST:  # its keys are let go elsewhere
                self.keys.clear()

    def held(self) -> bool:
        """A key or a mouse button held down: what it does may go on without an event (a scroll bar's
        arrow, a key repeating in a text box)."""
        return bool(self.keys) or any(pygame.mouse.get_pressed())

    def wait(self, now: float) -> float:
        """Seconds to wait for an event before the next update: none while awake or moving; while
        resting, until the screen's timer or the next tick, whichever comes first."""
        if self.always or now < self.awake_until or self.held():
            return 0.0
        if self.due is None:
            return TICK
        return max(0.0, min(TICK, self.asked_at + self.due - now))

    def draws(self, now: float, *parts: object) -> bool:
        """Whether this frame of the screen shown (its parts) is drawn, asked after its update; its
        pace is kept for `wait`."""
        self.due, self.asked_at = pace_of(*parts), now
        stamp = stamp_of(*parts)
        if self.always or now < self.awake_until or self.due == 0.0 or stamp != self.drawn or self.held():
            self.drawn = stamp
            return True
        return False


def events(wait: float) -> list[pygame.event.Event]:
    """The events queued, looking for the first for at most `wait` seconds (none: not waiting), every
    POLL seconds: pygame's own wait looks every millisecond, which costs a resting window more than
    all the rest."""
    end = time.monotonic() + wait
    while True:
        came = pygame.event.get()
        left = end - time.monotonic()
        if came or left <= 0:
            return came
        time.sleep(min(POLL, left))


# --- pygame-gui's screens: its manager counts time in its update, which their update runs --------------


def _entries(manager: pygame_gui.UIManager) -> list[Any]:
    kinds = (pygame_gui.elements.UITextEntryLine, pygame_gui.elements.UITextEntryBox)
    return [e for e in manager.get_focus_set() or () if isinstance(e, kinds)]


def _hovered(manager: pygame_gui.UIManager) -> list[Any]:
    return [
        e
        for e in manager.get_sprite_group().sprites()
        if getattr(e, "hovered", False) and getattr(e, "tool_tip_text", None)
    ]


def gui_pace(manager: pygame_gui.UIManager) -> float | None:
    """When the focused text box's caret blinks next, or the hovered element's tooltip shows."""
    return sooner(*(_caret(e) for e in _entries(manager)), *(_tooltip(e) for e in _hovered(manager)))


def gui_stamp(manager: pygame_gui.UIManager) -> Hashable:
    """What changes a pygame-gui screen by itself: the focused text boxes' carets, the tooltips shown."""
    carets = tuple(getattr(e, "cursor_on", None) for e in _entries(manager))
    return carets, tuple(id(getattr(e, "tool_tip", None)) for e in _hovered(manager))


class GuiPaced:
    """A pygame-gui screen whose only changes without an event are its manager's (the start screen;
    the editor and the lobby add their own news to `stamp`)."""

    manager: pygame_gui.UIManager

    def update(self, dt: float) -> None:
        self.manager.update(dt)  # pygame-gui's time: hovering, a caret's blink, a tooltip's delay

    def pace(self) -> float | None:
        return gui_pace(self.manager)

    def stamp(self) -> Hashable:
        return gui_stamp(self.manager)


def _caret(entry: Any) -> float:
    """Seconds to the caret's next blink: it stands still for a moment after it moved, then blinks
    (pygame-gui's counters, read where they are; a look every CARET seconds without them)."""
    held_for = getattr(entry, "cursor_blink_delay_after_moving", None)
    since_moved = getattr(entry, "cursor_blink_delay_after_moving_acc", None)
    blink = getattr(entry, "blink_cursor_time", None)
    since_blink = getattr(entry, "blink_cursor_time_acc", None)
    if held_for is None or since_moved is None or blink is None or since_blink is None:
        return CARET
    if since_moved <= held_for:
        return max(SOON, held_for - since_moved)
    return max(SOON, blink - since_blink)


def _tooltip(element: Any) -> float | None:
    """Seconds until the hovered element's tooltip shows (None once it shows)."""
    if getattr(element, "tool_tip", None) is not None:
        return None
    return max(SOON, getattr(element, "tool_tip_delay", 1.0) - getattr(element, "hover_time", 0.0))
