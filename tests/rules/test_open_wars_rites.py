"""The rites of special cards (issue 37, item 3; OW-COMP-5: mana spent on "the special effects of
certain ... locations"; OW-LOC-7, OW-DEC-28): a card's holder casts its strategic spell from it once a
phase with no magic unit, paying the rite's mana. Three shipped cards have one."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from game.ai.players import make_player
from game.content.merging import Layered
from game.content.records import build
from game.model import commands as cmd
from game.model.errors import ContentError
from game.model.events import Note
from game.running.log_texts import texts_for
from systems.open_wars import modifiers as mod
from systems.open_wars.magic import Cast, cast, cast_cost, castings, check_cast
from systems.open_wars.ruleset_files import check_card, load_rules
from systems.open_wars.state import Campaign
from systems.open_wars.turn import collection
from systems.open_wars.words import narrate
from tests.helpers import refused
from tests.ow_helpers import SMALL, clear, drive

Small = Callable[..., Campaign]


def carded(small: Small, **cards: str) -> Campaign:
    text = SMALL
    for loc, card in cards.items():
        text = text.replace(f'{{ id = "{loc}", ', f'{{ id = "{loc}", card = "{card}", ')
    return small(text=text)


def test_OW_COMP_5_three_shipped_cards_or_more_spend_mana_on_a_rite() -> None:
    """OW-COMP-5, OW-DEC-28: at least three shipped cards have a rite of a strategic spell for their
    holder, each at a price in mana."""
    rules = load_rules()
    rites = {c.id: (t.spell, t.amount) for c in rules.cards.values() for t in c.traits if t.kind == "rite"}
    assert len(rites) >= 3
    assert all(rules.spells[s].phase != "combat" and n >= 1 for s, n in rites.values())


def test_OW_DEC_28_a_temple_citys_holder_turns_its_mana_into_gold_once_a_collection(small: Small) -> None:
    """OW-DEC-28: the holder of a temple city casts its rite of transmutation with no magic unit there:
    2 mana for 3 gold, once in the collection; the log says it as the card's rite."""
    c = carded(small, a="temple-city")
    clear(c)
    c.purses["dw"].mana, c.purses["dw"].gold = 5, 0
    rite = Cast("a", None, "transmute", "a")
    assert rite in castings(c, "dw", "collection") and cast_cost(c, rite) == 2
    drive(cast(c, "dw", rite, "collection"))
    assert (c.purses["dw"].mana, c.purses["dw"].gold) == (3, 3)
    assert rite not in castings(c, "dw", "collection")  # once a phase
    assert "has been cast this phase" in refused(c, lambda: check_cast(c, "dw", rite, "collection"))
    note = next(e for e in reversed(c.events) if isinstance(e, Note) and e.rule == "OW-MAGIC-4")
    assert note.details is not None and note.details["card"] == "temple-city"
    assert "OW-DEC-28" in note.details["rules"]
    said = narrate(note, c, texts_for("en"), lambda d: "")
    assert "the rite of the Temple city in Aston casts Transmutation at Aston (2 mana, 3 left)" in said
    assert "el rito de Ciudad templo en Aston lanza Transmutación" in narrate(
        note, c, texts_for("es"), lambda d: ""
    )
    assert "orc" not in [p for p in c.sides if rite in castings(c, p, "collection")]  # the holder's only


def test_OW_DEC_28_a_rite_is_refused_to_a_player_who_does_not_hold_the_card(small: Small) -> None:
    """OW-MAGIC-4, OW-DEC-28: the rite is its holder's; another player, a card without that rite, or too
    little mana are refused before anything changes."""
    c = carded(small, a="temple-city", c="mountain-pass")
    clear(c)
    c.purses["orc"].mana = 9
    assert "not from Aston" in refused(
        c, lambda: check_cast(c, "orc", Cast("a", None, "transmute", "a"), "collection")
    )
    assert "has no rite of Fireball" in refused(
        c, lambda: check_cast(c, "dw", Cast("a", None, "fireball", "b"), "combat")
    )
    c.purses["dw"].mana = 1
    assert "costs 2 mana; you have 1" in refused(
        c, lambda: check_cast(c, "dw", Cast("a", None, "transmute", "a"), "collection")
    )


def test_OW_DEC_28_a_mountain_passs_holder_closes_it_with_an_earthquake(small: Small) -> None:
    """OW-DEC-28: the holder of a mountain pass pays 2 mana in the movement phase: the pass costs 2 more
    to enter this turn (it cost 3 - 2 = 1 to a plain unit; now 3)."""
    c = carded(small, c="mountain-pass")
    clear(c)
    c.control["c"] = "dw"
    c.purses["dw"].mana = 2
    orcs = c.unit("orc-warriors")
    assert mod.entry_cost(c, orcs, "c", "orc") == 1
    drive(cast(c, "dw", Cast("c", None, "earthquake", "c"), "movement"))
    assert mod.entry_cost(c, orcs, "c", "orc") == 3 and c.purses["dw"].mana == 0


def test_OW_DEC_28_the_collection_offers_the_rite_and_a_general_casts_it(small: Small) -> None:
    """OW-DEC-28, OW-DEC-26: the collection asks the holder of a temple city for its spells though he
    has no magic unit; the hard general casts the rite when it is short of gold."""
    c = carded(small, a="temple-city")
    clear(c)
    c.add("dw", "a", "dwarf-warriors", 1)
    c.purses["dw"].mana, c.purses["dw"].gold = 4, 0
    hard = make_player("hard", "dw", 1)
    asked = drive(collection(c), lambda d: hard.decide(c, d) if d.side == "dw" else cmd.Pass())
    assert asked and asked[0].kind == "ow_cast" and asked[0].side == "dw"
    assert c.purses["dw"].gold >= 3 + 2  # its income (2) and the rite's 3


def test_OW_DEC_28_a_rite_names_a_strategic_spell_that_exists() -> None:
    """OW-DEC-28: a card's rite of a combat spell, of an unknown spell, at no price, or a spell named by
    another characteristic, is refused naming the key."""
    rules = load_rules()
    card = rules.cards["temple-city"]
    for trait, message in (
        ({"kind": "rite", "spell": "fireball", "amount": 2}, "a rite is a strategic spell"),
        ({"kind": "rite", "spell": "nothing", "amount": 2}, "no spell 'nothing'"),
        ({"kind": "rite", "spell": "transmute", "amount": 0}, "of 0 does nothing"),
        ({"kind": "attack", "spell": "transmute", "amount": 1}, "only a rite names a spell"),
    ):
        t = build(type(card.traits[0]), trait, "")
        bad = type(card)(card.id, card.name, card.type, [t], card.gold, card.mana)
        with pytest.raises(ContentError, match=message):
            check_card(bad, rules.spells, Layered({}, Path("cards.toml")), ("cards", 2))
