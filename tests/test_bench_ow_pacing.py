"""bench/open_wars_pacing.py (issue 37): its figures from games (turns, early ends, turn limits, each
spell's share, the cards' rites apart) and one whole game's record."""

from __future__ import annotations

from bench.open_wars_pacing import EARLY, magic, median_interval, one_game, pacing, report, wilson


def test_the_figures_of_a_set_of_games() -> None:
    games = [
        {"players": 2, "turns": t, "why": why, "casts": casts, "rites": rites}
        for t, why, casts, rites in (
            (3, "cities", {"magic-bolt": 2}, {}),
            (8, "wiped", {"magic-bolt": 1, "shield": 1}, {"transmute": 1}),
            (18, "limit", {}, {}),
            (7, "cities", {"haste": 4}, {}),
        )
    ]
    p = pacing(games)
    assert (p["games"], p["turns_median"], p["early"], p["limit"]) == (4, 7.5, 1, 1)
    assert p["ends"] == {"cities": 2, "wiped": 1, "limit": 1} and EARLY == 4
    m = magic(games)
    assert m["total"] == 8 and m["casts"]["haste"] == 4 and m["share"]["magic-bolt"] == 3 / 8
    assert m["rites"] == {"transmute": 1} and m["casts"]["wall-of-thorns"] == 0  # every known spell
    lo, hi = wilson(1, 4)
    assert 0 < lo < 0.25 < hi < 1 and wilson(0, 0) == (0.0, 1.0)
    assert median_interval(list(range(40))) == (13, 26)
    said = report({"two": p, "four": pacing([]), "magic": m})
    assert "two players: 4 games, median 7.5 turns" in said and "| `haste` | 4 | 50.0% |" in said


def test_one_whole_game_is_recorded() -> None:
    g = one_game(2, 11, "random")
    assert g["players"] == 2 and g["seed"] == 11 and len(g["factions"]) == 2
    assert g["turns"] >= 1 and g["why"] in ("cities", "wiped", "limit", "lead", "conceded")
    assert all(n > 0 for n in g["casts"].values())


def test_a_median_interval_of_few_games_is_their_range() -> None:
    assert median_interval([9, 5]) == (5, 9) and median_interval([5, 9, 7]) == (5, 9)
