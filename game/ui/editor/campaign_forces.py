"""A campaign's forces in the editor's panel: an army (where it stands, its commander, its divisions
with their generals and brigades: arm, quality and the hits it starts with, CAMP-DEC-2) and a
garrison's brigades; with the names of places and of the historical grounds a place may be fought
on (CAMP-DEC-7), in the language edited."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path as FilePath
from typing import Any

from game.content.records import read_toml
from game.content.scenario import list_scenarios
from game.editing import campaigns as camp
from game.editing.document import Path
from game.editing.elements import remove
from game.model.errors import UserError
from game.model.modules import mode_for_ruleset
from game.model.words import slug
from game.ui.editor.forms import ROW, Bound, Form
from game.ui.editor.panels import Panel, first_unit, said


def place_name(p: Panel, ident: str, places: dict[str, int]) -> str:
    """A place by its name in the language edited (its id if the file names no such place)."""
    k = places.get(ident)
    return (p.shown(("locations", k), "name") if k is not None else "") or ident


_GROUNDS: dict[tuple[tuple[FilePath, ...], str], list[tuple[str, str]]] = {}  # read once a session


def grounds(p: Panel) -> list[tuple[str, str]]:
    """(name, id) of every For Glory scenario, the game's and the mods', whose ground a place may be
    fought on (CAMP-DEC-7), by its name in the screen's language."""
    mods = p.rules.loaded_mods
    key = (tuple(m.root for m in mods), p.t.language)
    if key not in _GROUNDS:
        out = []
        for path in list_scenarios(mods):
            try:
                data = read_toml(path)
            except UserError:
                continue  # check-content says why
            if mode_for_ruleset(str(data.get("ruleset", "for-glory"))) is not None:
                continue
            words = data.get("locale", {}).get(p.t.language) if isinstance(data.get("locale"), dict) else None
            named = words.get("name") if isinstance(words, dict) else None
            name = named if isinstance(named, str) and named else str(data.get("name", path.stem))
            out.append((f"{name[:60]} ({path.stem})", path.stem))
        _GROUNDS[key] = out
    return _GROUNDS[key]


def brigade_rows(form: Form, p: Panel, holder: Path, data: dict[str, Any]) -> None:
    """Each brigade in two rows: its name (its id while it has none) and x to remove it; its arm,
    quality and hits."""
    t, rules = p.t, p.rules
    categories = [(said(t, f"category_{slug(code)}", c.name), code) for code, c in rules.categories.items()]
    qualities = [(said(t, f"quality_{slug(code)}", q.name), code) for code, q in rules.qualities.items()]
    hits = [(t("editor_hits", n=n), n if n else None) for n in range(rules.core.hits.destroyed_at)]
    w = form.width
    for k, unit in enumerate(data.get("units") or []):
        at: Path = (*holder, "units", k)
        if not isinstance(unit, dict):
            continue
        form.entry(Bound(at, "name", "text", p.language), p.words(at, "name"), 0, w - 32,
                   placeholder=p.hint(at, "name") or str(unit.get("id")))  # fmt: skip
        form.button("x", partial(remove, p.doc, at), w - 28, 28)
        form.y += ROW
        third = (w - 20) // 3
        form.chooser(at, "category", categories, unit.get("category"), 12, third + 20)
        form.chooser(at, "quality", qualities, unit.get("quality"), 36 + third, third)
        form.chooser(at, "hits", hits, unit.get("hits") or None, 40 + 2 * third, w - 40 - 2 * third)
        form.y += ROW
        form.problem(p.problem(at))


def army_page(form: Form, p: Panel, at: Path, army: dict[str, Any]) -> None:
    """An army of a side (or one an event brings): its name, where it stands, its commander and his
    experience (rolled once when left out, FG-PREP-3), and its divisions."""
    t, doc = p.t, p.doc
    side = camp.side_of(doc, at)
    sides = {str(s.get("id")): k for k, s in enumerate(doc.get(("sides",)) or []) if isinstance(s, dict)}
    said_side = p.shown(("sides", sides[side]), "name") if side in sides else str(side)
    form.heading(t("editor_army_of", side=said_side), p.problem(at))
    p.named(form, t("editor_field_name"), at, "name")
    places = camp.place_index(doc)
    options = [(place_name(p, ident, places), ident) for ident in places]
    form.choice(t("editor_field_location"), at, "location", options, army.get("location"))
    experience = [(t("editor_rolled"), None), *((str(n), n) for n in range(1, 7))]
    p.named(form, t("editor_field_staff"), (*at, "staff"), "name")
    staff = army.get("staff")
    rolled = staff.get("experience") if isinstance(staff, dict) else None
    form.choice(t("editor_field_experience"), (*at, "staff"), "experience", experience, rolled)
    form.problem(p.problem((*at, "staff")))
    kind = first_unit(p.rules)
    for j, division in enumerate(army.get("divisions") or []):
        dv: Path = (*at, "divisions", j)
        if not isinstance(division, dict):
            continue
        form.heading(f"{p.shown(dv, 'name') or division.get('id')}", p.problem(dv))
        p.named(form, t("editor_field_name"), dv, "name")
        p.named(form, t("editor_field_officer"), dv, "officer")
        form.choice(t("editor_field_experience"), dv, "experience", experience, division.get("experience"))
        brigade_rows(form, p, dv, division)
        form.actions([(t("editor_add_unit"), partial(camp.add_unit, doc, dv, *kind)),
                      (t("editor_remove_division"), partial(remove, doc, dv))])  # fmt: skip
    adds: list[tuple[str, Callable[[], object]]] = [
        (t("editor_add_division"), partial(camp.add_division, doc, at, *kind))
    ]
    if at[0] == "sides":  # an event's army goes with its effect
        adds.append((t("editor_remove_army"), partial(remove, doc, at)))
    form.actions(adds)
