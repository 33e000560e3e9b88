"""Typed records from TOML: a dataclass's own type hints are its schema.

`build(cls, data, where)` turns a parsed TOML table into a frozen dataclass, checking every key and
type, and raises ContentError naming the file and the key path for the first problem; `collect` gathers
every problem of a file instead (check-content). The same hints give the JSON Schemas of the content
files (game/modding/schema.py), so the loader and the schema can never disagree.
"""

from __future__ import annotations

import codecs
import dataclasses
import math
import threading
import tomllib
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Literal, NamedTuple, TypeVar, cast, get_args, get_origin, get_type_hints

from game.content.files import read_regular
from game.model.errors import ContentError
from game.model.limits import ID_WORDS, Bounds, IsId, Keys, OneOf, check_id, shown
from game.model.words import english_count

T = TypeVar("T")

_hints_cache: dict[type, dict[str, Any]] = {}
_fields_cache: dict[type, dict[str, dataclasses.Field[Any]]] = {}

# Parsed TOML by the text parsed: loading a ruleset, its mods and every battle reads the same files again
# and again (check-content reads ~950 files, ~120 of them distinct); parsing is most of its time
_parsed: dict[str, dict[str, Any]] = {}
_parsed_chars = 0
_PARSED_MOST = 8_000_000  # characters of text held before the cache is emptied


# Every string and list of a content file is bounded: nothing a file says can make the game hold or
# walk an unbounded amount of it. Fields that need tighter limits say so with Bounds.
MAX_TEXT = 5000  # characters
MAX_ITEMS = 2000  # items of a list or keys of a table


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file; a syntax error becomes one line naming the file and the line."""
    return read_toml_text(path)[1]


def _parse(text: str) -> dict[str, Any]:
    global _parsed_chars
    if (data := _parsed.get(text)) is None:
        data = tomllib.loads(text)  # a text that does not parse is not kept: it raises
        if _parsed_chars + len(text) > _PARSED_MOST:
            _parsed.clear()
            _parsed_chars = 0
        _parsed[text] = data
        _parsed_chars += len(text)
    return data


_NESTED = (dict, list)  # what tomllib makes tables and arrays of: never a subclass


def _copy(value: Any) -> Any:
    """A parsed table's own copy (its reader may change it): tables and arrays copied, the rest (strings,
    numbers, dates) immutable. Leaves are not passed down: a call for each was most of the time."""
    if type(value) is dict:
        return {k: _copy(v) if type(v) in _NESTED else v for k, v in value.items()}
    if type(value) is list:
        return [_copy(v) if type(v) in _NESTED else v for v in value]
    return value


def read_toml_text(path: Path) -> tuple[str, dict[str, Any]]:
    """A TOML file's text and its data (the editor keeps the text: a save keeps its comments)."""
    return _read(path, _copy)


def read_toml_keys(path: Path, *keys: str) -> dict[str, Any]:
    """Those of a TOML file's top-level keys it holds, with read_toml's refusals: the rest of the file
    is not copied (the ruleset a scenario names is asked of every battle a check goes through)."""
    return _read(path, lambda data: {k: _copy(data[k]) for k in keys if k in data})[1]


