"""Open Wars events in the player's language: each note of the rules is told from its details (the
rules' own English text is the fallback), each attack with its dice, each roll-off with its die."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.content.locale import Texts
from game.model.events import Event, Note
from systems.open_wars.state import Campaign
from systems.open_wars.turn import score


def narrate(e: Event, c: Campaign, t: Texts, describe: Callable[[Mapping[str, Any]], str]) -> str:
    """An event in the words of `t`; what Open Wars has no words of its own for is told by `describe`
    (For Glory's narrator, handed in by whoever shows the log)."""
    d = e.to_dict()
    if d["kind"] == "roll" and d.get("check") == "attack":
        player, unit = d["unit"].split(":", 1)
        kind = c.unit(unit)
        dice = " ".join(str(x) for x in d["dice"])
        return t(plural("ow_attack_roll", d["total"]), side=side_name(c, t, player),
                 tokens=tokens(c, t, unit, len(d["dice"])),
                 dice=dice, attack=kind.attack, hits=d["total"], rule=d["rule"])  # fmt: skip
    if d["kind"] == "roll":
        return t("ow_roll_off", side=side_name(c, t, d["side"]), die=d["die"], rule=d["rule"])
    if d["kind"] == "phase":
        return f"--- {t('ow_turn', round=d['round'])}: {t('ow_phase_' + d['phase'])} ({d['rule']}) ---"
    told = NOTES.get(d.get("rule", "")) if d["kind"] == "note" else None
    if told is None:
        return describe(d)
    try:
        return told(d.get("details") or {}, c, t) + f" ({d['rule']})"
    except (KeyError, TypeError, ValueError):  # a note without the details it is told from
        return describe(d)


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


def score_label(line: str, t: Texts) -> str:
    """A score line ("OW-DEC-6 army", turn.score) by its rule and a short word: "OW-DEC-6 ejército"."""
    rule, what = line.split()
    return f"{rule} {t('ow_score_short_' + what)}"


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


Told = Callable[[dict[str, Any], Campaign, Texts], str]

NOTES: dict[str, Told] = {
    "OW-TURN-2": lambda x, c, t: t(
        "ow_n_first",
        side=side_name(c, t, x["order"][0]),
        mine=x["value"][x["order"][0]],
        theirs=x["value"][x["order"][1]],
    ),
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
        price=c.unit(x["unit"]).cost * x["count"],
    ),
    "OW-MOVE-1": lambda x, c, t: t(
        plural("ow_n_march", x["count"]),
        side=side_name(c, t, x["player"]),
        tokens=tokens(c, t, x["unit"], x["count"]),
        path=" > ".join(place_name(c, t, p) for p in x["path"]),
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
        plural("ow_n_retreat", x["count"]),
        side=side_name(c, t, x["player"]),
        tokens=tokens(c, t, x["unit"], x["count"]),
        location=place_name(c, t, x["to"]),
    ),
    "OW-DEC-7": lambda x, c, t: t("ow_n_stop", location=place_name(c, t, x["location"]), round=x["round"]),
    "OW-DEC-6": lambda x, c, t: t("ow_n_end", why=end_words(x, c, t)),
}
