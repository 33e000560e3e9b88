"""FG-UNIT (unit table and qualities, from content/rulesets/for-glory/units.toml and qualities.toml;
EX-5) and FG-TERR (terrain classes from terrain.toml, AMB-14) and the table's terrain questions."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Unit
from systems.for_glory.checks import morale_modifiers
from systems.for_glory.fire import fire_modifiers
from systems.for_glory.paths import farthest
from systems.for_glory.vision import in_dense_cover, sight
from tests.helpers import of, officer, order, pos, rules, unit

D = 1.2


def rect(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


# --- FG-UNIT-1..18: the unit table ----------------------------------------------------------------

TABLE = [
    # rule, code, type, range, fire, melee, move, difficult move (inches; None: "-")
    ("FG-UNIT-12", "LnInf", "infantry", 2.0, 0, 0, 4.0, 4.0),
    ("FG-UNIT-13", "LI", "infantry", 4.0, 1, -1, 4.0, 4.0),
    ("FG-UNIT-14", "HC", "cavalry", None, None, 3, 6.0, 4.0),
    ("FG-UNIT-15", "LC", "cavalry", None, None, 2, 8.0, 6.0),
    ("FG-UNIT-16", "FA", "artillery", 8.0, -1, -2, 4.0, None),
    ("FG-UNIT-17", "HA", "artillery", 6.0, -2, -1, 6.0, 4.0),
]


@pytest.mark.parametrize(("rule", "code", "kind", "rng", "fire", "melee", "move", "difficult"), TABLE)
def test_FG_UNIT_12_to_17_profile_table(
    rule: str,
    code: str,
    kind: str,
    rng: float | None,
    fire: int | None,
    melee: int,
    move: float,
    difficult: float | None,
) -> None:
    """FG-UNIT-12..17, FG-UNIT-5, AMB-9: each category's range, fire and melee modifiers, base move and
    difficult-terrain move, as loaded from units.toml."""
    rs = rules()
    cat = rs.categories[code]
    assert cat.rule == rule and cat.type == kind
    assert (None if cat.range is None else rs.length(cat.range)) == rng
    assert cat.fire == fire and cat.melee == melee
    assert rs.length(cat.move) == move
    assert (None if cat.difficult_move is None else rs.length(cat.difficult_move)) == difficult


def test_FG_UNIT_18_officer_moves_L() -> None:
    """FG-UNIT-18: officers move L (8")."""
    rs = rules()
    assert rs.length(rs.officer.move) == 8.0


@pytest.mark.parametrize(
    ("rule", "codes", "kind"),
    [
        ("FG-UNIT-2", ("LnInf", "LI"), "infantry"),
        ("FG-UNIT-3", ("HC", "LC"), "cavalry"),
        ("FG-UNIT-4", ("FA", "HA"), "artillery"),
    ],
)
def test_FG_UNIT_2_to_4_types(rule: str, codes: tuple[str, ...], kind: str) -> None:
    """FG-UNIT-2, FG-UNIT-3, FG-UNIT-4: infantry, cavalry and artillery, and the categories of each."""
    rs = rules()
    assert sorted(c for c, cat in rs.categories.items() if cat.type == kind) == sorted(codes)


@pytest.mark.parametrize(
    ("rule", "code", "name", "kind"),
    [
        ("FG-UNIT-6", "LnInf", "Line infantry", "infantry"),
        ("FG-UNIT-7", "LI", "Light infantry", "infantry"),
        ("FG-UNIT-8", "HC", "Heavy cavalry", "cavalry"),
        ("FG-UNIT-9", "LC", "Light cavalry", "cavalry"),
        ("FG-UNIT-10", "FA", "Foot artillery", "artillery"),
        ("FG-UNIT-11", "HA", "Horse artillery", "artillery"),
    ],
)
def test_FG_UNIT_6_to_11_categories(rule: str, code: str, name: str, kind: str) -> None:
    """FG-UNIT-6..11: the six categories, each of its type; the slow foot artillery (FG-UNIT-10) moves
    no faster than infantry and the light cavalry (FG-UNIT-9) is the fastest unit."""
    rs = rules()
    cat = rs.categories[code]
    assert (cat.name, cat.type) == (name, kind)
    moves = {c: rs.length(k.move) for c, k in rs.categories.items()}
    if code == "FA":
        assert moves["FA"] == min(moves.values())
    if code == "LC":
        assert moves["LC"] == max(moves.values())


def test_FG_UNIT_1_every_unit_has_type_category_quality(battle: Callable[..., Battle]) -> None:
    """FG-UNIT-1: every unit on the table has a type, a category and a quality."""
    b = battle()
    for i, (code, q) in enumerate([("LnInf", "M"), ("LI", "I"), ("HC", "R"), ("LC", "V"), ("FA", "E")]):
        e = unit(b, f"u{i}", "red", (10 + 4 * i, 10), 0, cat=code, q=q)
        u = b.comp(e, Unit)
        assert u.category.code == code and u.quality.code == q
        assert u.category.type in ("infantry", "cavalry", "artillery")
    assert set(rules().categories) == {"LnInf", "LI", "HC", "LC", "FA", "HA"}


def test_FG_UNIT_14_15_cavalry_cannot_shoot(battle: Callable[..., Battle]) -> None:
    """FG-UNIT-14, FG-UNIT-15 ("-" range and fire): cavalry never shoot."""
    b = battle()
    unit(b, "hc", "red", (10, 10), 0, cat="HC")
    unit(b, "enemy", "blue", (10 + D + 1, 10), 180)
    rej = of(order(b, cmd.Fire("hc", "enemy")), "rejected")
    assert rej and rej[0].rule == "FG-FIRE-1"


@pytest.mark.parametrize(("code", "rng"), [("LnInf", 2.0), ("LI", 4.0), ("FA", 8.0), ("HA", 6.0)])
def test_FG_UNIT_12_to_17_ranges_in_play(battle: Callable[..., Battle], code: str, rng: float) -> None:
    """FG-UNIT-12, -13, -16, -17: a unit may shoot at its range (closest points) and not beyond."""
    b = battle([1, 1])
    unit(b, "s", "red", (10, 10), 0, cat=code)
    unit(b, "near", "blue", (10 + 0.6 + rng + 0.6, 10), 180)
    unit(b, "t", "red", (10, 30), 0, cat=code)
    unit(b, "far", "blue", (10 + 0.6 + rng + 0.1 + 0.6, 30), 180)
    assert not of(order(b, cmd.Fire("s", "near")), "rejected")
    rej = of(order(b, cmd.Fire("t", "far")), "rejected")
    assert rej and rej[0].rule == "FG-FIRE-1"


# --- FG-UNIT-21..26, EX-5: quality ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "code", "mod"),
    [
        ("FG-UNIT-21", "M", -2),
        ("FG-UNIT-22", "I", -1),
        ("FG-UNIT-23", "R", 0),
        ("FG-UNIT-24", "V", 1),
        ("FG-UNIT-25", "E", 2),
    ],
)
def test_FG_UNIT_21_to_25_quality_modifiers(
    battle: Callable[..., Battle], rule: str, code: str, mod: int
) -> None:
    """FG-UNIT-21..25, FG-UNIT-26: the quality modifiers, applied to morale and shooting rolls."""
    q = rules().qualities[code]
    assert q.rule == rule and q.modifier == mod
    b = battle()
    officer(b, "gen", "red", (10, 15))  # within L, more than XS away: no other morale modifier
    s = unit(b, "s", "red", (10, 10), 0, cat="LnInf", q=code, division="gen")
    t = unit(b, "t", "blue", (10 + D + 1, 10), 180)
    assert sum(m.value for m in morale_modifiers(b, s)) == mod
    fire = fire_modifiers(b, s, t, sight(b, s, t), moved=False, reaction=False)
    assert sum(m.value for m in fire) == mod
    assert [m.rule for m in fire] == (["FG-UNIT-26"] if mod else [])


