"""Proud Monster Deluxe part 2: the Axis First Winter Attrition (12.4)."""

from __future__ import annotations

from functools import cache

from tests.games.pmd9_helpers import game_turn
from tests.games.pmd_steps import end
from wargame.calendar import set_weather
from wargame.calendar import weather as calendar_weather
from wargame.games.proud_monster_deluxe import attrition, plugin, weather
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Title, discover
from wargame.testing import clear, put, refused, view_problems

SNOW_TURNS = {123: 12, 124: 13, 201: 14, 205: 18}
"""YNN -> the kernel's game turn."""


@cache
def _title() -> Title:
    return discover(extra=[plugin], owner_dir=None).get("proud-monster-deluxe")


WEEK_WA = {123: 1, 124: 2, 201: 3}
"""The WA number of the week's chit each test's week is given (12.2: set as its draw would)."""


def _match(ynn: int = 201, nz: str = "S", sz: str = "S") -> Match:
    match = Match(_title(), "1941-historical", 1)
    match.apply("concentration pass")  # 8.9's decision, pushed at the first Axis Refit Phase
    clear(match)
    match.state.cursor.turn = SNOW_TURNS[ynn]
    set_weather(match, nz, "nz")
    set_weather(match, sz, "sz")
    if ynn in WEEK_WA:
        match.state.ns("weather-cups")["wa"] = WEEK_WA[ynn]
    match.touch()
    return match


def _north_pair(match: Match) -> tuple[str, str, str]:
    """A land hex north of the N/S line, a land neighbour, and a far land hex in the north."""
    topo = match.topology
    south = topo.region("south")

    def land(h: str) -> bool:
        return topo.terrain(h) in ("clear", "forest") and h not in south

    for a in sorted(topo.locations()):
        if land(a) and a[:2] == "20":
            n = next((x for x in topo.neighbours(a) if land(x)), None)
            far = next(x for x in sorted(topo.locations()) if land(x) and topo.distance(a, x) > 5)
            if n:
                return a, n, far
    raise AssertionError("no place")


def _legal(match: Match) -> set[str]:
    return {str(a) for a in match.legal_actions()}


def test_wa_losses_alternate_soviet_first_the_soviet_naming_an_adjacent_stack_12_4() -> None:
    match = _match(201)  # WA3
    a, n, far = _north_pair(match)
    put(match, "ger-pd-3", a)
    put(match, "ger-id-7", a)
    put(match, "ger-id-1", far)
    put(match, "sov-rd-interior-01", n)
    attrition.start(match)
    decision = match.decision
    assert decision is not None and (decision.side, decision.kind) == ("soviet", "attrition")
    assert _legal(match) == {f"attrition {a}"}
    refused(match, f"attrition {far}", "next to a Soviet stack", rule="PMD 12.4")
    match.apply(f"attrition {a}")
    assert _legal(match) == {"attrition ger-pd-3", "attrition ger-id-7"}  # he examines it
    match.apply("attrition ger-pd-3")
    assert match.state.units["ger-pd-3"].step == 1
    # the Axis names the second, any German unit in Snow not yet hit this week
    decision = match.decision
    assert decision is not None and decision.side == "axis"
    assert _legal(match) == {"attrition ger-id-7", "attrition ger-id-1"}
    match.apply("attrition ger-id-1")
    # the Soviet names the third: the stack still has a unit not hit
    assert match.decision.side == "soviet"  # type: ignore[union-attr]
    match.apply(f"attrition {a}")
    assert _legal(match) == {"attrition ger-id-7"}
    match.apply("attrition ger-id-7")
    units = match.state.units
    assert [units[u].step for u in ("ger-pd-3", "ger-id-7", "ger-id-1")] == [1, 1, 1]
    # the week's record goes with its last loss
    assert match.state.ns("pmd-attrition") == {}


def test_the_axis_allocates_when_the_soviet_has_no_stack_to_name_12_4() -> None:
    match = _match(124)  # WA2
    a, n, far = _north_pair(match)
    put(match, "ger-pd-3", a)
    put(match, "ger-id-7", far)
    attrition.start(match)
    assert match.decision.side == "axis"  # type: ignore[union-attr]
    match.apply("attrition ger-id-7")
    assert match.decision.side == "axis"  # type: ignore[union-attr]
    refused(match, "attrition ger-id-7", "not yet hit this week", rule="PMD 12.4")
    match.apply("attrition ger-pd-3")
    assert match.state.ns("pmd-attrition") == {}


def test_one_step_a_unit_a_week_and_the_rest_lapse_12_4() -> None:
    match = _match(201)  # WA3, a single German unit
    a, _, _ = _north_pair(match)
    put(match, "ger-id-7", a)
    attrition.start(match)
    events = match.apply("attrition ger-id-7")
    assert match.decision is None or match.decision.kind != "attrition"  # type: ignore[union-attr]
    assert match.state.units["ger-id-7"].step == 1
    assert match.state.ns("pmd-attrition") == {}
    assert any("2 losses lapse" in e.text for e in events)


def test_minor_allies_take_no_winter_attrition_12_4() -> None:
    match = _match(201)
    a, _, _ = _north_pair(match)
    put(match, "rom-id-1", a)
    attrition.start(match)
    assert match.decision is None or match.decision.kind != "attrition"  # type: ignore[union-attr]


def test_no_attrition_outside_snow_or_after_the_first_winter_12_4() -> None:
    for ynn, nz, sz in ((201, "F", "F"), (205, "S", "S")):
        match = _match(ynn, nz, sz)
        a, _, _ = _north_pair(match)
        put(match, "ger-id-7", a)
        attrition.start(match)
        assert match.state.units["ger-id-7"].step == 0
        assert not match.state.pending


