"""Reading untrusted files: only regular files, never more than a bounded size, never blocking on a
pipe or a device. Every content file, mod, script, save and replay is read through here."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from game.model.errors import ContentError

MAX_FILE_BYTES = 8 * 1024 * 1024  # far beyond any content file or a long battle's replay (~300 KB)


def read_regular(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; anything else is one line naming it."""
    where = str(path)
    try:
        # O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, for ever
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise ContentError(where, "no such file") from None
    except IsADirectoryError:
        raise ContentError(where, "is a folder, not a file") from None
    except OSError as e:
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
