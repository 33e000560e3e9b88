"""The connection to the other machine, off the caller's thread: a listener that takes callers until
the game has its player, a connection made in the background, and a `Link` whose reader and writer
threads move checked messages between the socket and two queues. The caller (the window's frame, the
headless loop) only polls, so a slow, silent or hostile peer never blocks it.

Faults end a link and come out of `poll` as a `Fault` once: the peer closed or vanished, said nothing
for too long, dribbled a message slower than its deadline, stopped reading ours, sent too much or too
many, or sent something that breaks the protocol (game/net/wire.py)."""

from __future__ import annotations

import contextlib
import queue
import select
import socket
import threading
import time
from dataclasses import dataclass, field

from game.net.wire import Frames, Message, ProtocolError, encode

TICK = 0.2  # seconds a thread waits on its socket before it looks at its deadlines and its stop flag
SILENCE = 12.0  # seconds without a message from the peer (it pings every PING seconds): gone
PING = 2.0
MESSAGE_DEADLINE = 8.0  # seconds a begun message may take to arrive whole
SEND_DEADLINE = 8.0  # seconds one of ours may take to leave (a peer that stops reading)
CONNECT_TIMEOUT = 5.0
MOST_UNREAD = 16 * 1024 * 1024  # bytes received and not yet read by the caller: more is a flood
# messages a peer may send: a burst (a resume sends every command the other missed at once), then so
# many a second (two computer players send a few hundred): a ping or an ack may be sent again and
# again harmlessly, so only their rate stops a peer that would keep this machine's threads busy
BURST = 20_000
RATE = 2_000
CHUNK = 16 * 1024


@dataclass(frozen=True)
class Fault:
    """Why a link ended: a key of the words (`net_fault_<key>`) and its values."""

    key: str
    values: dict[str, object] = field(default_factory=dict)


Incoming = Message | Fault


