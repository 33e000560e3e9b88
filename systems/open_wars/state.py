"""The state of an Open Wars game: locations and their links, the stacks of tokens on them, each
player's gold and mana, who controls what, the spells in force this turn and who is out. A `Campaign`
is a session like a For Glory battle: the same dice, events, decisions, commands, replays and saves
(game/model/session.py)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from game.model.battle import GameState
from game.model.dice import Dice
from game.model.modules import RuleStack
from game.model.resolution import Reject, refuse
from game.model.session import Session
from game.model.words import Wording
from systems.open_wars.maps import LocationSpec, OpenWarsMap
from systems.open_wars.records import Card, OpenWarsRules, UnitKind


@dataclass
class Stack:
    """OW-STACK-2: every token of one unit of one player in one location; `moved`: how many of them
    have moved this turn (they move no more), `held`: left behind by a retreat (they attack no more
    this turn, OW-COMBAT-11)."""

    player: str
    unit: str
    location: str
    count: int
    moved: int = 0
    held: bool = False
    casts: int = 0  # spells its tokens have cast this phase (OW-DEC-14)


@dataclass
class Charm:
    """A spell's effect on a location while the turn lasts (OW-DEC-16): on the caster's own tokens
    there (`friendly`), or on his enemies' there, or on the location itself."""

    spell: str
    kind: str
    location: str
    caster: str
    amount: int = 0
    friendly: bool = True
    terrain: str | None = None

    def touches(self, player: str) -> bool:
        return (player == self.caster) == self.friendly


@dataclass
class Purse:
    gold: int = 0
    mana: int = 0


class Campaign(Session):
    """An Open Wars game between two to four players on a map."""

    def __init__(
        self, stack: RuleStack, dice: Dice, rules: OpenWarsRules, world: OpenWarsMap, *, words: Wording
    ) -> None:
        super().__init__(stack, dice, words)
        self.rules = rules
        self.map = world
        self.locations: dict[str, LocationSpec] = {loc.id: loc for loc in world.spec.locations}
        self.stacks = []
        self.purses: dict[str, Purse] = {}
        self.control: dict[str, str | None] = {loc: None for loc in self.locations}
        self.defeated: dict[
            tuple[str, str], int
        ] = {}  # (player, unit) -> tokens lost this turn (OW-COMBAT-8)
        self.order: list[str] = []  # OW-TURN-2: who plays first in every phase
        self.out: list[str] = []  # players out of the game, in the order they fell (OW-DEC-22)
        self.charms: list[Charm] = []  # the spells in force this turn (OW-DEC-16)
        self.rites: set[str] = set()  # the locations whose card's rite was cast this phase (OW-DEC-28)
        self.sweeping: str | None = None  # who held every city at the last turn's end (OW-DEC-6)
        self._hops: dict[str, dict[str, int]] = {}
        self.factions: dict[str, str] = {}
        self.game: GameState | None = None
        self.module_state: dict[str, object] = {}

    # --- the session's part ---------------------------------------------------------------------

    def refusal(self) -> Reject | None:
        over = self.game is not None and self.game.over
        return refuse("OW-TURN-1", "reason_ow_over" if over else "reason_ow_not_waiting")

    def close(self) -> None:
        """Nothing to free: the state is plain data (For Glory's battles free their ECS world)."""

    @property
    def sides(self) -> list[str]:
        return [p.id for p in self.map.spec.players]

    @property
    def stacks(self) -> list[Stack]:
        """Every stack, in the order they began: changed by `add` and `take` (or set whole), which keep
        `_at`, the same stacks by location (the rules and the AI ask a location's millions of times)."""
        return self._stacks

    @stacks.setter
    def stacks(self, stacks: list[Stack]) -> None:
        self._stacks = stacks
        self._at: dict[str, list[Stack]] = {}
        for s in stacks:
            self._at.setdefault(s.location, []).append(s)

    # --- reading the state ---------------------------------------------------------------------

    def unit(self, unit_id: str) -> UnitKind:
        return self.rules.units[unit_id]

    def location(self, loc: str) -> LocationSpec:
        return self.locations[loc]

    def neighbours(self, loc: str) -> tuple[str, ...]:
        return self.map.neighbours[loc]

    def hops(self, loc: str) -> dict[str, int]:
        """Links from a location to every location, over any ground: how ranges and spells count
        (OW-DEC-17). The map never changes, so each answer is kept."""
        known = self._hops.get(loc)
        if known is None:
            known = {loc: 0}
            todo = deque([loc])
            while todo:
                here = todo.popleft()
                for n in self.neighbours(here):
                    if n not in known:
                        known[n] = known[here] + 1
                        todo.append(n)
            self._hops[loc] = known
        return known

    def stacks_at(self, loc: str, player: str | None = None) -> Iterator[Stack]:
        for s in self._at.get(loc, ()):
            if s.count > 0 and (player is None or s.player == player):
                yield s

    def stack_of(self, player: str, loc: str, unit: str) -> Stack | None:
        return next((s for s in self.stacks_at(loc, player) if s.unit == unit), None)

    def enemies_at(self, loc: str, player: str) -> bool:
        return any(s.player != player for s in self.stacks_at(loc))

    def army(self, player: str) -> list[Stack]:
        return [s for s in self.stacks if s.player == player and s.count > 0]

    def army_values(self) -> dict[str, int]:
        """OW-TURN-2: each player's army value (the gold cost of its tokens)."""
        return {p: sum(self.unit(s.unit).cost * s.count for s in self.army(p)) for p in self.sides}

    def name(self, player: str) -> str:
        """The player's name as the map gives it (the log's words; events keep the id)."""
        return next((p.name for p in self.map.spec.players if p.id == player), player)

    def playing(self) -> list[str]:
        """The players still in the game, in turn order."""
        return [p for p in self.order if p not in self.out]

    def rivals(self, player: str) -> list[str]:
        """The other players still in the game, in turn order."""
        return [p for p in self.playing() if p != player]

    def card(self, loc: str) -> Card | None:
        """OW-LOC-6/7: the location's special card, or None for a basic location."""
        card = self.locations[loc].card
        return self.rules.cards[card] if card else None

    def yields(self, loc: str) -> tuple[int, int]:
        """OW-LOC-2, OW-TURN-5: the gold and mana the location gives its holder, its special card's
        included (OW-LOC-7)."""
        spec, card = self.locations[loc], self.card(loc)
        return (spec.gold + (card.gold if card else 0), spec.mana + (card.mana if card else 0))

    def contested(self) -> list[str]:
        """OW-COMBAT-1: the locations where two players or more have tokens, in map order."""
        return [loc for loc in self.locations if len({s.player for s in self.stacks_at(loc)}) > 1]

    # --- changing the state (the rules call these) -----------------------------------------

    def add(self, player: str, loc: str, unit: str, count: int, moved: int = 0) -> Stack:
        """Tokens join the player's stack of that unit there, or start it (OW-STACK-2)."""
        s = self.stack_of(player, loc, unit)
        if s is None:
            s = Stack(player, unit, loc, 0)
            self._stacks.append(s)
            self._at.setdefault(loc, []).append(s)
        s.count += count
        s.moved += moved
        return s

    def take(self, s: Stack, count: int) -> None:
        """Tokens leave a stack: moving on (unmoved ones) or defeated."""
        s.count -= count
        s.moved = min(s.moved, s.count)
        if s.count <= 0:  # list.remove takes the first stack equal to it: of its location, first there too
            self._stacks.remove(s)
            self._at[s.location].remove(s)
