"""What the editor's right panel shows (game/ui/editor/forms.py builds it): for a battle, its options,
its armies (sides, estados mayores, divisions and brigades by the ruleset's categories and
qualities) and the element chosen on the table; for an Open Wars map, its options, its players and
the card chosen. Each element's first problem is said under its heading, in red. The fields of a
card and a player are their records' own (game/editing/fields.py): a field the records gain shows
here by its name, or by the words `editor_field_<name>` when ui.toml has them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from game.content.locale import Texts
from game.content.module_records import module_words
from game.editing import battle as edit
from game.editing import maps
from game.editing.document import Document, Path
from game.editing.elements import remove, set_field
from game.editing.fields import Field, fields_of
from game.editing.problem_words import problem_said
from game.editing.problems import Problem
from game.editing.texts import shown, text, translatable
from game.model.limits import ascii_whole
from game.model.modules import modules_by_mode
from game.model.ruleset import Ruleset, TerrainKind
from game.model.words import counted, slug
from game.ui.editor.forms import Bound, Form
from game.ui.theme import begun
from systems.open_wars.maps import LocationSpec, PlayerSpec
from systems.open_wars.records import OpenWarsRules
from systems.open_wars.words import card_words

ARRIVALS = 12  # rounds offered for a division's arrival (the file takes up to 100)


@dataclass
class Panel:
    """What a panel is built from: the document, its rules, the words, the language names are edited in."""

    doc: Document
    rules: Ruleset
    t: Texts
    language: str
    problems: dict[Path, list[Problem]]
    select: Callable[[Path], None]  # choose an element (its tab, its place on the table)

    def problem(self, element: Path) -> str:
        found = self.problems.get(element)
        return problem_said(self.t, found[0].text, editor=True) if found else ""

    def words(self, path: Path, name: str) -> str:
        return text(self.doc, path, name, self.language)

    def shown(self, path: Path, name: str) -> str:
        """A name as a heading or a choice says it: in the language edited, else the file's own."""
        return shown(self.doc, path, name, self.language)

    def hint(self, path: Path, name: str) -> str:
        """What an empty translation shows: the file's own words."""
        return "" if self.language == "en" else text(self.doc, path, name, "en")

    def named(self, form: Form, label: str, path: Path, name: str, lines: int = 1) -> None:
        form.text(label, path, name, self.language, self.words(path, name), lines, self.hint(path, name))

    def field_label(self, name: str) -> str:
        key = f"editor_field_{name}"
        return self.t(key) if self.t.has(key) else name


# --- a battle -------------------------------------------------------------------------------------


def battle_tab(form: Form, p: Panel) -> None:
    t, doc = p.t, p.doc
    form.heading(t("editor_tab_battle"), p.problem(("id",)) or p.problem(("table",)))
    form.text(t("editor_field_id"), (), "id", "en", str(doc.get(("id",), "")))
    p.named(form, t("editor_field_name"), (), "name")
    p.named(form, t("editor_field_description"), (), "description", lines=4)
    p.named(form, t("editor_field_history"), (), "history", lines=5)
    form.number(t("editor_field_width"), ("table",), 0, doc.get(("table", 0)), "float")
    form.number(t("editor_field_depth"), ("table",), 1, doc.get(("table", 1)), "float")
    form.number(t("editor_field_max_rounds"), (), "max_rounds", doc.get(("max_rounds",)))
    form.problem(p.problem(("max_rounds",)))
    victory_and_scoring(form, p)
    form.heading(t("editor_field_modules"), p.problem(("modules",)))
    chosen = list(doc.get(("modules",)) or [])
    for module in (m for m in modules_by_mode() if m.mode == p.rules.mode and m.id != m.mode):
        on = module.id in chosen

        def toggle(mid: str = module.id, was: bool = on) -> None:
            now = [x for x in chosen if x != mid] if was else [*chosen, mid]
            set_field(doc, (), "modules", now or None)

        form.button(f"{'[x]' if on else '[ ]'} {module_words(module, t.language)[0]}", toggle)
        form.y += form.row