def test_EX_5_elite_light_infantry(battle: Callable[..., Battle]) -> None:
    """EX-5, FG-UNIT-26, AMB-13: an Elite light infantry unit shoots at D6 + 3 (LI +1, Elite +2) and
    takes morale checks at D6 + 2 (Elite)."""
    b = battle([4, 1, 3])
    officer(b, "gen", "red", (10, 15))
    s = unit(b, "s", "red", (10, 10), 0, cat="LI", q="E", division="gen")
    t = unit(b, "t", "blue", (10 + D + 3, 10), 180)
    mods = fire_modifiers(b, s, t, sight(b, s, t), moved=False, reaction=False)
    assert {(m.rule, m.value) for m in mods} == {("FG-UNIT-5", 1), ("FG-UNIT-26", 2)}
    assert sum(m.value for m in morale_modifiers(b, s)) == 2
    ev = order(b, cmd.Fire("s", "t"))
    shot = [r for r in of(ev, "roll") if r.check == "fire"]
    assert shot and shot[0].die == 4 and shot[0].total == 7
    b.enter()
    ev = b.apply(cmd.CheckMorale("s"))
    check = [r for r in of(ev, "roll") if r.check == "morale"]
    assert check and check[0].total == check[0].die + 2


# --- FG-TERR-1..7: terrain classes (AMB-14) -------------------------------------------------------