class Link:
    def __init__(self, sock: socket.socket) -> None:
        sock.setblocking(False)
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._sock = sock
        self._in: queue.Queue[Incoming] = queue.Queue()
        self._out: queue.Queue[bytes | None] = queue.Queue()
        self._news = threading.Event()  # something was put in `_in` since the last poll
        self._unread = 0  # bytes received since the last poll (a resume sends thousands of commands)
        self._stop = threading.Event()
        self._ended = threading.Event()
        self._fault_lock = threading.Lock()
        self._faulted = False
        self.peer = _address(sock)
        self._next_ping = time.monotonic() + PING
        self._reader = threading.Thread(target=self._read, name="net-read", daemon=True)
        self._writer = threading.Thread(target=self._write, name="net-write", daemon=True)
        self._reader.start()
        self._writer.start()

    @property
    def alive(self) -> bool:
        return not self._ended.is_set()

    def send(self, kind: str, **fields: object) -> None:
        """Queue a message (checked and encoded here: a bug of ours raises ProtocolError at once)."""
        if self.alive:
            self._out.put(encode(kind, **fields))

    def ping(self, now: float, every: float) -> None:
        """A ping once `every` seconds have passed since the last (the peer's silence deadline)."""
        if now >= self._next_ping:
            self._next_ping = now + every
            self.send("ping")

    def poll(self) -> list[Incoming]:
        """What has come since the last poll, never waiting."""
        self._news.clear()
        self._unread = 0
        out = []
        while True:
            try:
                out.append(self._in.get_nowait())
            except queue.Empty:
                return out

    def wait(self, timeout: float) -> None:
        """Block until something comes or `timeout` passes (the headless loop, not the window)."""
        if self._in.empty():
            self._news.wait(timeout)

    def close(self, wait: float = 0.0) -> None:
        """Send what is queued, then end the link: the writer's thread does it, so the caller does not
        wait (a peer that reads nothing is dropped by the writer's deadline). `wait`: seconds to wait
        for it (the headless loop, whose process ends next)."""
        if self.alive:
            self._out.put(None)
            if wait > 0:
                self._writer.join(wait)
                self._end(None)

    # --- the threads ------------------------------------------------------------------------------

    def _put(self, item: Incoming) -> None:
        self._in.put(item)
        self._news.set()

    def _end(self, fault: Fault | None) -> None:
        with self._fault_lock:
            if self._faulted:
                return
            self._faulted = True
        if fault is not None:
            self._put(fault)
        self._stop.set()
        self._ended.set()
        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)
        with contextlib.suppress(OSError):
            self._sock.close()

    def _read(self) -> None:
        frames = Frames()
        heard = time.monotonic()
        begun: float | None = None  # when the message in hand began to arrive
        allowed, counted = float(BURST), heard  # messages the peer may still send, as of when
        while not self._stop.is_set():
            try:
                ready, _, _ = select.select([self._sock], [], [], TICK)
                data = self._sock.recv(CHUNK) if ready else None
            except BlockingIOError:
                data = None
            except (OSError, ValueError):  # reset by the peer, or closed by us
                self._end(Fault("closed"))
                return
            now = time.monotonic()
            if data == b"":
                self._end(Fault("closed"))
                return
            if data:
                heard = now
                try:
                    messages = frames.feed(data)
                except ProtocolError as e:
                    self._end(Fault(e.key, dict(e.values)))
                    return
                allowed = min(BURST, allowed + (now - counted) * RATE) - len(messages)
                counted = now
                if allowed < 0:
                    self._end(Fault("rate", {"most": RATE}))
                    return
                for m in messages:
                    self._put(m)
                begun = (begun or now) if frames.partial else None
                self._unread += len(data)
                if self._unread > MOST_UNREAD:
                    self._end(Fault("flood", {"most": MOST_UNREAD // (1024 * 1024)}))
                    return
            if begun is not None and now - begun > MESSAGE_DEADLINE:
                self._end(Fault("slow", {"seconds": MESSAGE_DEADLINE}))
                return
            if now - heard > SILENCE:
                self._end(Fault("silent", {"seconds": SILENCE}))
                return

    def _write(self) -> None:
        while not self._stop.is_set():
            try:
                data = self._out.get(timeout=TICK)
            except queue.Empty:
                continue
            if data is None:  # close(): all before it is sent
                self._end(None)
                return
            deadline = time.monotonic() + SEND_DEADLINE
            view = memoryview(data)
            while view:
                if self._stop.is_set():
                    return
                if time.monotonic() > deadline:
                    self._end(Fault("stuck", {"seconds": SEND_DEADLINE}))
                    return
                try:
                    _, ready, _ = select.select([], [self._sock], [], TICK)
                    if ready:
                        view = view[self._sock.send(view) :]
                except BlockingIOError:
                    continue
                except (OSError, ValueError):
                    self._end(Fault("closed"))
                    return


def _address(sock: socket.socket) -> str:
    try:
        host, port = sock.getpeername()[:2]
    except OSError:
        return "?"
    return f"{host}:{port}"


class Listener:
    """A listening socket on the address and port asked, no other. It takes whoever calls (several at
    once: a caller that says nothing cannot keep an honest one out) until `close`, when the game has
    its player; `listen` again to wait for him after a drop."""

    def __init__(self, address: str, port: int) -> None:
        self.address = address
        self.port = port
        self._sock: socket.socket | None = None
        self._taken: queue.Queue[socket.socket] = queue.Queue()
        self._stop = threading.Event()
        self.listen()

    @property
    def listening(self) -> bool:
        return self._sock is not None

    def listen(self) -> None:
        """Listen (again) on the same address and port; raises OSError when it is taken."""
        if self._sock is not None:
            return
        family = socket.AF_INET6 if ":" in self.address else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((self.address, self.port))
            sock.listen(8)
        except OSError:
            sock.close()
            raise
        self.port = sock.getsockname()[1]  # the port the system gave, when 0 was asked
        self._sock = sock
        self._stop = threading.Event()
        threading.Thread(target=self._accept, args=(sock, self._stop), name="net-listen", daemon=True).start()

    def _accept(self, sock: socket.socket, stop: threading.Event) -> None:
        while not stop.is_set():
            try:
                ready, _, _ = select.select([sock], [], [], TICK)
                if not ready:
                    continue
                peer, _ = sock.accept()
            except (OSError, ValueError):
                return  # closed
            if stop.is_set():
                peer.close()
                return
            self._taken.put(peer)

    def taken(self) -> socket.socket | None:
        """A caller that connected, once each (None: no one new)."""
        try:
            return self._taken.get_nowait()
        except queue.Empty:
            return None

    def close(self) -> None:
        """Listen no more (the game has its player, or is left): a caller now finds nobody."""
        self._stop.set()
        if self._sock is not None:
            with contextlib.suppress(OSError):  # ends the listening now, though a select still holds it
                self._sock.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(OSError):
                self._sock.close()
            self._sock = None
        while (peer := self.taken()) is not None:  # callers not yet looked at
            peer.close()


class Connecting:
    """A connection being made in the background: `result()` is None until it is made or has failed."""

    def __init__(self, host: str, port: int) -> None:
        self._done: queue.Queue[socket.socket | OSError] = queue.Queue()
        self._thread = threading.Thread(target=self._connect, args=(host, port), daemon=True)
        self._thread.start()

    def _connect(self, host: str, port: int) -> None:
        try:
            self._done.put(socket.create_connection((host, port), timeout=CONNECT_TIMEOUT))
        except OSError as e:
            self._done.put(e)

    def result(self) -> socket.socket | OSError | None:
        try:
            return self._done.get_nowait()
        except queue.Empty:
            return None

    def wait(self, timeout: float) -> None:
        self._thread.join(timeout)


def lan_address() -> str:
    """This machine's address on its network, for the host to give his friend (no packet is sent:
    a datagram socket's connect only picks the route)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"
