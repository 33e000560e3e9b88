"""What the players call a battle's units, officers and divisions, in their language. The ids stay what
commands, scripts, replays and events use; these are the words the screens and the log show for them.

A scenario may give each a name (historical ones: `name` of a unit or division, `officer` of a
division, `staff.name`, and `[locale.<language>]` translations, docs/scenarios.md). What it leaves out
is made from the unit's place in the army, in the locale's words (`name_...` in ui.toml): a brigade by
its number among those of its arm in its division and by that division ("2nd Line Brigade, 1st
Division"), a division by its number among the side's infantry or cavalry divisions, a general by his
division, the estado mayor by its side. Each has a short form too, for the table and the order strip."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from game.content.locale import Names
from game.content.mod_words import mod_locales
from game.model.grammar import Name, said_name
from game.model.words import slug

if TYPE_CHECKING:
    from game.content.locale import Texts
    from game.content.mods import Mod
    from game.content.scenario import ScenarioFile
    from game.model.ruleset import Ruleset
    from game.running.script import ScriptFile

# a position's sides (a scripted battle's, a puzzle's), in the order of their ids: the words a new
# battle of the editor calls its sides by
POSITION_SIDES = ("editor_first_side_blue", "editor_first_side_red")


class Played(Protocol):
    """A game as `named` reads it: a running Match (not imported: the match names its refusals by it)."""

    @property
    def scenario(self) -> object: ...

    @property
    def rules(self) -> Ruleset: ...


SHORT = 24  # characters of a short name at most (the table's labels)


def ordinal(n: int, language: str = "en") -> str:
    """An ordinal number as the texts' {nth} takes it: 1st, 2nd, 3rd, 11th, 22nd; in Spanish 1.ª, as the
    RAE writes it (the brigades, batteries and divisions it numbers are feminine words)."""
    if language == "es":
        return f"{n}.ª"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _shortened(name: str) -> str:
    """A given name as the table shows it: without what it adds in brackets, at most SHORT characters,
    with its grammar."""
    head = name.split(" (", 1)[0].strip() or name
    short = head if len(head) <= SHORT else head[: SHORT - 1].rstrip() + "…"
    return Name(short, name.grammar) if isinstance(name, Name) else short


def _said(t: Texts, key: str, fallback: str, **values: object) -> str:
    return t(key, **values) if t.has(key) else t(fallback, **values)


def _made(t: Texts, kind: str, key: str, tag: str = "", **values: object) -> Name:
    """A name the locale makes (`name_...`), with the grammar its kind and words give it, or `tag`."""
    text = t(key, **values)
    return said_name(text, tag, kind, t.language)


def _category(t: Texts, rules: Ruleset, code: str) -> str:
    """A category's name in the language of `t`: its word there (a mod's own, in its ui.toml), else its
    file's name."""
    key = f"category_{slug(code)}"
    if t.has(key):
        return t(key)
    return rules.categories[code].name if code in rules.categories else code


