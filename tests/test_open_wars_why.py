"""`simulate --why` on an Open Wars game says what each general ordered, in the player's language: which
tokens of which stack march from where to where, which spell a unit casts from where on what, which
stack shoots where; the words of the log's line of the same order (never the command's type name)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.cli.entry import main
from game.model import commands as cmd
from game.model.events import Note
from game.running.log_texts import texts_for
from systems.open_wars.combat import FallBack
from systems.open_wars.magic import Cast
from systems.open_wars.moves import March, Recruit
from systems.open_wars.state import Campaign
from systems.open_wars.volley import Shoot
from systems.open_wars.words import narrate, order_words
from tests.ow_helpers import small_maker

ORDERS: list[tuple[cmd.Command, str, str]] = [
    (
        March("dwarf-warriors", ("a", "b", "c"), 2),
        "2 tokens of Dwarf warriors march Aston > Broad > Crag",
        "2 fichas de Guerreros enanos marchan Aston > Broad > Crag",
    ),
    (
        March("dwarf-warriors", ("a", "b"), 1),
        "1 token of Dwarf warriors marches Aston > Broad",
        "1 ficha de Guerreros enanos marcha Aston > Broad",
    ),
    (
        Cast("a", "runesmith", "earthquake", "b"),
        "Runesmith in Aston casts Earthquake at Broad",
        "Herrero rúnico en Aston lanza Terremoto sobre Broad",
    ),
    (
        Cast("a", "runesmith", "earthquake", "b", "orc"),
        "Runesmith in Aston casts Earthquake at Broad, aimed at the tokens of Orcs",
        "Herrero rúnico en Aston lanza Terremoto sobre Broad, contra las fichas de los Orcs",  # its article
    ),
    (
        Shoot("a", "crossbows", "b"),
        "the stack of Crossbows in Aston shoots at Broad",
        "la pila de Ballesteros en Aston dispara a Broad",
    ),
    (
        FallBack("b", "dwarf-warriors", "a", 2),
        "2 tokens of Dwarf warriors retreat to Aston",
        "2 fichas de Guerreros enanos se retiran a Aston",
    ),
    (
        Recruit("a", "crossbows", 3),
        "recruit 3 tokens of Crossbows in Aston",
        "reclutar 3 fichas de Ballesteros en Aston",
    ),
]


@pytest.fixture
def small(tmp_path: Path) -> Callable[..., Campaign]:
    return small_maker(tmp_path)


@pytest.mark.parametrize(("order", "english", "spanish"), ORDERS)
def test_each_open_wars_order_is_said_in_words(
    small: Callable[..., Campaign], order: cmd.Command, english: str, spanish: str
) -> None:
    c = small()
    assert order_words(c, order, texts_for("en", ["open-wars"])) == english
    assert order_words(c, order, texts_for("es", ["open-wars"])) == spanish


def test_a_command_not_open_wars_own_is_left_to_for_glorys_words(small: Callable[..., Campaign]) -> None:
    assert order_words(small(), cmd.Pass(), texts_for("en", ["open-wars"])) is None


def test_the_logs_march_and_cast_say_the_order_in_the_same_words(small: Callable[..., Campaign]) -> None:
    """The log's line of a march or a cast is the order's words with the side and what it cost."""
    c, t = small(), texts_for("en", ["open-wars"])
    march: dict[str, Any] = {
        "player": "dw",
        "unit": "dwarf-warriors",
        "count": 2,
        "path": ["a", "b"],
        "movement": 2,
    }
    cast: dict[str, Any] = {
        "player": "dw",
        "unit": "runesmith",
        "location": "a",
        "spell": "earthquake",
        "target": "b",
    }
    cast |= {"cost": 2, "mana": 1}
    said = [
        narrate(Note(rule=r, text="", details=x), c, t, str)
        for r, x in (("OW-MOVE-1", march), ("OW-MAGIC-4", cast))
    ]
    assert said == [
        "Dwarves: 2 tokens of Dwarf warriors march Aston > Broad (2 movement) (OW-MOVE-1)",
        "Dwarves: Runesmith in Aston casts Earthquake at Broad (2 mana, 1 left) (OW-MAGIC-4)",
    ]


@pytest.mark.parametrize(
    ("language", "chose", "march", "cast"),
    [
        (
            "en",
            "Chose: ",
            r"\d+ tokens? of .+ march(es)? [^>]+( > [^>]+)+ \(worth ",
            r": .+ in .+ casts .+ at .+ \(worth ",
        ),
        (
            "es",
            "Eligió: ",
            r"\d+ fichas? de .+ marcha(n)? [^>]+( > [^>]+)+ \(vale ",
            r": .+ en .+ lanza .+ sobre .+ \(vale ",
        ),
    ],
)
def test_simulate_why_says_what_each_general_ordered(
    capsys: pytest.CaptureFixture[str], language: str, chose: str, march: str, cast: str
) -> None:
    players = ["--a", "easy", "--b", "normal", "--c", "hard", "--d", "easy"]
    args = ["simulate", "--scenario", "ow-four-winds", "--seed", "2", "--rounds", "3", *players]
    assert main([*args, "--why", "--lang", language]) == 0
    lines = [line.strip() for line in capsys.readouterr().out.splitlines()]
    orders = [line for line in lines if line.startswith(chose)]
    assert orders and not [o for o in lines if re.search(r"\b(March|Cast|Shoot|FallBack|Recruit)\b", o)]
    assert any(re.search(march, o) for o in orders), orders[:5]
    assert any(re.search(cast, o) for o in lines)  # a spell weighed or cast