TERRAIN = [
    # kind, movement, dense, blocks sight, road, crossing
    ("open", "passable", False, False, False, False),
    ("wood", "difficult", True, True, False, False),
    ("town", "difficult", True, True, False, False),
    ("field", "difficult", True, False, False, False),
    ("hill", "passable", False, True, False, False),
    ("impassable", "impassable", False, False, False, False),
    ("river", "impassable", False, False, False, False),
    ("bridge", "difficult", False, False, False, True),
    ("ford", "difficult", False, False, False, True),
    ("road", "passable", False, False, True, False),
    # beyond the rulebook, for the Días de Gloria modules (docs/rules-decisions.md): as the nearest kind
    ("orchard", "difficult", True, False, False, False),
    ("marsh", "difficult", False, False, False, False),
    ("pond", "difficult", False, False, False, False),  # a frozen pond: a marsh (DG-13, DG-DEC-14)
    ("castle", "difficult", True, True, False, False),
    ("track", "passable", False, False, True, False),
    ("stream", "difficult", False, False, False, False),
    ("wall", "difficult", False, False, False, False),
    ("fortification", "difficult", False, False, False, False),
    ("steep", "impassable", False, True, False, False),  # DG-12: a hill's edge (DG-DEC-13)
]


def test_every_terrain_kind_is_classified_and_drawn() -> None:
    """No kind of the ruleset is left out of the table above, nor drawn in the fallback grey."""
    from game.ui import theme

    assert sorted(rules().terrain) == sorted(row[0] for row in TERRAIN) == sorted(theme.TERRAIN)


@pytest.mark.parametrize(("kind", "movement", "dense", "blocks", "road", "crossing"), TERRAIN)
def test_FG_TERR_1_classification(
    kind: str, movement: str, dense: bool, blocks: bool, road: bool, crossing: bool
) -> None:
    """FG-TERR-1..7, AMB-14: every terrain kind has a movement class, a density and a sight flag:
    woods difficult+dense (FG-TERR-3/4), towns difficult+dense (FG-TERR-6), bridges and fords
    difficult+open (FG-TERR-5), rivers impassable (FG-TERR-2), roads passable with road rules
    (FG-TERR-7), fields dense but not blocking sight (FG-VIS-5), hills blocking sight only."""
    k = rules().terrain[kind]
    assert (k.movement, k.dense, k.blocks_sight, k.road, k.crossing) == (
        movement,
        dense,
        blocks,
        road,
        crossing,
    )


