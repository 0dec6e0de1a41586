"""Dark Crusade rules the issue-12 audit found broken, each reproduced from its report and named
for its rule: the Hungarian armies (5.D), Soviet air alone (13.A.3, 11.0), rounds fought
(14.B.1), German air in breakthrough (14.B.4), dispersed air (15.A.2), fortifications on retreat
(18.0), destroyed factories (2.B.1.a), the agreed draw (2.B.1.c) and the second breakthrough
move (14.B.6)."""

from __future__ import annotations

from tests.games.dc_helpers import at, empty_match, goto, put, script_rolls, to_phase
from wargame.games.dark_crusade import combat as C
from wargame.games.dark_crusade import movement as M
from wargame.games.dark_crusade import production as P
from wargame.games.dark_crusade import units as U
from wargame.games.dark_crusade import victory as V
from wargame.match import Match

JUN_1942 = 13


def answer(match: Match, *actions: str) -> None:
    """Apply each action in turn, passing any German air decision (``air 0``) and all-out
    designation (``fire``) met on the way and after."""
    for action in actions:
        while match.decision.kind in ("dc-air", "dc-allout") and not action.startswith(
            match.decision.kind.removeprefix("dc-")
        ):
            match.apply("air 0" if match.decision.kind == "dc-air" else "fire")
        match.apply(action)
    while match.decision.kind == "dc-allout":
        match.apply("fire")


# ----------------------------------------------------------------------------- 5.D


def test_5_D_a_soviet_attack_on_a_hungarian_army_frees_both_armies() -> None:
    """Attacked at Cluj in June 1941, the Hungarian armies may leave Hungary in July."""
    match = empty_match()
    goto(match, "soviet", "operational")
    put(match, "cluj", "hun-1", "hun-2")
    put(match, "stanislav", "sov-12a")
    match.apply("move sov-12a cluj")
    goto(match, "soviet", "combat")
    script_rolls(match, [1])  # the Hungarian fire 2 on a 1: no repulse
    answer(match, "fight cluj", "retreat")  # the Soviet attacker breaks off
    del match.roll  # the match's own dice again
    to_phase(match, "axis", "operational", 2)
    assert match.state.units["sov-12a"].loc == "stanislav"
    assert match.check("move hun-1 stanislav") is None
    assert match.check("move hun-2 stanislav") is None


def test_5_D_a_soviet_invasion_of_hungary_frees_the_armies() -> None:
    match = empty_match()
    goto(match, "soviet", "operational")
    hun = put(match, "cluj", "hun-1")[0]
    put(match, "chernovtsy", "sov-12a")
    assert M.hungary_rule(match, hun, "stanislav") is not None
    match.apply("move sov-12a firgu-mures")
    assert M.hungary_rule(match, hun, "stanislav") is None


def test_5_D_only_one_hungarian_army_leaves_in_june_1942() -> None:
    match = empty_match()
    goto(match, "axis", "operational")
    at(match, JUN_1942)
    put(match, "cluj", "hun-1")
    put(match, "firgu-mures", "hun-2")
    match.apply("move hun-1 stanislav")
    reason = match.check("move hun-2 chernovtsy")
    assert reason is not None and "only one" in reason and "5.D" in reason
    assert match.check("move hun-2 cluj") is None  # inside Hungary: free
    assert "move hun-2 chernovtsy" not in {str(a) for a in match.legal_actions()}
    hun1 = match.state.units["hun-1"]
    assert M.hungary_rule(match, hun1, "lvov") is None  # the one that left goes on


def test_5_D_an_attack_after_june_1942_does_not_free_the_second_army() -> None:
    match = empty_match()
    at(match, JUN_1942)
    M.soviet_attacks_hungary(match, "cluj")
    assert not match.state.ns(M.NS).get(M.HUNGARY_RELEASED)


# ----------------------------------------------------------------------------- 13.A.3, 11.0


