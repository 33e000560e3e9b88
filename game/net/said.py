"""What the network layer tells the player, without words: a key of content/locale/<lang>/ui.toml and
its values (a value may itself be something said, worded first). The window and the command line
word it in the player's language."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.content.locale import Texts


@dataclass(frozen=True)
class Said:
    key: str
    values: dict[str, object] = field(default_factory=dict)
    bad: bool = False  # a fault or a refusal, shown as one

    def words(self, t: Texts) -> str:
        return t(self.key, **{k: v.words(t) if isinstance(v, Said) else v for k, v in self.values.items()})
