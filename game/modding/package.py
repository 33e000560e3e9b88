"""Mods that travel: `mod pack DIR` makes one file of a mod, `mod install FILE` puts it in the player's
mods folder on another machine.

A package is a zip archive: the mod's files at their paths in the mod (hidden files and folders, such
as .git, left out: they are not content) and `forglory-mod.json`, its manifest: the format, the mod's
id, name, version, ruleset and dependencies, and the SHA-256 of every file.

A package is untrusted input. Installing reads it within fixed bounds (its size, its number of files,
each file's size and the total unpacked, counted as the bytes come, never from the sizes the archive
claims: a zip bomb stops at the bound), refuses any entry that is not a plain relative path inside the
mod (no absolute path, no .., no backslash, no link, no hidden name), any file its manifest does not
list or whose hash differs, and a mod that does not pass check-content with the mods it depends on
(found in the mods folder). The mod is unpacked beside the mods folder's mods, in a hidden folder of
its own, and moved into place whole, or nothing is left of it. A mod of the same id is replaced only
when asked (`--replace`)."""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import stat
import tempfile
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from game.content.files import MAX_FILE_BYTES, inside, read_regular, write_atomic
from game.content.mods import Mod, load_mod, mod_folders, user_mods_dir
from game.modding.content_check import check_content
from game.model.errors import UserError
from game.model.limits import check_id

MANIFEST = "forglory-mod.json"
FORMAT = 1
SUFFIX = ".fgmod"
MAX_PACKAGE = 64 * 1024 * 1024  # bytes of a package file
MAX_UNPACKED = 64 * 1024 * 1024  # bytes of all its files unpacked
MAX_FILES = 2000
MAX_MANIFEST = 1024 * 1024
MAX_PATH = 400  # characters of a file's path in the mod


@dataclass(frozen=True)
class Installed:
    mod: Mod
    replaced: bool  # a mod of the same id was there and is replaced
    warnings: list[str]