def test_axis_names_only_units_where_the_weather_is_snow_12_4() -> None:
    match = _match(123, "S", "F")  # the NZ snows, the SZ freezes
    a, _, _ = _north_pair(match)
    south = next(
        h for h in sorted(match.topology.region("sz-1")) if match.topology.terrain(h) == "clear"
    )
    put(match, "ger-id-7", a)
    put(match, "ger-id-1", south)
    attrition.start(match)
    assert _legal(match) == {"attrition ger-id-7"}


def test_the_weather_phase_of_a_snow_week_asks_for_the_losses_12_4() -> None:
    match = Match(_title(), "1941-historical", 1)
    clear(match)
    a, _, _ = _north_pair(match)
    put(match, "ger-id-7", a)
    match.state.cursor.turn = SNOW_TURNS[124]  # the 2nd half of December: Snow (ruling W3)
    for _ in range(60):
        decision = match.decision
        if decision is not None and decision.kind == "attrition":
            break
        end(match)
    else:
        raise AssertionError("no attrition decision in the weeks of turn 124")
    assert decision.side == "axis" and (match.phase and match.phase.spec.id.endswith("-weather"))
    match.apply("attrition ger-id-7")
    assert match.state.units["ger-id-7"].step == 1
    assert view_problems(match, "soviet") == []


def _read_wa(chit: str) -> int:
    """The WA losses a chit gives in its week of the 1941/42 winter, from the data and the rule:
    the A, B and C chits always (their weeks are Snow: 12.2's C weather, 14.4), an X chit only
    when its face has an S (12.4: a week of Snow; 12.2: "for that chit's week")."""
    return weather.wa(chit) if chit[0] != "X" or "S" in weather.face(chit) else 0


def test_t43_the_1941_42_chits_give_64_attrition_losses_and_1941_two_freeze_weeks_16_2() -> None:
    """T43, 16.2 (a property of the chits, whatever order they are drawn in): across the 1941/42
    winter, March 1942's X chits included (12.2), the weeks' WA numbers total 64, and 1941 has
    exactly 2 weeks with Freeze."""
    chits = weather.chit_ids(["A", "B", "BF", "C", "X"])
    assert sum(_read_wa(c) for c in chits) == 64  # the stand-in data keeps 16.2's total
    turns = _title().doc("calendar")["turns"]
    index = {int(t["label"]): int(k) for k, t in turns.items()}
    for seed in (1, 2, 3):
        match = Match(_title(), "1941-historical", seed)
        total, freeze_1941, march = 0, 0, 0
        for n in sorted(y for y in index if 112 <= y <= 207):
            match.state.cursor.turn = index[n]
            for week in ("w1-weather", "w2-weather"):
                weather.draw_weather(match, PhaseSpec(id=week))
                total += weather.week_wa(match)
                march += weather.week_wa(match) if n in (205, 206) else 0
                codes = (calendar_weather(match, "nz"), calendar_weather(match, "sz"))
                freeze_1941 += n < 200 and "F" in codes
        assert total == 64 and freeze_1941 == 2
        assert march == sum(_read_wa(c) for c in weather.chit_ids(["X"])) > 0
        assert match.state.ns("weather-cups")["winter-1941"] == []  # all 10 A and B chits


def test_the_printed_chit_pictures_are_kept_b_nov_1_wa_9_and_dec_2_ss_wa_9_12_2() -> None:
    """12.2's surviving chit pictures (ruling WA1): a B chit dated Nov 1 with WA 9, the chit
    dated Dec 2 (a C chit: 12.2 draws them in the 1st half of December) SS with WA 9, an A
    chit DD. The dates are 12.3's (``HISTORICAL``)."""
    nov_1, dec_2 = weather.HISTORICAL[(121, 1)], weather.HISTORICAL[(123, 2)]
    assert nov_1[0] == "B" and weather.wa(nov_1) == 9
    assert dec_2[0] == "C" and weather.face(dec_2) == "SS" and weather.wa(dec_2) == 9
    assert "DD" in weather.CHITS["A"]


def test_an_x_chit_gives_its_wa_in_a_march_1942_snow_week_only_12_2_12_4() -> None:
    """12.2: an X chit's WA number is for its week; 12.4: only a week of Snow of the 1941/42
    winter has attrition. March 1942 with the Snow X chit gives its number and asks for the
    losses; a non-Snow X chit gives none; March 1943 none."""
    snowy = next(c for c in weather.chit_ids(["X"]) if "S" in weather.face(c))
    dry = next(c for c in weather.chit_ids(["X"]) if "S" not in weather.face(c))
    for chit, turn, want in ((snowy, 205, weather.wa(snowy)), (dry, 205, 0), (snowy, 305, 0)):
        match = _match(205)
        a, _, _ = _north_pair(match)
        put(match, "ger-id-7", a)
        match.state.cursor.turn = game_turn(turn)
        match.state.ns("weather-cups")[f"{turn // 100}:mar"] = [chit]
        weather.draw_weather(match, PhaseSpec(id="w1-weather"))
        assert weather.week_wa(match) == want
        attrition.start(match)
        asked = match.decision is not None and match.decision.kind == "attrition"
        assert asked == (want > 0)
        if want:
            assert match.state.ns("pmd-attrition")["left"] == want


def test_no_wa_number_outside_the_first_winter_12_4() -> None:
    """12.4: attrition is the 1941/42 winter's; later weeks' chits give no WA number (April
    1942's Y chit, and the A chits of the 1942 autumn)."""
    for turn in (207, 218):
        match = _match(205, "S", "S")
        match.state.cursor.turn = game_turn(turn)
        weather.draw_weather(match, PhaseSpec(id="w1-weather"))
        assert weather.week_wa(match) == 0
