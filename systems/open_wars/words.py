"""Open Wars events in the player's language: each note of the rules is told from its details (the
rules' own English text is the fallback), each attack with its dice, each roll-off with its die."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.content.locale import ModeWords, Names, Texts
from game.model import commands as cmd
from game.model.events import Event, Note
from game.model.resolution import Reject
from systems.open_wars.combat import FallBack, TakeHit, rolled_on
from systems.open_wars.magic import Cast
from systems.open_wars.moves import March, Recruit
from systems.open_wars.records import OpenWarsRules, Trait
from systems.open_wars.state import Campaign
from systems.open_wars.turn import score
from systems.open_wars.volley import Shoot


def narrate(e: Event, c: Campaign, t: Texts, describe: Callable[[Mapping[str, Any], Texts], str]) -> str:
    """An event in the words of `t`; what Open Wars has no words of its own for (a refusal) is told by
    `describe` (For Glory's narrator, handed in by whoever shows the log) in those words, with the
    names a refusal records said in them."""
    d = e.to_dict()
    if d["kind"] == "roll":
        told = ROLLS.get(d.get("check", ""))
        return told(d, c, t) if told is not None else describe(d, recorded(c, t))
    if d["kind"] == "phase":
        return f"--- {t('ow_turn', round=d['round'])}: {t('ow_phase_' + d['phase'])} ({d['rule']}) ---"
    details = d.get("details") or {}
    told = NOTES.get(details.get("say") or d.get("rule", "")) if d["kind"] == "note" else None
    if told is None:
        return describe(d, recorded(c, t))
    try:
        return told(details, c, t) + f" ({d['rule']})"
    except (KeyError, TypeError, ValueError):  # a note without the details it is told from
        return describe(d, recorded(c, t))


RECRUIT = "OW-RECRUIT-1"


def joined(before: Event, e: Event) -> bool:
    """Does `e` recruit more of what `before` recruited: one player's tokens of one unit in one place,
    one after the other? The chronicle tells them in one line (a token is bought a click at a time,
    and four players' purchases ran a line each)."""
    if not (isinstance(before, Note) and isinstance(e, Note)) or before.rule != RECRUIT or e.rule != RECRUIT:
        return False
    a, b = before.details or {}, e.details or {}
    return "count" in a and "count" in b and all(a.get(k) == b.get(k) for k in ("player", "unit", "location"))


def told_together(
    group: Sequence[Event], c: Campaign, t: Texts, describe: Callable[[Mapping[str, Any], Texts], str]
) -> str:
    """The events of one chronicle line (`joined` makes them): most are one; several recruits are told
    as one, their tokens and gold added up."""
    if len(group) == 1:
        return narrate(group[0], c, t, describe)
    told = [g.details or {} for g in group if isinstance(g, Note)]
    first = told[0]
    count = sum(d["count"] for d in told)
    price = sum(d.get("price", c.unit(d["unit"]).cost * d["count"]) for d in told)
    return NOTES[RECRUIT]({**first, "count": count, "price": price}, c, t) + f" ({RECRUIT})"


def chronicle(
    events: Sequence[Event], c: Campaign, t: Texts, describe: Callable[[Mapping[str, Any], Texts], str]
) -> list[str]:
    """A game's log as the screen's chronicle tells it (game/ui/open_wars/view.py): a line an event,
    but a run of recruits of one unit in one place in one line (`joined`, `told_together`)."""
    groups: list[list[Event]] = []
    for e in events:
        if groups and joined(groups[-1][-1], e):
            groups[-1].append(e)
        else:
            groups.append([e])
    return [told_together(g, c, t, describe) for g in groups]


def recorded(c: Campaign, t: Texts) -> Texts:
    """The words of `t` with the names a refusal records (the English names of units, locations,
    spells and factions, game/running/log_texts.py reads them back) said in its language, the players
    by their names, and Open Wars' own words where it has them (its orders: `ow_log_order_...`)."""
    full = {english: said for names in _english_names(c, t).values() for english, said in names.items()}
    sides = {p.id: side_name(c, t, p.id) for p in c.map.spec.players}
    return ModeWords(t.with_names(Names(full=full, sides=sides)), c.stack.mode.base.prefix)


def _dice_roll(d: dict[str, Any], c: Campaign, t: Texts) -> str:
    """An attack, a shot or a spell's dice: who rolled what, hitting on what, against whom."""
    player, unit = d["unit"].split(":", 1)
    value = rolled_on(d.get("read")) or c.unit(unit).attack
    names = {"side": side_name(c, t, player), "count": len(d["dice"]), "unit": unit_name(c, t, unit),
             "tokens": tokens(c, t, unit, len(d["dice"])),
             "dice": " ".join(str(x) for x in d["dice"]), "attack": value, "hits": d["total"],
             "rule": d["rule"],
             "target": side_name(c, t, d["target"]) if d.get("target") else ""}  # fmt: skip
    key = {"attack": "ow_attack_roll", "shot": "ow_shot_roll", "spell": "ow_spell_roll"}[d["check"]]
    if d["check"] == "attack" and d.get("target"):
        key = "ow_attack_at_roll"
    return t(plural(key, d["total"]), **names)


def _attack_mods(x: dict[str, Any], c: Campaign, t: Texts) -> str:
    """OW-DEC-23: what changed the die a unit hits on, each with its value and rule."""
    said = ", ".join(f"{m['value']:+d} {t('ow_mod_' + m['label'])} ({m['rule']})" for m in x["modifiers"])
    return t("ow_n_attack_mods", unit=unit_name(c, t, x["unit"]), base=x["base"], value=x["value"], mods=said)


def _armour_roll(d: dict[str, Any], c: Campaign, t: Texts) -> str:
    player, unit = d["unit"].split(":", 1)
    return t("ow_armour_roll", side=side_name(c, t, player), unit=unit_name(c, t, unit), die=d["die"],
             outcome=t("ow_" + d["outcome"]), rule=d["rule"])  # fmt: skip


def _return_roll(d: dict[str, Any], c: Campaign, t: Texts) -> str:
    player, unit = d["unit"].split(":", 1)
    key = plural("ow_return_roll", d["total"])  # "1 succeeds", "2 succeed"
    return t(key, side=side_name(c, t, player), tokens=tokens(c, t, unit, len(d["dice"])),
             dice=" ".join(str(x) for x in d["dice"]), risen=d["total"], rule=d["rule"])  # fmt: skip


ROLLS: dict[str, Callable[[dict[str, Any], Campaign, Texts], str]] = {
    "attack": _dice_roll,
    "shot": _dice_roll,
    "spell": _dice_roll,
    "armour": _armour_roll,
    "return": _return_roll,
    "roll-off": lambda d, c, t: t(
        "ow_roll_off", side=side_name(c, t, d["side"]), die=d["die"], rule=d["rule"]
    ),
}


def end_words(details: dict[str, Any], c: Campaign, t: Texts) -> str:
    """OW-DEC-6: why the game ended, in the player's words."""
    player = details.get("player")
    return t(
        "ow_end_" + details["why"], side=side_name(c, t, player) if player else "", limit=details["limit"]
    )


def ending(c: Campaign, t: Texts) -> str:
    """Why the game ended (OW-DEC-6's note) in the player's words; "" while it goes on."""
    end = next((e for e in reversed(c.events) if isinstance(e, Note) and e.rule == "OW-DEC-6"), None)
    return end_words(end.details, c, t) if end is not None and end.details else ""


def result_words(c: Campaign, t: Texts) -> tuple[str, str, dict[str, str], dict[str, str]]:
    """Who won, why the game ended, each player's name and each score line's label, in the player's
    words (`simulate`)."""
    names = dict(c.map.spec.words(t.language).players)
    winner = c.game.winner if c.game is not None else None
    who = t("ow_won", side=names.get(winner, winner)) if winner else t("ow_drawn")
    lines = {line: score_label(line, t) for p in c.sides for line in score(c)[p].lines}
    return who, ending(c, t), names, lines


def game_words(c: Campaign, t: Texts) -> str:
    """What the game is and how it is won (OW-INTRO-1, OW-INTRO-2, OW-OBJ-1, OW-OBJ-2), with this game's
    own numbers: the F1 help's first paragraph, for a player who has never read the rules."""
    n, limit = c.rules.numbers, c.game.max_rounds if c.game is not None else c.map.spec.max_rounds
    lead = len(c.sides) >= 3 and n.lead_share > 0  # OW-DEC-29 ends only games begun with three or more
    return t(
        "ow_help_game",
        limit=limit,
        lead=t("ow_help_lead", share=n.lead_share, start=n.lead_from) if lead else "",
    )


def score_label(line: str, t: Texts) -> str:
    """A score line ("OW-DEC-6 army", turn.score) by its rule and a short word: "OW-DEC-6 ejército"."""
    rule, what = line.split()
    return f"{rule} {t('ow_score_short_' + what)}"


def refusal_words(c: Campaign, r: Reject, t: Texts) -> str:
    """A refusal of Open Wars' rules in the words of `t`: the rules give it the English names of the
    units, locations, spells and factions it names, said here as the player's language calls them."""
    if r.key is None:
        return r.said(t)
    english = _english_names(c, t)
    values = {k: english.get(k, {}).get(v, v) if isinstance(v, str) else v for k, v in r.values.items()}
    return Reject(r.rule, r.reason, r.key, values).said(t)


def _english_names(c: Campaign, t: Texts) -> dict[str, dict[str, str]]:
    """By the kind of value a refusal names: the English names the rules give it -> its names in `t`."""
    return {
        "unit": {u.name: unit_name(c, t, u.id) for u in c.rules.units.values()},
        "location": {loc.name: place_name(c, t, loc.id) for loc in c.map.spec.locations},
        "spell": {s.name: spell_name(c, t, s.id) for s in c.rules.spells.values()},
        "faction": {f.name: c.rules.faction_name(f.id, t.language) for f in c.rules.factions.values()},
    }


def side_name(c: Campaign, t: Texts, player: str) -> str:
    """A player's name as the map says it in the player's language (events keep the id)."""
    return c.map.spec.words(t.language).players.get(player, player)


def unit_name(c: Campaign, t: Texts, unit: str) -> str:
    """A unit's name in the player's language (the factions file's words)."""
    return c.rules.unit_name(unit, t.language)


def tokens(c: Campaign, t: Texts, unit: str, count: int) -> str:
    """A count of one kind of unit, "1 token of Wolf riders", "3 tokens of Wolf riders": the tokens'
    noun agrees with the count whatever the unit's name (a plural "Wolf riders", a singular "Troll")."""
    return t(plural("ow_tokens", count), count=count, unit=unit_name(c, t, unit))


def plural(key: str, count: int) -> str:
    """`key`_one for one, `key`_many otherwise."""
    return f"{key}_one" if count == 1 else f"{key}_many"


def place_name(c: Campaign, t: Texts, loc: str) -> str:
    """A location's name as the map says it in the player's language."""
    return c.map.spec.words(t.language).locations[loc]


def spell_name(c: Campaign, t: Texts, spell: str) -> str:
    return c.rules.spell_name(spell, t.language)


def march_words(c: Campaign, t: Texts, unit: str, count: int, path: Sequence[str]) -> str:
    """Tokens of a stack marching a path, from where they stand: "2 tokens of Orcs march Ford > Keep"."""
    way = " > ".join(place_name(c, t, p) for p in path)
    return t(plural("ow_order_march", count), tokens=tokens(c, t, unit, count), path=way)


def retreat_words(c: Campaign, t: Texts, unit: str, count: int, to: str) -> str:
    """Tokens of a stack falling back from a fight to a neighbouring location (OW-COMBAT-10)."""
    where = place_name(c, t, to)
    return t(plural("ow_order_retreat", count), tokens=tokens(c, t, unit, count), location=where)


def cast_words(c: Campaign, t: Texts, unit: str | None, location: str, spell: str, target: str) -> str:
    """Which spell by whom (a magic unit, or the rite of a location's card, no unit: OW-DEC-28), from
    where, on what location."""
    card = c.card(location) if not unit else None
    if card is not None or unit is None:
        name = c.rules.card_name(card.id, t.language) if card is not None else ""
        return t(
            "ow_order_rite",
            card=name,
            location=place_name(c, t, location),
            spell=spell_name(c, t, spell),
            target=place_name(c, t, target),
        )
    return t(
        "ow_order_cast",
        unit=unit_name(c, t, unit),
        location=place_name(c, t, location),
        spell=spell_name(c, t, spell),
        target=place_name(c, t, target),
    )


def order_words(c: Campaign, a: cmd.Command, t: Texts) -> str | None:
    """One of Open Wars' commands as what was ordered, in the words of the log's line of what was done
    where it has one (a general's reasons); None for a command that is not Open Wars' own."""
    if isinstance(a, March):
        return march_words(c, t, a.unit, a.count, a.path)
    if isinstance(a, FallBack):
        return retreat_words(c, t, a.unit, a.count, a.to)
    if isinstance(a, Recruit):
        where = place_name(c, t, a.location)
        return t("ow_order_recruit", tokens=tokens(c, t, a.unit, a.count), location=where)
    if isinstance(a, TakeHit):
        return t("ow_order_hit", unit=unit_name(c, t, a.unit), location=place_name(c, t, a.location))
    if isinstance(a, Cast):
        said = cast_words(c, t, a.unit, a.location, a.spell, a.target)
    elif isinstance(a, Shoot):
        shooter, target = unit_name(c, t, a.unit), place_name(c, t, a.target)
        said = t("ow_order_shoot", unit=shooter, location=place_name(c, t, a.location), target=target)
    else:
        return None
    # a cast or a shot that names the enemy it falls on (else the strongest there, OW-DEC-22)
    return t("ow_order_at", order=said, side=side_name(c, t, a.player)) if a.player else said


def card_words(rules: OpenWarsRules, card_id: str, t: Texts) -> str:
    """OW-LOC-7 (OW-DEC-20, OW-DEC-28): what a special card does, in the player's words: each
    characteristic, then what it yields beyond the location's own, joined ("its holder's tokens are hit
    on 1 less there; +1 gold a turn")."""
    card = rules.cards[card_id]
    said = [trait_words(rules, tr, t) for tr in card.traits]
    said += [t("ow_card_gold", amount=card.gold)] if card.gold else []
    said += [t("ow_card_mana", amount=card.mana)] if card.mana else []
    return "; ".join(said)


ALL_TYPES = ("water", "mountain", "forest", "plain", "desert", "city", "magic", "flying")


def trait_words(rules: OpenWarsRules, tr: Trait, t: Texts) -> str:
    """One characteristic of a card: its effect on the units it names (OW-LOC-7)."""
    if tr.kind == "no_spells":
        return t("ow_trait_no_spells")
    if tr.kind == "rite":
        return t("ow_trait_rite", spell=rules.spell_name(tr.spell, t.language), amount=tr.amount)
    if tr.kind == "recruit":
        return t("ow_trait_recruit", units=units_words(tr, t), amount=tr.amount)
    way = "" if tr.kind in ("defence", "range") else "_up" if tr.amount > 0 else "_down"
    return t(f"ow_trait_{tr.kind}{way}", units=units_words(tr, t), amount=abs(tr.amount))


def units_words(tr: Trait, t: Texts) -> str:
    """Whose tokens a characteristic touches: everyone's, its holder's or the others', of every type, of
    the types it names, or of every type but a few."""
    if not tr.types:
        return t(f"ow_units_{tr.who}")
    missing = [x for x in ALL_TYPES if x not in tr.types]
    if len(missing) < len(tr.types):
        return t(f"ow_units_{tr.who}_but", types=listed([t("ow_type_" + x) for x in missing], t))
    return t(f"ow_units_{tr.who}_of", types=listed([t("ow_type_" + x) for x in tr.types], t))


def listed(words: Sequence[str], t: Texts) -> str:
    """Words in a list, the last two joined by the language's "and"."""
    if len(words) < 2:
        return "".join(words)
    return t("ow_list_and", first=", ".join(words[:-1]), last=words[-1])


def _order(x: dict[str, Any], c: Campaign, t: Texts) -> str:
    """OW-TURN-2: who plays first (two players), or the whole order with each army's value."""
    order, value = x["order"], x["value"]
    if len(order) == 2:
        return t("ow_n_first", side=side_name(c, t, order[0]), mine=value[order[0]], theirs=value[order[1]])
    return t("ow_n_order", order=", ".join(f"{side_name(c, t, p)} ({value[p]})" for p in order))


def _upkeep(x: dict[str, Any], c: Campaign, t: Texts) -> str:
    gone = [t("ow_n_unpaid", tokens=tokens(c, t, u, n)) for u, n in x["lost"].items()]
    return t("ow_n_upkeep", side=side_name(c, t, x["player"]), paid=x["paid"], mana=x["mana"]) + "".join(
        "; " + g for g in gone
    )


Told = Callable[[dict[str, Any], Campaign, Texts], str]

NOTES: dict[str, Told] = {
    "OW-TURN-2": _order,
    "OW-TURN-5": lambda x, c, t: t(
        "ow_n_collect",
        side=side_name(c, t, x["player"]),
        gold=x["got"][0],
        mana=x["got"][1],
        total_gold=x["gold"],
        total_mana=x["mana"],
    ),
    "OW-RECRUIT-1": lambda x, c, t: t(
        "ow_n_recruit",
        side=side_name(c, t, x["player"]),
        tokens=tokens(c, t, x["unit"], x["count"]),
        location=place_name(c, t, x["location"]),
        price=x.get("price", c.unit(x["unit"]).cost * x["count"]),
    ),
    "OW-MOVE-1": lambda x, c, t: t(
        "ow_n_march",
        side=side_name(c, t, x["player"]),
        march=march_words(c, t, x["unit"], x["count"], x["path"]),
        movement=x["movement"],
    ),
    "OW-DEC-5": lambda x, c, t: t(
        "ow_n_take", side=side_name(c, t, x["player"]), location=place_name(c, t, x["location"])
    ),
    "OW-COMBAT-3": lambda x, c, t: t(
        "ow_n_round", location=place_name(c, t, x["location"]), round=x["round"]
    ),
    "OW-COMBAT-6": lambda x, c, t: t(
        "ow_n_loss",
        side=side_name(c, t, x["player"]),
        tokens=tokens(c, t, x["unit"], x["lost"]),
        location=place_name(c, t, x["location"]),
    ),
    "OW-COMBAT-10": lambda x, c, t: t(
        "ow_n_retreat",
        side=side_name(c, t, x["player"]),
        retreat=retreat_words(c, t, x["unit"], x["count"], x["to"]),
    ),
    "OW-DEC-7": lambda x, c, t: t("ow_n_stop", location=place_name(c, t, x["location"]), round=x["round"]),
    "OW-DEC-6": lambda x, c, t: t("ow_n_end", why=end_words(x, c, t)),
    "OW-DEC-22": lambda x, c, t: t(
        "ow_n_out_conceded" if x.get("why") == "conceded" else "ow_n_out", side=side_name(c, t, x["player"])
    ),
    "OW-DEC-30": lambda x, c, t: t("ow_n_concede", side=side_name(c, t, x["player"])),
    "sweep": lambda x, c, t: t("ow_n_sweep", side=side_name(c, t, x["player"])),
    "militia": lambda x, c, t: t(
        "ow_n_militia",
        side=side_name(c, t, x["player"]),
        tokens=tokens(c, t, x["unit"], x["count"]),
        location=place_name(c, t, x["location"]),
    ),
    "OW-MAGIC-4": lambda x, c, t: t(
        "ow_n_cast",
        side=side_name(c, t, x["player"]),
        cast=cast_words(c, t, x["unit"], x["location"], x["spell"], x["target"]),
        cost=x["cost"],
        mana=x["mana"],
    ),
    "drain": lambda x, c, t: t(
        "ow_n_drain", side=side_name(c, t, x["player"]), mana=x["drained"], victim=side_name(c, t, x["from"])
    ),
    "summon": lambda x, c, t: t(
        "ow_n_summon",
        side=side_name(c, t, x["player"]),
        tokens=tokens(c, t, x["summon"], x["summoned"]),
        location=place_name(c, t, x["target"]),
    ),
    "channel": lambda x, c, t: t(
        "ow_n_channel", side=side_name(c, t, x["player"]), mana=x["mana"], total=x["total"]
    ),
    "upkeep": _upkeep,
    "attack_mods": _attack_mods,
    "risen": lambda x, c, t: t(
        "ow_n_risen",
        side=side_name(c, t, x["player"]),
        tokens=tokens(c, t, x["unit"], x["count"]),
        location=place_name(c, t, x["location"]),
    ),
}
