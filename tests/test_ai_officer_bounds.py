"""An officer's spots weighed to their bound when nobody reads the reasons (commanders._placed with
`shown` 1: a headless battle, a match): his safety is asked only of a spot whose other terms could still
beat the best so far, and the spot chosen is the one the whole weighing chooses."""

from __future__ import annotations

import pytest

from game.ai import commanders
from game.ai.bounds import SHOWN
from game.ai.general import GeneralPlayer
from game.ai.officer_threats import Threats
from game.ai.players import make_player
from game.model.battle import Battle
from game.model.components import Officer
from tests.helpers import puzzle_position

STAFF = ("save-the-estado-mayor", "staff-trapped", "staff-to-the-fight", "staff-to-the-failing-division")
DIVISIONS = ("keep-command", "steady-the-line")


def _placed(b: Battle, officer: int, shown: int, monkeypatch: pytest.MonkeyPatch) -> tuple[str, int]:
    """The command the hard general gives the officer, and how often the danger he stands in was asked."""
    asked: list[int] = []
    for owner, f in ((commanders, "officer_danger"), (Threats, "kill_chance")):
        real = getattr(owner, f)
        monkeypatch.setattr(owner, f, lambda *a, real=real, **k: asked.append(1) or real(*a, **k))
    player = make_player("hard", "a", 1)
    assert isinstance(player, GeneralPlayer)
    player.shown = shown
    with b.thinking():
        role = b.comp(officer, Officer).role
        place = commanders.staff_place if role == "staff" else commanders.officer_place
        c = place(player, b) if role == "staff" else place(player, b, officer)
    monkeypatch.undo()
    return repr(c), len(asked)


@pytest.mark.parametrize("name", STAFF + DIVISIONS)
def test_an_officer_weighed_to_his_bound_goes_where_the_whole_weighing_sends_him(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with puzzle_position(name) as b:
        officer = b.ids["a-staff" if name in STAFF else "a-div"]
        whole, asked_whole = _placed(b, officer, SHOWN, monkeypatch)
        bounded, asked_bounded = _placed(b, officer, 1, monkeypatch)
        assert bounded == whole
        assert asked_bounded < asked_whole  # 79 -> 2 saving the estado mayor, 44 -> 40 where he is trapped
