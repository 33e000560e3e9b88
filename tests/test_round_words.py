"""For Glory's Spanish words say "ronda" for the battle's round: the rulebook says "En For Glory no hay
turnos, la partida se divide en rondas" (FG-SEQ-1, AMB-42), so a Spanish text of a For Glory battle
(the game's locale, its rule modules', its scenarios') says "turno" only where the rulebook does, for
whose turn it is to act, or where the text is not about the battle (a turn file, Open Wars' turns,
the campaign's).
The decision: docs/rules-decisions.md, "Turno or ronda"."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping

from game import CONTENT
from game.content.locale import Texts
from game.content.module_records import folder_of
from game.model.modules import modules

TURNO = re.compile(r"\bturnos?\b", re.IGNORECASE)

FILE_KEYS = (
    "file_written", "file_opened_one", "file_opened_many", "file_your_turn", "file_not_turn",
    "file_version", "file_malformed", "file_other_game", "file_no_game", "file_already",
    "file_out_of_order", "file_not_following", "file_own", "file_unfinished", "file_written_first",
    "net_by_file_title", "net_file_path", "file_waiting", "file_showing", "file_resumed", "file_after_end",
)  # fmt: skip

# Every Spanish text of a For Glory battle that may say "turno", and why.
TURNS = {
    # whose turn it is to act, as the rulebook says it ("es turno del oficial español")
    "glossary.activation.text": "a formation's turn to act",
    "ui.net_refused_turn": "an order out of its sender's turn to act",
    "ui.net_fault_order": "a message out of its sender's turn to act",
    "clash-command.ui.decision_clash_turn": "Clash of Spears: the active player's turn to pick",
    "clash-command.rules.CS-2.title": "Clash of Spears: players take turns to act",
    "clash-command.rules.CS-14.text": "Clash of Spears: a unit activated in its player's own turn",
    # the rulebook's own words
    "rules.FG-SEQ-1.text": 'the rulebook: "no hay turnos"',
    # Warhammer's source: "no podrán hacer nada más durante el resto del turno"
    "warhammer-charges.rules.WM-12.text": "Warhammer's Spanish source says turno",
    # play by file: a turn file holds one player's turn to act, not a round
    **dict.fromkeys((f"ui.{k}" for k in FILE_KEYS), "a turn file"),
    # Open Wars' words in the game's files: its own rules speak of turnos
    "ui.save_turn": "Open Wars' saves",
    "ui.resume_last_turn": "Open Wars' last game",
    "ui.fate_side_out": "Open Wars' players out",
    "ui.fate_side_conceded": "Open Wars' players who conceded",
    "ui.why_term_income": "Open Wars' computer players",
    # the map editor's campaign and Open Wars fields: their games are played in turns
    **dict.fromkeys(
        (
            f"ui.{k}"
            for k in (
                "editor_field_max_turns",
                "editor_field_months",
                "editor_field_turn",
                "editor_turn",
                "editor_turn_date",
                "problem_after_last_turn",
            )
        ),
        "a campaign's turns (the editor's campaign pages)",
    ),
}
# the campaign's words in the game's files: a campaign is played in turns, as Open Wars is (docs/campaigns.md)
CAMPAIGN_KEYS = ("ui.campaign_", "ui.start_campaign_")


def _texts(table: Mapping[str, object], at: str) -> Iterator[tuple[str, str]]:
    """Every string of a TOML table by its dotted key."""
    for key, value in table.items():
        where = f"{at}.{key}" if at else key
        if isinstance(value, str):
            yield where, value
        elif isinstance(value, Mapping):
            yield from _texts(value, where)
        elif isinstance(value, list):
            yield from ((f"{where}.{i}", v) for i, v in enumerate(value) if isinstance(v, str))


def spanish_texts() -> Iterator[tuple[str, str]]:
    """The Spanish texts of a For Glory battle by key: the game's locale, every rule module's but Open
    Wars' and the campaign's (games of turns), every For Glory scenario's [locale.es]."""
    folders = [("", CONTENT / "locale")]
    for m in modules():
        if m.id not in ("open-wars", "campaign") and (folder := folder_of(m) / "locale").is_dir():
            folders.append((f"{m.id}.", folder))
    for prefix, root in folders:
        for path in sorted((root / "es").glob("*.toml")):
            yield from _texts(tomllib.loads(path.read_text(encoding="utf-8")), prefix + path.stem)
    for path in sorted((CONTENT / "scenarios").glob("*.toml")):  # Open Wars' maps are in a folder of theirs
        spanish = tomllib.loads(path.read_text(encoding="utf-8")).get("locale", {}).get("es", {})
        yield from _texts(spanish, f"scenario.{path.stem}")


def test_for_glory_spanish_says_ronda_for_the_round() -> None:
    texts = dict(spanish_texts())
    assert len(texts) > 1000 and "ui.top_bar" in texts and "scenario.river-crossing.description" in texts
    said = sorted(
        k for k, v in texts.items() if TURNO.search(v) and k not in TURNS and not k.startswith(CAMPAIGN_KEYS)
    )
    assert not said, f'"turno" for the round (say "ronda", or add the key to TURNS with why): {said}'
    stale = sorted(k for k in TURNS if k not in texts or not TURNO.search(texts[k]))
    assert not stale, f"TURNS names keys that no longer say turno: {stale}"


def test_the_round_counter_reinforcements_and_limit_say_ronda() -> None:
    t = Texts("es")
    assert t("top_bar", round=3, phase="activaciones", active="Franceses").startswith("Ronda 3  |")
    assert t("log_result_arrives_in_round_n", n=2) == "llega en la ronda 2"
    assert t("log_end_amb_37", limit=10) == "se alcanza el límite de 10 rondas"
    assert t("ended_after_many", reason="x", rounds=4) == "x tras 4 rondas"
    assert t("save_round", round=5) == "ronda 5" and t("save_turn", round=5) == "turno 5"