def test_FG_TERR_1_movement_at_a_point(battle: Callable[..., Battle]) -> None:
    """FG-TERR-1, FG-TERR-2, FG-TERR-5: the movement class of the ground under a point: impassable
    beats difficult beats passable, and a crossing sets its own class over a river."""
    b = battle(
        terrain=[
            ("wood", rect(0, 0, 10, 10)),
            ("impassable", rect(5, 5, 15, 15)),
            ("river", (((20, 0), (20, 48)), 1.0)),
            ("bridge", rect(19, 9, 21, 11)),
            ("road", (((0, 30), (72, 30)), 0.5)),
        ]
    )
    t = b.table
    assert t.movement_at((2, 2)) == "difficult"
    assert t.movement_at((7, 7)) == "impassable"
    assert t.movement_at((12, 12)) == "impassable"
    assert t.movement_at((30, 20)) == "passable"
    assert t.movement_at((20, 20)) == "impassable" and t.movement_at((20.4, 20)) == "impassable"
    assert t.movement_at((20.6, 20)) == "passable"
    assert t.movement_at((20, 10)) == "difficult"
    assert t.movement_at((10, 30)) == "passable" and t.on_road((10, 30.2), 0.0)
    assert not t.on_road((10, 30.3), 0.0) and t.on_road((10, 30.3), 0.1)


def test_FG_TERR_3_woods_limit_artillery(battle: Callable[..., Battle]) -> None:
    """FG-TERR-3: difficult terrain limits artillery: horse artillery moves S (not M) through a wood."""
    b = battle(terrain=[("wood", rect(12, 0, 20, 48))])
    unit(b, "h", "red", (10, 10), 0, cat="HA")
    unit(b, "watch", "blue", (10, 2), 270)  # within XL: no strategic bonus
    rej = of(order(b, cmd.Move("h", (15, 10))), "rejected")
    assert rej and rej[0].rule == "FG-UNIT-17"
    assert pos(b, "h") == (10, 10)


@pytest.mark.parametrize("kind", ["wood", "town", "field"])
def test_FG_TERR_4_and_6_dense_terrain_gives_cover(battle: Callable[..., Battle], kind: str) -> None:
    """FG-TERR-4, FG-TERR-6, AMB-60: a unit wholly in a wood, a town or crops is in cover: shots at
    it have -1 (FG-CBT-4)."""
    b = battle(terrain=[(kind, rect(13, 5, 20, 15))])
    s = unit(b, "s", "red", (10, 10), 0, cat="LI")
    t = unit(b, "t", "blue", (15, 10), 180)
    assert in_dense_cover(b, t)
    s_ = sight(b, s, t)
    assert s_.visible and not s_.obscured  # seen in full: the cover comes from the terrain
    mods = fire_modifiers(b, s, t, s_, moved=False, reaction=False)
    assert ("FG-CBT-4", -1) in [(m.rule, m.value) for m in mods]


@pytest.mark.parametrize("kind", ["hill", "bridge", "ford", "open"])
def test_FG_TERR_5_open_terrain_gives_no_cover(battle: Callable[..., Battle], kind: str) -> None:
    """FG-TERR-5, AMB-14: open terrain (bridges, fords, hills) gives no cover."""
    b = battle(terrain=[(kind, rect(13, 5, 20, 15))])
    s = unit(b, "s", "red", (10, 10), 0, cat="LI")
    t = unit(b, "t", "blue", (15, 10), 180)
    assert not in_dense_cover(b, t)
    mods = fire_modifiers(b, s, t, sight(b, s, t), moved=False, reaction=False)
    assert "FG-CBT-4" not in [m.rule for m in mods]


def test_FG_TERR_6_towns_are_difficult(battle: Callable[..., Battle]) -> None:
    """FG-TERR-6: towns are difficult terrain: cavalry stop on entering one."""
    b = battle(terrain=[("town", rect(13, 0, 20, 48))])
    unit(b, "c", "red", (10, 10), 0, cat="LC")
    ev = order(b, cmd.Move("c", (16, 10)))
    assert not of(ev, "rejected")
    assert of(ev, "moved")[-1].stopped == "FG-MOVE-3" and abs(pos(b, "c")[0] - 13) <= 0.26


