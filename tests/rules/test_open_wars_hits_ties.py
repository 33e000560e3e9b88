"""Issue 37's rules: the volley's ties end with a die (OW-COMBAT-4, OW-DEC-10, OW-DEC-17), and the
defending player lays the hits among his cheapest tokens (OW-COMBAT-2, OW-COMBAT-6, OW-COMBAT-7,
OW-COMBAT-9, OW-DEC-11), a computer player by its values."""

from __future__ import annotations

from collections.abc import Callable

from game.ai.players import make_player
from game.model import commands as cmd
from game.model.events import Roll
from game.model.resolution import Decision
from systems.open_wars.combat import Hits, TakeHit, casualties
from systems.open_wars.state import Campaign
from systems.open_wars.volley import Shoot, volley, volley_order
from tests.ow_helpers import clear, count, drive

Small = Callable[..., Campaign]


def test_OW_COMBAT_4_OW_DEC_17_the_volleys_ties_between_players_end_with_a_die(small: Small) -> None:
    """OW-COMBAT-4, OW-DEC-10, OW-DEC-17: wood elves of both players, tied on initiative, type and
    cost, shoot in the order of a roll-off (the dwarves roll 5, the orcs 2: the dwarves shoot first), not
    in turn order (the orcs, the smaller army, play first on this map)."""
    c = small([5, 2] + [6] * 40)
    clear(c)
    c.add("dw", "a", "wood-elves", 1)
    c.add("orc", "c", "wood-elves", 1)
    assert c.order[0] == "orc"  # turn order would have the orcs first
    asked = drive(volley(c), lambda d: Shoot(d.stage, d.unit, d.options[0]))
    assert [(d.side, d.unit) for d in asked] == [("dw", "wood-elves"), ("orc", "wood-elves")]
    offs = [e for e in c.events if isinstance(e, Roll) and e.check == "roll-off"]
    assert [(e.side, e.die, e.rule) for e in offs] == [("dw", 5, "OW-COMBAT-4"), ("orc", 2, "OW-COMBAT-4")]


def test_OW_DEC_10_one_players_own_tied_stacks_roll_no_die(small: Small) -> None:
    """OW-DEC-10, OW-DEC-17: two tied stacks of one player go by unit and location, no die rolled; a
    stack of higher initiative goes first without one either."""
    c = small([1] * 40)
    clear(c)
    c.add("dw", "a", "wood-elves", 1)
    c.add("dw", "d", "wood-elves", 1)
    c.add("orc", "c", "rangers", 1)  # initiative 6 against 5
    order = [(s.player, s.unit, s.location) for s in volley_order(c)]
    assert order == [("orc", "rangers", "c"), ("dw", "wood-elves", "a"), ("dw", "wood-elves", "d")]
    assert not any(isinstance(e, Roll) for e in c.events[-3:])


def test_OW_COMBAT_7_OW_COMBAT_9_the_defender_chooses_among_his_cheapest_tokens(small: Small) -> None:
    """OW-COMBAT-2, OW-COMBAT-7, OW-COMBAT-9 (the source's skeletons and mummies, both of cost 1): the
    defending player is asked a hit at a time which of them falls; three hits on the skeletons leave
    one skeleton and both mummies. The dearer goblin archers are never offered."""
    c = small()
    clear(c)
    c.add("orc", "b", "skeletons", 4)
    c.add("orc", "b", "mummies", 2)
    c.add("orc", "b", "goblin-archers", 1)  # cost 2: the cheapest go first
    asked = drive(casualties(c, "orc", "b", 3), lambda d: TakeHit("b", "skeletons"))
    assert [(d.kind, d.side, d.stage, d.options) for d in asked] == [
        ("ow_hits", "orc", "b", ("mummies", "skeletons"))
    ] * 3
    assert [d.payload for d in asked] == [Hits(3), Hits(2), Hits(1)]
    assert (count(c, "orc", "b", "skeletons"), count(c, "orc", "b", "mummies")) == (1, 2)
    assert count(c, "orc", "b", "goblin-archers") == 1


def test_OW_DEC_11_a_pass_keeps_the_default_and_no_choice_is_asked_where_none_matters(small: Small) -> None:
    """OW-DEC-11: a pass lays the rest of the roll by the default (the lower initiative first: the
    mummies), asked once; hits that take every cheapest token ask nothing; nor does one unit alone."""
    c = small()
    clear(c)
    c.add("orc", "b", "skeletons", 4)
    c.add("orc", "b", "mummies", 2)
    asked = drive(casualties(c, "orc", "b", 3))
    assert len(asked) == 1
    assert (count(c, "orc", "b", "skeletons"), count(c, "orc", "b", "mummies")) == (3, 0)
    c.add("orc", "b", "mummies", 1)
    assert drive(casualties(c, "orc", "b", 4)) == []  # 3 skeletons and a mummy: all of them fall
    assert count(c, "orc", "b", "skeletons") == 0
    c.add("orc", "b", "skeletons", 3)
    assert drive(casualties(c, "orc", "b", 1)) == []


def test_OW_COMBAT_6_a_hit_on_a_dearer_token_is_refused(small: Small) -> None:
    """OW-COMBAT-6: the choice is among the cheapest only; naming a dearer stack is refused (a
    `rejected` event) and the decision asked again."""
    c = small()
    clear(c)
    c.add("orc", "b", "skeletons", 2)
    c.add("orc", "b", "mummies", 2)
    c.add("orc", "b", "goblin-archers", 2)
    answers = iter([TakeHit("b", "goblin-archers"), TakeHit("b", "mummies")])
    asked = drive(casualties(c, "orc", "b", 1), lambda d: next(answers))
    assert len(asked) == 2 and count(c, "orc", "b", "goblin-archers") == 2
    assert count(c, "orc", "b", "mummies") == 1
    rejected = [e for e in c.events if e.kind == "rejected"]
    assert rejected and rejected[-1].rule == "OW-COMBAT-6"


def test_OW_DEC_11_the_computer_keeps_the_tokens_it_values_most(small: Small) -> None:
    """OW-DEC-11: offered black orcs (hit on 4, initiative 3) and wolf riders (hit on 3, initiative 5),
    both of cost 3, the default lays the hit on the black orcs (the lower initiative), the heuristic
    and hard players on the wolf riders (fewer hits a round: worth less kept)."""
    c = small()
    clear(c)
    c.add("orc", "b", "black-orcs", 2)
    c.add("orc", "b", "wolf-riders", 2)
    d = Decision("ow_hits", "orc", "", ("black-orcs", "wolf-riders"), stage="b", payload=Hits(1))
    for level in ("heuristic", "hard", "easy"):
        assert make_player(level, "orc", 1).decide(c, d) == TakeHit("b", "wolf-riders")
    assert isinstance(make_player("random", "orc", 1).decide(c, d), TakeHit | cmd.Pass)
