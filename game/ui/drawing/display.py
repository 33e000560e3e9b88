"""What the screen shows, which lags behind the model while animations play: each base's displayed
pose, fade and hits, the effects on the table (smoke, clashes, dice), all driven by the battle's
events. Per-frame work lives here; the rules never wait for it, and headless runs skip it."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import esper

from game.content.locale import Texts
from game.model.battle import Battle
from game.model.components import Hits, Ident, Officer, Pose, Status, Unit
from game.model.events import Event
from game.running.log_lines import joins
from game.ui.pacing import SOON

Point = tuple[float, float]

GLIDE_SPEED = 6.0  # inches per second at speed 1
DURATIONS = {"push": 0.35, "roll": 0.9, "hit": 0.35, "fade": 0.6, "melee": 0.6, "banner": 0.9, "appear": 0.35}
DICE_TUMBLE = 0.45  # seconds the last roll's dice tumble before they settle on their faces
DICE_SHOWN = 6.0  # seconds the last roll stays in the corner
BANNER_SHOWN = 1.6  # seconds a round's banner stays over the table


@dataclass
class Shown:
    """One base or officer as it appears on screen."""

    x: float
    y: float
    facing: float
    alpha: float = 1.0
    hits: int = 0
    on_table: bool = True
    flash: float = 0.0  # seconds left of a hit flash


@dataclass
class Effect:
    """A short-lived mark on the table: smoke from a volley, a clash of melee."""

    kind: str  # smoke, clash
    at: Point
    age: float = 0.0
    life: float = 1.2


@dataclass
class Step:
    """One animation: runs for `duration` seconds at speed 1, calling `update(fraction)`."""

    duration: float
    update: Callable[[float], None]
    t: float = 0.0


@dataclass
class DiceShow:
    """The last roll, shown in the corner so a player can read it against the rulebook."""

    event: dict[str, Any]
    age: float = 0.0
    group: list[dict[str, Any]] = field(default_factory=list)  # the rolls shown together, `event` first
    index: int = 0  # the last roll's place among the events fed: only the very next roll may join it
    result: dict[str, Any] | None = None  # a melee's rolls: the melee they decided (who won, by how much)


@dataclass
class Display:
    shown: dict[str, Shown] = field(default_factory=dict)
    effects: list[Effect] = field(default_factory=list)
    steps: deque[Step] = field(default_factory=deque)
    dice: DiceShow | None = None
    banner: str = ""
    banner_age: float = 0.0
    speed: float = 1.0
    cues: list[str] = field(default_factory=list)  # sounds whose moment has come, for the screen to play
    t: Texts = field(default_factory=Texts)  # the words of the banners
    fed: int = 0  # events queued so far
    _last_roll: DiceShow | None = None  # the box of the last roll queued, which the next may join

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    def dice_shown(self) -> bool:
        return self.dice is not None and self.dice.age <= DICE_SHOWN

    def banner_shown(self) -> bool:
        return bool(self.banner) and self.banner_age <= BANNER_SHOWN

    def pace(self) -> float | None:
        """Seconds until what it shows changes by itself (game/ui/pacing.py): 0 while anything moves
        (animations, effects, a hit's flash, dice tumbling); else when the last roll or the banner
        goes; None when nothing will."""
        if self.steps or self.effects or any(s.flash > 0 for s in self.shown.values()):
            return 0.0
        timers = []
        if self.dice is not None and self.dice_shown():
            if self.dice.age <= DICE_TUMBLE:
                return 0.0
            timers.append(DICE_SHOWN - self.dice.age)
        if self.banner_shown():
            timers.append(BANNER_SHOWN - self.banner_age)
        return max(SOON, min(timers)) if timers else None

    def stamp(self) -> tuple[bool, bool]:
        """What goes by itself once nothing moves: the last roll, the banner."""
        return self.dice_shown(), self.banner_shown()

    # --- keeping in step with the model ---------------------------------------------------------

    def sync(self, b: Battle) -> None:
        """Snap every base to the model (start of a battle, after undo or loading)."""
        b.enter()
        self.steps.clear()
        self.shown.clear()
        for e, (ident, pose) in esper.get_components(Ident, Pose):
            st = esper.try_component(e, Status)
            off = esper.try_component(e, Officer)
            on = st.in_play if st is not None else (off is not None and off.in_play)
            hits = esper.component_for_entity(e, Hits).count if st is not None else 0
            self.shown[ident.id] = Shown(pose.x, pose.y, pose.facing, 1.0 if on else 0.0, hits, on)

    def feed(self, b: Battle, events: list[Event]) -> None:
        """Queue the animations of new events."""
        for ev in events:
            self._queue(b, ev)

    def _cue(self, sound: str) -> None:
        """A sound at this point of the animations: it plays when they reach it, not before."""
        self.steps.append(Step(1e-6, lambda _f: self.cues.append(sound)))

    def _sound_of(self, b: Battle, d: dict[str, Any]) -> str | None:
        k = d["kind"]
        if k == "roll" and d["check"] == "fire":
            unit = b.ids.get(d.get("unit") or "")
            artillery = (
                unit is not None and esper.component_for_entity(unit, Unit).category.type == "artillery"
            )
            return "cannon" if artillery else "volley"
        if k == "roll":
            return "dice"
        if k == "moved" and d["how"] in ("charge", "reaction-charge"):
            return "charge"
        if k == "phase" and d["phase"] == "activations":
            return "drums"
        return None

    def _queue(self, b: Battle, ev: Event) -> None:
        self.fed += 1
        d = ev.to_dict()
        k = d["kind"]
        sound = self._sound_of(b, d)
        if sound is not None:
            self._cue(sound)
        if k == "moved":
            self._glide(d["unit"], [tuple(p) for p in d["path"]], d["facing"])
        elif k == "pushed":
            self._slide(d["unit"], tuple(d["end"]), DURATIONS["push"])
        elif k == "roll":
            self._roll(d)
        elif k == "hit":
            self._hit(d["unit"], d["hits"])
        elif k in ("destroyed", "removed"):
            self._fade(d["unit"])
        elif k == "melee":
            last = self._last_roll
            if last is not None and last.index == self.fed - 1 and last.group[0]["check"] == "melee":
                last.result = d  # the box of its dice says what they decided
            self._clash(d["attackers"] + d["defenders"])
        elif k == "deployed":
            for name, x, y, facing in d["units"]:
                self._appear(name, (x, y), facing)
            self._appear(d["division"], tuple(d["officer_at"]), 0.0)
        elif k == "staff_placed" or k == "officer_relocated":
            self._appear(d["officer"], tuple(d["at"]), 0.0)
        elif k == "phase":
            phase = self.t(f"phase_{d['phase'].replace(' ', '_')}")
            self._banner(
                self.t("banner_round", round=d["round"], phase=phase) if d["round"] else phase.capitalize()
            )
        elif k == "game_over":
            self._banner(self.t("battle_over"))

    # --- kinds of animation ---------------------------------------------------------------------

    def _get(self, name: str) -> Shown:
        if name not in self.shown:
            self.shown[name] = Shown(0.0, 0.0, 0.0, 0.0, 0, False)
        return self.shown[name]

    def _glide(self, name: str, path: list[Point], facing: float) -> None:
        s = self._get(name)
        length = sum(math.dist(path[i - 1], path[i]) for i in range(1, len(path)))
        start_facing = s.facing
        turn = ((facing - start_facing + 180) % 360) - 180
        duration = max(0.25, length / GLIDE_SPEED) if length > 0.01 else 0.3

        def update(f: float) -> None:
            p = _along(path, f)
            s.x, s.y = p
            s.facing = (start_facing + turn * min(1.0, f * 2)) % 360

        self.steps.append(Step(duration, update))

    def _slide(self, name: str, end: Point, duration: float) -> None:
        s = self._get(name)
        holder: dict[str, Point] = {}

        def update(f: float) -> None:
            start = holder.setdefault("start", (s.x, s.y))
            ease = 1 - (1 - f) ** 3  # a recoil: fast, then settling
            s.x = start[0] + (end[0] - start[0]) * ease
            s.y = start[1] + (end[1] - start[1]) * ease

        self.steps.append(Step(duration, update))

    def _roll(self, d: dict[str, Any]) -> None:
        """A roll shown in the box; a roll the log tells with the one just before it (an officer's
        second initiative die, a roll-off's other side) joins that one's box at once, so the box
        never shows one die of two with their sum as its total ("= 4: initiative 10"); so do the dice
        of one melee, each side's (the box shows them with the melee's result, FG-MELEE-2)."""
        index = self.fed
        last = self._last_roll
        melee = d["check"] == "melee" and last is not None and last.group[0]["check"] == "melee"
        if last is not None and last.index == index - 1 and (melee or joins(last.group, d)):
            last.group.append(d)
            last.index = index
            return
        show = DiceShow(d, group=[d], index=index)
        self._last_roll = show

        def update(f: float) -> None:
            if self.dice is not show:
                self.dice = show
                if d["check"] == "fire" and d.get("unit") in self.shown:
                    s = self.shown[d["unit"]]
                    self.effects.append(Effect("smoke", (s.x, s.y)))

        self.steps.append(Step(DURATIONS["roll"] if d["check"] in ("fire", "melee") else 0.5, update))

    def _hit(self, name: str, hits: int) -> None:
        s = self._get(name)

        def update(f: float) -> None:
            s.hits = hits
            s.flash = DURATIONS["hit"] * (1 - f)

        self.steps.append(Step(DURATIONS["hit"], update))

    def _fade(self, name: str) -> None:
        s = self._get(name)

        def update(f: float) -> None:
            s.alpha = 1 - f
            if f >= 1:
                s.on_table = False

        self.steps.append(Step(DURATIONS["fade"], update))

    def _clash(self, names: list[str]) -> None:
        pts = [(self.shown[n].x, self.shown[n].y) for n in names if n in self.shown]
        if not pts:
            return
        at = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))

        def update(f: float) -> None:
            if f == 0 or not any(e.kind == "clash" and e.at == at for e in self.effects):
                self.effects.append(Effect("clash", at, life=0.8))

        self.steps.append(Step(DURATIONS["melee"], update))

    def _appear(self, name: str, at: Point, facing: float) -> None:
        s = self._get(name)

        def update(f: float) -> None:
            s.x, s.y, s.facing, s.on_table = at[0], at[1], facing, True
            s.alpha = max(s.alpha, f)

        self.steps.append(Step(DURATIONS["appear"], update))

    def _banner(self, text: str) -> None:
        def update(f: float) -> None:
            self.banner, self.banner_age = text, 0.0

        self.steps.append(Step(0.05, update))

    # --- time -----------------------------------------------------------------------------------

    def tick(self, dt: float) -> None:
        """Advance the animations by dt seconds of real time."""
        budget = dt * self.speed
        while budget > 0 and self.steps:
            step = self.steps[0]
            use = min(budget, step.duration - step.t)
            step.t += use
            budget -= use
            step.update(min(1.0, step.t / step.duration))
            if step.t >= step.duration - 1e-9:
                self.steps.popleft()
        for e in self.effects:
            e.age += dt
        self.effects = [e for e in self.effects if e.age < e.life]
        for s in self.shown.values():
            s.flash = max(0.0, s.flash - dt)
        if self.dice is not None:
            self.dice.age += dt
        self.banner_age += dt

    def skip(self) -> None:
        """Finish every queued animation at once."""
        while self.steps:
            step = self.steps.popleft()
            step.update(1.0)
        self.effects.clear()
        self.cues.clear()  # skipped animations make no noise


def _along(path: list[Point], f: float) -> Point:
    """The point a fraction f of the way along a polyline."""
    if len(path) == 1:
        return path[0]
    lengths = [math.dist(path[i - 1], path[i]) for i in range(1, len(path))]
    total = sum(lengths)
    if total == 0:
        return path[-1]
    goal = total * max(0.0, min(1.0, f))
    for i, seg in enumerate(lengths):
        if goal <= seg or i == len(lengths) - 1:
            a, b = path[i], path[i + 1]
            t = goal / seg if seg else 1.0
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        goal -= seg
    return path[-1]
