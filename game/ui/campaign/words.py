"""The campaign's things as its screens say them, in the player's language: an army, a division and a
brigade in a line, each line of a service record (CAMP-DEC-19), a brigade's fate, a turn's date. The
names are the campaign's (systems/campaign/words.py, `Naming`); no pygame here."""

from __future__ import annotations

from collections import Counter

from game.model.words import counted, slug
from systems.campaign.calendar import date, raised
from systems.campaign.forces import Army, Brigade, Division, General, Service
from systems.campaign.words import Naming


def quality(n: Naming, code: str) -> str:
    """A quality by its name (FG-UNIT-21..25): Militia, Veteran ..."""
    key = f"quality_{slug(code)}"
    return n.t(key) if n.t.has(key) else code


def category(n: Naming, code: str) -> str:
    return n.category(code)


def when(n: Naming, turn: int) -> str:
    """A turn's date: "August 1808"."""
    return n.month(*date(n.w, max(1, turn)))


def commander(n: Naming, a: Army) -> str:
    """An army's commander by name (a successor's: the army's successor, FG-OFF-4)."""
    g = a.commander
    if g.replaced:
        return n.t("campaign_successor_of", army=n.army(a.id))
    return n.officer(a.id) if n.words.officers.get(a.id) else g.name or n.army(a.id)


def chip_name(n: Naming, a: Army) -> str:
    """What an army's chip says after its brigades: its commander's last name, with the year the army
    came into the war when another army has the same commander (Wellesley's armies of 1808 and 1809).
    Compared by the file's names: every chip asks it every frame."""
    said = commander(n, a)
    last = said.split()[-1] if said else ""
    g = a.commander
    if g.name and not g.replaced and any(o is not a and o.commander.name == g.name for o in n.w.armies):
        return f"{last} {date(n.w, raised(n.w, a.id))[0]}"
    return last


def general_name(n: Naming, g: General) -> str:
    """A division's general by name, or his successor's place."""
    if g.replaced:
        return n.t("campaign_successor")
    return n.officer(g.id) if n.words.officers.get(g.id) else g.name or n.officer(g.id)


def army_line(n: Naming, a: Army) -> str:
    """ "Dupont's Corps (General Dupont): 9 brigades" """
    return counted(n.t, "campaign_army_line", a.size(), army=n.army(a.id), commander=commander(n, a))


def division_line(n: Naming, d: Division) -> str:
    name = n.words.divisions.get(d.id) or d.name or n.t("campaign_division_raised")
    g = d.general
    return n.t("campaign_division_line", division=name, officer=general_name(n, g), experience=g.experience)


def brigade_line(n: Naming, b: Brigade) -> str:
    """ "Brigade Pannetier: Line infantry, Regular, 1 hit"; "Line infantry raised at Burgos: Militia, 0 hits"
    (a brigade raised in play, whose name says its arm)."""
    raised = not n.words.units.get(b.id) and any(s.kind == "raised" for s in b.record)
    return counted(
        n.t,
        "campaign_brigade_line_raised" if raised else "campaign_brigade_line",
        b.hits,
        unit=n.brigade(b.id),
        category=category(n, b.category),
        quality=quality(n, b.quality),
    )


def fate(n: Naming, why: str, count: int = 1) -> str:
    """How a brigade left the war: destroyed, captured, surrendered, straggled, withdrawn; of `count`
    brigades, said in the plural (Spanish "destruidas")."""
    key = f"campaign_fate_{slug(why)}" if count == 1 else f"campaign_fates_{slug(why)}"
    return n.t(key) if n.t.has(key) else why


def fates(n: Naming, counts: Counter[str]) -> str:
    """How many brigades left the war each way, most first: "4 destroyed, 1 captured"."""
    return ", ".join(n.t("campaign_fate_count", n=k, fate=fate(n, why, k)) for why, k in counts.most_common())


def result(n: Naming, value: str) -> str:
    """A battle's result for a brigade (won, lost, drawn), or a storm that failed."""
    key = f"campaign_result_{slug(value)}"
    return n.t(key) if n.t.has(key) else value


def record_line(n: Naming, s: Service) -> str:
    """One line of a service record: the turn's date, then what happened and where."""
    t = n.t
    place = n.place(s.location) if s.location else ""
    values = {"place": place, "battle": s.battle, "hits": s.hits}
    if s.kind == "battle":
        said = t("campaign_record_battle", result=result(n, s.value), **values)
    elif s.kind == "quality":
        why = t(f"campaign_why_{slug(s.why)}") if t.has(f"campaign_why_{slug(s.why)}") else s.why
        said = t("campaign_record_quality", quality=quality(n, s.value), why=why, **values)
    elif s.kind == "garrison":
        said = t(f"campaign_record_garrison_{slug(s.value)}", **values)
    elif s.kind == "lost":
        said = t("campaign_record_lost", why=fate(n, s.why), **values)
    elif s.kind == "promoted":
        said = t("campaign_record_promoted", experience=s.value, **values)
    else:  # raised, replenished, healed, straggled, killed
        said = t(f"campaign_record_{s.kind}", **values)
    return t("campaign_record_line", date=when(n, s.turn) if s.turn else t("campaign_at_start"), what=said)
