"""The campaign in the player's words: its places, sides, armies, brigades and officers by name in the
language of the texts given (the campaign file's own words and its [locale.<language>]), and each of
its events as a line of the war's log (`log_note_<say>` of content/modules/campaign/locale/*/
narration.toml; the rules' own English text when a note has no words)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.content.locale import Names, Texts
from game.model.events import Event
from game.model.grammar import Name, capitalised, said_name
from game.model.words import counted, percent, slug
from systems.campaign.state import War

MONTHS = 12


class Naming:
    """What the war's ids are called in the language of `t`: each a `Name` with the grammar the
    campaign file gives it, else its kind's and first word's (game/model/grammar.py), so that a text
    says "los franceses levantan", "el Cuerpo de Dupont marcha", "los Voluntarios de Valladolid se
    retiran", "Napoleón ha caído" (docs/spanish.md). An army takes the article as a division does."""

    def __init__(self, w: War, t: Texts) -> None:
        self.w, self.t = w, t
        self.words = w.theatre.words(t.language)

    def _name(self, text: str, kind: str) -> Name:
        """A name the file gives as it gives it (with its grammar); one made in play, or an id, with
        its kind's default grammar."""
        return text if isinstance(text, Name) else said_name(text, "", kind, self.t.language)

    def side(self, side: str) -> Name:
        return self._name(self.words.sides.get(side, side), "side")

    def place(self, loc: str) -> Name:
        return self._name(self.words.locations.get(loc, loc), "location")

    def place_text(self, loc: str) -> str:
        """What the file says of a place (its `text`), in this language where it gives one."""
        return self.words.location_texts.get(loc, "")

    def army(self, army: str) -> Name:
        return self._name(self.words.armies.get(army) or self._raised("camp_raised_army", army), "division")

    def category(self, code: str) -> str:
        """A brigade's arm by its name (FG-UNIT): Line infantry, Light cavalry ..."""
        key = f"category_{slug(code)}"
        return self.t(key) if self.t.has(key) else code

    def brigade(self, unit: str) -> Name:
        """A brigade by its name, or one raised in play by its kind and where it was raised, with its
        kind's grammar (not its place's: "Line infantry raised at Burgos withdraws")."""
        named = self.words.units.get(unit)
        if named:
            return self._name(named, "unit")
        b = self.w.roster.get(unit)
        if b is None:
            return self._name(unit, "unit")
        where = next((s.location for s in b.record if s.kind == "raised"), "")
        arm = self.category(b.category)
        said = self.t("camp_raised_brigade", category=arm, place=self.place(where))
        return Name(said, self._name(arm, "unit").grammar)  # its arm's: "Line infantry raised at Burgos is"

    def officer(self, officer: str) -> Name:
        return self._name(self.words.officers.get(officer) or self._raised("camp_raised_general", officer),
                          "officer")  # fmt: skip

    def recorded(self) -> Names:
        """The war's places, armies and brigades by what a refusal records of them (their English names,
        or ids) -> their names in this language: a refusal's words are recorded in English, and read
        back in the player's language (game/running/log_texts.py, `reason_said`)."""
        english = self.w.theatre.words("en")
        full: dict[str, str] = {}
        for loc, name in english.locations.items():
            full[loc] = full[str(name)] = self.place(loc)
        for a in self.w.armies:
            full[a.id] = full[a.name] = self.army(a.id)
        for unit in self.w.roster:
            full[unit] = self.brigade(unit)
        return Names(full=full)

    def _raised(self, key: str, ident: str) -> str:
        return self.t(key, number=ident.removeprefix("raised-")) if ident.startswith("raised-") else ident

    def month(self, year: int, month: int) -> str:
        return self.t("camp_date", month=self.t(f"camp_month_{(month - 1) % MONTHS + 1}"), year=year)

    def value(self, key: str, v: Any) -> object:
        """A note's detail as its words take it: places, armies, sides and brigades by name."""
        if key in ("location", "to", "origin") and isinstance(v, str):
            return self.place(v)
        if key in ("side", "attacker", "defender", "holder", "winner", "player") and isinstance(v, str):
            return self.side(v)
        if key == "army" and isinstance(v, str):
            return self.army(v)
        if key == "officer" and isinstance(v, str):
            return self.officer(v)
        if key in ("locations", "path") and isinstance(v, list):
            joined = ", " if key == "locations" else " > "
            return joined.join(self.place(x) for x in v) or self.t("camp_nothing")
        if key == "edge" and isinstance(v, str):
            return self.t(f"log_edge_{v}") if self.t.has(f"log_edge_{v}") else v
        if key in ("quality", "was") and isinstance(v, str) and self.t.has(f"quality_{slug(v)}"):
            return self.t(f"quality_{slug(v)}")
        if key == "lost" and isinstance(v, dict):
            return ", ".join(f"{self.side(s)} {n}" for s, n in v.items())
        return v


