"""What the editor's right panel shows of a campaign (docs/campaigns.md): its options and victory, its
two sides (gold, the places they hold, their armies and garrisons), its calendar of dated events, and
the element chosen: a place on the map (its card, walls, the brigades it raises, its historical
ground, who holds it and what it is worth), an army (game/ui/editor/campaign_forces.py) or an event
with its effects. Every edit goes through the editor's model (game/editing/campaigns.py)."""

from __future__ import annotations

from functools import partial
from typing import Any

from game.editing import campaigns as camp
from game.editing.document import Document, Path
from game.editing.elements import remove
from game.model.limits import ascii_whole
from game.model.words import slug
from game.ui.editor import drawn
from game.ui.editor.campaign_forces import army_page, brigade_rows, grounds, place_name
from game.ui.editor.forms import LABEL, ROW, Bound, Form
from game.ui.editor.panels import Panel, first_unit, record_fields, said
from game.ui.theme import Colour
from systems.campaign.records import Place
from systems.open_wars.records import OpenWarsRules

EVENT_TEXT_LINES = 4


def typed_number(form: Form, label: str, value: Any, on_number: Any, wide: int = 0) -> None:
    """A whole number typed, handed to `on_number` (None when the entry is emptied; what is no whole
    number of sane length is not taken)."""

    def typed(text: str) -> None:
        digits = text.strip()
        if not digits:
            on_number(None)
        elif len(digits) < 10 and (whole := ascii_whole(digits)) is not None:
            on_number(whole)

    form.label(label, 0, wide or LABEL, row=False)
    shown = str(value) if type(value) is int else ""
    form.entry(Bound((), "", "typed", on_text=typed), shown, wide or LABEL, 110)
    form.y += ROW


def side_options(p: Panel, none: str | None = None) -> list[tuple[str, Any]]:
    """The sides by name in the language edited (their index), `none` first when given."""
    out: list[tuple[str, Any]] = [(none, None)] if none is not None else []
    for i, s in enumerate(p.doc.get(("sides",)) or []):
        out.append((p.shown(("sides", i), "name") or str(s.get("id")), i))
    return out


# --- the campaign ---------------------------------------------------------------------------------


def campaign_tab(form: Form, p: Panel) -> None:
    t, doc = p.t, p.doc
    keys = ("id", "locations", "links", "start", "months")
    first = next((p.problem((k,)) for k in keys if p.problem((k,))), "")
    form.heading(t("editor_tab_campaign"), first)
    form.text(t("editor_field_id"), (), "id", "en", str(doc.get(("id",), "")))
    p.named(form, t("editor_field_name"), (), "name")
    p.named(form, t("editor_field_description"), (), "description", lines=4)
    p.named(form, t("editor_field_history"), (), "history", lines=5)
    p.named(form, t("editor_field_authored"), (), "authored")
    form.number(t("editor_field_max_turns"), (), "max_turns", doc.get(("max_turns",)))
    form.problem(p.problem(("max_turns",)))
    start = doc.get(("start",))
    year, month = start if isinstance(start, list) and len(start) == 2 else (None, None)

    typed_number(form, t("editor_field_start_year"), year, partial(camp.set_start, doc, 0))
    months = [(t(f"camp_month_{m}"), m) for m in range(1, 13)]
    form.pick(t("editor_field_start_month"), months, month, partial(camp.set_start, doc, 1))
    form.number(t("editor_field_months"), (), "months", doc.get(("months",)), hint="2")
    form.heading(t("editor_victory"), p.problem(("victory",)))
    form.number(t("editor_field_army_destroyed"), ("victory",), "army_destroyed",
                doc.get(("victory", "army_destroyed")), hint="2", wide=250)  # fmt: skip
    form.number(t("editor_field_first_victory"), ("victory",), "first_victory",
                doc.get(("victory", "first_victory")), hint="0", wide=250)  # fmt: skip
    worth = doc.get(("victory", "places"))
    places = camp.place_index(doc)
    for ident, points in worth.items() if isinstance(worth, dict) else []:
        name = place_name(p, ident, places)
        form.label(t("editor_worth_line", place=name, points=points), style="#dim")
    form.note(t("editor_worth_how"))


# --- the sides ------------------------------------------------------------------------------------


