"""Dark Crusade victory (2.B): tournament points, the draw, the last turn, and the Campaign
Game's conditions."""

from __future__ import annotations

import pytest

from tests.games.dc_helpers import clear, place, play_to, step, title
from wargame.games.dark_crusade import victory as V
from wargame.match import Match

AXIS, SOVIET = "axis", "soviet"
SOVIET_7 = ("minsk", "kiev", "odessa", "leningrad", "dnepropetrovsk")  # 1+2+1+2+1 = 7
ARMIES = [f"sov-{n}a" for n in (10, 11, 12, 13, 14, 16, 18, 19, 20, 21, 22, 23, 24, 26, 27, 28)]
ARMIES += ["sov-29a", "sov-30a", "sov-31a", "sov-32a", "sov-33a"]


def new(scenario: str = "tournament", turn: int | None = None) -> Match:
    m = Match(title(), scenario, seed=1)
    if turn is not None:
        m.state.cursor.turn = turn
    return m


def axis_takes(m: Match, cities: tuple[str, ...]) -> None:
    """Every point Axis but the Soviet VP cities not in ``cities`` and Siberia's lines."""
    soviet_cities = {c for c in V.vp_cities(m) if V.home_of(m, c) == SOVIET}
    keep = (soviet_cities - set(cities)) | set(m.topology.region("edge:east")) | {"box:siberia"}
    for loc in m.topology.locations():
        m.state.control[loc] = SOVIET if loc in keep else AXIS
    m.touch()


def soviets_take_all(m: Match) -> None:
    for loc in m.topology.locations():
        m.state.control[loc] = SOVIET
    m.state.control["box:west"] = AXIS
    m.touch()


# ----------------------------------------------------------------------------- 2.B.1


def test_2_B_1_EX_01_starting_points_axis_7_soviet_16() -> None:
    m = new()
    assert m.state.vp == {AXIS: 7, SOVIET: 16}
    cities = V.vp_cities(m)
    assert sum(V.value(m, c) for c in cities) == 23
    assert sum(V.value(m, c) for c in cities if V.home_of(m, c) == AXIS) == 7
    assert V.points(m, AXIS) == V.Points(AXIS, 7, 0, 0)
    assert V.points(m, SOVIET) == V.Points(SOVIET, 16, 0, 0)


def test_2_B_1_EX_02_december_1941_axis_needs_7_plus_7() -> None:
    m = new(turn=7)
    assert V.needed(m, AXIS) == (7, 7)
    axis_takes(m, SOVIET_7)
    assert V.points(m, AXIS) == V.Points(AXIS, 7, 7, 0)
    assert V.wins_on_points(m, AXIS)
    axis_takes(m, SOVIET_7[1:])  # without Minsk: 6 enemy points
    assert not V.wins_on_points(m, AXIS)
    axis_takes(m, SOVIET_7)
    m.state.control["helsinki"] = SOVIET  # all 7 home points are needed
    m.touch()
    assert not V.wins_on_points(m, AXIS)


def test_2_B_1_EX_02_axis_wins_in_the_soviet_turns_victory_phase() -> None:
    m = new(turn=7)
    axis_takes(m, SOVIET_7)
    play_to(m, AXIS, "victory")
    assert m.outcome is None  # the Axis phase judges the Soviets only
    play_to(m, SOVIET, "victory")
    assert m.outcome is not None
    assert m.outcome["winner"] == AXIS and m.outcome["level"] == "win"


def test_2_B_1_a_chart_value_after_the_slash_only_in_december() -> None:
    m = new(turn=6)  # November 1941
    assert V.needed(m, AXIS) == (7, 9)
    m.state.cursor.turn = 7
    assert V.needed(m, AXIS) == (7, 7)
    m.state.cursor.turn = 8
    assert V.needed(m, AXIS) == (7, 10)


def test_2_B_1_a_soviet_win_is_judged_in_the_axis_turn() -> None:
    m = new(turn=3)
    soviets_take_all(m)  # every Soviet city, and Konigsberg, Warsaw, Bucharest, Helsinki
    assert V.wins_on_points(m, SOVIET)
    play_to(m, AXIS, "victory")
    assert m.outcome is not None and m.outcome["winner"] == SOVIET


def test_2_B_1_a_cities_count_only_in_overland_supply() -> None:
    m = new(turn=7)
    axis_takes(m, SOVIET_7)
    for loc in ("sevastopol", "simferopol"):
        m.state.control[loc] = AXIS
    for loc in ("perekop", "dzhankoy", "feodosia"):
        m.state.control[loc] = SOVIET
    m.touch()
    assert V.points(m, AXIS).enemy == 7  # Sevastopol, fed by sea only, does not count


@pytest.mark.parametrize("destroyed, pairs", [(0, 0), (1, 0), (2, 1), (3, 1), (5, 2), (11, 5)])
def test_2_B_1_a_R_10_factory_pairs(destroyed: int, pairs: int) -> None:
    m = new()
    m.state.vars[V.FACTORIES] = destroyed
    assert V.points(m, AXIS).factories == pairs
    assert V.points(m, SOVIET).factories == -pairs
    assert V.points(m, AXIS).total == 7 + pairs