def narrate(w: War, e: Event, t: Texts, describe: Callable[[Mapping[str, Any], Texts], str]) -> str:
    """A war's event in the words of `t`; what the campaign has no words of its own for is told by
    `describe` (For Glory's narrator, handed in by whoever shows the log) in those words, the war's
    names in them (a refusal's army and places)."""
    n = Naming(w, t)
    d = e.to_dict()
    if d["kind"] == "phase":
        return f"--- {t('camp_turn', turn=d['round'])}: {t('camp_phase_' + d['phase'])} ({d['rule']}) ---"
    if d["kind"] == "roll" and t.has(f"log_camp_roll_{d.get('check')}"):
        return _roll(n, d)
    details = dict(d.get("details") or {})
    say = details.pop("say", None) or slug(d.get("rule", ""))
    if say == "camp_battle_over" and details.get("winner") is None:
        say = "camp_battle_drawn"  # told as a draw, not as the holder's victory (CAMP-DEC-13)
    key = f"log_note_{say}"
    if d["kind"] != "note" or not t.has(key):
        return describe(d, t.with_names(n.recorded()))
    values = {k: n.value(k, v) for k, v in details.items()}
    values.update(SPECIAL.get(say, lambda n, x: {})(n, {**details, "unit": d.get("unit")}))
    try:
        return t(key, unit=n.brigade(d["unit"]) if d.get("unit") else "", rule=d["rule"], **values)
    except (KeyError, IndexError, ValueError):
        return describe(d, t.with_names(n.recorded()))


def _roll(n: Naming, d: dict[str, Any]) -> str:
    """A campaign's roll: who rolled, the die, its total and what it meant."""
    t = n.t
    if d["check"] in ("surrender", "storm") and d.get("target"):
        who = n.place(d["target"])
    elif d.get("unit"):
        who = n.brigade(d["unit"])
    else:
        who = n.side(d["side"]) if d.get("side") else n.officer(d.get("officer", ""))
    outcome = f"log_camp_outcome_{slug(d['outcome'])}"
    said = t(outcome) if t.has(outcome) else d["outcome"]
    return t(
        f"log_camp_roll_{d['check']}", who=who, die=d["die"], total=d["total"], outcome=said, rule=d["rule"]
    )


def _battle(n: Naming, x: Mapping[str, Any]) -> dict[str, object]:
    """The battle's ground (its historical battle by name, or the place's type) and the odds."""
    t, ground = n.t, str(x["ground"])
    field = next((sc for sc in n.w.theatre.battlefields.values() if sc.id == ground), None)
    named = field.spec.words(t.language).name if field else t(f"camp_ground_{slug(ground)}")
    return {"ground": named, "chances": chances(t, x.get("odds") or {}, x["attacker"], x["defender"])}


def chances(t: Texts, odds: Mapping[str, Any], attacker: str, defender: str) -> str:
    """The odds told before a battle (CAMP-DEC-24: `Odds.as_details`), each a percentage, as the log
    and the report say them."""
    win = odds.get("win", {})
    return t(
        "camp_odds",
        attacker=percent(win.get(attacker, 0), t),
        draw=percent(odds.get("draw", 0), t),
        defender=percent(win.get(defender, 0), t),
    )


def _recruit(n: Naming, x: Mapping[str, Any]) -> dict[str, object]:
    """A brigade raised, by its arm and the quality of the city's levy (its name, "Line infantry raised
    at Toledo", would say "raised" twice), in running text."""
    levy = n.w.places[x["location"]].levy
    b = n.w.roster.get(str(x["unit"]))
    kind = n.category(b.category) if b is not None else ""
    key = f"quality_{slug(levy)}"
    quality = n.t(key) if n.t.has(key) else levy
    return {"category": kind[:1].lower() + kind[1:], "quality": quality.lower()}


def _event(n: Naming, x: Mapping[str, Any]) -> dict[str, object]:
    words = n.words.events.get(x["event"])
    return {"name": words.name if words else x["event"], "text": words.text if words else ""}


SPECIAL: dict[str, Callable[[Naming, Mapping[str, Any]], dict[str, object]]] = {
    "ow_turn_5": lambda n, x: {"got": x["got"][0]},
    "camp_turn": lambda n, x: {"date": capitalised(n.month(x["year"], x["month"]))},  # it starts the line
    "camp_event": _event,
    "camp_battle": _battle,
    "camp_recruit": _recruit,
    "camp_healed": lambda n, x: {"hits": counted(n.t, "camp_hits", x["hits"])},  # "1 hit", "2 hits"
}