def sides_tab(form: Form, p: Panel) -> None:
    t, doc = p.t, p.doc
    places = camp.place_index(doc)
    form.problem(p.problem(("sides",)))
    for i, side in enumerate(doc.get(("sides",)) or []):
        at: Path = ("sides", i)
        form.heading(f"{p.shown(at, 'name')} ({side.get('id')})", p.problem(at))
        p.named(form, t("editor_field_name"), at, "name")
        form.number(t("editor_field_gold"), at, "gold", side.get("gold"))
        held = [place_name(p, h, places) for h in side.get("holds") or [] if isinstance(h, str)]
        form.note(t("editor_holds", places=", ".join(held) if held else t("editor_nobody")))
        for j, army in enumerate(side.get("armies") or []):
            where = place_name(p, str(army.get("location")), places)
            name = p.shown((*at, "armies", j), "name") or str(army.get("id"))
            form.button(t("editor_army_line", army=name, place=where), partial(p.select, (*at, "armies", j)))
            form.y += ROW
            form.problem(p.problem((*at, "armies", j)))
        home = next((h for h in side.get("holds") or [] if h in places), next(iter(places), ""))
        kind = first_unit(p.rules)
        form.actions([(t("editor_add_army"), partial(_army_here, p, i, home, kind))])
        for j, garrison in enumerate(side.get("garrisons") or []):
            g: Path = (*at, "garrisons", j)
            form.label(t("editor_garrison"), style="#heading")
            form.problem(p.problem(g))
            options = [(place_name(p, ident, places), ident) for ident in places]
            form.choice(t("editor_field_location"), g, "location", options, garrison.get("location"))
            brigade_rows(form, p, g, garrison)
            form.actions([(t("editor_add_unit"), partial(camp.add_unit, doc, g, *kind)),
                          (t("editor_remove_garrison"), partial(remove, doc, g))])  # fmt: skip
        form.actions([(t("editor_add_garrison"), partial(camp.add_garrison, doc, i, home, *kind))])
        form.gap(10)


# --- the calendar ---------------------------------------------------------------------------------


def when(p: Panel, turn: Any) -> str:
    """A turn and its date ("Turn 3, November 1808")."""
    found = camp.date(p.doc, turn) if type(turn) is int else None
    if found is None:
        return p.t("editor_turn", turn=turn)
    date = p.t("camp_date", month=p.t(f"camp_month_{found[1]}"), year=found[0])
    return p.t("editor_turn_date", turn=turn, date=date)


def events_tab(form: Form, p: Panel) -> None:
    t, doc = p.t, p.doc
    form.heading(t("editor_tab_events"), p.problem(("events",)))
    for i, ev in enumerate(doc.get(("events",)) or []):
        name = p.shown(("events", i), "name") or str(ev.get("id"))
        form.button(f"{when(p, ev.get('turn'))}: {name}", partial(p.select, ("events", i)))
        form.y += ROW
        form.problem(p.problem(("events", i)))
    sides = doc.get(("sides",)) or []
    side = str(sides[0].get("id")) if sides and isinstance(sides[0], dict) else ""
    form.actions([(t("editor_add_event"), lambda: p.select(camp.add_event(doc, 1, side)))])


def event_page(form: Form, p: Panel, at: Path, event: dict[str, Any]) -> None:
    t, doc = p.t, p.doc
    form.heading(t("editor_event"), p.problem(at))
    p.named(form, t("editor_field_name"), at, "name")
    p.named(form, t("editor_field_event_text"), at, "text", lines=EVENT_TEXT_LINES)
    form.number(t("editor_field_turn"), at, "turn", event.get("turn"))
    form.label(when(p, event.get("turn")), style="#dim")
    kinds = [(t(f"editor_effect_{k}"), k) for k in camp.EFFECTS]
    sides = [(name, str(doc.get(("sides", i, "id")))) for name, i in side_options(p)]
    for j, x in enumerate(event.get("effects") or []):
        if isinstance(x, dict):
            effect_rows(form, p, (*at, "effects", j), x, kinds, sides)
    form.actions([(t("editor_add_effect"), partial(camp.add_effect, doc, at, sides[0][1] if sides else "")),
                  (t("editor_remove"), partial(remove, doc, at))])  # fmt: skip


Options = list[tuple[str, Any]]


def effect_rows(form: Form, p: Panel, at: Path, x: dict[str, Any], kinds: Options, sides: Options) -> None:
    """An effect: its kind and side, then what that kind takes (gold, places, an army, the army called
    away), and x to remove it."""
    t, doc = p.t, p.doc
    form.label(t("editor_effect_heading", n=int(at[-1]) + 1), style="#heading")
    form.problem(p.problem(at))
    form.pick(t("editor_field_kind"), kinds, x.get("kind"),
              lambda kind: camp.set_effect_kind(doc, at, kind, *first_unit(p.rules)))  # fmt: skip
    form.choice(t("editor_field_side"), at, "side", sides, x.get("side"))
    places = camp.place_index(doc)
    kind = x.get("kind")
    if kind == "gold":
        form.number(t("editor_field_gold"), at, "amount", x.get("amount"))
    elif kind == "control":
        named = [n for n in x.get("locations") or [] if isinstance(n, str)]
        for n in named:
            form.button(f"x {place_name(p, n, places)}", partial(camp.toggle_place, doc, at, n))
            form.y += ROW
        others = [(place_name(p, ident, places), ident) for ident in places if ident not in named]
        form.pick(t("editor_add_place"), others, None, partial(camp.toggle_place, doc, at))
    elif kind == "army" and isinstance(x.get("army"), dict):
        name = p.shown((*at, "army"), "name") or str(x["army"].get("id"))
        where = place_name(p, str(x["army"].get("location")), places)
        form.button(t("editor_army_line", army=name, place=where), partial(p.select, (*at, "army")))
        form.y += ROW
    elif kind == "withdraw":
        called = [
            (p.shown(a, "name") or str(doc.get((*a, "id"))), doc.get((*a, "id")))
            for a in camp.armies(doc)
            if camp.side_of(doc, a) == x.get("side")
        ]
        form.choice(t("editor_field_army_id"), at, "army_id", called, x.get("army_id"))
    form.actions([(t("editor_remove_effect"), partial(remove, doc, at))])