def test_13_A_3_soviet_air_may_not_defend_alone_11_0() -> None:
    """An Axis unit entering a point held only by Soviet air: the air, which may not defend
    alone, is eliminated; the two sides never share the point (ruling DC-C15)."""
    match = empty_match()
    goto(match, "axis", "operational")
    put(match, "siedlce", "ger-7")
    put(match, "brest", "vvs-1")
    match.apply("move ger-7 brest")
    assert match.state.units["ger-7"].loc == "brest"
    assert match.state.units["vvs-1"].loc is None
    assert match.state.control["brest"] == "axis"


def test_13_A_3_soviet_air_does_not_move_alone_or_take_control() -> None:
    match = empty_match()
    goto(match, "soviet", "operational")
    put(match, "brest", "vvs-1", "sov-4a")
    match.state.control["siedlce"] = "axis"
    reason = match.check("move vvs-1 siedlce")
    assert reason is not None and "13.A.3" in reason
    assert "move vvs-1 siedlce" not in {str(a) for a in match.legal_actions()}
    match.apply("move sov-4a siedlce")
    assert match.check("move vvs-1 siedlce") is None  # with the ground forces it may
    match.apply("move vvs-1 siedlce")
    assert match.state.control["siedlce"] == "soviet"


# ----------------------------------------------------------------------------- 14.B.1


def test_14_B_1_one_exchange_then_the_defender_retreats_is_one_round_axis() -> None:
    """Simultaneous combat: one exchange of fire, the attacker goes on, the defender retreats:
    one round fought, so a minor line still carries one Axis armor unit (3 of which 1 armor)."""
    match = empty_match()
    goto(match, "axis", "operational")
    put(match, "tilsit", "ger-56", "ger-7")
    put(match, "siauliai", "sov-8a")
    match.apply("move ger-56 siauliai")
    match.apply("move ger-7 siauliai")
    goto(match, "axis", "combat")
    script_rolls(match, [1, 1])  # no hits either way
    answer(match, "fight siauliai", "continue", "retreat", "retreat sov-8a kaunas")
    ger56 = match.state.units["ger-56"]
    assert ger56.loc == "siauliai" and (U.marker(ger56, M.BT) or {}).get("rounds") == 1
    goto(match, "axis", "breakthrough")
    assert match.check("move ger-56 riga") is None


def test_14_B_1_one_exchange_then_the_defender_retreats_is_one_round_soviet() -> None:
    """Normal combat, the Soviet case: the defender fires, the attacker goes on and fires, the
    defender retreats: one round."""
    match = empty_match()
    at(match, JUN_1942)
    goto(match, "soviet", "operational")
    put(match, "bobruisk", "sov-1tk", "sov-30a")
    put(match, "mogilev", "ger-7")
    match.state.control["mogilev"] = "axis"
    match.apply("move sov-1tk mogilev")
    match.apply("move sov-30a mogilev")
    goto(match, "soviet", "combat")
    script_rolls(match, [1, 1])
    answer(match, "fight mogilev", "continue", "retreat")
    retreat = next(str(a) for a in match.legal_actions())
    match.apply(retreat)
    tank = match.state.units["sov-1tk"]
    assert tank.loc == "mogilev" and (U.marker(tank, M.BT) or {}).get("rounds") == 1
    goto(match, "soviet", "breakthrough")
    assert match.check("move sov-1tk gomel") is None


# ----------------------------------------------------------------------------- 15.A.2


def test_15_A_2_dispersed_soviet_air_adds_no_fire() -> None:
    match = empty_match()
    defenders = put(match, "kiev", "sov-30a", "vvs-1", dispersed=True)
    b = {
        "attacker": "axis",
        "defender": "soviet",
        "target": "kiev",
        "attackers": [],
        "defenders": [u.id for u in defenders],
        "breakthrough": False,
        "mode": C.NORMAL,
        "round": 1,
    }
    total, why = C.side_fire(match, b, "soviet")
    assert total == 0 and not any("13.A.3" in w for w in why)


# ----------------------------------------------------------------------------- 18.0


