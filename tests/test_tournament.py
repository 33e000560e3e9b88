"""The tournament's statistics (Wilson intervals, the Bradley–Terry fit told as Elo points) and
`tournament --all` / `--json` on real games of both game modes."""

from __future__ import annotations

import argparse
import json
import math
import re
from itertools import combinations
from typing import Any

import pytest

from game.ai.players import PLAYERS
from game.ai.random_player import RandomPlayer
from game.cli.entry import main
from game.cli.options import ruleset_with_mods
from game.cli.tournament import _venues, table
from game.content.locale import Texts
from game.running.ratings import PairRecord, Share, anchor_of, bradley_terry, elo, separated, wilson
from game.running.tournament import Results, Venue


def record(a: str, b: str, wins_a: float, games: int, scenario: str = "s") -> PairRecord:
    return PairRecord(scenario, a, b, games=games, wins_a=wins_a)


def ratings(*records: PairRecord, anchor: str = "B", prior: float | None = None) -> dict[str, float]:
    fit = bradley_terry(records) if prior is None else bradley_terry(records, prior=prior)
    return elo(fit, anchor)


# --- the statistics -------------------------------------------------------------------------------


def test_a_3_to_1_record_is_400_log10_3_points_apart() -> None:
    """P(A beats B) = 3/4 means a strength ratio of 3: the exact fit (no prior) is 190.85 points, and the
    tiny default prior moves four games by a few points only (more games, less)."""
    exact = 400 * math.log10(3)
    assert ratings(record("A", "B", 3, 4), prior=0.0)["A"] == pytest.approx(exact, abs=1e-6)
    assert ratings(record("A", "B", 3, 4))["A"] == pytest.approx(exact, abs=5)
    assert ratings(record("A", "B", 300, 400))["A"] == pytest.approx(exact, abs=0.1)
    assert ratings(record("A", "B", 3, 4))["B"] == 0.0  # the anchor


def test_records_that_fit_the_model_exactly_are_recovered() -> None:
    """Strengths 4 : 2 : 1 predict A-B 2:1, B-C 2:1 and A-C 4:1; records in those proportions fit them
    exactly: A 2 x 400·log10(2) above C, B once, whatever the order of the records."""
    recs = [record("A", "B", 20, 30), record("B", "C", 20, 30), record("A", "C", 40, 50)]
    for order in (recs, recs[::-1]):
        r = ratings(*order, anchor="C", prior=0.0)
        assert r["A"] == pytest.approx(800 * math.log10(2), abs=1e-6)
        assert r["B"] == pytest.approx(400 * math.log10(2), abs=1e-6)


@pytest.mark.parametrize(
    "recs",
    [
        [record("A", "B", 5, 10), record("B", "C", 5, 10), record("A", "C", 5, 10)],  # all even
        [record("A", "B", 7, 10), record("B", "C", 7, 10), record("C", "A", 7, 10)],  # a fair cycle
        [record("A", "B", 0.5 * 6, 6)],  # six draws
    ],
)
def test_symmetric_records_give_equal_ratings(recs: list[PairRecord]) -> None:
    r = ratings(*recs)
    assert all(v == pytest.approx(0.0, abs=1e-6) for v in r.values()), r


def test_a_perfect_record_stays_finite_and_in_order() -> None:
    """Without the prior A's best strength would be infinite; with it A > B > C, all finite, and 20
    wins in 20 rate higher than 10 in 10 (more evidence of the same)."""
    r = ratings(record("A", "B", 10, 10), record("B", "C", 10, 10), record("A", "C", 10, 10))
    assert all(math.isfinite(v) for v in r.values())
    assert r["A"] > r["B"] == 0.0 > r["C"]
    assert r["A"] - r["B"] > 400  # better than 10:1, as the record says
    more = ratings(record("A", "B", 20, 20))
    assert math.isfinite(more["A"]) and more["A"] > ratings(record("A", "B", 10, 10))["A"] > 0


@pytest.mark.parametrize(
    ("recs", "apart"),
    [
        ([record("A", "B", 10, 10)], True),
        ([record("A", "B", 9, 10)], False),
        ([record("A", "B", 0.5, 1)], False),  # one draw: half a win each way
        # A and B won every game against C and D: two groups, however mixed inside each
        (
            [
                record("A", "B", 5, 10),
                record("C", "D", 4, 10),
                record("A", "C", 10, 10),
                record("B", "D", 10, 10),
            ],
            True,
        ),
        ([record("A", "B", 10, 10), record("B", "C", 10, 10), record("C", "A", 10, 10)], False),  # a cycle
        ([record("A", "B", 10, 10), record("B", "C", 10, 10), record("A", "C", 10, 10)], True),  # A > B > C
        # two perfect head-to-heads, yet C's one win against A closes the loop: finite
        ([record("A", "B", 10, 10), record("B", "C", 10, 10), record("A", "C", 9, 10)], False),
    ],
)
def test_separated_says_when_the_games_alone_put_players_infinitely_apart(
    recs: list[PairRecord], apart: bool
) -> None:
    assert separated(recs) is apart


