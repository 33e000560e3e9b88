"""The state of a campaign: Open Wars' (the map, its links, who holds each place, each side's gold, the
turn) with For Glory forces on it (armies, garrisons, sieges), and the battle on the table while one
is fought. A `War` is a session like any game: the same dice, events, decisions, commands, replays
and saves; while a battle is on the table its decisions are the war's pending ones, and the commands
that answer them go to it (one command stream: CAMP-DEC-10)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.dice import Dice
from game.model.events import Event, ModLine, Note, Roll
from game.model.modules import RuleStack
from game.model.resolution import Reject, refuse
from game.model.words import Wording
from systems.campaign.battlefield import BattleSetup
from systems.campaign.forces import Army, Brigade, Garrison, General, Siege
from systems.campaign.outcome import BattleResult
from systems.campaign.records import CampaignNumbers, Place, SideFile
from systems.campaign.theatre import Theatre
from systems.open_wars.state import Campaign


@dataclass
class Fought:
    """A battle of the campaign: how it was set up, how it was decided (on the table by the players,
    or resolved by the generals), the commands that played it and what became of it; its events are
    kept for the after-battle report and for watching it again."""

    number: int
    turn: int
    setup: BattleSetup
    resolved: str  # "table" or "auto" (CAMP-DEC-10)
    commands: list[cmd.Command] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    result: BattleResult | None = None
    before: dict[str, int] = field(default_factory=dict)  # each side's brigades in the armies taking part
    after: dict[str, int] = field(default_factory=dict)  # and once the battle and its aftermath are over
    lost: dict[str, int] = field(default_factory=dict)
    odds: dict[str, object] = field(default_factory=dict)  # the odds told before it (CAMP-DEC-24)


@dataclass(frozen=True)
class Declined:
    """A battle the defender declined (CAMP-DEC-11): it keeps the number the log told it by, so the
    lists of battles say it where a battle fought would stand."""

    number: int
    turn: int
    location: str
    side: str  # the side that declined it


class War(Campaign):
    """A campaign between two sides on an Open Wars map, fought with For Glory armies."""

    def __init__(self, stack: RuleStack, dice: Dice, theatre: Theatre, *, words: Wording) -> None:
        super().__init__(stack, dice, theatre.open_wars, theatre.map, words=words)
        self.theatre = theatre
        self.numbers: CampaignNumbers = theatre.numbers
        self.places: dict[str, Place] = {p.id: p for p in theatre.spec.locations}
        self.armies: list[Army] = []
        self.garrisons: list[Garrison] = []
        self.sieges: dict[str, Siege] = {}
        self.battle: Battle | None = None  # the battle on the table now
        self.fought: list[Fought] = []
        self.declined: list[Declined] = []
        self.destroyed: dict[str, int] = {s.id: 0 for s in theatre.spec.sides}  # enemy armies each destroyed
        self.raised: dict[str, int] = {}  # recruits a city raised this turn (CAMP-DEC-5)
        self.made = 0  # ids made in play so far (systems/campaign/theatre.py: RAISED)
        self.engagements = 0  # battles set up so far, fought or declined: their numbers
        self.first_cities: dict[str, int] = {}  # each side's cities when the war began (CAMP-DEC-22)
        self.roster: dict[str, Brigade] = {}  # every brigade that served, lost ones too (their records)
        self.officers: dict[str, General] = {}  # every officer who commanded, by his command's id
        self.ending: tuple[str, str | None] | None = None  # why it ended (places, wiped, limit), whose

    # --- the session's part ---------------------------------------------------------------------

    def refusal(self) -> Reject | None:
        over = self.game is not None and self.game.over
        return refuse("CAMP-DEC-1", "reason_camp_over" if over else "reason_camp_not_waiting")

    def apply(self, command: cmd.Command) -> list[Event]:
        """A command to the war, or to the battle on the table (recorded with it for watching it
        again); its events, the battle's first."""
        b = self.battle
        if b is None:
            return super().apply(command)
        self.fought[-1].commands.append(command)
        start, mine = len(b.events), len(self.events)
        super().apply(command)
        return b.events[start:] + self.events[mine:]

    def _answer(self, command: cmd.Command) -> None:
        if self.battle is not None:  # the battle checks its own answers (For Glory's decisions)
            assert self._resolution is not None
            self._run(self._resolution, command)
            return
        assert self.pending is not None
        kind = self.stack.decisions.get(self.pending.kind)
        if kind is not None and not isinstance(command, kind.answers):
            named = " or ".join(a.__name__.lower() for a in kind.answers)
            raise refuse("CAMP-DEC-1", "reason_camp_awaited", command=named)
        super()._answer(command)

    def close(self) -> None:
        if self.battle is not None:
            self.battle.close()
            self.battle = None

    @property
    def sides(self) -> list[str]:
        return [s.id for s in self.theatre.spec.sides]

    def name(self, player: str) -> str:
        return self.side_file(player).name

    # --- reading the state ---------------------------------------------------------------------

    @property
    def turn(self) -> int:
        return self.game.round if self.game is not None else 0

    def side_file(self, side: str) -> SideFile:
        return next(s for s in self.theatre.spec.sides if s.id == side)

    def enemy(self, side: str) -> str:
        return next(s for s in self.sides if s != side)

    def armies_of(self, side: str) -> list[Army]:
        return [a for a in self.armies if a.side == side]

    def armies_at(self, loc: str, side: str | None = None) -> list[Army]:
        return [a for a in self.armies if a.location == loc and (side is None or a.side == side)]

    def find_army(self, army_id: str) -> Army | None:
        return next((a for a in self.armies if a.id == army_id), None)

    def enemies_at(self, loc: str, player: str) -> bool:
        """An enemy army stands there (a march stops there: OW-DEC-8)."""
        return any(a.side != player for a in self.armies_at(loc))

    def garrison_at(self, loc: str) -> Garrison | None:
        return next((g for g in self.garrisons if g.location == loc and g.brigades), None)

    def meetings(self) -> list[str]:
        """The places where armies of both sides stand, in the map's order (CAMP-DEC-7)."""
        return [loc for loc in self.places if len({a.side for a in self.armies_at(loc)}) > 1]

    def brigade(self, unit: str) -> tuple[Brigade, Army | Garrison] | None:
        """A brigade by id and who has it: an army or a garrison."""
        for a in self.armies:
            for b in a.brigades():
                if b.id == unit:
                    return b, a
        for g in self.garrisons:
            for b in g.brigades:
                if b.id == unit:
                    return b, g
        return None

    def generals(self) -> Iterator[General]:
        for a in self.armies:
            yield a.commander
            for d in a.divisions:
                yield d.general

    def held(self, side: str) -> list[str]:
        return [loc for loc, who in self.control.items() if who == side]

    def cities(self, side: str) -> list[str]:
        return [loc for loc in self.held(side) if self.places[loc].type == "city"]

    def brigades_of(self, side: str) -> tuple[int, int]:
        """A side's brigades in its armies and in its garrisons: their sum is its brigades wherever they
        are counted (the top bar, the figures)."""
        garrisoned = sum(len(g.brigades) for g in self.garrisons if g.side == side)
        return sum(a.size() for a in self.armies_of(side)), garrisoned

    def strength(self, side: str) -> int:
        """A side's brigades in the field and in garrisons, by their FG-ARMY-3 points."""
        cost = self.theatre.rules.categories
        field_ = sum(cost[b.category].points for a in self.armies_of(side) for b in a.brigades())
        return field_ + sum(
            cost[b.category].points for g in self.garrisons if g.side == side for b in g.brigades
        )

    def enrol(self, b: Brigade) -> Brigade:
        """A brigade joins the war: its record is kept for good (CAMP-DEC-19)."""
        self.roster[b.id] = b
        return b

    def appoint(self, g: General) -> General:
        self.officers[g.id] = g
        return g

    def new_id(self) -> str:
        """An id for a brigade, division or army made in play (never one of the file's)."""
        self.made += 1
        return f"raised-{self.made}"

    def note(self, rule: str, say: str, text: str, unit: str | None = None, **details: object) -> None:
        """A rule that took effect without a roll: its English text, its details, and the key of its
        words in a player's language (`log_note_<say>` of the campaign's narration.toml)."""
        self.emit(Note(rule=rule, text=text, unit=unit, details={**details, "say": say}))

    def roll(
        self,
        rule: str,
        check: str,
        outcome: Callable[[int], str],
        unit: str | None = None,
        side: str | None = None,
        mods: tuple[ModLine, ...] = (),
        place: str | None = None,
    ) -> int:
        """A D6 a campaign's rule rolls, with its modifiers and what the total means, told: the total;
        `place`: the place it is rolled for (a siege's), recorded as the roll's target."""
        die = self.dice.d6()
        total = die + sum(m.value for m in mods)
        self.emit(
            Roll(
                check=check,
                die=die,
                modifiers=mods,
                total=total,
                outcome=outcome(total),
                unit=unit,
                side=side,
                target=place,
                rule=rule,
            )
        )
        return total
