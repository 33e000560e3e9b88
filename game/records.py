"""Typed records from TOML: a dataclass's own type hints are its schema.

`build(cls, data, where)` turns a parsed TOML table into a frozen dataclass, checking every key and
type, and raises ContentError naming the file and the key path for the first problem. The same
hints will give the JSON Schemas of the content files (issue 5), so the loader and the schema can
never disagree.
"""

from __future__ import annotations

import dataclasses
import math
import tomllib
import types
import typing
from pathlib import Path
from typing import Any, Literal, TypeVar, cast, get_args, get_origin, get_type_hints

from game.errors import ContentError

T = TypeVar("T")

_hints_cache: dict[type, dict[str, Any]] = {}


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file; a syntax error becomes one line naming the file and the line."""
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise ContentError(str(path), "no such file") from None
    except IsADirectoryError:
        raise ContentError(str(path), "is a folder, not a TOML file") from None
    except UnicodeDecodeError:
        raise ContentError(str(path), "not UTF-8 text") from None
    except tomllib.TOMLDecodeError as e:
        raise ContentError(str(path), f"invalid TOML: {e}") from None
    except OSError as e:
        raise ContentError(str(path), f"cannot read: {e.strerror}") from None


def load_record(cls: type[T], path: Path) -> T:
    """Read a TOML file into a record: every problem names the file, then the key path in it."""
    data = read_toml(path)
    try:
        return build(cls, data, "")
    except ContentError as e:
        raise ContentError(f"{path}: {e.where}", e.problem) from None


def type_name(tp: Any) -> str:
    origin = get_origin(tp)
    if tp is float:
        return "a number"
    if tp is int:
        return "an integer"
    if tp is str:
        return "a string"
    if tp is bool:
        return "true or false"
    if origin is Literal:
        return "one of " + ", ".join(repr(a) for a in get_args(tp))
    if origin in (list, tuple):
        args = [a for a in get_args(tp) if a is not Ellipsis]
        if origin is tuple and len(args) > 1:
            return f"a list of {len(args)} items"
        return f"a list of {type_name(args[0])}" if args else "a list"
    if origin is dict:
        return "a table"
    if origin in (typing.Union, types.UnionType):
        return " or ".join(type_name(a) for a in get_args(tp) if a is not type(None))
    if dataclasses.is_dataclass(tp):
        return "a table"
    return str(tp)


def _found(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return repr(value)
    return repr(value)


def convert(tp: Any, value: Any, where: str) -> Any:
    """Check and convert one value against a type hint."""
    origin = get_origin(tp)
    if tp is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        errors = []
        for arg in get_args(tp):
            if arg is type(None):
                continue
            try:
                return convert(arg, value, where)
            except ContentError as e:
                errors.append(e)
        raise ContentError(where, f"expected {type_name(tp)}, found {_found(value)}")
    if tp is bool:
        if isinstance(value, bool):
            return value
    elif tp is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif tp is float:
        if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
            return float(value)
    elif tp is str:
        if isinstance(value, str):
            return value
    elif origin is Literal:
        if value in get_args(tp) and isinstance(value, str | int):
            return value
        raise ContentError(where, f"expected {type_name(tp)}, found {_found(value)}")
    elif origin is list or origin is tuple:
        if isinstance(value, list):
            args = get_args(tp)
            if origin is tuple and args and args[-1] is not Ellipsis:
                if len(value) != len(args):
                    raise ContentError(where, f"expected {type_name(tp)}, found {len(value)} items")
                return tuple(
                    convert(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, value, strict=True))
                )
            item = args[0] if args else Any
            items = [convert(item, v, f"{where}[{i}]") for i, v in enumerate(value)]
            return tuple(items) if origin is tuple else items
    elif origin is dict:
        if isinstance(value, dict):
            _k, vt = get_args(tp)
            return {k: convert(vt, v, f"{where}.{k}") for k, v in value.items()}
    elif dataclasses.is_dataclass(tp) and isinstance(tp, type):
        if isinstance(value, dict):
            return build(tp, value, where)
    else:  # pragma: no cover - a record declared with a type this loader does not know
        raise TypeError(f"unsupported record type {tp!r}")
    raise ContentError(where, f"expected {type_name(tp)}, found {_found(value)}")


def hints(cls: type) -> dict[str, Any]:
    if cls not in _hints_cache:
        _hints_cache[cls] = get_type_hints(cls)
    return _hints_cache[cls]


def build(cls: type[T], data: dict[str, Any], where: str) -> T:
    """Build a dataclass record from a table: unknown keys, missing keys and wrong types are errors."""
    if not isinstance(data, dict):
        raise ContentError(where, f"expected a table, found {_found(data)}")
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    th = hints(cls)
    for key in data:
        if key not in fields:
            known = ", ".join(sorted(fields))
            raise ContentError(f"{where}.{key}" if where else key, f"unknown key (known keys: {known})")
    kwargs = {}
    for name, f in fields.items():
        path = f"{where}.{name}" if where else name
        if name in data:
            kwargs[name] = convert(th[name], data[name], path)
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise ContentError(path, f"missing key: expected {type_name(th[name])}")
    return cls(**kwargs)


def check_partial(cls: type, data: Any, where: str) -> None:
    """Check the keys a mod gives for a record it changes: each must exist and have the right type;
    keys it leaves out keep their values, so none is required here."""
    if not isinstance(data, dict):
        raise ContentError(where, f"expected a table, found {_found(data)}")
    fields = {f.name for f in dataclasses.fields(cls)}
    th = hints(cls)
    for key, value in data.items():
        path = f"{where}.{key}" if where else key
        if key not in fields:
            raise ContentError(path, f"unknown key (known keys: {', '.join(sorted(fields))})")
        tp = th[key]
        origin, args = get_origin(tp), get_args(tp)
        if dataclasses.is_dataclass(tp) and isinstance(tp, type):
            check_partial(tp, value, path)
        elif origin is list and args and dataclasses.is_dataclass(args[0]) and isinstance(value, list):
            for i, item in enumerate(value):
                check_partial(cast(type, args[0]), item, f"{path}[{i}]")
        elif origin is dict and args and dataclasses.is_dataclass(args[1]) and isinstance(value, dict):
            for k, item in value.items():
                check_partial(cast(type, args[1]), item, f"{path}.{k}")
        else:
            convert(tp, value, path)
