"""Untrusted files in and the game's own files out.

Reading: only regular files, never more than a bounded size, never blocking on a pipe or a device.
Every content file, mod, script, save and replay is read through here.

Writing: every file the game names by itself (saves, autosaves, crash reports, settings) is named from
a sanitised stem and must lie inside its folder before it is written or deleted (`inside`); every
write replaces its file whole or not at all, and never a link or a read-only file (`write_atomic`)."""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
from pathlib import Path

from game.model.errors import ContentError, UserError

SYSTEM = ("/proc", "/sys", "/dev")  # the system's own files: never written, whatever a path names
MAX_FILE_BYTES = 8 * 1024 * 1024  # far beyond any content file or a long battle's replay (~300 KB)


def read_regular(path: Path, limit: int = MAX_FILE_BYTES, links: bool = True) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; anything else is one line naming it.
    `links=False`: a link is refused too (the user's saves folder, where a link may lead anywhere)."""
    where = str(path)
    if "\0" in where:  # typed in the window: the system takes no such name
        raise ContentError(where, "not a file name: it holds a NUL character")
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_BINARY", 0)
    if not links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        # O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, for ever
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise ContentError(where, "no such file") from None
    except IsADirectoryError:
        raise ContentError(where, "is a folder, not a file") from None
    except OSError as e:
        if e.errno == errno.ELOOP and not links:
            raise ContentError(where, "a link: not read") from None
        raise ContentError(where, f"cannot read: {e.strerror}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise ContentError(where, "is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise ContentError(where, "not a regular file (a pipe, a socket or a device)")
        if info.st_size > limit:
            raise ContentError(where, f"too large: {info.st_size} bytes (at most {limit})")
        chunks, total = [], 0
        while chunk := os.read(fd, 1 << 20):
            total += len(chunk)
            if total > limit:  # it grew while being read
                raise ContentError(where, f"too large: more than {limit} bytes")
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as e:
        raise ContentError(where, f"cannot read: {e.strerror}") from None
    finally:
        os.close(fd)


def typed_path(text: str) -> Path:
    """A path the player typed: `~` is his home, and `~someone` a home this machine lacks stays as
    typed (expanduser raises RuntimeError for it), so opening it says there is no such file."""
    try:
        return Path(text).expanduser()
    except RuntimeError:
        return Path(text)


# --- the game's own files --------------------------------------------------------------------------

_NOT_STEM = re.compile(r"[^a-z0-9_-]+")
STEM_LENGTH = 64


def stem(text: str, fallback: str = "battle") -> str:
    """Part of a file name made from content (a scenario's id): lowercase letters, digits, - and _,
    at most 64 of them; whatever else the text holds (a separator, a dot, a wildcard) becomes a dash."""
    cleaned = _NOT_STEM.sub("-", text.lower()).strip("-_")[:STEM_LENGTH]
    return cleaned or fallback


def inside(folder: Path, name: str) -> Path:
    """The file `name` directly in `folder`, once it is sure to be there: a plain name (no separator,
    not . or ..) whose path, links followed, ends in the folder itself. Every file the game writes or
    deletes by itself is found through here; anything else is one line naming it."""
    if name in ("", ".", "..") or any(c in name for c in ("/", "\\", "\0", os.sep, os.altsep or "/")):
        raise UserError(f"{folder}: {name!r} is not a plain file name: nothing written")
    path = Path(folder) / name
    try:
        if path.resolve().parent != Path(folder).resolve():
            raise UserError(f"{path}: leads outside {folder} (a link): not written nor removed")
    except (OSError, RuntimeError):  # a link that leads back to itself
        raise UserError(f"{path}: a link that leads nowhere: not written nor removed") from None
    return path


def remove_inside(folder: Path, name: str) -> None:
    """Delete one file the game wrote, by its exact name in its folder: only a regular file (a link,
    a folder or anything else of that name is left alone) and only inside the folder."""
    path = inside(folder, name)
    try:
        if stat.S_ISREG(path.lstat().st_mode):
            path.unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        raise UserError(f"{path}: cannot remove: {e.strerror}") from None


def write_atomic(path: Path, text: str | bytes) -> None:
    """Write a file (text, or bytes: a screenshot) so that it is either the old one or the whole new
    one, never half of it. The new
    file keeps the old one's permissions (a new one gets the umask's); only a regular file the owner
    may write is ever replaced (not a link, not a read-only file), and temporaries left by an earlier
    crash are removed."""
    path = Path(path)
    if "\0" in str(path):  # typed in the window: the system takes no such name
        raise OSError(errno.EINVAL, "not a file name: it holds a NUL character", str(path))
    real = os.path.realpath(path)
    if any(real == s or real.startswith(s + "/") for s in SYSTEM):  # /proc/self/mem looks like a file
        raise OSError(errno.EPERM, "a file of the system: not replaced", str(path))
    try:
        old = path.lstat()
    except FileNotFoundError:
        old = None
    if old is not None and not stat.S_ISREG(old.st_mode):
        kind = "a link" if stat.S_ISLNK(old.st_mode) else "not a regular file"
        raise OSError(errno.EEXIST, f"{kind}: not replaced", str(path))
    if old is not None and not old.st_mode & stat.S_IWUSR:
        raise OSError(errno.EACCES, "read-only: not replaced", str(path))
    folder = path.parent if str(path.parent) else Path(".")
    prefix = f".{path.name}."
    with os.scandir(folder) as entries:  # compared by name: no pattern is made of the file's name
        stale = [e.path for e in entries if e.name.startswith(prefix) and e.name.endswith(".tmp")]
    for p in stale:
        Path(p).unlink(missing_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=folder)
    try:
        os.fchmod(fd, stat.S_IMODE(old.st_mode) if old is not None else 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as f:
            if isinstance(text, str):
                text = text.encode("utf-8")
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text(path: Path, text: str | bytes) -> None:
    """write_atomic, with a failure as one line naming the file."""
    try:
        write_atomic(path, text)
    except OSError as e:
        raise UserError(f"{path}: cannot write: {e.strerror}") from None


def _umask() -> int:
    mask = os.umask(0)  # the only way to read it is to set it
    os.umask(mask)
    return mask