def victory_and_scoring(form: Form, p: Panel) -> None:
    """How the battle ends (FG-VIC-2's count, FG-VIC-4 on or off) and its own points for FG-VIC-5..10,
    each empty for the rulebook's (shown greyed in it)."""
    t, doc = p.t, p.doc
    form.heading(t("editor_victory"), p.problem(("victory",)))
    wide = form.px(250)
    form.number(t("editor_divisions_removed"), ("victory",), "divisions_removed",
                doc.get(("victory", "divisions_removed")), hint="2", wide=wide)  # fmt: skip
    ends = [(t("editor_yes"), None), (t("editor_no"), False)]
    form.label(t("editor_all_objectives"), 0, wide, row=False)
    form.chooser(
        ("victory",), "all_objectives", ends, doc.get(("victory", "all_objectives")), wide, form.px(110)
    )
    form.y += form.row
    form.heading(t("editor_scoring"), p.problem(("scoring",)))
    rules = p.rules.scoring
    for rule, name in SCORING:
        form.number(f"{rule} {t('editor_score_' + name)}", ("scoring",), name, doc.get(("scoring", name)),
                    hint=str(getattr(rules, name)), wide=wide)  # fmt: skip


SCORING = (
    ("FG-VIC-5", "unit_destroyed"),
    ("FG-VIC-6", "division_removed"),
    ("FG-VIC-7", "objective_held"),
    ("FG-VIC-8", "objective_taken"),
    ("FG-VIC-9", "officer_killed"),
    ("FG-VIC-10", "staff_killed"),
)


def armies_tab(form: Form, p: Panel) -> None:
    t, doc, rules = p.t, p.doc, p.rules
    categories = [(said(t, f"category_{slug(code)}", c.name), code) for code, c in rules.categories.items()]
    qualities = [(said(t, f"quality_{slug(code)}", q.name), code) for code, q in rules.qualities.items()]
    experience = [(t("editor_rolled"), None), *((str(n), n) for n in range(1, 7))]
    arrival = [
        (t("editor_rolled"), None),
        (t("editor_on_table"), 0),
        *((t("editor_round", round=n), n) for n in range(1, ARRIVALS + 1)),
    ]
    form.problem(p.problem(("sides",)))  # of both sides at once: two edges alike
    for i, side in enumerate(doc.get(("sides",)) or []):
        at: Path = ("sides", i)
        form.heading(f"{p.shown(at, 'name')} ({side.get('id')})", p.problem(at))
        form.text(t("editor_field_id"), at, "id", "en", str(side.get("id", "")))
        p.named(form, t("editor_field_name"), at, "name")
        edge = t(f"log_edge_{side.get('edge')}") if side.get("edge") in ("south", "north") else "?"
        form.note(t("editor_edge_reinforcements", edge=edge))
        if side.get("edge") != "south":  # the side already there is offered nothing
            form.actions([(t("editor_sit_south"), partial(edit.set_edge, doc, i))])
        p.named(form, t("editor_field_staff"), (*at, "staff"), "name")
        form.choice(
            t("editor_field_experience"),
            (*at, "staff"),
            "experience",
            experience,
            doc.get((*at, "staff", "experience")),
        )
        form.problem(p.problem((*at, "staff")))
        for j, division in enumerate(side.get("divisions") or []):
            dv: Path = (*at, "divisions", j)
            form.heading(f"{p.shown(dv, 'name') or division.get('id')}", p.problem(dv))
            p.named(form, t("editor_field_name"), dv, "name")
            p.named(form, t("editor_field_officer"), dv, "officer")
            form.choice(
                t("editor_field_experience"), dv, "experience", experience, division.get("experience")
            )
            form.choice(t("editor_field_arrival"), dv, "arrival", arrival, division.get("arrival"))
            for k, unit in enumerate(division.get("units") or []):
                _unit_row(form, p, (*dv, "units", k), unit, categories, qualities)
            form.actions(
                [
                    (t("editor_add_unit"), partial(edit.add_unit, doc, dv, *first_unit(rules))),
                    (t("editor_remove_division"), partial(remove, doc, dv)),
                ]
            )
        form.actions([(t("editor_add_division"), partial(_add_division, p, i))])
        form.gap(10)


def said(t: Texts, key: str, fallback: str) -> str:
    """The screen's words for a thing of the rules, or the rules' own name (a mod's category)."""
    return t(key) if t.has(key) else fallback


def terrain_word(t: Texts, kind: TerrainKind) -> str:
    return said(t, f"terrain_{slug(kind.kind)}", kind.name)


def menu_word(t: Texts, kind: TerrainKind) -> str:
    """A terrain kind in the tools' menu, whose list is narrow: a short word of the editor's where the
    kind's own is too long (`editor_kind_<kind>`)."""
    return said(t, f"editor_kind_{slug(kind.kind)}", terrain_word(t, kind))