def test_18_0_a_fortified_unit_that_retreats_loses_its_fortification() -> None:
    match = empty_match()
    goto(match, "axis", "operational")
    put(match, "tilsit", "ger-7")
    put(match, "kaunas", "sov-11a", fortified=True)
    match.apply("move ger-7 kaunas")
    goto(match, "axis", "combat")
    script_rolls(match, [1, 1])
    answer(match, "fight kaunas", "continue", "retreat", "retreat sov-11a vilnius")
    unit = match.state.units["sov-11a"]
    assert unit.loc == "vilnius" and not U.fortified(unit)


# ----------------------------------------------------------------------------- 2.B.1.a


def test_2_B_1_a_a_factory_destroyed_in_combat_counts() -> None:
    match = empty_match()
    fac = put(match, "kharkov", "fac-kryky")[0]
    b = {"attacker": "axis", "defender": "soviet", "target": "kharkov", "mode": C.NORMAL}
    C.take_loss(match, b, fac)  # a minor unit of 1 (8.A.2.b): its first loss destroys it
    assert fac.loc is None
    assert match.state.vars[P.DESTROYED] == 1
    assert P.factory_state(match, "fac-kryky")["state"] == "destroyed"


def test_2_B_1_a_an_entrained_factory_overrun_counts() -> None:
    match = empty_match()
    goto(match, "axis", "operational")
    put(match, "kotelnikovo", "ger-7")
    put(match, "stalingrad", "fac-stlngrd", "fac-stlng", entrained=True)
    match.apply("move ger-7 stalingrad")
    assert match.state.units["fac-stlngrd"].loc is None
    assert match.state.vars[P.DESTROYED] == 2
    assert V.points(match, "axis").factories == 1  # one point per pair destroyed


# ----------------------------------------------------------------------------- 14.B.6


def test_14_B_6_a_second_breakthrough_move_is_refused_citing_14_B_6() -> None:
    """The unopposed second point is the unit's breakthrough move (ruling DC-M3): in the
    breakthrough phase it may not make another."""
    match = empty_match()
    goto(match, "axis", "operational")
    put(match, "siedlce", "ger-47", "ger-41")
    match.apply("move ger-47 brest baranovichi")
    goto(match, "axis", "breakthrough")
    reason = match.check("move ger-47 minsk")
    assert reason is not None and "14.B.6" in reason and "14.A" not in reason


def test_5_D_strategic_movement_keeps_the_hungarian_rules() -> None:
    """Strategic movement is movement too: Hungarians never into Rumania, the armies not out of
    Hungary before June 1942, and then only the one that left."""
    match = empty_match()
    goto(match, "axis", "strategic")
    at(match, 2)  # July 1941: no first-turn ban on Axis strategic movement (5.C)
    put(match, "cluj", "hun-1", "hun-c", "ger-7")
    assert match.check("strat ger-7 warsaw") is None
    assert match.check("strat hun-c warsaw") is None  # a corps is free to go
    assert "5.D" in (match.check("strat hun-1 warsaw") or "")
    assert "strat hun-1 warsaw" not in {str(a) for a in match.legal_actions()}
    assert "5.D" in (match.check("strat hun-c bucharest") or "")
    at(match, JUN_1942)
    match.state.ns(M.NS)[M.HUNGARIANS_LEFT] = ["hun-2"]
    assert "5.D" in (match.check("strat hun-1 warsaw") or "")
    match.state.ns(M.NS)[M.HUNGARIANS_LEFT] = []
    match.touch()
    match.apply("strat hun-1 warsaw")
    assert match.state.ns(M.NS)[M.HUNGARIANS_LEFT] == ["hun-1"]


# ----------------------------------------------------------------------------- 14.B.4