def test_a_pair_record_counts_a_draw_half_to_each() -> None:
    r = PairRecord("s", "x", "y")
    for winner in ("x", None, "y", "x"):
        r.add(winner)
    assert (r.games, r.wins_a, r.wins_b, r.draws) == (4, 2.5, 1.5, 1)
    assert r.of("x") == Share(2.5, 4) and r.of("y") == Share(1.5, 4) and r.of("z") == Share(0.0, 0)
    with pytest.raises(ValueError):
        r.add("z")
    with pytest.raises(ValueError):
        PairRecord("s", "x", "x")


def test_the_rating_anchor_is_random_when_it_plays() -> None:
    assert anchor_of(["heuristic", "random"]) == "random"
    assert anchor_of(["heuristic (a)", "heuristic (b)"]) == "heuristic (a)"


def test_the_wilson_interval_at_the_edges_and_its_symmetry() -> None:
    """0 of 10 still leaves up to 27.8% (the plain normal interval would say 0 to 0); w of n mirrors
    n - w of n; it always holds the observed share and narrows with more games."""
    assert wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    for w, n in [(1, 7), (3.5, 10), (40, 50)]:
        lo, hi = wilson(w, n)
        mlo, mhi = wilson(n - w, n)
        assert lo == pytest.approx(1 - mhi) and hi == pytest.approx(1 - mlo)
        assert lo <= w / n <= hi
    assert wilson(30, 100)[1] - wilson(30, 100)[0] < wilson(3, 10)[1] - wilson(3, 10)[0]


# --- the command ---------------------------------------------------------------------------------

ALL = ["tournament", "--all", "--json", "--games", "2", "--rounds", "1"]


def run_json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, Any]:
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert "2/" in err  # the progress is on stderr, stdout is one JSON object
    data: dict[str, Any] = json.loads(out)
    return data


def check_adds_up(data: dict[str, Any], players: list[str], scenarios: list[str], games: int) -> None:
    """Every number of the JSON against the others: each pair's wins make its games, each player's
    scenarios make its total, shares are wins over games and lie in their intervals."""
    assert list(data["players"]) == players
    assert [s["id"] for s in data["scenarios"]] == scenarios
    pairs = len(players) * (len(players) - 1) // 2
    assert len(data["pairs"]) == pairs * len(scenarios) and data["games_per_pair"] == games
    for p in data["pairs"]:
        assert p["games"] == games and p["scenario"] in scenarios
        assert sum(p["wins"].values()) == games and set(p["wins"]) == {p["a"], p["b"]}
        assert 0 <= p["draws"] <= games
        for who, wins in p["wins"].items():
            lo, hi = p["interval"][who]
            assert p["share"][who] == pytest.approx(wins / games, abs=1e-4) and lo <= p["share"][who] <= hi
    for name, s in data["players"].items():
        assert s["games"] == (len(players) - 1) * games * len(scenarios)
        mine = [p["wins"][name] for p in data["pairs"] if name in p["wins"]]
        assert s["wins"] == sum(mine) == sum(x["wins"] for x in s["scenarios"].values())
        assert list(s["scenarios"]) == scenarios
        assert s["interval"][0] <= s["share"] == pytest.approx(s["wins"] / s["games"], abs=1e-4)
        assert s["share"] <= s["interval"][1] and math.isfinite(s["rating"])
    total = sum(s["wins"] for s in data["players"].values())
    assert total == pairs * games * len(scenarios)  # every game won once (a draw: two halves)
    assert data["players"][data["rating_anchor"]]["rating"] == 0.0
    perfect = any(s["share"] in (0.0, 1.0) for s in data["players"].values())
    assert isinstance(data["separated"], bool) and (data["separated"] or not perfect)