def battle_names(spec: ScenarioFile, rules: Ruleset, t: Texts) -> Names:
    """The names of a scenario's units, officers and divisions in the language of `t` (its armies built:
    a points army's divisions are named like any other)."""
    words = spec.words(t.language)
    full: dict[str, str] = {}
    short: dict[str, str] = {}
    divisions: dict[str, str] = {}
    divisions_short: dict[str, str] = {}
    for side in spec.sides:
        side_name = words.sides.get(side.id, side.id)
        staff = f"{side.id}-staff"
        given = words.officers.get(staff, "")
        full[staff] = given or _made(t, "officer", "name_staff", side=side_name)
        short[staff] = _shortened(given) if given else _made(t, "officer", "short_staff", side=side_name)
        counted: dict[bool, int] = {}
        for dv in side.divisions:
            known = rules.categories
            cavalry = all(u.category in known and known[u.category].type == "cavalry" for u in dv.units)
            counted[cavalry] = n = counted.get(cavalry, 0) + 1
            which = "_cavalry" if cavalry else ""
            given = words.divisions.get(dv.id, "")
            nth = ordinal(n, t.language)
            division = given or _made(t, "division", f"name_division{which}", nth=nth)
            division_short = (
                _shortened(given) if given else _made(t, "division", f"short_division{which}", nth=nth)
            )
            divisions[dv.id], divisions_short[dv.id] = division, division_short
            general = words.officers.get(dv.id, "")
            full[dv.id] = general or _made(t, "officer", "name_general", division=division)
            short[dv.id] = (
                _shortened(general)
                if general
                else _made(t, "officer", "short_general", division=division_short)
            )
            arms: dict[str, int] = {}
            for u in dv.units:
                arms[u.category] = k = arms.get(u.category, 0) + 1
                given = words.units.get(u.id, "")
                if given:
                    full[u.id], short[u.id] = given, _shortened(given)
                    continue
                code = slug(u.category)
                category = _category(t, rules, u.category)
                values = {"nth": ordinal(k, t.language), "category": category, "code": u.category}
                unit = _said(t, f"name_unit_{code}", "name_unit", **values)
                # the words of the unit type may give its brigades' grammar ("pl": "2nd Landwehr")
                tag = t(f"grammar_unit_{code}") if t.has(f"grammar_unit_{code}") else ""
                full[u.id] = _made(t, "unit", "name_in_division", tag, unit=unit, division=division)
                brief = _said(t, f"short_unit_{code}", "short_unit", **values)
                short[u.id] = _made(t, "unit", "short_in_division", tag, unit=brief, division=division_short)
    return Names(full, short, divisions, divisions_short, dict(words.sides))


def named(t: Texts, m: Played) -> Texts:
    """The words of `t` with the names of the match's battle (a game of another mode has none)."""
    from game.content.scenario import Scenario

    if not isinstance(m.scenario, Scenario):
        return t
    t = t.with_words(mod_locales(m.rules.loaded_mods))  # the mods' words for what they add
    return t.with_names(battle_names(m.scenario.spec, m.rules, t))


def position_names(spec: ScriptFile, rules: Ruleset, t: Texts) -> Names:
    """The names of a position's units, officers, divisions and sides (a scripted battle's or a puzzle's,
    whose files give ids only) in the language of `t`: in English, the file's own language, its ids, as
    its steps call them; in another, made as a battle's are from arm and division (its ids are English
    words: "guns", "cuirassiers"), its sides the blue and the red army."""
    from game.content.scenario import DivisionSpec, ScenarioFile, SideSpec, UnitSpec

    if t.language == "en":
        return Names()
    order = sorted({o.side for o in spec.officers} | {u.side for u in spec.units})
    counted: dict[bool, int] = {}  # divisions numbered across both sides: no two are called alike

    def division(officer: str) -> DivisionSpec:
        units = [UnitSpec(u.id, u.category, u.quality) for u in spec.units if u.division == officer]
        known = rules.categories
        cavalry = bool(units) and all(
            u.category in known and known[u.category].type == "cavalry" for u in units
        )
        counted[cavalry] = n = counted.get(cavalry, 0) + 1
        name = t("name_division_cavalry" if cavalry else "name_division", nth=ordinal(n, t.language))
        return DivisionSpec(id=officer, units=units, name=name)

    sides = [
        SideSpec(
            id=side,
            name=t(POSITION_SIDES[i % len(POSITION_SIDES)]),
            edge="south",
            divisions=[division(o.id) for o in spec.officers if o.side == side and o.role == "division"],
        )
        for i, side in enumerate(order)
    ]
    made = battle_names(ScenarioFile(id="position", name="", table=spec.table, sides=sides), rules, t)
    staff = {o.id: f"{o.side}-staff" for o in spec.officers if o.role == "staff"}
    full = {**made.full, **{o: made.full[s] for o, s in staff.items()}}
    short = {**made.short, **{o: made.short[s] for o, s in staff.items()}}
    return Names(full, short, made.divisions, made.divisions_short, made.sides)


def story_names(
    path: Path, t: Texts, mods: Sequence[Mod] = (), loader: Callable[[Path], ScriptFile] | None = None
) -> tuple[Texts, dict[str, str]]:
    """The words of `t` with the names of a scripted battle's (or, by its `loader`, a puzzle's) units,
    officers and divisions, and the names of its sides (position_names)."""
    from game.running import script

    spec = (loader or script.load)(path)
    names = position_names(spec, script.ruleset_of(path, spec, None, mods), t)
    return t.with_names(names), dict(names.sides)