def test_FG_TERR_7_roads(battle: Callable[..., Battle]) -> None:
    """FG-TERR-7 (= FG-ROAD-1): a unit moving all along a road may move one more base move."""
    b = battle(terrain=[("road", (((0, 10), (72, 10)), 0.5))])
    unit(b, "i", "red", (10, 10), 90)
    unit(b, "watch", "blue", (14, 19), 90)  # within XL: no strategic bonus
    ev = order(b, cmd.Move("i", (18, 10), road=True))
    assert not of(ev, "rejected") and of(ev, "moved")[-1].how == "road"
    assert pos(b, "i") == (18, 10)


def test_road_under_and_near_road(battle: Callable[..., Battle]) -> None:
    """FG-ROAD-3 and FG-MOVE-4 questions: is a base on a road; is it within a distance of a road or town."""
    b = battle(terrain=[("road", (((0, 10), (72, 10)), 0.5)), ("town", rect(40, 20, 50, 30))])
    t = b.table
    from game.model.geometry import rect_corners

    assert t.road_under(rect_corners(10, 10.8, 90, 2, 1.2))  # its rear edge 0.2" over the road
    assert not t.road_under(rect_corners(10, 10.9, 90, 2, 1.2))  # 0.05" short of it
    assert t.near_road_or_town(rect_corners(10, 12.85, 90, 2, 1.2), 2.0)  # 2" from the road
    assert not t.near_road_or_town(rect_corners(10, 12.95, 90, 2, 1.2), 2.0)
    assert t.near_road_or_town(rect_corners(45, 31.5, 90, 2, 1.2), 2.0)  # beside the town


def test_FG_MOVE_3_retreating_cavalry_stop_at_the_edge(battle: Callable[..., Battle]) -> None:
    """FG-MOVE-3, AMB-22: cavalry whose retreat enters difficult terrain stop immediately: no more than
    the sampling step past the edge, however short the way."""
    b = battle(terrain=[("wood", rect(10.1, 0, 20, 48))])
    e = unit(b, "c", "red", (10, 10), 180, cat="HC")
    end, _blocked, why = farthest(b, e, (1.0, 0.0), 0.26, movement=True)
    assert why == "FG-MOVE-3"
    assert 10.1 <= end[0] <= 10.13 + 1e-9


# --- FG-UNIT-18, FG-UNIT-20, AMB-12: officers ignore terrain ---------------------------------------


def test_FG_UNIT_20_officers_ignore_terrain(battle: Callable[..., Battle]) -> None:
    """FG-UNIT-18, FG-UNIT-20, AMB-12: an officer moves up to L (8") straight over woods and a river,
    with no difficult-terrain reduction; he may not end on impassable ground, nor go beyond L."""
    from game.model.resolution import Reject
    from systems.for_glory.officers import check_officer_move, move_officer

    b = battle(terrain=[("wood", rect(12, 0, 15, 48)), ("river", (((16, 0), (16, 48)), 1.0))])
    o = officer(b, "gen", "red", (10, 10))
    b.enter()
    move_officer(b, cmd.MoveOfficer("gen", (18, 10)))  # 8": through the wood and over the river
    assert pos(b, "gen") == (18, 10)
    with pytest.raises(Reject) as too_far:
        check_officer_move(b, o, (26.1, 10))
    assert too_far.value.rule == "FG-UNIT-18"
    with pytest.raises(Reject) as wet:
        check_officer_move(b, o, (16, 10))
    assert wet.value.rule == "AMB-12"


def test_AMB_12_officers_block_no_movement(battle: Callable[..., Battle]) -> None:
    """AMB-12: officers are not in the way of units: a unit moves through a friendly officer's spot."""
    b = battle()
    officer(b, "gen", "red", (12, 10))
    unit(b, "u", "red", (10, 10), 0, division="gen")
    ev = order(b, cmd.Move("u", (14, 10)))
    assert not of(ev, "rejected") and pos(b, "u") == (14, 10)