def _read(path: Path, copy: Callable[[dict[str, Any]], dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    """A TOML file's text and `copy` of its parsed data (the cache's, which no reader may change)."""
    raw = read_regular(path)
    if raw.startswith(codecs.BOM_UTF8):
        raise ContentError(str(path), "starts with a byte-order mark: save it as UTF-8 without one")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ContentError(str(path), f"not UTF-8 text (byte {e.start} is {raw[e.start]:#04x})") from None
    try:
        return text, copy(_parse(text))  # a table nested too deeply to copy is refused below
    except tomllib.TOMLDecodeError as e:
        raise ContentError(str(path), f"invalid TOML: {e}") from None
    except ValueError as e:  # Python refuses to read integers of more than 4300 digits
        raise ContentError(str(path), f"invalid TOML: {e}") from None
    except RecursionError:
        raise ContentError(str(path), "invalid TOML: arrays or tables nested too deeply") from None


# Records by the class and the file's text they were built from, each with the names known only when the
# game runs (OneOf: modules, orders, modes) its build consulted, and what they were then: kept while those
# are the same. A battle's file is built again for each match, and a check-content builds each a few times;
# records are frozen and only read, so one serves every load of the same text
_built: dict[tuple[type, str], tuple[Any, tuple[tuple[OneOf, tuple[str, ...]], ...]]] = {}
_BUILT_MOST = 256  # records held before the cache is emptied: a scenario's is some tens of kilobytes
_consulting = threading.local()  # the OneOf names a build consults, as it consults them


def load_record(cls: type[T], path: Path) -> T:
    """Read a TOML file into a record: every problem names the file, then the key path in it."""
    text, data = read_toml_text(path)
    kept = _built.get((cls, text))
    if kept is not None and all(tuple(choice.names()) == names for choice, names in kept[1]):
        return cast(T, kept[0])
    consulted: list[tuple[OneOf, tuple[str, ...]]] = []
    _consulting.names = consulted
    try:
        record = build(cls, data, "")
    except ContentError as e:  # a refusal is not kept: it names its file
        raise ContentError(f"{path}: {e.where}", e.problem) from None
    finally:
        _consulting.names = None
    if len(_built) >= _BUILT_MOST:
        _built.clear()
    _built[(cls, text)] = (record, tuple(dict(consulted).items()))  # each OneOf once
    return record


def _names(choice: OneOf) -> tuple[str, ...]:
    """The names a OneOf allows now, noted for the record being built (load_record keeps it by them)."""
    names = tuple(choice.names())
    consulted = getattr(_consulting, "names", None)
    if consulted is not None:
        consulted.append((choice, names))
    return names


# a kind of value in words, as a key expects one and as a list holds many ("a list of strings")
KINDS: dict[Any, tuple[str, str]] = {
    float: ("a number", "numbers"),
    int: ("an integer", "integers"),
    str: ("a string", "strings"),
    bool: ("true or false", "true or false values"),
}


def type_name(tp: Any, many: bool = False) -> str:
    """The value a key expects, in words ("an integer at least 1"); `many`: the items of a list, in
    the plural ("integers at least 1")."""
    origin = get_origin(tp)
    if origin is Annotated:
        base, *extra = get_args(tp)
        sized = get_origin(base) in (list, tuple, dict) or base is str
        for choice in (b for b in extra if isinstance(b, OneOf)):
            return _one_of([repr(n) for n in choice.names()], many)
        if any(isinstance(b, IsId) for b in extra):
            return "ids" + ID_WORDS.removeprefix("an id") if many else ID_WORDS
        unit = "characters" if base is str else "items"
        bounds = (b.words(sized, unit) for b in extra if isinstance(b, Bounds))
        return " ".join([type_name(base, many), *bounds])
    if tp in KINDS:
        return KINDS[tp][many]
    if origin is Literal:
        return _one_of([repr(a) for a in get_args(tp)], many)
    if origin in (list, tuple):
        args = [a for a in get_args(tp) if a is not Ellipsis]
        kind = "lists" if many else "a list"
        if origin is tuple and len(args) > 1:
            return f"{kind} of {len(args)} items"
        return f"{kind} of {type_name(args[0], True)}" if args else kind
    if origin is dict or dataclasses.is_dataclass(tp):
        return "tables" if many else "a table"
    if origin in (typing.Union, types.UnionType):
        return " or ".join(type_name(a, many) for a in get_args(tp) if a is not type(None))
    return str(tp)


def _one_of(names: list[str], many: bool) -> str:
    return ("values among " if many else "one of ") + ", ".join(names)


def _finite(value: int | float) -> bool:
    try:
        return math.isfinite(value)
    except OverflowError:  # an integer too large for a float
        return False


class _Noted(ContentError):
    """A value whose problems are already in the list being collected: nothing more to say about it."""


class _Problems:
    """The problems of one table or list: raised at once, or, when collecting, added to the list so the
    check goes on with the next key, and the whole fails once at the end."""

    def __init__(self, sink: list[ContentError] | None) -> None:
        self.sink = sink
        self.failed = False

    def add(self, e: ContentError) -> None:
        if self.sink is None:
            raise e
        if not isinstance(e, _Noted):
            self.sink.append(e)
        self.failed = True

    def convert(self, tp: Any, value: Any, where: str) -> Any:
        try:
            return convert(tp, value, where, self.sink)
        except ContentError as e:
            self.add(e)
            return None

    def done(self, where: str) -> None:
        if self.failed:
            raise _Noted(where, "has problems")


class _Form(NamedTuple):
    """A type hint taken apart once: convert meets the same few hundred hints millions of times, and
    typing's get_origin and get_args, and scanning an Annotated's metadata, were most of its time."""

    origin: Any
    args: tuple[Any, ...]
    keys: Keys | None = None  # an Annotated's metadata, by kind
    is_id: bool = False
    bounds: tuple[Bounds, ...] = ()
    one_of: tuple[OneOf, ...] = ()
    record: bool = False  # a dataclass: a table built into it


# by the hint object itself: equal hints may differ (`int | float` equals `float | int`, tried in order)
_forms: dict[int, tuple[Any, _Form]] = {}


def _form(tp: Any) -> _Form:
    known = _forms.get(id(tp))
    if known is not None and known[0] is tp:
        return known[1]
    origin, args = get_origin(tp), get_args(tp)
    if origin is Annotated:
        extra = args[1:]
        form = _Form(
            origin,
            args,
            next((b for b in extra if isinstance(b, Keys)), None),
            any(isinstance(b, IsId) for b in extra),
            tuple(b for b in extra if isinstance(b, Bounds)),
            tuple(b for b in extra if isinstance(b, OneOf)),
        )
    elif origin in (typing.Union, types.UnionType):
        form = _Form(origin, tuple(a for a in args if a is not type(None)))
    else:
        form = _Form(origin, args, record=dataclasses.is_dataclass(tp) and isinstance(tp, type))
    _forms[id(tp)] = (tp, form)  # the hint kept alive with it: its id is never another's
    return form


def convert(tp: Any, value: Any, where: str, errors: list[ContentError] | None = None) -> Any:
    """Check and convert one value against a type hint. Given a list, every problem found is added to
    it (and the value still fails) rather than only the first."""
    if tp is Any:
        return value
    form = _form(tp)
    origin = form.origin
    if origin is Annotated:
        base = form.args[0]
        if form.keys is not None and isinstance(value, dict):
            problems = _Problems(errors)
            for e in _named(form.keys, value, where, complete=True):
                problems.add(e)
            table = convert(base, value, where, errors)
            problems.done(where)
            return table
        converted = convert(base, value, where, errors)
        if form.is_id:
            return check_id(converted, where)
        size = len(converted) if isinstance(converted, list | tuple | dict | str) else None
        if not all(b.holds(converted if size is None else size) for b in form.bounds) or any(
            converted not in _names(b) for b in form.one_of
        ):
            found = (
                english_count(
                    size, *(("character", "characters") if isinstance(converted, str) else ("item", "items"))
                )
                if size is not None and (len(repr(value)) > 40 or not isinstance(converted, str))
                else shown(value)
            )
            raise ContentError(where, f"expected {type_name(tp)}, found {found}")
        return converted
    if origin in (typing.Union, types.UnionType):
        options = form.args
        if len(options) == 1:  # X | None: TOML has no null, so the value must be an X
            return convert(options[0], value, where, errors)
        for arg in options:
            try:
                return convert(arg, value, where)
            except ContentError:
                pass
        raise ContentError(where, f"expected {type_name(tp)}, found {shown(value)}")
    if tp is bool:
        if isinstance(value, bool):
            return value
    elif tp is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif tp is float:
        if isinstance(value, int | float) and not isinstance(value, bool) and _finite(value):
            return float(value)
    elif tp is str:
        if isinstance(value, str):
            if len(value) > MAX_TEXT:
                raise ContentError(where, f"expected a string of at most {MAX_TEXT} characters")
            return value
    elif origin is Literal:
        if value in get_args(tp) and isinstance(value, str | int):
            return value
        raise ContentError(where, f"expected {type_name(tp)}, found {shown(value)}")
    elif origin is list or origin is tuple:
        if isinstance(value, list):
            if len(value) > MAX_ITEMS:
                raise ContentError(where, f"expected a list of at most {MAX_ITEMS} items")
            args = form.args
            problems = _Problems(errors)
            if origin is tuple and args and args[-1] is not Ellipsis:
                if len(value) != len(args):
                    raise ContentError(
                        where, f"expected {type_name(tp)}, found {english_count(len(value), 'item', 'items')}"
                    )
                fixed = [
                    problems.convert(a, v, f"{where}[{i}]")
                    for i, (a, v) in enumerate(zip(args, value, strict=True))
                ]
                problems.done(where)
                return tuple(fixed)
            item = args[0] if args else Any
            items = [problems.convert(item, v, f"{where}[{i}]") for i, v in enumerate(value)]
            problems.done(where)
            return tuple(items) if origin is tuple else items
    elif origin is dict:
        if isinstance(value, dict):
            if len(value) > MAX_ITEMS:
                raise ContentError(where, f"expected a table of at most {MAX_ITEMS} keys")
            _k, vt = form.args
            problems = _Problems(errors)
            table = {k: problems.convert(vt, v, f"{where}.{k}") for k, v in value.items()}
            problems.done(where)
            return table
    elif form.record:
        if isinstance(value, dict):
            return build(tp, value, where, errors)
    else:  # pragma: no cover - a record declared with a type this loader does not know
        raise TypeError(f"unsupported record type {tp!r}")
    raise ContentError(where, f"expected {type_name(tp)}, found {shown(value)}")


def _named(names: Keys, table: dict[str, Any], where: str, complete: bool) -> list[ContentError]:
    """The problems of a table's names against the names it may hold: any other (a misspelt name would
    be a record nothing reads) and, in a complete file, any it lacks."""
    known = ", ".join(names.names)
    out = [
        ContentError(f"{where}.{k}" if where else k, f"unknown {names.what} {k!r} (known: {known})")
        for k in table
        if k not in names.names
    ]
    if complete and names.every:
        out += [
            ContentError(f"{where}.{k}" if where else k, f"missing {names.what}")
            for k in names.names
            if k not in table
        ]
    return out


def unbounded(tp: Any) -> Any:
    """A type without its Bounds."""
    return get_args(tp)[0] if get_origin(tp) is Annotated else tp


def hints(cls: type) -> dict[str, Any]:
    if cls not in _hints_cache:
        _hints_cache[cls] = get_type_hints(cls, include_extras=True)
    return _hints_cache[cls]


def _fields(cls: type) -> dict[str, dataclasses.Field[Any]]:
    if cls not in _fields_cache:
        _fields_cache[cls] = {f.name: f for f in dataclasses.fields(cls)}
    return _fields_cache[cls]


def build(cls: type[T], data: dict[str, Any], where: str, errors: list[ContentError] | None = None) -> T:
    """Build a dataclass record from a table: unknown keys, missing keys and wrong types are errors."""
    if not isinstance(data, dict):
        raise ContentError(where, f"expected a table, found {shown(data)}")
    fields = _fields(cls)
    th = hints(cls)
    problems = _Problems(errors)
    for key in data:
        if key not in fields:
            known = ", ".join(sorted(fields))
            problems.add(
                ContentError(f"{where}.{key}" if where else key, f"unknown key (known keys: {known})")
            )
    kwargs = {}
    for name, f in fields.items():
        path = f"{where}.{name}" if where else name
        if name in data:
            kwargs[name] = problems.convert(th[name], data[name], path)
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            problems.add(ContentError(path, f"missing key: expected {type_name(th[name])}"))
    problems.done(where)
    return cls(**kwargs)


def _gather(run: Callable[[list[ContentError]], Any]) -> tuple[Any, list[ContentError]]:
    errors: list[ContentError] = []
    try:
        return run(errors), errors
    except ContentError as e:
        if not isinstance(e, _Noted):
            errors.append(e)
        return None, errors


def collect(cls: type[T], data: Any, where: str = "") -> tuple[T | None, list[ContentError]]:
    """Build a record, gathering every problem of its keys instead of stopping at the first: the record
    (None if there were problems) and the problems."""
    return _gather(lambda errors: build(cls, data, where, errors))


def collect_partial(cls: type, data: Any, where: str = "") -> list[ContentError]:
    """check_partial, gathering every problem instead of stopping at the first."""
    return _gather(lambda errors: check_partial(cls, data, where, errors))[1]


def check_partial(cls: type, data: Any, where: str, errors: list[ContentError] | None = None) -> None:
    """Check the keys a mod gives for a record it changes: each must exist and have the right type;
    keys it leaves out keep their values, so none is required here. Given a list, every problem is
    added to it (and the check still fails)."""
    if not isinstance(data, dict):
        raise ContentError(where, f"expected a table, found {shown(data)}")
    fields = {f.name for f in dataclasses.fields(cls)}
    th = hints(cls)
    problems = _Problems(errors)
    for key, value in data.items():
        path = f"{where}.{key}" if where else key
        if key not in fields:
            problems.add(ContentError(path, f"unknown key (known keys: {', '.join(sorted(fields))})"))
            continue
        tp = th[key]
        extra = get_args(tp)[1:] if get_origin(tp) is Annotated else ()
        for names in (b for b in extra if isinstance(b, Keys) and isinstance(value, dict)):
            for e in _named(names, value, path, complete=False):
                problems.add(e)
        if get_origin(unbounded(tp)) in (list, dict):  # a list's size is checked on the merged content
            tp = unbounded(tp)
        origin, args = get_origin(tp), get_args(tp)
        if dataclasses.is_dataclass(tp) and isinstance(tp, type):
            parts = [(tp, value, path)]
        elif origin is list and args and dataclasses.is_dataclass(args[0]) and isinstance(value, list):
            parts = [(cast(type, args[0]), item, f"{path}[{i}]") for i, item in enumerate(value)]
        elif origin is dict and args and dataclasses.is_dataclass(args[1]) and isinstance(value, dict):
            parts = [(cast(type, args[1]), item, f"{path}.{k}") for k, item in value.items()]
        else:
            problems.convert(tp, value, path)
            continue
        for record, item, at in parts:
            try:
                check_partial(record, item, at, errors)
            except ContentError as e:
                problems.add(e)
    problems.done(where)