def _add_division(p: Panel, side: int) -> None:
    p.select(edit.add_division(p.doc, side))


def first_unit(rules: Ruleset) -> tuple[str, str]:
    """A new brigade's category and quality: the ruleset's first of each that it names regular."""
    quality = "R" if "R" in rules.qualities else next(iter(rules.qualities))
    return next(iter(rules.categories)), quality


def _unit_row(
    form: Form,
    p: Panel,
    at: Path,
    unit: dict[str, Any],
    categories: list[tuple[str, Any]],
    qualities: list[tuple[str, Any]],
) -> None:
    """A brigade in two rows: its name (its id while it has none) and x to remove it; its category
    and quality, wide enough for their Spanish words."""
    w = form.width
    form.entry(
        Bound(at, "name", "text", p.language),
        p.words(at, "name"),
        0,
        w - form.px(32),
        placeholder=p.hint(at, "name") or str(unit.get("id")),
    )
    form.button("x", lambda: remove(p.doc, at), w - form.px(28), form.px(28))
    form.y += form.row
    gap = form.px(16)
    half = (w - gap) // 2
    form.chooser(at, "category", categories, unit.get("category"), form.px(12), half)
    form.chooser(at, "quality", qualities, unit.get("quality"), gap + half, w - gap - half)
    form.y += form.row
    form.problem(p.problem(at))


def chosen_tab(form: Form, p: Panel, element: Path | None) -> None:
    """The element chosen on the table: a feature, an objective or a side's zone."""
    t, doc = p.t, p.doc
    found = doc.get(element) if element is not None else None
    if element is None or not isinstance(found, dict):
        form.note(t("editor_nothing_chosen"))
        return
    if element[0] == "terrain":
        linear = "path" in found
        kinds = [(terrain_word(t, k), code) for code, k in p.rules.terrain.items() if k.linear == linear]
        form.heading(t("editor_feature"), p.problem(element))
        form.choice(t("editor_field_kind"), element, "kind", kinds, found.get("kind"))
        form.text(t("editor_field_name"), element, "name", "en", str(found.get("name", "")))
        if linear:
            form.number(t("editor_field_width"), element, "width", found.get("width"), "float")
        points = found.get("path") or found.get("polygon") or []
        form.label(counted(t, "editor_points", len(points)), style="#dim")
    elif element[0] == "objectives":
        sides = [
            (t("editor_nobody"), None),
            *(
                (p.shown(("sides", k), "name") or str(s.get("id")), s.get("id"))
                for k, s in enumerate(doc.get(("sides",)) or [])
            ),
        ]
        form.heading(t("editor_objective"), p.problem(element))
        form.text(t("editor_field_id"), element, "id", "en", str(found.get("id", "")))
        p.named(form, t("editor_field_name"), element, "name")
        form.choice(t("editor_field_held_by"), element, "held_by", sides, found.get("held_by"))
    elif element[0] == "sides":
        form.heading(t("editor_zone", side=p.shown(element, "name") or found.get("id")), p.problem(element))
        form.actions([(t("editor_remove_zone"), lambda: edit.set_zone(doc, int(element[1]), None))])
        return
    form.actions([(t("editor_remove"), lambda: remove(doc, element))])


# --- an Open Wars map -----------------------------------------------------------------------------


def map_tab(form: Form, p: Panel) -> None:
    t, doc = p.t, p.doc
    form.heading(
        t("editor_tab_map"), p.problem(("id",)) or p.problem(("locations",)) or p.problem(("links",))
    )
    form.text(t("editor_field_id"), (), "id", "en", str(doc.get(("id",), "")))
    p.named(form, t("editor_field_name"), (), "name")
    p.named(form, t("editor_field_description"), (), "description", lines=4)
    form.number(t("editor_field_max_rounds"), (), "max_rounds", doc.get(("max_rounds",)))
    p.named(form, t("editor_field_authored"), (), "authored")
    links = doc.get(("links",)) or []
    water = sum(1 for a, b in links if maps.link_kind(doc, a, b) == "water") if links else 0
    land, by_water = (
        counted(t, "editor_land_links", len(links) - water),
        counted(t, "editor_water_links", water),
    )
    form.label(t("editor_links", land=land, water=by_water), style="#dim")