def test_tournament_all_json_on_a_for_glory_scenario_and_an_open_wars_map(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = run_json(capsys, [*ALL, "--scenario", "default", "--scenario", "ow-twin-fords"])
    check_adds_up(data, list(PLAYERS), ["default", "ow-twin-fords"], 2)
    assert [s["mode"] for s in data["scenarios"]] == ["for-glory", "open-wars"]
    assert data["rating_anchor"] == "random" and data["seeds"] == [1, 2] and data["rounds"] == 1


def test_a_new_ai_level_joins_the_round_robin_by_itself(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new level in PLAYERS (here another random player) meets every other one."""
    monkeypatch.setitem(PLAYERS, "random-too", RandomPlayer)
    data = run_json(capsys, [*ALL, "--scenario", "ow-twin-fords"])
    check_adds_up(data, list(PLAYERS), ["ow-twin-fords"], 2)
    assert list(PLAYERS)[-1] == "random-too"
    assert {(p["a"], p["b"]) for p in data["pairs"]} == set(combinations(PLAYERS, 2))


def test_player_chooses_who_meets_and_jobs_play_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    """--player picks the levels of --all; games played in two processes give the same records."""
    argv = [*ALL, "--scenario", "default", "--player", "random", "--player", "easy"]
    one = run_json(capsys, argv)
    check_adds_up(one, ["random", "easy"], ["default"], 2)
    two = run_json(capsys, [*argv, "--jobs", "2"])
    assert two["pairs"] == one["pairs"]


def test_the_two_player_tournament_gives_the_same_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "--json", "--games", "2", "--a", "heuristic", "--b", "heuristic"]
    data = run_json(capsys, [*argv, "--scenario", "ow-twin-fords"])
    check_adds_up(data, ["heuristic (a)", "heuristic (b)"], ["ow-twin-fords"], 2)
    assert data["rating_anchor"] == "heuristic (a)"


def test_the_table_has_a_row_per_scenario_a_column_per_level_and_fits_100_columns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["tournament", "--all", "--games", "2", "--rounds", "1", "--scenario", "default"]
    assert main([*argv, "--scenario", "ow-twin-fords", "--scenario", "ow-border-march"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert all(len(line) <= 100 for line in lines)
    header = next(i for i, line in enumerate(lines) if line.startswith("scenario"))
    assert lines[header].split()[2:] == list(PLAYERS)
    rows = [line.split()[0] for line in lines[header + 1 : header + 6]]
    assert rows == ["default", "ow-twin-fords", "ow-border-march", "all", "rating"]
    cell = r"\d+% \d+-\d+"
    for line in lines[header + 1 : header + 5]:
        assert len(re.findall(cell, line)) == len(PLAYERS), line
    rating = lines[header + 5].split()[1:]
    assert rating[list(PLAYERS).index("random")] == "0"
    assert any(line.startswith("random against heuristic: ") for line in lines)


def test_with_a_module_all_plays_only_the_scenarios_of_its_mode() -> None:
    args = argparse.Namespace(scenario=[], all=True, module=["warhammer-charges"], mod=[])
    venues = _venues(args, ruleset_with_mods(args))
    assert venues and {v.mode for v in venues} == {"for-glory"}
    everything = _venues(
        argparse.Namespace(scenario=[], all=True, module=[], mod=[]), ruleset_with_mods(args)
    )
    assert {v.mode for v in everything} == {"for-glory", "open-wars"} and len(everything) > len(venues)


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--all", "--a", "heuristic"], "leave out --a and --b"),
        (["--scenario", "default", "--scenario", "ow-twin-fords"], "--all plays several"),
        (["--a", "grandmaster"], "unknown player 'grandmaster'"),
    ],
)
def test_tournament_refuses_what_it_cannot_play(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    assert main(["tournament", *argv]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("error: ") and says in err[0]


def test_the_table_warns_when_a_rating_gap_is_the_priors() -> None:
    """heuristic won all 20 games: finite rating, and a note that its size is the prior's."""
    res = Results(
        ["random", "heuristic"],
        [Venue("a", "a", "for-glory"), Venue("b", "b", "open-wars")],
        [record("random", "heuristic", 0, 10, "a"), record("random", "heuristic", 0, 10, "b")],
        10,
    )
    lines = table(res)
    assert all(len(line) <= 100 for line in lines)
    assert [line.split()[:2] for line in lines if line.startswith(("a ", "b "))] == [
        ["a", "for-glory"],
        ["b", "open-wars"],
    ]
    rating = next(line for line in lines if line.startswith("rating "))
    best = res.ratings()["heuristic"]
    assert rating.split()[1:] == ["0", f"{best:+.0f}"] and 1000 < best < math.inf
    assert any("far apart" in line for line in lines)
    assert "random against heuristic: 0 to 20 in 20 games" in lines
    mixed = Results(res.players, res.venues[:1], [record("random", "heuristic", 3, 10, "a")], 10)
    assert not any("far apart" in line for line in table(mixed))


def test_the_tournament_speaks_the_language_of_lang(capsys: pytest.CaptureFixture[str]) -> None:
    """--lang es: the table, its notes and the two-player lines in Spanish, numbers with a decimal comma;
    the words are the locale's (ui.toml), English without --lang."""
    res = Results(
        ["random", "heuristic"],
        [Venue("a", "a", "for-glory")],
        [record("random", "heuristic", 0, 10, "a")],
        10,
    )
    lines = table(res, Texts("es"))
    assert all(len(line) <= 100 for line in lines)
    assert lines[0].startswith("Partidas que ganó cada IA contra la otra")
    assert lines[1] == "de 10 partidas por pareja en cada escenario, cambiando de bando en cada partida."
    assert any(line.startswith("todos los escenarios ") for line in lines)
    assert any(line.startswith("valoración ") for line in lines)
    assert "random contra heuristic: 0 a 10 en 10 partidas" in lines
    assert table(res) == table(res, Texts("en")) and "random against heuristic: 0 to 10 in 10 games" in table(
        res
    )
    argv = [
        "tournament",
        "--a",
        "heuristic",
        "--b",
        "random",
        "--games",
        "1",
        "--rounds",
        "1",
        "--lang",
        "es",
    ]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    shares = [
        line
        for line in out.splitlines()
        if re.fullmatch(r"\w+: [\d,]+ victorias? de 1 = [\d,]+\u00a0% .+", line)
    ]
    assert len(shares) == 2 and all("(IC del 95\u00a0%: de " in line for line in shares), out
    assert "quedan ~" in err