def test_2_B_1_a_factory_pairs_count_with_enemy_points_V2() -> None:
    m = new(turn=7)
    axis_takes(m, SOVIET_7[1:])  # 6 enemy points
    assert not V.wins_on_points(m, AXIS)
    m.state.vars[V.FACTORIES] = 2
    assert V.wins_on_points(m, AXIS)


def test_2_B_1_a_vp_totals_are_kept_visible() -> None:
    m = new()
    for loc in ("minsk", "baranovichi", "brest"):  # Minsk, with a line back to Lublin
        m.state.control[loc] = AXIS
    m.touch()
    events = m.apply("end")
    assert m.state.vp == {AXIS: 8, SOVIET: 15}
    assert any(e.kind == "vp" for e in events)
    assert m.view(AXIS)["vp"] == {AXIS: 8, SOVIET: 15}


# ----------------------------------------------------------------------------- draw


def to_victory(m: Match, phasing: str) -> None:
    """To the Victory Determination Phase of ``phasing``'s player turn (whoever decides it)."""
    while m.outcome is None and m.decision.phase != f"{phasing}/victory":
        step(m)


def draws(m: Match) -> bool:
    return any(a.verb == "draw" for a in m.legal_actions())


def test_2_B_1_b_R_32_no_draw_until_after_february_1942() -> None:
    m = new(turn=9)  # February 1942
    to_victory(m, AXIS)
    assert not draws(m)
    reason = m.check("draw")
    assert reason is not None and "February 1942 turn (DC 2.B.1.b)" in reason
    m = new(turn=10)  # March 1942
    to_victory(m, AXIS)
    assert draws(m) and m.check("draw") is None
    m.apply("draw")
    assert m.outcome is not None and m.outcome["winner"] is None
    assert m.outcome["level"] == "draw"


def test_2_B_1_b_draw_only_in_the_victory_phase() -> None:
    m = new(turn=10)
    reason = m.check("draw")  # the reinforcement phase
    assert reason is not None and "'draw' is not a choice now" in reason


def test_2_B_1_b_draw_cannot_save_a_lost_position() -> None:
    m = new(turn=10)
    to_victory(m, SOVIET)
    declarer = m.decision.side
    other = AXIS if declarer == SOVIET else SOVIET
    if other == SOVIET:
        soviets_take_all(m)
    else:
        axis_takes(m, (*SOVIET_7, "rostov", "voronezh", "gorki"))  # 7+10: March 1942's need
    assert V.wins_on_points(m, other)  # the opponent has a winning position now
    m.apply("draw")
    assert m.outcome is not None and m.outcome["winner"] == other


def test_2_B_2_tournament_campaign_has_no_draw() -> None:
    m = new("tournament-campaign", turn=12)
    to_victory(m, AXIS)
    assert not draws(m)
    assert "no draw (DC 2.B.2)" in (m.check("draw") or "")


def test_2_B_3_campaign_has_no_draw() -> None:
    m = new("campaign", turn=12)
    to_victory(m, AXIS)
    assert not draws(m)
    assert "DC 2.B" in (m.check("draw") or "")


def test_2_B_1_c_R_32_draw_after_july_1944() -> None:
    m = new(turn=38)
    play_to(m, SOVIET, "supply")
    m.apply("end")
    assert m.outcome is not None
    assert m.outcome["winner"] is None and m.outcome["level"] == "draw"
    assert m.outcome["turn"] == 38


def test_2_B_3_R_32_campaign_ends_after_february_1945_with_the_axis_winning() -> None:
    m = new("campaign", turn=45)
    play_to(m, SOVIET, "supply")
    m.apply("end")
    assert m.outcome is not None and m.outcome["winner"] == AXIS


def test_2_B_3_campaign_has_no_points_victory() -> None:
    m = new("campaign", turn=7)
    axis_takes(m, SOVIET_7)
    play_to(m, SOVIET, "supply")
    assert m.outcome is None


# ----------------------------------------------------------------------------- campaign


def test_2_B_3_a_i_no_soviet_units_at_the_end_of_two_axis_turns() -> None:
    m = new("campaign")
    clear(m)
    place(m, "fac-gorki", "gorki")  # factories and partisans hold no front (V4)
    V.end_of_player_turn(m, AXIS)
    place(m, "sov-10a", "gorki")
    V.end_of_player_turn(m, SOVIET)
    m.place(m.state.units["sov-10a"], None)
    V.end_of_player_turn(m, AXIS)  # the streak was not broken: the Soviet unit came and went
    assert m.outcome is not None and m.outcome["winner"] == AXIS


def test_2_B_3_a_i_streak_breaks_with_a_soviet_unit_on_the_map() -> None:
    m = new("campaign")
    clear(m)
    V.end_of_player_turn(m, AXIS)
    place(m, "sov-10a", "gorki")
    V.end_of_player_turn(m, AXIS)
    m.place(m.state.units["sov-10a"], None)
    V.end_of_player_turn(m, AXIS)
    assert m.outcome is None
    place(m, "sov-10a", "box:siberia")  # off the map
    V.end_of_player_turn(m, AXIS)
    assert m.outcome is not None and m.outcome["winner"] == AXIS