def players_tab(form: Form, p: Panel, ow: OpenWarsRules) -> None:
    t, doc = p.t, p.doc
    cities = [  # by their names in the language edited, as the map's cards say them
        (p.shown(("locations", k), "name") or str(loc.get("id")), loc.get("id"))
        for k, loc in enumerate(doc.get(("locations",)) or [])
        if loc.get("type") == "city"
    ]
    words = ow.words(p.t.language).factions
    factions = [(words.get(f.id) or f.name, f.id) for f in ow.factions.values()]
    for i, player in enumerate(doc.get(("players",)) or []):
        at: Path = ("players", i)
        form.heading(f"{p.shown(at, 'name') or player.get('id')}", p.problem(at))
        record_fields(form, p, at, player, PlayerSpec, {"faction": factions, "home": cities})
        faction = ow.factions.get(str(player.get("faction")))
        counts = {u.get("unit"): u.get("count") for u in player.get("units") or [] if isinstance(u, dict)}
        for unit in faction.units if faction is not None else []:
            form.label(ow.unit_name(unit.id, t.language), 0, form.label_w + form.px(100), row=False)

            def tokens(typed: str, k: int = i, u: str = unit.id) -> None:
                digits = typed.strip()  # a number of so many digits (or of others than 0-9) is none
                whole = ascii_whole(digits) if len(digits) < 20 else None
                maps.set_tokens(doc, k, u, whole or 0)

            form.entry(
                Bound(at, "units", "typed", on_text=tokens),
                str(counts.get(unit.id) or ""),
                form.label_w + form.px(104),
                form.px(60),
            )
            form.y += form.row
        form.actions([(t("editor_remove"), partial(remove, doc, at))])
    if cities and factions:
        form.actions(
            [
                (
                    t("editor_add_player"),
                    lambda: p.select(maps.add_player(doc, ow, factions[0][1], str(cities[0][1]))),
                )
            ]
        )
    else:
        form.note(t("editor_players_need_city"))


def card_tab(form: Form, p: Panel, element: Path | None, ow: OpenWarsRules) -> None:
    found = p.doc.get(element) if element is not None else None
    if element is None or not isinstance(found, dict):
        form.note(p.t("editor_nothing_chosen"))
        return
    form.heading(p.t("editor_card"), p.problem(element))
    # its special card chosen by name among those of its type (OW-LOC-7), as the map's cards say them
    held = str(found.get("card") or "")
    cards = [
        (ow.card_name(c.id, p.t.language), c.id) for c in ow.cards.values() if c.type == found.get("type")
    ]
    unknown = [(held, held)] if held and held not in {c for _n, c in cards} else []  # its problem says why
    record_fields(
        form, p, element, found, LocationSpec, {"card": [(p.t("editor_no_card"), ""), *cards, *unknown]}
    )
    if held in ow.cards:  # what its special card does, as the game's hover box says it (OW-LOC-7)
        effects = begun(card_words(ow, held, p.t))
        form.note(p.t("ow_card_hint", card=ow.card_name(held, p.t.language), effects=effects))
    form.actions([(p.t("editor_remove"), lambda: remove(p.doc, element))])


def record_fields(
    form: Form,
    p: Panel,
    at: Path,
    data: dict[str, Any],
    record: type,
    refers: dict[str, list[tuple[str, Any]]],
    leave: tuple[str, ...] = (),
) -> None:
    """A row for each field of a record the form can edit (text, numbers, choices) but those it
    should `leave`; `refers` gives the choices of a field that names something of the map or the
    rules (a faction, a city)."""
    for f in (f for f in fields_of(record) if f.name not in leave):
        label = p.field_label(f.name)
        value = data.get(f.name)
        if f.name in refers:
            form.choice(label, at, f.name, [*([("-", None)] if f.optional else []), *refers[f.name]], value)
        elif f.kind == "text" and (f.name == "name" or translatable(p.doc, at, f.name)):  # a place's text
            p.named(form, label, at, f.name)
        elif f.kind == "text":
            form.text(label, at, f.name, "en", str(value or ""))
        elif f.kind in ("int", "float"):
            form.number(label, at, f.name, value, f.kind)
        elif f.kind == "choice":
            form.choice(label, at, f.name, _choices(f, p.t), value)
        elif f.kind == "bool":
            form.choice(label, at, f.name, [("true", True), ("false", False)], value)


def _choices(f: Field, t: Texts) -> list[tuple[str, Any]]:
    """A field's choices in the screen's words where it has them (`ow_<field>_<choice>`: a card's
    type), else as the file writes them."""
    return [*([("-", None)] if f.optional else []), *((said(t, f"ow_{f.name}_{c}", c), c) for c in f.choices)]