def _files(mod: Mod) -> Iterator[tuple[str, Path]]:
    """The mod's files to pack, by their path in the mod, hidden ones left out."""
    for folder, dirs, names in os.walk(mod.root, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(n for n in names if not n.startswith(".")):
            path = Path(folder) / name
            yield PurePosixPath(path.relative_to(mod.root).as_posix()).as_posix(), path


def pack(folder: Path, out: Path | None = None) -> Path:
    """One file holding the mod at `folder` and its manifest; `out` is the file (or the folder to write
    <id>-<version>.fgmod in; the current folder by default). The mod must load (its layout, its
    mod.toml); check it with check-content first."""
    mod = load_mod(Path(folder))
    name = f"{mod.id}-{''.join(c if c.isalnum() or c in '.-_' else '-' for c in mod.spec.version)}{SUFFIX}"
    target = Path(out) / name if out is not None and Path(out).is_dir() else Path(out or name)
    entries = {rel: read_regular(path) for rel, path in _files(mod)}
    if len(entries) > MAX_FILES or sum(map(len, entries.values())) > MAX_UNPACKED:
        raise UserError(f"{mod.root}: too large to pack: at most {MAX_FILES} files and {MAX_UNPACKED} bytes")
    manifest = {
        "format": FORMAT,
        "id": mod.id,
        "name": mod.spec.name,
        "version": mod.spec.version,
        "ruleset": mod.spec.ruleset,
        "depends": list(mod.spec.depends),
        "files": {rel: hashlib.sha256(data).hexdigest() for rel, data in entries.items()},
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(MANIFEST, json.dumps(manifest, indent=2, sort_keys=True))
        for rel, data in entries.items():
            info = zipfile.ZipInfo(rel, date_time=(1980, 1, 1, 0, 0, 0))  # the same file for the same mod
            info.external_attr = (stat.S_IFREG | 0o644) << 16
            z.writestr(info, data, zipfile.ZIP_DEFLATED)
    try:
        write_atomic(target, buffer.getvalue())
    except OSError as e:
        raise UserError(f"{target}: cannot write: {e.strerror or e}") from None
    return target


# --- installing ---------------------------------------------------------------------------------------


def _refuse(package: Path, problem: str) -> UserError:
    return UserError(f"{package}: not installed: {problem}")


def _entry_path(package: Path, info: zipfile.ZipInfo) -> PurePosixPath:
    """An archive entry's path inside the mod, or a refusal: only plain relative paths of plain files."""
    name = info.filename
    rel = PurePosixPath(name)
    plain = (
        name
        and len(name) <= MAX_PATH
        and "\\" not in name
        and "\0" not in name
        and ":" not in name
        and not rel.is_absolute()
        and all(part not in ("", ".", "..") for part in name.split("/"))
        and not any(part.startswith(".") for part in rel.parts)
    )
    if not plain:
        raise _refuse(package, f"{name[:80]!r} is not a plain path inside the mod")
    kind = stat.S_IFMT(info.external_attr >> 16)  # none said (a zip made elsewhere): a file
    if (kind and kind != stat.S_IFREG) or info.is_dir():
        raise _refuse(package, f"{name[:80]!r} is not a plain file (a link, a folder or a device)")
    if info.flag_bits & 0x1:
        raise _refuse(package, f"{name[:80]!r} is encrypted")
    return rel


def _read(z: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int, package: Path) -> bytes:
    """An entry's bytes, counted as they come: never more than `limit`, whatever its header claims."""
    chunks, total = [], 0
    with z.open(info) as f:
        while chunk := f.read(1 << 16):
            total += len(chunk)
            if total > limit:
                raise _refuse(package, f"{info.filename[:80]!r} unpacks to more than {limit} bytes")
            chunks.append(chunk)
    return b"".join(chunks)


def _manifest(package: Path, data: bytes) -> dict[str, Any]:
    try:
        manifest = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _refuse(package, f"{MANIFEST} is not JSON") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise _refuse(package, f"{MANIFEST}: not a package of this game's format {FORMAT}")
    files = manifest.get("files")
    if not isinstance(files, dict) or not all(isinstance(v, str) for v in files.values()):
        raise _refuse(package, f"{MANIFEST}: files: expected a table of paths and their SHA-256")
    try:
        check_id(manifest.get("id"), f"{MANIFEST}: id")
    except UserError as e:
        raise _refuse(package, str(e)) from None
    return manifest


def unpack(package: Path, into: Path) -> dict[str, Any]:
    """The package's files written into the empty folder `into`, each checked against the manifest;
    the manifest. Any problem is one line naming the package."""
    raw = read_regular(package, MAX_PACKAGE)
    try:
        z = zipfile.ZipFile(io.BytesIO(raw))
    except (zipfile.BadZipFile, OSError, ValueError):
        raise _refuse(package, "not a mod package (a zip archive)") from None
    with z:
        infos = z.infolist()
        if len(infos) > MAX_FILES + 1:
            raise _refuse(package, f"more than {MAX_FILES} files")
        names = [i.filename for i in infos]
        if len(set(names)) != len(names):
            raise _refuse(package, "a file is in it twice")
        if MANIFEST not in names:
            raise _refuse(package, f"no {MANIFEST}: not a package `mod pack` made")
        try:
            manifest = _manifest(package, _read(z, z.getinfo(MANIFEST), MAX_MANIFEST, package))
            listed = manifest["files"]
            entries = [i for i in infos if i.filename != MANIFEST]
            if {i.filename for i in entries} != set(listed) or "mod.toml" not in listed:
                raise _refuse(package, f"its files are not those {MANIFEST} lists")
            room = MAX_UNPACKED
            for info in entries:
                rel = _entry_path(package, info)
                data = _read(z, info, min(MAX_FILE_BYTES, room), package)
                room -= len(data)
                if hashlib.sha256(data).hexdigest() != listed[info.filename]:
                    raise _refuse(
                        package, f"{info.filename[:80]!r} is not the file packed (its SHA-256 differs)"
                    )
                path = into.joinpath(*rel.parts)
                path.parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
        except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, RuntimeError, EOFError):
            raise _refuse(package, "a damaged archive") from None
    return manifest


def install(package: Path, replace: bool = False, mods_dir: Path | None = None) -> Installed:
    """Check and install a package into the mods folder (the player's, by default)."""
    package = Path(package)
    folder = mods_dir or user_mods_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".installing-", dir=folder))
        staging.chmod(0o755)  # a mods folder's mod, as one the player made (mkdtemp's is the owner's only)
    except OSError as e:
        raise UserError(f"{folder}: cannot write: {e.strerror or e}") from None
    try:
        manifest = unpack(package, staging)
        mod = load_mod(staging)
        if mod.id != manifest["id"]:
            raise _refuse(package, f"its mod.toml says {mod.id!r}, its manifest {manifest['id']!r}")
        report = check_content([staging, *_dependencies(mod, folder)])
        if report.problems:
            first = report.problems[0].replace(f"{staging}{os.sep}", "")  # a path in the mod
            more = f" (and {len(report.problems) - 1} more)" if len(report.problems) > 1 else ""
            raise _refuse(package, f"the mod does not pass check-content: {first}{more}")
        target = inside(folder, mod.id)
        replaced = target.exists() or target.is_symlink()
        if replaced and not replace:
            raise _refuse(package, f"{target} holds a mod of that id already (--replace to replace it)")
        _move(staging, target)
        warnings = [w.replace(str(staging), str(target)) for w in report.warnings]
        return Installed(load_mod(target), replaced, warnings)
    except OSError as e:
        raise UserError(f"{folder}: cannot install: {e.strerror or e}") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _dependencies(mod: Mod, folder: Path) -> list[Path]:
    """The installed mods a mod depends on, directly or not (by their mod.toml's id)."""
    installed: dict[str, Path] = {}
    for p in mod_folders(folder):
        try:
            installed.setdefault(load_mod(p).id, p)
        except UserError:
            continue
    found: list[Path] = []
    todo = [r.id for r in mod.needs]
    while todo:
        path = installed.get(todo.pop())
        if path is not None and path not in found:
            found.append(path)
            try:
                todo += [r.id for r in load_mod(path).needs]
            except UserError:
                continue
    return found


def _move(staging: Path, target: Path) -> None:
    """The unpacked mod into place whole: an old one of the same id moved aside first, removed after."""
    old = None
    if target.exists() or target.is_symlink():
        old = Path(tempfile.mkdtemp(prefix=".replaced-", dir=target.parent)) / target.name
        os.replace(target, old)
    try:
        os.replace(staging, target)
    except OSError:
        if old is not None:
            os.replace(old, target)  # the old mod back as it was
        raise
    if old is not None:
        shutil.rmtree(old.parent, ignore_errors=True)
