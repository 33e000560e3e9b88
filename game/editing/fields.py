"""A record's fields as an editor's form sees them, read from the record's own type hints (the same
hints the loader checks and the JSON Schemas state): so a field added to a record of the content
(a location card's, a player's) appears in the editor's forms without more code. And a record's data
cleaned of what it leaves at its defaults, so a saved file holds only what was chosen."""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass
from typing import Annotated, Any, Literal, get_args, get_origin

from game.content.records import _finite, hints
from game.content.scenario import ObjectiveSpec, ScenarioFile, TerrainSpec
from game.model.limits import Bounds, OneOf
from systems.campaign.records import CampaignFile

# a file's keys in the order the shipped ones write them, where the record's own order reads worse
ORDER: dict[type, tuple[str, ...]] = {
    ScenarioFile: (
        "id", "name", "description", "history", "ruleset", "table", "max_rounds", "modules",
        "terrain", "objectives", "sides", "locale",
    ),
    CampaignFile: (
        "id", "name", "description", "history", "authored", "ruleset", "max_turns", "start", "months",
        "locations", "links", "numbers", "victory", "sides", "events", "locale",
    ),
    TerrainSpec: ("kind", "name", "polygon", "path", "width"),
    ObjectiveSpec: ("id", "name", "at", "held_by"),
}  # fmt: skip

Kind = Literal["text", "int", "float", "bool", "choice", "point", "other"]


@dataclass(frozen=True)
class Field:
    name: str
    kind: Kind
    required: bool  # no default: the file must give it
    optional: bool = False  # may be left out (None): "as the rules roll it", "the type's own"
    choices: tuple[str, ...] = ()  # of a choice
    low: float | None = None  # of a number, or a text's length
    high: float | None = None


def _bare(tp: Any) -> tuple[Any, list[Any]]:
    """A type without Annotated, and what it was annotated with."""
    if get_origin(tp) is Annotated:
        base, *extra = get_args(tp)
        return base, extra
    return tp, []


def field_of(name: str, tp: Any, required: bool) -> Field:
    optional = False
    if get_origin(tp) in (typing.Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        optional = len(args) < len(get_args(tp))
        tp = args[0] if len(args) == 1 else tp
    base, extra = _bare(tp)
    bounds = next((b for b in extra if isinstance(b, Bounds)), None)
    low = bounds.low if bounds else None
    high = bounds.high if bounds else None
    one_of = next((b for b in extra if isinstance(b, OneOf)), None)
    if one_of is not None:
        return Field(name, "choice", required, optional, tuple(one_of.names()))
    if get_origin(base) is Literal:
        return Field(name, "choice", required, optional, tuple(str(a) for a in get_args(base)))
    kinds: dict[Any, Kind] = {str: "text", int: "int", float: "float", bool: "bool"}
    if base in kinds:
        return Field(name, kinds[base], required, optional, (), low, high)
    if get_origin(base) is tuple and len(get_args(base)) == 2:
        return Field(name, "point", required, optional)
    return Field(name, "other", required, optional)


def fields_of(cls: type) -> list[Field]:
    """Every field of a record, in the order the record declares them."""
    th = hints(cls)
    return [
        field_of(
            f.name,
            th[f.name],
            f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
        )
        for f in dataclasses.fields(cls)
    ]


def _record(tp: Any) -> type | None:
    base, _ = _bare(tp)
    if get_origin(base) in (typing.Union, types.UnionType):
        base = next(a for a in get_args(base) if a is not type(None))
        base, _ = _bare(base)
    return base if dataclasses.is_dataclass(base) and isinstance(base, type) else None


def _items(tp: Any) -> tuple[str, type] | None:
    """('list', record) for a list of records, ('dict', record) for a table of records."""
    base, _ = _bare(tp)
    args = get_args(base)
    if get_origin(base) is list and args and _record(args[0]):
        return ("list", _record(args[0]))  # type: ignore[return-value]
    if get_origin(base) is dict and len(args) == 2 and _record(args[1]):
        return ("dict", _record(args[1]))  # type: ignore[return-value]
    return None


def _empty(v: Any) -> bool:
    return v is None or v == "" or v == [] or v == {}


def clean(data: Any, cls: type) -> Any:
    """The data of a record without the keys it leaves empty where the record has a default (an
    empty name, list or table), its records inside cleaned the same way; anything the record does not
    know is kept, for the checks to name."""
    if not isinstance(data, dict):
        return data
    th = hints(cls)
    defaults = {
        f.name
        for f in dataclasses.fields(cls)
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
    }
    out: dict[str, Any] = {}
    for k, v in data.items():
        tp = th.get(k)
        if tp is not None:
            inner, items = _record(tp), _items(tp)
            if inner is not None:
                v = clean(v, inner)
            elif items is not None and items[0] == "list" and isinstance(v, list):
                v = [clean(x, items[1]) for x in v]
            elif items is not None and isinstance(v, dict):
                v = {n: clean(x, items[1]) for n, x in v.items()}
        if k in defaults and _empty(v):
            continue
        out[k] = v
    order = {name: i for i, name in enumerate(ORDER.get(cls, [f.name for f in dataclasses.fields(cls)]))}
    # as a file is read: its own values first, then what it holds (units, terrain, sides, words)
    return dict(sorted(out.items(), key=lambda kv: (_big(kv[1]), order.get(kv[0], len(order)))))


def _big(v: Any) -> bool:
    return isinstance(v, dict) or (isinstance(v, list) and any(isinstance(x, dict) for x in v))


def misshapen(tp: Any, value: Any, where: str = "") -> str | None:
    """The first key whose value is not of its record's kind (a list where a table belongs, text where
    a number does), with what it should be; None when every key the record knows has its kind. Values
    out of range, unknown names or keys and missing keys are not asked here: the editor shows those at
    their elements, but it can only show a document of the right shape."""
    base, _ = _bare(tp)
    origin = get_origin(base)
    if base is Any:
        return None
    if origin in (typing.Union, types.UnionType):
        options = [a for a in get_args(base) if a is not type(None)]
        found = [misshapen(a, value, where) for a in options]
        return None if any(f is None for f in found) else found[0]
    ok: bool
    if base is bool:
        ok, said = isinstance(value, bool), "true or false"
    elif base is int or base is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool) and _finite(value)
        said = "a number"
    elif base is str or origin is Literal:
        ok, said = isinstance(value, str) or (origin is Literal and isinstance(value, int)), "text"
    elif origin in (list, tuple):
        if not isinstance(value, list):
            return f"{where}: expected a list"
        args = [a for a in get_args(base) if a is not Ellipsis]
        if origin is tuple and len(args) > 1 and len(value) != len(args):
            return f"{where}: expected a list of {len(args)} items"
        return next(
            (
                m
                for i, v in enumerate(value)
                if (m := misshapen(args[min(i, len(args) - 1)] if args else Any, v, f"{where}[{i}]"))
            ),
            None,
        )
    elif origin is dict:
        if not isinstance(value, dict):
            return f"{where}: expected a table"
        vt = get_args(base)[1] if get_args(base) else Any
        return next((m for k, v in value.items() if (m := misshapen(vt, v, f"{where}.{k}"))), None)
    elif dataclasses.is_dataclass(base) and isinstance(base, type):
        if not isinstance(value, dict):
            return f"{where}: expected a table"
        th = hints(base)
        return next(
            (
                m
                for k, v in value.items()
                if k in th and (m := misshapen(th[k], v, f"{where}.{k}" if where else k))
            ),
            None,
        )
    else:
        return None
    return None if ok else f"{where}: expected {said}"
