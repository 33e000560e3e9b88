"""bench/campaign.py --against: a match of two strategic levels plays each seed's war twice, the levels
swapping sides, and its figures count the first level's wins, losses and draws whichever side it had."""

from __future__ import annotations

import json

import pytest

from bench.campaign import main
from tests.campaign_helpers import BORDER


def test_a_match_of_two_levels_plays_each_seed_from_both_sides(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--campaign", str(BORDER), "--campaigns", "4", "--level", "hard", "--against", "normal", "--json"])
    out = json.loads(capsys.readouterr().out)
    match = out["match"]
    assert (match["level"], match["against"]) == ("hard", "normal")
    assert match["won"] + match["lost"] + match["drawn"] == out["campaigns"] == 4
    assert match["share"] == round((match["won"] + match["drawn"] / 2) / 4, 3)
    low, high = match["share_95"]
    assert low <= match["share"] <= high
    assert sorted(match["won_by_side"]) == ["al", "fr"]  # two wars from each side
    assert all(told.endswith("of 2") for told in match["won_by_side"].values())
    assert sum(int(told.split()[0]) for told in match["won_by_side"].values()) == match["won"]
    main(["--campaign", str(BORDER), "--campaigns", "2", "--json"])  # one level: no match to tell
    assert "match" not in json.loads(capsys.readouterr().out)