def regular_battle_at_brest_with_all_air(match: Match) -> None:
    """June 1941 (four German air units, 5.A): ger-41 and ger-7 take Brest with all four air
    units while ger-47 occupies empty Kovel; the breakthrough phase follows."""
    goto(match, "axis", "operational")
    put(match, "siedlce", "ger-41", "ger-7")
    put(match, "lublin", "ger-47", "ger-9")
    put(match, "brest", "sov-4a")
    put(match, "rovno", "sov-5a")
    put(match, "pinsk", "sov-10a")
    match.apply("move ger-41 brest")
    match.apply("move ger-7 brest")
    match.apply("move ger-47 kovel")
    match.apply("move ger-9 kovel")
    goto(match, "axis", "combat")
    assert C.air_left(match) == 4
    script_rolls(match, [6, 1])  # 2 x5 = 10 on a 6 destroys sov-4a; its 1 on a 1 misses
    answer(match, "fight brest", "air 4")
    assert match.state.units["ger-41"].loc == "brest"
    del match.roll
    goto(match, "axis", "breakthrough")


def test_14_B_4_air_that_fought_at_brest_does_not_support_a_unit_that_never_fought_there() -> None:
    """All four air units fought at Brest: ger-47, which occupied Kovel unopposed, breaks
    through to Rovno with no air (none was withheld, none was present at its regular combat)."""
    match = empty_match()
    regular_battle_at_brest_with_all_air(match)
    match.apply("move ger-47 rovno")
    goto(match, "axis", "breakthrough-combat")
    match.apply("fight rovno")
    assert match.decision.kind != "dc-air"
    assert C.battle_of(match)["german_air"] == 0


def test_14_B_4_air_accompanies_the_units_of_its_battle_and_supports_only_them() -> None:
    """Air present at Brest may go with Brest's breakthrough group to Pinsk (14.B.4), each unit
    with one group only (13.A.4); withheld air would support every German unit there."""
    match = empty_match()
    regular_battle_at_brest_with_all_air(match)
    match.apply("move ger-41 pinsk")
    goto(match, "axis", "breakthrough-combat")
    match.apply("fight pinsk")
    d = match.decision
    assert d.kind == "dc-air" and d.context["left"] == 4 and d.context["source"] == "brest"
    match.apply("air 3")
    battle = C.battle_of(match)
    assert battle["escort_air"] == {"brest": 3} and battle["german_air"] == 0
    assert C.air_left(match, source="brest") == 1


def test_14_B_4_accompanying_air_multiplies_only_the_units_it_accompanied() -> None:
    match = empty_match()
    from_brest = put(match, "brest", "ger-41", attacking="pinsk", origin="brest")
    from_kovel = put(match, "kovel", "ger-47", attacking="pinsk", origin="kovel")
    b = {
        "attacker": "axis",
        "defender": "soviet",
        "target": "pinsk",
        "attackers": [u.id for u in from_brest + from_kovel],
        "defenders": [],
        "breakthrough": False,
        "mode": C.NORMAL,
        "round": 1,
        "german_air": 0,
        "escort_air": {"brest": 1},
    }
    total, _ = C.side_fire(match, b, "axis")
    assert total == 2 * 1 + 1  # ger-41 doubled, ger-47 not
    b["german_air"] = 1  # one withheld air unit deployed: everyone
    assert C.side_fire(match, b, "axis")[0] == 3 * 1 + 2 * 1


def test_14_B_4_withheld_air_supports_any_breakthrough_battle() -> None:
    match = empty_match()
    goto(match, "axis", "combat")
    assert C.air_left(match) == 4
    C.spend_air(match, 1)  # one air unit in a regular battle: three withheld
    assert C.air_left(match) == 3


# ----------------------------------------------------------------------------- 2.B.1.c, 8.A.2


def test_2_B_1_c_a_draw_may_be_agreed_at_any_time() -> None:
    """Not only in a Victory Determination Phase: here in the Axis operational movement of the
    first turn; the Soviet player answers, and play goes on where it was if he declines."""
    match = empty_match()
    goto(match, "axis", "operational")
    assert "offer-draw" in {str(a) for a in match.legal_actions()}
    match.apply("offer-draw")
    assert match.decision.kind == V.AGREE and match.decision.side == "soviet"
    match.apply("decline-draw")
    assert match.decision.phase == "axis/operational" and match.outcome is None
    assert "already offered" in (match.check("offer-draw") or "")
    goto(match, "soviet", "strategic")
    match.apply("offer-draw")  # the other player may offer in his own turn
    match.apply("accept-draw")
    assert match.outcome["level"] == "draw"


