"""Dark Crusade Siberian Reserve and crisis (3.C): the digest's EX-03, EX-04, R-30, R-31 and
ruling E-17."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from tests.games.dc_helpers import at, to_phase
from wargame.games.dark_crusade import production as P
from wargame.games.dark_crusade import siberia as SB
from wargame.games.dark_crusade import strategic as S
from wargame.games.dark_crusade import units as U
from wargame.match import Match
from wargame.plugins import discover

TITLE = discover().get("dc")


JUL_1941, AUG_1941, NOV_1941, DEC_1941, JAN_1942, JUN_1942 = 2, 3, 6, 7, 8, 13


def dice(m: Match, monkeypatch: pytest.MonkeyPatch, faces: list[int]) -> list[str]:
    """Feed the match these die faces, then 1, 2, 1, 2 ... (never doubles in pairs)."""
    queue = list(faces)
    seen: list[str] = []

    def roll(spec: str = "1d6", why: str = "", rule: str | None = None) -> int:
        seen.append(why)
        return queue.pop(0) if queue else 1 + len(seen) % 2

    monkeypatch.setattr(m, "roll", roll)
    return seen


def to_rrp(m: Match, turn: int) -> Match:
    return to_phase(m, "soviet", "reinforcement", turn)


@pytest.fixture(scope="module")
def base() -> Match:
    return to_rrp(Match(TITLE, "tournament", seed=1), JUL_1941)


@pytest.fixture
def m(base: Match) -> Iterator[Match]:
    yield base.sandbox()


def reserve_in_siberia(m: Match) -> Counter[str]:
    return Counter(
        P.counter_type(m, u) for u in m.units_at("box:siberia") if u.flags.get("reserve")
    )


def gambles(seen: list[str]) -> int:
    return sum(1 for why in seen if why == "Siberian gamble, first die")


# ----------------------------------------------------------------------------- EX-03


def test_EX_03_3_C_3_call_in_july_arrives_aug_sep_oct_and_gambles_through_december(
    m: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = dice(m, monkeypatch, [])
    m.apply("call-siberia")
    assert m.state.vars["siberia"]["start"] == AUG_1941
    turns = data_turns(m)
    for turn, wave in zip((AUG_1941, 4, 5), turns, strict=True):
        to_phase(m, "soviet", "reinforcement", turn)
        got = reserve_in_siberia(m)
        got.update(SB.record(m)["owed"])  # 8.B: short of dead units, the rest wait
        for utype, n in wave.items():
            assert got[utype] >= n, (turn, utype)
        for unit in m.units_at("box:siberia"):  # 3.C.3: not dispersed on entry
            if unit.flags.get("reserve"):
                assert not U.dispersed(unit)
                unit.flags["reserve_seen"] = True
                m.place(unit, "moscow")  # as if moved on
    to_phase(m, "soviet", "reinforcement", JAN_1942)
    assert gambles(seen) == 5  # end of the R/RP of Aug, Sep, Oct, Nov, Dec 1941
    assert "crisis" not in m.state.vars["siberia"]


def test_8_B_reserve_short_of_dead_units_waits_for_them(m: Match) -> None:
    rifles = P.free_counters(m, "soviet", "rifle-army")
    for cid in rifles:
        m.new_unit(cid, "moscow")  # every rifle army in play
    at(m, JAN_1942)
    SB.wave(m)
    assert SB.record(m)["owed"]["rifle-army"] == 3
    assert reserve_in_siberia(m)["rifle-army"] == 0
    m.eliminate(m.state.units[rifles[0]], "test")
    at(m, JAN_1942 + 1)
    SB.wave(m)
    assert reserve_in_siberia(m)["rifle-army"] == 1
    assert SB.record(m)["owed"]["rifle-army"] == 2 + 3  # and the second wave's three


def data_turns(m: Match) -> list[dict[str, int]]:
    return [
        {t: int(n) for t, n in wave.items() if n}
        for wave in P.U.table(m, "siberia")["reserve"]["turns"]
    ]


def test_EX_03_default_entry_january_1942_without_gamble(
    m: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = dice(m, monkeypatch, [])
    assert SB.start_turn(m) == JAN_1942
    to_phase(m, "soviet", "reinforcement", JAN_1942)
    assert SB.record(m)["waves"] == 1 and SB.record(m)["first_wave"] == JAN_1942
    to_phase(m, "soviet", "reinforcement", 10)
    assert SB.record(m)["waves"] == 3
    assert gambles(seen) == 0


def test_EX_03_call_in_november_arrives_december_one_roll(
    m: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = dice(m, monkeypatch, [])
    at(m, NOV_1941)
    m.apply("call-siberia")
    at(m, DEC_1941)
    assert SB.gamble_due(m)
    SB.gamble(m)
    at(m, JAN_1942)
    assert not SB.gamble_due(m)
    assert gambles(seen) == 1


def test_EX_03_call_in_december_or_later_illegal(m: Match) -> None:
    at(m, DEC_1941)
    assert m.check("call-siberia") == (
        "the Siberian Reserve may be called only before December 1941 (DC 3.C.3)"
    )
    assert "call-siberia" not in [str(a) for a in m.legal_actions()]


def test_E_17_no_call_on_the_first_turn() -> None:
    m = to_rrp(Match(TITLE, "tournament", seed=1), 1)
    assert m.check("call-siberia") == (
        "not on the game's first turn: the first call is July 1941 (DC 3.C.3, ruling P14)"
    )


def test_3_C_3_only_one_call(m: Match) -> None:
    m.apply("call-siberia")
    assert m.check("call-siberia") == (
        "the Siberian Reserve was already called on turn 2 (DC 3.C.3)"
    )


def test_E_28_introductory_game_may_call_the_reserve() -> None:
    m = to_rrp(Match(TITLE, "tournament", seed=1, options={"introductory": True}), JUL_1941)
    assert "call-siberia" in [str(a) for a in m.legal_actions()]


# ----------------------------------------------------------------------------- R-30, EX-04


@pytest.mark.parametrize(("faces", "crisis"), [([3, 3], True), ([3, 4], False), ([6, 6], True)])
def test_R_30_3_C_3_doubles_bring_the_crisis(
    m: Match, monkeypatch: pytest.MonkeyPatch, faces: list[int], crisis: bool
) -> None:
    dice(m, monkeypatch, faces)
    m.apply("call-siberia")
    at(m, AUG_1941)
    SB.gamble(m)
    assert (SB.crisis_state(m) is not None) is crisis


@pytest.mark.parametrize(
    ("late", "need", "first"),
    [
        (0, (9, 5, 2, 2), 6),
        (1, (13, 7, 2, 2), 8),
        (2, (15, 9, 3, 3), 10),
        (4, (15, 9, 3, 3), 10),
    ],
)
def test_EX_04_3_C_3_commitment_by_turn_of_the_japanese_attack(
    m: Match, monkeypatch: pytest.MonkeyPatch, late: int, need: tuple[int, ...], first: int
) -> None:
    dice(m, monkeypatch, [5, 5])
    m.apply("call-siberia")
    at(m, AUG_1941 + late)
    SB.gamble(m)
    crisis = SB.crisis_state(m)
    assert crisis is not None
    assert tuple(crisis["need"].values()) == need
    assert tuple(crisis["need"]) == ("rifle-army", "tank-corps", "artillery", "cav-corps")
    assert crisis["min_first"] == first == sum(need) // 3
    assert S.allowance(at(m, AUG_1941 + late + 1), "soviet") == 8  # 16 halved (3.C.3.d)


def crisis_match(m: Match, monkeypatch: pytest.MonkeyPatch) -> Match:
    """The Reserve called in July, its first wave in in August, doubles at once."""
    dice(m, monkeypatch, [])
    m.apply("call-siberia")
    to_phase(m, "soviet", "reinforcement", AUG_1941)
    monkeypatch.undo()
    dice(m, monkeypatch, [2, 2])
    m.apply("end")  # the gamble at the end of the R/RP: doubles
    return m


def test_3_C_3_b_crisis_holds_reserve_still_off_map_and_stops_siberian_replacements(
    m: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    m = crisis_match(m, monkeypatch)
    crisis = SB.crisis_state(m)
    assert crisis is not None and crisis["late"] == 0
    assert reserve_in_siberia(m) == Counter()  # wave 1 was still in Siberia: held
    held = SB.record(m)["held"]
    total: Counter[str] = Counter()
    for wave in data_turns(m):
        total.update(wave)
    assert held == dict(total)  # all three waves held in Siberia, none lost
    to_phase(m, "soviet", "reinforcement", AUG_1941 + 1)
    at(m, 6)  # a turn with a Siberian replacement on the (stand-in) track
    P.siberian_replacements(m)
    assert not [u for u in m.units_at("box:siberia") if u.flags.get("replacement") == 6]
    lost = [e.text for e in m._events if e.rule == "DC 3.C.3.a"]
    assert lost == ["Siberian replacement rifle-army lost: Siberian crisis"]


def test_3_C_3_c_commit_a_third_first_turn_then_all_by_the_third(
    m: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    m = crisis_match(m, monkeypatch)
    crisis = SB.crisis_state(m)
    assert crisis is not None and crisis["first"] == AUG_1941 + 1  # ruling P15
    to_phase(m, "soviet", "reinforcement", AUG_1941 + 1)
    assert m.check("end") == "commit at least 6 units to Siberia by now (0 sent) (DC 3.C.3)"
    assert m.check("commit vvs-4") is not None  # air counts for nothing
    rifles = sorted(
        (u.id for u in m.units_of("soviet") if P.counter_type(m, u) == "rifle-army" and u.loc),
        key=P.natural,
    )
    for uid in rifles[:6]:
        m.apply(f"commit {uid}")
        unit = m.state.units[uid]
        assert unit.loc is None and unit.flags == {"eliminated": True, "committed": True}
    assert m.check("end") is None
    crisis = SB.crisis_state(m)
    assert crisis is not None and crisis["sent"]["rifle-army"] == 6
    m.apply("end")
    to_phase(
        m, "soviet", "reinforcement", AUG_1941 + 3
    )  # the third crisis turn: everything owed that can go
    blockers = m.check("end")
    assert blockers is not None and "more rifle-army must be committed" in blockers


def test_3_C_3_composites_count_as_their_components(
    m: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    m = crisis_match(m, monkeypatch)
    to_phase(m, "soviet", "reinforcement", AUG_1941 + 1)
    shock = m.new_unit("shock-1", "moscow")
    assert SB.basic_types(m, shock) == ("rifle-army", "artillery")
    m.apply("commit shock-1")
    crisis = SB.crisis_state(m)
    assert crisis is not None
    assert (crisis["sent"]["rifle-army"], crisis["sent"]["artillery"]) == (1, 1)


def test_3_C_3_committed_units_must_trace_to_the_east_edge(
    m: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    m = crisis_match(m, monkeypatch)
    to_phase(m, "soviet", "reinforcement", AUG_1941 + 1)
    m.place(m.state.units["sov-24a"], "odessa")
    for p in m.topology.neighbours("odessa"):
        m.state.control[p] = "axis"
    m.touch()
    assert m.check("commit sov-24a") == (
        "sov-24a cannot trace a path to the eastern map edge (DC 3.C.3)"
    )


def test_3_C_3_crisis_ends_when_met_and_allowance_returns(
    m: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    m = crisis_match(m, monkeypatch)
    to_phase(m, "soviet", "reinforcement", AUG_1941 + 1)
    crisis = SB.crisis_state(m)
    assert crisis is not None
    crisis["sent"] = dict(crisis["need"])
    crisis["sent"]["cav-corps"] -= 1
    assert S.allowance(m, "soviet") == 8
    cav = next(u.id for u in m.units_of("soviet") if P.counter_type(m, u) == "cav-corps")
    m.apply(f"commit {cav}")
    assert SB.crisis_state(m) is None
    assert S.allowance(m, "soviet") == 16


# -----------------------------------------------------------------------------


def test_R_31_3_C_3_return_from_june_1942_one_of_each_type_a_turn(m: Match) -> None:
    SB.record(m)["held"] = {"rifle-army": 2, "tank-corps": 1, "artillery": 0, "cav-corps": 1}
    at(m, 12)  # May 1942: not yet
    SB.returns(m)
    assert reserve_in_siberia(m) == Counter()
    at(m, JUN_1942)
    SB.returns(m)
    assert reserve_in_siberia(m) == Counter({"rifle-army": 1, "tank-corps": 1, "cav-corps": 1})
    at(m, JUN_1942 + 1)
    SB.returns(m)
    assert reserve_in_siberia(m)["rifle-army"] == 2
    assert SB.record(m)["held"] == {}