# --- a place chosen on the map ----------------------------------------------------------------------


def place_page(form: Form, p: Panel, at: Path, place: dict[str, Any], ow: OpenWarsRules) -> None:
    """A place's card as an Open Wars map's, with what a campaign adds: walls, levy, ground, holder,
    worth, the brigades a city raises, and the armies standing there."""
    t, doc, rules = p.t, p.doc, p.rules
    form.heading(t("editor_card"), p.problem(at))
    held = str(place.get("card") or "")
    cards = [(ow.card_name(c.id, t.language), c.id) for c in ow.cards.values() if c.type == place.get("type")]
    unknown = [(held, held)] if held and held not in {c for _n, c in cards} else []
    qualities = [(said(t, f"quality_{slug(code)}", q.name), code) for code, q in rules.qualities.items()]
    ground = str(place.get("battlefield") or "")
    fields = [(name, ident) for name, ident in grounds(p)]
    fields += [(ground, ground)] if ground and ground not in {i for _n, i in fields} else []
    refers: dict[str, Options] = {
        "card": [(t("editor_no_card"), None), *cards, *unknown],
        "levy": qualities,
        "battlefield": [(t("editor_ground_of_type"), None), *fields],
    }
    shown = {**place, "levy": place.get("levy") or Place.levy}  # a levy left out is the record's own
    record_fields(form, p, at, shown, Place, refers, leave=("mana",))  # a campaign has no magic
    ident = str(place.get("id"))
    form.pick(t("editor_field_held_by"), side_options(p, t("editor_nobody")), camp.holder(doc, ident),
              lambda side: camp.set_holder(doc, ident, side))  # fmt: skip
    typed_number(form, t("editor_field_worth"), doc.get(("victory", "places", ident)),
                 lambda points: camp.set_worth(doc, ident, points))  # fmt: skip
    if place.get("type") == "city":
        form.label(t("editor_raises"), style="#heading")
        raised = place.get("raises") or []
        for code, c in rules.categories.items():
            word = f"{'[x]' if code in raised else '[ ]'} {said(t, f'category_{slug(code)}', c.name)}"
            form.button(word, partial(camp.toggle_raise, doc, int(at[1]), code))
            form.y += ROW
    form.label(t("editor_armies_here"), style="#heading")
    for army in camp.standing(doc, ident):
        name = p.shown(army, "name") or str(doc.get((*army, "id")))
        form.button(name, partial(p.select, army))
        form.y += ROW
    kind = first_unit(rules)
    form.actions([(t("editor_add_army_of", side=name), partial(_army_here, p, i, ident, kind))
                  for name, i in side_options(p)])  # fmt: skip
    form.actions([(t("editor_remove"), partial(remove, doc, at))])


def _army_here(p: Panel, side: int, place: str, kind: tuple[str, str]) -> None:
    p.select(camp.add_army(p.doc, side, place, *kind))


def campaign_chosen(form: Form, p: Panel, element: Path | None, ow: OpenWarsRules) -> None:
    """The element chosen: a place, an army (of a side or of an event), or an event."""
    found = p.doc.get(element) if element is not None else None
    if element is None or not isinstance(found, dict):
        form.note(p.t("editor_nothing_chosen"))
    elif element[0] == "locations":
        place_page(form, p, element, found, ow)
    elif element[0] == "events" and len(element) == 2:
        event_page(form, p, element, found)
    else:
        army_page(form, p, element, found)


CAMPAIGN_TABS = {"campaign": campaign_tab, "sides": sides_tab, "events": events_tab}


def chosen_in_campaign(element: Path) -> Path | None:
    """What the chosen tab shows for a path into a campaign (a problem's, a button's): its place, its
    army (a side's or an event's) or its event; None for what another tab shows."""
    if element[:1] == ("locations",) and len(element) >= 2:
        return element[:2]
    if element[:1] == ("sides",) and len(element) >= 4 and element[2] == "armies":
        return element[:4]
    if element[:1] == ("events",) and len(element) >= 2:
        army = len(element) >= 5 and element[2] == "effects" and element[4] == "army"
        return element[:5] if army else element[:2]
    return None


def held_colours(doc: Document) -> tuple[dict[str, Colour], dict[str, list[Colour]]]:
    """Each place held at the start in its side's colour, and the colours of the armies that stand
    at each place at the start (an event's armies are not there yet)."""
    held: dict[str, Colour] = {}
    standing: dict[str, list[Colour]] = {}
    for s in doc.get(("sides",)) or []:
        colour = drawn.colour(s.get("colour")) if isinstance(s, dict) else None
        if colour is None:
            continue
        for place in s.get("holds") or []:
            held[str(place)] = colour
        for army in s.get("armies") or []:
            if isinstance(army, dict):
                standing.setdefault(str(army.get("location")), []).append(colour)
    return held, standing