def test_8_A_2_ruling_P7_replacement_counters_of_a_type_are_interchangeable() -> None:
    """Which counter of a type returns as a Soviet replacement is left to the engine (ruling
    P7) only because the choice changes nothing: every counter of a replaceable type has the
    same values and none is due later as a scheduled reinforcement. Should the publisher's
    counters differ, this fails and the choice becomes the Soviet player's."""
    match = empty_match()
    counters = match.counters_doc["counters"]
    values: dict[str, set[str]] = {}
    for c in counters.values():
        if c["side"] == "soviet":
            values.setdefault(c["type"], set()).add(repr(c["steps"]))
    assert all(len(v) == 1 for v in values.values())
    schedule = match.title.doc("calendar").get("schedule", {})
    due = {cid for e in schedule.values() if e.get("side") == "soviet" for cid in e["units"]}
    assert all(counters[cid]["type"] in P.IRREPLACEABLE for cid in due)


# ----------------------------------------------------------------------------- the sweep


def test_18_0_at_a_fortress_the_defender_chooses_which_fortification_absorbs() -> None:
    """One breakthrough at Moscow, two fortified armies of different kinds: which of them loses
    its fortification is the defender's choice (13.B.2), not the engine's."""
    match = empty_match()
    defenders = put(match, "moscow", "sov-30a", "shock-1", fortified=True)
    b = {
        "attacker": "axis",
        "defender": "soviet",
        "target": "moscow",
        "attackers": [],
        "defenders": [u.id for u in defenders],
        "breakthrough": False,
        "mode": C.NORMAL,
        "round": 1,
        "hits": {"soviet": 1},
        "step": "absorb",
        "after_absorb": "d-continue",
    }
    C.state(match)["battle"] = b
    C.step_absorb(match, b)
    assert match.decision.kind == "dc-loss" and match.decision.side == "soviet"
    assert {str(a) for a in match.legal_actions()} == {"lose sov-30a", "lose shock-1"}
    match.apply("lose shock-1")
    assert not U.fortified(defenders[1]) and U.fortified(defenders[0])
    assert not any(U.dispersed(u) for u in defenders)


def test_13_A_1_b_air_lost_to_flak_is_one_that_cannot_fire_first() -> None:
    """Ruling C16: the counters are alike, so the owner gives up a dispersed air unit before
    one that can fire in this battle."""
    match = empty_match()
    defenders = put(match, "kiev", "vvs-1", dispersed=True)
    defenders += put(match, "kiev", "sov-30a", "vvs-2")
    attackers = put(match, "zhitomir", "ger-7", attacking="kiev", origin="zhitomir")
    b = {
        "attacker": "axis",
        "defender": "soviet",
        "target": "kiev",
        "attackers": [u.id for u in attackers],
        "defenders": [u.id for u in defenders],
        "breakthrough": False,
        "mode": C.NORMAL,
        "round": 1,
        "german_air": 0,
    }
    C.state(match)["battle"] = b
    script_rolls(match, [4])  # column 2, a 4: one lost
    C.step_air_combat(match, b)
    assert match.state.units["vvs-1"].loc is None
    assert match.state.units["vvs-2"].loc == "kiev"


def test_19_0_a_partisan_in_a_retreats_path_is_removed_not_eliminated() -> None:
    """13.B.4.b lets a retreat enter a point held only by a partisan: the partisan is removed
    as by any Axis entry and may be placed again next Soviet player turn (19.0, ruling S7)."""
    from wargame.games.dark_crusade import partisans

    match = empty_match()
    partisan = put(match, "pinsk", "partisan-1")[0]
    M.clear_point(match, "axis", "pinsk", "ger-7 retreating")
    assert partisan.loc is None and partisans.REMOVED in partisan.flags
