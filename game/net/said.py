"""What the network layer tells the player, without words: a key of content/locale/<lang>/ui.toml and
its values (a value may itself be something said, worded first). The window and the command line
word it in the player's language."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from game.content.locale import Texts


@dataclass(frozen=True)
class Said:
    key: str
    values: dict[str, object] = field(default_factory=dict)
    bad: bool = False  # a fault or a refusal, shown as one

    def words(self, t: Texts, sides: Mapping[str, str] | None = None) -> str:
        """In the player's words; `sides`: the sides by their names (a value `side` is a side's id)."""
        values = {k: v.words(t, sides) if isinstance(v, Said) else v for k, v in self.values.items()}
        if sides and isinstance(values.get("side"), str):
            values["side"] = sides.get(str(values["side"]), values["side"])
        return t(self.key, **values)
