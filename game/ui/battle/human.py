"""A human player at the table: turns clicks, drags and keys into the Commands a decision asks for
(the ghosts of its moves in ghosts.py, its words of units and odds in unit_words.py).

It asks the rules themselves what is legal (the same functions the battle uses to refuse orders)
and what the odds are (systems/for_glory/odds.py), so what the screen allows is exactly what the rules
allow."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import esper

from game.ai import common
from game.content.locale import Texts, formatted
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Officer, Pose
from game.model.geometry import Point, dist, heading, point_polygon_distance
from game.model.grammar import listed
from game.model.modules import Choice, command_label
from game.model.resolution import Decision, Reject, said_value
from game.model.words import percent
from game.ui.battle.ghosts import Ghost, move_ghost, officer_ghost, tried
from game.ui.battle.unit_words import (
    activation_label,
    enemy_odds,
    said_odds,
    target_odds,
    why_no_retreat,
    why_no_target,
)
from systems.for_glory.charge.odds import reaction_charge_odds
from systems.for_glory.deployment import Arrivals, check_staff
from systems.for_glory.fire import marker_spot_ok
from systems.for_glory.odds import check_odds, fire_reaction_odds
from systems.for_glory.reaction import check_rally

HANDLE = 1.6  # inches from the ghost's centre to its facing handle
SNAP = 0.3  # inches: a click this near a moving unit's centre puts its ghost exactly there


@dataclass
class Button:
    key: str
    label: str
    enabled: bool = True
    hint: str = ""


@dataclass
class HumanInput:
    battle: Battle
    decision: Decision | None = None
    selected: str | None = None
    mode: str = "select"  # select, move, fire, charge, officer, place, marker, deploy
    ghost: Ghost | None = None
    facing: float | None = None  # the facing the player has turned the ghost to
    targets: list[str] = field(default_factory=list)
    hover_target: str | None = None
    info: list[str] = field(default_factory=list)  # lines for the side panel
    offered: list[cmd.Command] = field(default_factory=list)  # what the rule modules' buttons send
    t: Texts = field(default_factory=Texts)  # the words of the prompts and buttons
    deploy: cmd.Command | None = None
    placed: bool = False  # the move's ghost is put down: it waits to be turned, shifted or confirmed
    rotating: bool = False  # the ghost's handle is held: the mouse turns the ghost
    dragging_ghost: bool = False
    drag_from: Point | None = None  # a unit was grabbed here: releasing elsewhere moves it there
    regrabbed: bool = False  # the grabbed unit was the one already moving: a click on it puts its ghost there
    hover_enemy: str | None = None  # an enemy unit under the mouse while a unit is selected
    # what the panel and the hover boxes ask every frame, worked out once per battle state and language
    _previews: dict[tuple[int, int, str, str, str], list[str]] = field(default_factory=dict)
    _whys: dict[tuple[int, int, str, str, int], str] = field(default_factory=dict)

    # --- a new decision -------------------------------------------------------------------------

    def start(self, d: Decision) -> None:
        self.decision, self.selected, self.ghost, self.targets, self.hover_target = d, None, None, [], None
        self.facing, self.deploy, self.placed, self.drag_from = None, None, False, None
        self.regrabbed, self.hover_enemy = False, None
        b = self.battle
        b.enter()
        self.mode = {
            "order": "select",
            "officer_move": "officer",
            "staff_move": "officer",
            "place_staff": "place",
            "marker": "marker",
            "deploy": "deploy",
            "extra_move": "move",
        }.get(d.kind, "buttons")
        if d.kind == "deploy":
            self.deploy = common.deploy_for(b, d, lambda spots: spots)
        if d.kind == "extra_move":
            self.selected = d.unit
            self.targets = [b.name(t) for t in common.extra_charge_targets(b, b.ids[d.unit])]
        if d.kind in ("officer_move", "staff_move"):
            self.selected = d.unit
        self.info = self.describe()

    def describe(self) -> list[str]:
        d = self.decision
        if d is None:
            return []
        key = f"prompt_{d.kind}"
        side, unit = self.t.names.side(d.side), self.t.names(d.unit)  # by name: never an id
        if self.t.has(key):
            options = listed((self.t.names(x) for x in d.options), self.t("log_list_last"))
            # a reaction's pause: where in the move it is (AMB-24: a unit that let the mover pass at one
            # pause is asked again at the next, until it reacts once, FG-REACT-4)
            when = self.t(f"reaction_when_{d.stage}") if self.t.has(f"reaction_when_{d.stage}") else ""
            return [self.t(key, unit=unit, side=side, options=options, when=when)]
        kind = self.battle.stack.decisions.get(d.kind)  # a rule module's question, in its words
        return [
            formatted(kind.prompt, {"unit": unit, "side": side})
            if kind is not None and kind.prompt
            else d.kind
        ]

    # --- what the panel offers ------------------------------------------------------------------

    def buttons(self) -> list[Button]:
        d, b, t = self.decision, self.battle, self.t
        self.offered = []
        if d is None:
            return []
        if d.kind == "activate":
            init = b.game.initiative if b.game else {}
            return [Button(f"activate:{o}", activation_label(b, t, o, init.get(o, "?"))) for o in d.options]
        if d.kind == "deploy":
            reserve = isinstance(d.payload, Arrivals)  # a reinforcement may stay out if it fits nowhere
            out = [Button("deploy", t("btn_deploy"), isinstance(self.deploy, cmd.Deploy))]
            if reserve:
                out.append(Button("pass", t("btn_reserve")))
            return out
        if d.kind == "place_staff":
            return [Button("staff-auto", t("btn_staff_auto"))]
        if d.kind == "order":
            out = self._confirm_button()
            if self.selected is not None:
                e = b.ids[self.selected]
                no_retreat = why_no_retreat(b, t, e)  # For Glory always allows it; a module may not
                out += [
                    Button("move", t("btn_move"), True, t("hint_move")),
                    self._target_button("fire", t("btn_fire"), e, common.fire_targets(b, e)),
                    self._target_button("charge", t("btn_charge"), e, common.charge_targets(b, e)),
                    Button("retreat", t("btn_retreat"), no_retreat is None, no_retreat or t("hint_retreat")),
                    Button("rally", t("btn_rally"), common.can_rally(b, e), t("hint_rally")),
                    *self._offer(common.module_orders(b, e)),
                ]
            out.append(Button("end", t("btn_end")))
            return out
        if d.kind == "reaction":
            return [*self._reaction_buttons(d), Button("pass", t("btn_no_reaction"))]
        if d.kind == "marker":
            return [Button("pass", t("btn_marker_auto"))]
        if d.kind == "extra_move":
            return [*self._confirm_button(), Button("pass", t("btn_no_extra"))]
        if d.kind in ("officer_move", "staff_move"):
            return [*self._confirm_button(), Button("pass", t("btn_stay"))]
        kind = b.stack.decisions.get(d.kind)
        if kind is not None and kind.choices is not None:  # a rule module's decision: its own choices
            choices = kind.choices(b, d)
            if kind.unit_choices is not None and self.selected in d.options:  # the unit picked on the table
                choices = [*kind.unit_choices(b, d, self.selected), *choices]
            return self._offer([(0.0, c.answer) for c in choices], [c.label for c in choices], choices)
        return [Button("pass", t("btn_continue"))]

    def _offer(
        self,
        options: list[tuple[float, cmd.Command]],
        labels: list[str] | None = None,
        choices: list[Choice] | None = None,
    ) -> list[Button]:
        """Buttons for commands a rule module offers (its orders for the selected unit, its
        reactions, the answers to its decisions); pressing one sends its command."""
        out = []
        t = self.t
        for i, (_worth, c) in enumerate(options):
            self.offered.append(c)
            label = labels[i] if labels is not None else command_label(self.battle.stack, c)
            odds = self.battle.stack.odds(self.battle, c)
            hint = said_odds(dict(odds), t) if odds else ""
            if choices is not None:
                ch = choices[i]
                words = {  # the module's words in the player's language, its units by name (odds: when known)
                    part: t(key, **{k: said_value(t, k, v) for k, v in ch.values.items()})
                    if ch.key and t.has(key) and (default or part != "odds")
                    else default
                    for part, key, default in (
                        ("label", ch.key, label),
                        ("hint", f"{ch.key}_hint", ch.hint),
                        ("odds", f"{ch.key}_odds", ch.odds),
                    )
                }
                label = words["label"] + (f"  ({words['odds']})" if words["odds"] else "")
                hint = words["hint"]
            out.append(Button(f"offered:{len(self.offered) - 1}", label, True, hint))
        return out

    def _target_button(self, key: str, label: str, e: int, targets: list[int]) -> Button:
        """Fire or Charge: enabled with targets to click; greyed, it says why (no_target_why)."""
        if targets:
            return Button(key, label, True, self.t("hint_target"))
        return Button(key, label, False, self.no_target_why(key, e))

    def no_target_why(self, key: str, e: int) -> str:
        """Why a unit has no target to fire at or charge, in the rules' words and true of where it
        stands: no enemy within its range (or charge reach), naming the nearest and how far it is; else
        the refusal the nearest enemy within it gets (said for a unit that has not moved yet). Worked
        out once per unit and state of the battle: the panel asks every frame."""
        b = self.battle
        memo = (id(b), len(b.events), self.t.language, key, e)
        if memo not in self._whys:
            if len(self._whys) > 64:
                self._whys.clear()
            self._whys[memo] = why_no_target(b, self.t, key, e)
        return self._whys[memo]

    def _confirm_button(self) -> list[Button]:
        if self.mode in ("move", "officer") and self.placed and self.ghost is not None:
            if self.standing_still():
                return [Button("confirm", self.t("btn_confirm"), False, self.t("hint_confirm_still"))]
            return [Button("confirm", self.t("btn_confirm"), self.ghost.ok, self.t("hint_confirm"))]
        return []

    def standing_still(self) -> bool:
        """The move's ghost is where its unit stands, facing as it does: sending it would spend the
        unit's order on nothing."""
        g, b = self.ghost, self.battle
        if g is None or g.officer or self.selected is None or self.mode != "move":
            return False
        pose = b.pose(b.ids[self.selected])
        turned = abs((g.facing - pose.facing + 180) % 360 - 180)
        return dist(g.at, (pose.x, pose.y)) < 0.05 and turned < 0.5

    def _reaction_buttons(self, d: Decision) -> list[Button]:
        b = self.battle
        mover = b.ids[d.unit]
        out = []
        t = self.t
        for name in d.options:
            r = b.ids[name]
            chance = percent(float(check_odds(b, r)), t)  # FG-REACT-2: a morale check first
            hint = t("hint_morale", chance=chance)
            called = t.names.brief(name)  # a button is narrow: the short name
            # a shot or a charge: the odds of what follows it (FG-CBT-9: -2)
            for action, odds_of in (("fire", fire_reaction_odds), ("charge", reaction_charge_odds)):
                try:
                    odds = odds_of(b, r, mover)
                except Reject:
                    continue
                # the button short (one size for all the panel's words), both chances in its hover box
                words = t(f"react_{action}", unit=called)
                both = t("hint_reaction_odds", chance=chance, odds=said_odds(odds, t))
                out.append(Button(f"react:{name}:{action}", words, True, both))
            if common.can_withdraw(b, r):  # a module may forbid it (warhammer-charges: in close combat)
                out.append(Button(f"react:{name}:retreat", t("react_retreat", unit=called), True, hint))
            try:
                check_rally(b, r)
                out.append(Button(f"react:{name}:rally", t("react_rally", unit=called), True, hint))
            except Reject:
                pass
            out += self._offer(list(common.module_reactions(b, r, mover)))
        return out

    def press(self, key: str) -> cmd.Command | None:
        """A panel button: returns the command it sends, if any."""
        d = self.decision
        b = self.battle
        if key == "pass":
            return cmd.Pass()
        if key == "end":
            return cmd.EndActivation()
        if key.startswith("activate:"):
            return cmd.Activate(key.split(":", 1)[1])
        if key.startswith("offered:"):
            return self.offered[int(key.split(":", 1)[1])]
        if key.startswith("react:"):
            _, unit, action = key.split(":")
            return cmd.React(unit, action)
        if key == "deploy":
            return self.deploy
        if key == "staff-auto" and d is not None:
            return common.staff_spot(b, d.side)
        if self.selected is None:
            return None
        if key == "retreat":
            return cmd.Withdraw(self.selected)
        if key == "rally":
            return cmd.Rally(self.selected)
        if key == "confirm":
            return self.confirm()
        if key in ("move", "fire", "charge"):
            self.mode, self.placed, self.ghost = key, False, None
            e = b.ids[self.selected]
            if key == "fire":
                self.targets = [b.name(t) for t in common.fire_targets(b, e)]
            elif key == "charge":
                self.targets = [b.name(t) for t in common.charge_targets(b, e)]
        return None

    # --- the mouse on the table -----------------------------------------------------------------

    def hover(self, p: Point) -> None:
        """Follow the mouse: move the ghost, report what is under it."""
        b = self.battle
        d = self.decision
        if d is None:
            return
        self.hover_target = self.pick(p, self.targets) if self.targets else None
        self.hover_enemy = None
        if d.kind == "order" and self.selected is not None:
            side = b.side_of(b.ids[self.selected])
            self.hover_enemy = self.pick(p, [b.name(o) for o in b.enemy_units(side)])
        if self.rotating and self.ghost is not None and self.selected is not None:
            at = self.ghost.at
            if dist(at, p) > 0.2:
                self.facing = math.degrees(math.atan2(p[1] - at[1], p[0] - at[0])) % 360
            self.ghost = self._move_ghost(self.selected, at)
        elif self.mode == "move" and self.selected is not None and (self.dragging_ghost or not self.placed):
            dragging = self.dragging_ghost or self.drag_from is not None
            on_enemy = self.hover_enemy is not None or self.hover_target is not None
            # the mouse resting on an enemy asks for the odds against it (the hover box), not a move
            self.ghost = None if on_enemy and not dragging else self._move_ghost(self.selected, p)
        elif self.mode == "officer" and self.selected is not None and (self.drag_from or not self.placed):
            self.ghost = self._officer_ghost(self.selected, p)
        elif self.mode == "place":
            ok, why = tried(lambda: check_staff(b, d.side, p), self.t)
            self.ghost = Ghost(d.unit, p, 0.0, ok, [why] if why else [self.t("ghost_place")], officer=True)
        elif self.mode == "marker":
            target = b.ids[d.options[0]]
            ok = marker_spot_ok(b, target, p)
            self.ghost = Ghost("marker", p, 0.0, ok, [] if ok else [self.t("ghost_marker")])

    def turn(self, degrees: float) -> None:
        """Q/E and Shift+wheel: turn the move's ghost where it is (placed or following the mouse)."""
        if self.mode != "move" or self.selected is None:
            return
        b = self.battle
        base = self.facing
        if base is None:
            base = self.ghost.facing if self.ghost else b.pose(b.ids[self.selected]).facing
        self.facing = (base + degrees) % 360
        if self.ghost is not None:
            self.ghost = self._move_ghost(self.selected, self.ghost.at)

    def grab(self, p: Point) -> cmd.Command | None:
        """The mouse pressed on the table. In a move: the ghost's handle turns it, the ghost itself
        can be dragged, anywhere else places it there. A unit that may take an order is grabbed (and
        dragged, if the mouse moves before it is released). Otherwise it is a click."""
        if self.mode == "move" and self.placed and self.ghost is not None:
            if dist(p, self.handle()) < 0.6:
                self.rotating = True
                return None
            if dist(p, self.ghost.at) < 0.8:
                self.dragging_ghost = True
                return None
        if self.mode == "officer" and self.selected is not None and self.pick(p, [self.selected]):
            self.drag_from = p  # the officer himself: dragged, placed where let go, then confirmed
            return None
        grabbed = self.pick(p, self._movable())
        if grabbed is not None:
            # the unit already moving is grabbed again: the ghost follows the drag afresh, keeping
            # the facing the player turned it to
            self.regrabbed = grabbed == self.selected and self.mode == "move"
            if not self.regrabbed:
                self.facing, self.targets = None, []
            self.selected, self.mode = grabbed, "move"
            self.ghost, self.placed, self.drag_from = None, False, p
            return None
        if self.mode == "move" and self.selected is not None and not self.pick(p, self.targets):
            self.ghost, self.placed = self._move_ghost(self.selected, p), True
            return None
        return self.click(p)

    def _movable(self) -> list[str]:
        """The units a press on the table may grab and drag: those that may take an order, or the
        cavalry making its extra move."""
        d = self.decision
        if d is not None and d.kind == "order" and self.mode in ("select", "move"):
            return list(d.options)
        if d is not None and d.kind == "extra_move" and self.selected is not None:
            return [self.selected]
        return []

    def drop(self, p: Point) -> None:
        """The mouse released: a drag ends with the ghost placed where it was let go (to be confirmed)."""
        grabbed, self.drag_from = self.drag_from, None
        if self.mode == "officer" and self.selected is not None:
            if grabbed is not None and dist(grabbed, p) > 0.4:  # a press without a drag moves nobody
                self.ghost, self.placed = self._officer_ghost(self.selected, p), True
            return
        again, self.regrabbed = self.regrabbed, False
        if self.rotating:
            self.rotating = False
        elif self.dragging_ghost or (grabbed is not None and dist(grabbed, p) > 0.4):
            self.dragging_ghost = False
            if self.selected is not None:
                self.ghost, self.placed = self._move_ghost(self.selected, p), True
        elif again and self.selected is not None:  # a click on the moving unit: its ghost goes there,
            pose = self.battle.pose(self.battle.ids[self.selected])  # on the unit itself near its centre
            here = (pose.x, pose.y) if dist(p, (pose.x, pose.y)) < SNAP else p  # (to turn it in place)
            self.ghost, self.placed = self._move_ghost(self.selected, here), True

    def confirm(self) -> cmd.Command | None:
        """Send the move the ghost shows, if the rules allow it."""
        d = self.decision
        if self.mode == "officer" and self.placed and self.ghost is not None and self.ghost.ok and d:
            return cmd.MoveOfficer(d.unit, self.ghost.at)
        if (
            self.mode != "move"
            or self.ghost is None
            or not self.ghost.ok
            or self.selected is None
            or d is None
            or self.standing_still()
        ):
            return None
        if d.kind == "extra_move":
            return cmd.ExtraMove(d.unit, to=self.ghost.at, facing=self.ghost.facing)
        return cmd.Move(self.selected, self.ghost.at, self.ghost.facing)

    def handle(self) -> Point:
        """Where the ghost's facing handle is drawn (and can be grabbed)."""
        assert self.ghost is not None
        fx, fy = heading(self.ghost.facing)
        return (self.ghost.at[0] + fx * HANDLE, self.ghost.at[1] + fy * HANDLE)

    def click(self, p: Point) -> cmd.Command | None:
        b = self.battle
        d = self.decision
        if d is None:
            return None
        if self.targets and self.mode in ("fire", "charge", "move") and (t := self.pick(p, self.targets)):
            if d.kind == "extra_move":
                return cmd.ExtraMove(d.unit, charge=t)
            return cmd.Fire(self.selected, t) if self.mode == "fire" else cmd.Charge(self.selected, t)  # type: ignore[arg-type]
        if self.mode == "select" and d.kind == "order":
            picked = self.pick(p, list(d.options))
            if picked is not None:
                self.selected, self.mode, self.targets, self.ghost, self.facing = (
                    picked,
                    "select",
                    [],
                    None,
                    None,
                )
            return None
        kind = b.stack.decisions.get(d.kind)
        if self.mode == "buttons" and kind is not None and kind.unit_choices is not None:
            self.selected = self.pick(p, list(d.options)) or self.selected  # its choices join the buttons
            return None
        if self.mode == "officer" and self.ghost is not None and self.ghost.ok:
            return cmd.MoveOfficer(d.unit, self.ghost.at)
        if self.mode == "place" and self.ghost is not None and self.ghost.ok:
            return cmd.PlaceStaff(p)
        if self.mode == "marker" and self.ghost is not None and self.ghost.ok:
            return cmd.PlaceMarker(p)
        if self.mode == "deploy":
            self.deploy = common.deploy_for(b, d, lambda spots: sorted([p, *spots], key=lambda s: dist(s, p)))
        return None

    def cancel(self) -> None:
        if self.decision is not None and self.decision.kind == "order":
            self.mode, self.targets, self.ghost, self.facing = "select", [], None, None

    def pick(self, p: Point, names: list[str]) -> str | None:
        """The named unit or officer under (or nearest within half an inch of) a table point."""
        b = self.battle
        best, best_d = None, 0.5
        for n in names:
            e = b.ids[n]
            pose = esper.component_for_entity(e, Pose)
            if abs(pose.x - p[0]) > 2.0 or abs(pose.y - p[1]) > 2.0:
                continue  # too far to be under the mouse
            off = esper.try_component(e, Officer)
            dd = (
                max(0.0, dist(p, (pose.x, pose.y)) - off.radius)
                if off
                else point_polygon_distance(p, pose.corners)
            )
            if dd <= best_d:
                best, best_d = n, dd
        return best

    # --- ghosts ---------------------------------------------------------------------------------

    def _move_ghost(self, name: str, p: Point) -> Ghost:
        extra = self.decision is not None and self.decision.kind == "extra_move"
        return move_ghost(self.battle, self.t, name, p, self.facing, extra)

    def _officer_ghost(self, name: str, p: Point) -> Ghost:
        return officer_ghost(self.battle, self.t, name, p)

    # --- odds of what is under the mouse --------------------------------------------------------

    def odds_lines(self) -> list[str]:
        if self.selected is None or self.hover_target is None:
            return []
        return target_odds(self.battle, self.t, self.mode, self.selected, self.hover_target)

    def preview(self, enemy: str | None) -> list[str]:
        """The odds the selected unit has against an enemy unit, as it stands: of a shot and of a
        charge, each as its button would give it, or the reason it may not. Pure queries, worked out
        once per selected unit, enemy and state of the battle (the mouse may rest there many frames)."""
        d, b = self.decision, self.battle
        if enemy is None or self.selected is None or d is None or d.kind != "order":
            return []
        e, o = b.ids[self.selected], b.ids[enemy]
        if b.side_of(o) == b.side_of(e):
            return []
        key = (id(b), len(b.events), self.t.language, self.selected, enemy)
        if key not in self._previews:
            if len(self._previews) > 64:
                self._previews.clear()
            self._previews[key] = enemy_odds(b, self.t, self.selected, enemy)
        return self._previews[key]
