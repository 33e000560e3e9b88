"""A refused command in the battle log in the log's language: the recorded English reason is read back
against the English texts of reasons.toml (the game's and the modules') and told in the log's words;
a reason no text matches stays as recorded, and the English log is unchanged."""

from __future__ import annotations

from game import CONTENT
from game.content.locale import formatted, placeholders, read_ui
from game.model import commands as cmd
from game.running.log_texts import english, reason_said, texts_for
from game.running.narrate import narrate
from tests.helpers import make_battle, unit

ES = texts_for("es")


def test_a_refused_move_in_a_spanish_log() -> None:
    b = make_battle()
    try:
        unit(b, "u", "a", (20.0, 20.0), 0.0)
        events = [e.to_dict() for e in b.apply(cmd.Move("u", (50.0, 20.0)))]
    finally:
        b.close()
    assert [e["kind"] for e in events] == ["rejected"]
    (line,) = narrate(events, ES)
    assert line.text == (
        "u: se rechaza la orden de mover (FG-CMD-2): u solo actúa cuando se activa su división o destacamento"
    )
    (english_line,) = narrate(events)
    assert english_line.text.endswith(events[0]["reason"])


def test_numbers_and_categories_of_a_reason_in_spanish() -> None:
    reason = 'the move is 30.00" and Line infantry may move 12" at most'
    spanish = 'Infantería de línea: mueve 12" como máximo y el movimiento es de 30"'  # inches to a tenth
    assert reason_said(ES, reason) == spanish
    order = "moveofficer is not an order the battle is waiting for"
    assert reason_said(ES, order) == "la batalla no espera una orden de mover a un oficial"
    assert reason_said(ES, "units are recruited only in cities, not in Moria") == (
        "solo se recluta en ciudades, no en Moria"  # a module's refusal
    )


def test_an_unknown_reason_stays_as_recorded() -> None:
    assert reason_said(ES, "a module's own reason, unknown") == "a module's own reason, unknown"


def test_every_english_reason_reads_back_to_itself() -> None:
    """The English log says each reason as recorded, whichever text it matches."""
    for key, text in read_ui(CONTENT / "locale" / "en" / "reasons.toml").items():
        values = {name: f"x{i}" for i, name in enumerate(sorted(placeholders(text)))}
        reason = formatted(text, values)  # as a battle records it: its values ids, each singular
        assert reason_said(english(), reason) == reason, key