def test_2_B_3_a_ii_leningrad_moscow_stalingrad_six_complete_turns() -> None:
    m = new("campaign")
    axis_takes(m, ("leningrad", "moscow", "stalingrad"))
    sides = [SOVIET] + [AXIS, SOVIET] * 6  # the turn before, then six complete turns
    for k, side in enumerate(sides):
        assert m.outcome is None, k
        V.end_of_player_turn(m, side)
    assert m.outcome is not None and m.outcome["winner"] == AXIS


def test_2_B_3_a_ii_needs_overland_supply() -> None:
    m = new("campaign")
    axis_takes(m, ("leningrad", "moscow", "stalingrad"))
    for loc in m.topology.neighbours("stalingrad"):
        m.state.control[loc] = SOVIET
    m.touch()
    for side in [SOVIET] + [AXIS, SOVIET] * 6:
        V.end_of_player_turn(m, side)
    assert m.outcome is None


def test_2_B_3_a_iii_every_vp_city_axis_ends_the_game_at_once() -> None:
    m = new("campaign")
    for city in V.vp_cities(m):
        m.state.control[city] = AXIS  # no supply needed
    m.apply("end")
    assert m.outcome is not None and m.outcome["winner"] == AXIS


def test_2_B_3_a_iii_not_in_the_tournament() -> None:
    m = new()
    for city in V.vp_cities(m):
        m.state.control[city] = AXIS
    m.apply("end")
    assert m.outcome is None


def test_2_B_3_b_i_last_german_unit_eliminated() -> None:
    m = new("campaign")
    clear(m)
    ger = place(m, "ger-1", "tilsit")
    place(m, "rum-3", "bacau")  # allies do not count
    m.eliminate(ger, "test")
    assert m.outcome is not None and m.outcome["winner"] == SOVIET


def test_2_B_3_b_iii_twenty_armies_exited_in_supply_two_turns() -> None:
    m = new("campaign")
    clear(m)
    soviets_take_all(m)
    for uid in ARMIES[:20]:
        place(m, uid, "box:west")
    place(m, ARMIES[20], "moscow")  # a Soviet unit on the map (else 2.B.3.a.i)
    assert len(V.exited(m)) == 20
    for k, side in enumerate([SOVIET, AXIS, SOVIET, AXIS, SOVIET]):
        assert m.outcome is None, k
        V.end_of_player_turn(m, side)
    assert m.outcome is not None and m.outcome["winner"] == SOVIET


def test_2_B_3_b_iii_exited_units_must_stay_in_supply() -> None:
    m = new("campaign")
    clear(m)
    soviets_take_all(m)
    for uid in ARMIES[:20]:
        place(m, uid, "box:west")
    for loc in m.topology.region("edge:west"):
        m.state.control[loc] = AXIS
    m.touch()
    assert V.exited(m) == []


def test_2_B_3_b_ii_ten_armies_and_the_cities() -> None:
    m = new("campaign")
    clear(m)
    soviets_take_all(m)
    for uid in ARMIES[:10]:
        place(m, uid, "edge:west-3")
    m.state.control["warsaw"] = AXIS
    m.touch()
    for side in [SOVIET, AXIS, SOVIET, AXIS, SOVIET]:
        V.end_of_player_turn(m, side)
    assert m.outcome is None  # Warsaw is Axis
    m.state.control["warsaw"] = SOVIET
    m.touch()
    for side in [AXIS, SOVIET, AXIS, SOVIET]:
        V.end_of_player_turn(m, side)
    assert m.outcome is None  # only four ends in a row so far
    V.end_of_player_turn(m, AXIS)
    V.end_of_player_turn(m, SOVIET)
    assert m.outcome is not None and m.outcome["winner"] == SOVIET


def test_2_B_1_c_an_agreed_draw_ends_the_game() -> None:
    m = new()
    play_to(m, AXIS, "victory")
    assert "offer-draw" in {str(a) for a in m.legal_actions()}
    m.apply("offer-draw")
    assert m.decision.kind == "dc-draw-offer" and m.decision.side == AXIS
    m.apply("decline-draw")
    assert m.outcome is None
    assert "already offered" in (m.check("offer-draw") or "")
    play_to(m, SOVIET, "victory")
    m.state.ns(V.NS).pop("draw_offered")
    m.apply("offer-draw")
    m.apply("accept-draw")
    assert m.outcome["level"] == "draw"


def test_2_B_3_no_agreed_draw_in_the_campaign_game() -> None:
    m = new("campaign")
    play_to(m, AXIS, "victory")
    assert "2.B.3" in (m.check("offer-draw") or "")


def test_random_bot_seldom_declares_or_offers_draws() -> None:
    """Draw verbs are ``rare``: random playouts still reach the late game."""
    from wargame.bots import RandomBot

    m = new(turn=12)
    play_to(m, AXIS, "victory")
    legal = {a.verb for a in m.legal_actions()}
    assert {"draw", "offer-draw", "end"} <= legal
    picks = [RandomBot(seed).choose(m).verb for seed in range(300)]
    assert picks.count("end") > 250
