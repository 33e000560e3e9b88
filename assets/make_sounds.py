"""Make the game's sound effects and its little march, from nothing but arithmetic: every file in
assets/sounds/ comes out of this script, the same bytes every time (`python assets/make_sounds.py`).

Mono 16-bit WAV at 22,050 Hz (the march at 11,025 Hz): a few hundred kilobytes in all."""

from __future__ import annotations

import array
import math
import random
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22_050
OUT = Path(__file__).resolve().parent / "sounds"


def write(path: Path, samples: list[float], rate: int = RATE) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    data = array.array("h", (int(32000 * s / peak) for s in samples))
    if sys.byteorder == "big":
        data.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(data.tobytes())


def envelope(t: float, attack: float, decay: float) -> float:
    return t / attack if t < attack else math.exp(-(t - attack) / decay)


def burst(rng: random.Random, length: float, decay: float, tone: float = 0.0) -> list[float]:
    """Noise that fades, low-passed by a running mean (tone 0: bright, near 1: dull)."""
    out, smooth = [], 0.0
    for i in range(int(length * RATE)):
        smooth = tone * smooth + (1 - tone) * rng.uniform(-1, 1)
        out.append(smooth * envelope(i / RATE, 0.002, decay))
    return out


def mix(length: float, *parts: tuple[float, list[float]]) -> list[float]:
    out = [0.0] * int(length * RATE)
    for start, part in parts:
        at = int(start * RATE)
        for i, s in enumerate(part[: len(out) - at]):
            out[at + i] += s
    return out


def volley(rng: random.Random) -> list[float]:
    """A line of muskets: a dozen cracks within a quarter second, and their echo."""
    shots = [(rng.uniform(0, 0.25), burst(rng, 0.5, rng.uniform(0.04, 0.09), 0.35)) for _ in range(12)]
    return mix(1.1, *shots, (0.05, [0.3 * s for s in burst(rng, 1.0, 0.3, 0.85)]))


def cannon(rng: random.Random) -> list[float]:
    """A gun: a low thump under a dull roar."""
    thump = [math.sin(2 * math.pi * 55 * i / RATE) * envelope(i / RATE, 0.005, 0.25) for i in range(RATE)]
    return mix(1.4, (0, thump), (0, [0.8 * s for s in burst(rng, 1.4, 0.35, 0.9)]))


def charge(rng: random.Random) -> list[float]:
    """Hooves at the gallop: thuds in threes, quickening."""
    hits, t = [], 0.0
    while t < 1.6:
        for k in range(3):
            hits.append((t + k * 0.07, burst(rng, 0.12, 0.03, 0.95)))
        t += 0.36 - t * 0.08
    return mix(1.8, *hits)


def drums(rng: random.Random) -> list[float]:
    """A snare's call to a new round: a roll and two strokes."""
    strokes = [(i * 0.045, burst(rng, 0.1, 0.02, 0.2)) for i in range(14)]
    strokes += [(0.75, burst(rng, 0.3, 0.08, 0.2)), (1.05, burst(rng, 0.3, 0.08, 0.2))]
    return mix(1.5, *strokes)


def dice(rng: random.Random) -> list[float]:
    """A die on the table: clicks that come closer together as it settles."""
    clicks, t, gap = [], 0.0, 0.09
    while gap > 0.012:
        clicks.append((t, [0.6 * s for s in burst(rng, 0.02, 0.004, 0.1)]))
        t, gap = t + gap, gap * 0.72
    return mix(t + 0.05, *clicks)


def march(_rng: random.Random) -> list[float]:
    """Eight bars of a fife-and-drum march in G (a square-ish fife over a bass drum)."""
    rate, tempo = RATE // 2, 0.25  # an eighth note
    notes = "D5 G5 G5 A5 B5 G5 D5 D5 E5 C6 B5 A5 G5 F#5 G5 - D5 G5 A5 B5 C6 B5 A5 G5 F#5 A5 D5 F#5 G5 - G5 -"
    names = {"C": -9, "D": -7, "E": -5, "F#": -3, "G": -2, "A": 0, "B": 2}
    out: list[float] = []
    for k, n in enumerate(notes.split()):
        length = int(tempo * rate)
        if n == "-":
            out += [0.0] * length
            continue
        freq = 440 * 2 ** ((names[n[:-1]] + 12 * (int(n[-1]) - 4)) / 12)
        for i in range(length):
            t = i / rate
            fife = math.copysign(1, math.sin(2 * math.pi * freq * t)) * 0.25 + math.sin(2 * math.pi * freq * t)
            drum = math.sin(2 * math.pi * 60 * t) * math.exp(-t / 0.05) * (2.0 if k % 4 == 0 else 0.0)
            out.append(0.4 * fife * envelope(t, 0.01, 0.2) + drum)
    return out


SOUNDS: dict[str, Callable[[random.Random], list[float]]] = {
    "volley": volley,
    "cannon": cannon,
    "charge": charge,
    "drums": drums,
    "dice": dice,
}


def make(out: Path = OUT) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    made = []
    for k, (name, fn) in enumerate(SOUNDS.items()):
        made.append(out / f"{name}.wav")
        write(made[-1], fn(random.Random(k)))
    made.append(out / "march.wav")
    write(made[-1], march(random.Random(99)), RATE // 2)
    return made


if __name__ == "__main__":
    for p in make(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT):
        print(f"{p}: {p.stat().st_size // 1024} KB")
