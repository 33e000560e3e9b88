"""Every spell worth casting (issue 37, item 2): a cast that would change nothing is never offered
(OW-DEC-31), and the computer players weigh each spell by what it does: a fight's spells by the exact
odds with the spell supposed in force, a drain by whether the victim spends mana, summoned tokens by
part of their gold and what they add to keeping the place (game/ai/open_wars_magic.py)."""

from __future__ import annotations

from collections.abc import Callable

from game.ai.open_wars import OpenWarsHeuristic
from game.ai.open_wars_hard import OpenWarsHard
from game.ai.open_wars_magic import drain_gain, fight_gain, spell_parts
from systems.open_wars.magic import Cast, castings, check_cast
from systems.open_wars.state import Campaign
from tests.helpers import refused
from tests.ow_helpers import clear

Small = Callable[..., Campaign]


def test_OW_DEC_31_a_drain_of_a_player_without_mana_is_refused_and_not_offered(small: Small) -> None:
    """OW-DEC-31: the orcs hold Broad with no mana: the elf mage's drain there would take nothing, so it
    is refused and not offered; with 2 mana it is offered."""
    c = small()
    clear(c)
    c.add("dw", "a", "elf-mage", 1)
    c.control["b"] = "orc"
    c.purses["dw"].mana, c.purses["orc"].mana = 9, 0
    drain = Cast("a", "elf-mage", "mana-drain", "b")
    assert "Orcs has no mana to drain" in refused(c, lambda: check_cast(c, "dw", drain, "collection"))
    assert drain not in castings(c, "dw", "collection")
    c.purses["orc"].mana = 2
    assert drain in castings(c, "dw", "collection")


def test_OW_DEC_31_initiative_attack_and_defence_only_where_they_change_a_fight_or_a_shot(
    small: Small,
) -> None:
    """OW-DEC-31: haste and terror need a fight at their target; battle fury where no fight is only on
    stacks that shoot; a shield where no fight is only against an enemy that can shoot at it."""
    c = small()
    clear(c)
    c.add("orc", "c", "shaman", 1)
    c.control["c"] = "orc"
    c.add("orc", "b", "orc-warriors", 2)
    c.purses["orc"].mana = 9
    c.add("dw", "d", "runesmith", 1)
    c.control["d"] = "dw"
    c.add("dw", "e", "dwarf-warriors", 1)
    c.purses["dw"].mana = 9
    for spell in ("haste", "battle-fury"):
        assert "would change nothing in Broad" in refused(
            c, lambda spell=spell: check_cast(c, "orc", Cast("c", "shaman", spell, "b"), "combat")
        ), spell
    shield = Cast("d", "runesmith", "shield", "e")
    assert "would change nothing in Edge" in refused(c, lambda: check_cast(c, "dw", shield, "combat"))
    c.add("orc", "b", "goblin-archers", 1)  # they shoot: a fury on them changes their shot
    check_cast(c, "orc", Cast("c", "shaman", "battle-fury", "b"), "combat")
    c.add("orc", "z", "goblin-archers", 1)  # they can shoot at the Edge: a shield there changes their shot
    check_cast(c, "dw", shield, "combat")
    assert "haste" not in {a.spell for a in castings(c, "orc", "combat") if a.target == "b"}
    c.add("dw", "b", "dwarf-warriors", 1)  # now a fight: haste is of use
    check_cast(c, "orc", Cast("c", "shaman", "haste", "b"), "combat")


def test_OW_DEC_31_a_ground_made_what_it_is_already_is_refused(small: Small) -> None:
    """OW-DEC-31: overgrowth on the Dell, a forest already, is refused; on Broad (a plain) it is not."""
    c = small()
    clear(c)
    c.add("dw", "a", "elf-mage", 1)
    c.purses["dw"].mana = 9
    assert "Dell is so already" in refused(
        c, lambda: check_cast(c, "dw", Cast("a", "elf-mage", "overgrowth", "d"), "movement")
    )
    check_cast(c, "dw", Cast("a", "elf-mage", "overgrowth", "b"), "movement")


def test_a_fights_spell_is_worth_what_it_changes_of_the_exact_odds(small: Small) -> None:
    """In a fight of dwarf warriors (initiative 3) against orc warriors (2), haste on the orcs lets them
    strike first, and battle fury makes them hit harder: each is worth its gain in the exact odds times
    the gold at stake there; its mana is counted against it at 0.6 gold a point."""
    c = small()
    clear(c)
    c.add("orc", "c", "shaman", 1)
    c.control["c"] = "orc"
    c.add("orc", "b", "orc-warriors", 4)
    c.add("dw", "b", "dwarf-warriors", 2)
    hard = OpenWarsHard("orc", 1)
    haste = Cast("c", "shaman", "haste", "b")
    assert fight_gain(hard, c, haste) > 0.1
    fury = Cast("c", "shaman", "battle-fury", "b")
    assert fight_gain(hard, c, fury) > 0.1
    parts = spell_parts(hard, c, fury)
    assert set(parts) == {"attack", "mana"} and parts["mana"] == -2 * 0.6


def test_a_drain_weighs_the_victims_loss_only_if_he_spends_mana(small: Small) -> None:
    """A drain of 3 mana is worth 1.75 times its mana to the caster where the victim has a magic unit (he
    loses what he would cast, if not at once), once where he has nothing to spend it on."""
    c = small()
    clear(c)
    c.add("dw", "a", "elf-mage", 1)
    c.control["b"] = "orc"
    c.purses["orc"].mana = 5
    drain = Cast("a", "elf-mage", "mana-drain", "b")
    alone = drain_gain(c, "dw", drain)
    c.add("orc", "z", "shaman", 1)
    assert drain_gain(c, "dw", drain) == 1.75 * alone > 0


def test_summoned_tokens_are_worth_more_where_an_enemy_can_come(small: Small) -> None:
    """Summoned skeletons are worth part of their gold in a safe place, and more in a city an enemy can
    reach this turn (what they add to keeping it)."""
    c = small()
    clear(c)
    c.add("dw", "a", "necromancer", 1)
    c.purses["dw"].mana = 9
    heuristic = OpenWarsHeuristic("dw", 1)
    raise_dead = Cast("a", "necromancer", "raise-dead", "a")
    safe = spell_parts(heuristic, c, raise_dead)
    assert "guard" not in safe and safe["summon"] > 0
    c.add("orc", "b", "orc-warriors", 4)  # next to Aston, still to march
    threatened = spell_parts(OpenWarsHeuristic("dw", 1), c, raise_dead)  # a new player: nothing kept
    assert threatened["guard"] > 0 and sum(threatened.values()) > sum(safe.values())
