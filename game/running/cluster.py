"""Games played on a Dask cluster (issue 39): `tournament` and bench/ai_match, given `--cluster
tcp://HOST:PORT`, send every game to the scheduler at that address and get back the same results, in the
same order, as played here or with --jobs (a game is its seed and its players, whichever machine plays
it). Each worker plays with its own copy of the game: the same version must be installed there, with
the optional extra `cluster` (`pip install 'forglory[cluster]'`); bench/ai_match's workers run from the
repository, where `bench` can be imported. dask.distributed is imported only here, and only when asked."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from game.model.errors import UserError, one_line

T = TypeVar("T")

ADDRESS = re.compile(r"tcp://(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\]):(\d{1,5})")
CONNECT_SECONDS = 10.0  # waited for the scheduler to answer before saying it does not


def checked_address(address: str) -> str:
    """The scheduler's address as given, or one line saying what it should look like."""
    m = ADDRESS.fullmatch(address)
    if m is None or not 0 < int(m.group(1)) < 65536:
        raise UserError(f"--cluster: {one_line(address, 80)!r} is not a scheduler's address: tcp://HOST:PORT")
    return address


def _played(fn: Callable[..., T], args: tuple[Any, ...]) -> T:
    """One game on a worker: the rules that ship registered first (a worker is a fresh process)."""
    from game.running import builtin_rules  # here: the command line checks an address without the rules

    builtin_rules.load()
    return fn(*args)


def on_cluster(address: str, fn: Callable[..., T], calls: Sequence[tuple[Any, ...]]) -> Iterator[T]:
    """fn(*call) for every call, played on the cluster's workers, yielded in the order of the calls."""
    checked_address(address)
    try:
        from distributed import Client
        from distributed.client import FutureCancelledError
        from distributed.scheduler import KilledWorker
    except ImportError:
        raise UserError("--cluster needs dask.distributed: pip install 'forglory[cluster]'") from None
    try:
        client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as e:
        raise UserError(
            f"--cluster {address}: no Dask scheduler answers there ({type(e).__name__})"
        ) from None
    with client:
        if not client.scheduler_info().get("workers"):
            raise UserError(f"--cluster {address}: the scheduler has no workers")
        futures = client.map(_played, [fn] * len(calls), calls, pure=False)
        for call, future in zip(calls, futures, strict=True):
            try:
                yield future.result()
            except (KilledWorker, FutureCancelledError, OSError) as e:
                raise UserError(
                    f"--cluster {address}: the game {one_line(repr(call), 120)} was lost on the cluster "
                    f"({type(e).__name__}); run again, or without --cluster"
                ) from None
