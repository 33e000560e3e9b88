"""For Glory v3.1.0, the digital edition."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
