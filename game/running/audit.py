"""A battle's events as JSON lines for auditing it outside the game: one object per event, each with
`rules`, the rule IDs behind it. Events that carry their rule keep it; for the others the rule comes
from what they record (how a base moved) or their kind. The events themselves are unchanged, so
replays made before this export still replay."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from game.model.events import Event

# how a base moved (Moved.how) -> the rule that moved it
MOVED = {
    "move": "FG-ORD-6",
    "pivot": "FG-MOVE-6",
    "road": "FG-ROAD-1",
    "strategic": "FG-STRAT-1",
    "road+strategic": "FG-STRAT-3",
    "retreat": "FG-ORD-9",
    "charge": "FG-CHG-1",
    "reaction-charge": "FG-REACT-3",
    "extra": "FG-CHG-4",
    "officer": "FG-UNIT-18",
    "rally": "WM-12",
}
# the kinds of event that carry no rule of their own
KIND = {
    "pushed": "FG-CBT-14",  # pushed XS by a combat result
    "hit": "FG-HIT-1",
    "contact": "FG-CHG-1",
    "reaction": "FG-REACT-1",
    "activated": "FG-ACT-1",
}


def rules_of(d: dict[str, Any]) -> list[str]:
    """The rule IDs of one event (as Event.to_dict gives it), the event's own first."""
    found = [d[k] for k in ("rule", "stopped") if isinstance(d.get(k), str)]
    found += [m["rule"] for m in d.get("modifiers", ()) if m.get("rule")]
    found += [r for r in d.get("rules", ()) if isinstance(r, str)]  # a module's rules behind a move
    if d["kind"] == "moved":
        found.append(MOVED.get(d.get("how", ""), "FG-ORD-6"))
    elif d["kind"] in KIND:
        found.append(KIND[d["kind"]])
    return list(dict.fromkeys(found))


def event_lines(events: Iterable[Event]) -> str:
    """Every event as one line of JSON, numbered in order, with its rule IDs."""
    out = []
    for i, e in enumerate(events):
        d = e.to_dict()
        out.append(json.dumps({"n": i, **d, "rules": rules_of(d)}, ensure_ascii=False, sort_keys=True))
    return "\n".join(out) + "\n" if out else ""
