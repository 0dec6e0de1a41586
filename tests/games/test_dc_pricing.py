"""Dark Crusade's firefight priced through the kernel (``wargame.pricing.price`` asks the title's
``wargame_price``): each side's fire total, how it is made with the DC rule numbers, the hits
of every roll (13.B.2, 13.B.6); the combat lines and ``wargame odds`` say the same."""

from __future__ import annotations

import json
from pathlib import Path

from tests.games.dc_helpers import empty_match, goto, put, script_rolls
from tests.games.test_dc_combat import battle
from tests.test_cli import Cli, cli  # noqa: F401 (fixture)
from wargame.actions import Action
from wargame.games.dark_crusade import combat as C
from wargame.games.dark_crusade import movement as M
from wargame.games.dark_crusade import units as U
from wargame.pricing import price
from wargame.web import odds


def axis_attack_on_brest(rolls: list[int]):
    """Three German units moved from Siedlce against a Soviet army at Brest, at the combat
    phase's first decision."""
    match = empty_match()
    goto(match, "axis", "operational")
    put(match, "siedlce", "ger-7", "ger-9", "ger-12")
    put(match, "brest", "sov-4a")
    for cid in ("ger-7", "ger-9", "ger-12"):
        match.apply(f"move {cid} brest")
    goto(match, "axis", "combat")
    script_rolls(match, rolls)
    return match


def test_13_B_2_fight_is_priced_with_each_sides_fire_and_changes_nothing() -> None:
    match = axis_attack_on_brest([])
    before = match.state_hash()
    found = match.verbs["fight"].describe(match, Action("fight", ("brest",)))
    assert found is not None
    priced = price(match, found)
    axis, soviet = priced.fires
    assert (axis.side, axis.role, soviet.side, soviet.role) == (
        "axis",
        "attacker",
        "soviet",
        "defender",
    )
    assert axis.total == 3 and soviet.total == 2  # three German 1s; a Soviet 1 in fortress Brest
    assert "fortress +1, DC 10.C.2" in soviet.why()
    assert "units 3: ger-12 1, ger-7 1, ger-9 1" in axis.why()
    # every roll's hits on the fire table's column for the total (13.B.2)
    table = C.fire_table(match)
    assert axis.groups == ((3, {r: table.hits(table.column(3), r) for r in table.rolls}),)
    assert priced.why().startswith("axis fire 3 (") and "soviet fire 2 (" in priced.why()
    assert any(
        "German air not yet committed" in line and "13.A.4" in line for line in priced.explanation
    )
    assert match.state_hash() == before  # priced, not fought


def test_13_A_4_10_C_2_14_A_the_price_names_air_fortress_and_breakthrough_rules() -> None:
    match = empty_match()
    germans = put(match, "warsaw", "ger-7", "ger-9", "ger-12", attacking="moscow")
    armies = put(match, "moscow", "sov-30a", "sov-31a")
    b = battle("axis", "moscow", germans, armies, german_air=1)
    priced = price(match, C.kernel_battle(b))
    assert "German air x2 on 3, DC 13.A.4" in priced.fire("axis").why()
    assert priced.fire("axis").total == 6
    assert "fortress +2, DC 10.C.2" in priced.fire("soviet").why()  # Moscow class 3, two armies
    assert priced.fire("soviet").total == 4
    b = battle("axis", "moscow", germans, armies, german_air=1, breakthrough=True)
    halved = price(match, C.kernel_battle(b)).fire("axis")
    assert halved.total == 3 and "rounded up, DC 14.A, 16.0" in halved.why()


def test_13_B_6_a_total_beyond_the_table_is_priced_group_by_group() -> None:
    """Worked example: 37 splits into 19 and 18, each rolled on its own column."""
    match = empty_match()
    armies = [cid for cid in match.title.counters["counters"] if cid.startswith("sov-")]
    soviets = []
    total = 0
    for cid in armies:  # Soviet units adding up to a fire of 37
        unit = put(match, "orel", cid, attacking="kursk")[0]
        fire = C.unit_fire(match, unit, defending=False)
        if fire and total + fire <= 37 and not U.has(match, unit, "hq"):
            soviets.append(unit)
            total += fire
        else:
            match.place(unit, None)
    b = battle("soviet", "kursk", soviets, [])
    fire = price(match, C.kernel_battle(b)).fire("soviet")
    assert fire.total == 37
    assert [group for group, _ in fire.groups] == [19, 18]
    table = C.fire_table(match)
    assert dict(fire.groups[1][1]) == {r: table.hits(table.column(18), r) for r in table.rolls}


def test_7_B_3_the_arctic_plus_one_is_in_every_roll_of_the_price(monkeypatch) -> None:
    match = empty_match()
    attackers = put(match, "plesetsk", "sov-30a")
    monkeypatch.setattr(M, "winter_4142", lambda match: True)
    monkeypatch.setattr(M, "weather_now", lambda match, loc=None: "snow")
    defenders = put(match, "arkhangelsk", "ger-7")
    match.state.control["arkhangelsk"] = "axis"
    b = battle("soviet", "arkhangelsk", attackers, defenders)
    fire = price(match, C.kernel_battle(b)).fire("soviet")
    table = C.fire_table(match)
    column = table.column(fire.total)
    assert fire.roll_modifier == 1 and "+1 to the die, DC 7.B.3" in fire.why()
    assert fire.groups[0][1][5] == table.hits(column, 6)  # 5 + 1
    assert fire.groups[0][1][6] == table.hits(column, 6)  # sixes remain sixes


def test_13_B_2_the_combat_line_says_why_and_what_was_rolled() -> None:
    match = axis_attack_on_brest([6, 1])
    match.apply("fight brest")
    match.apply("air 1")
    events = match.apply("fire")  # simultaneous in Good weather (13.B.1)
    fires = [e.text for e in events if e.kind == "fire"]
    assert fires[0] == (
        "axis fire 6 (units 3: ger-12 1, ger-7 1, ger-9 1; German air x2 on 3, DC 13.A.4) "
        f"roll 6: {C.fire_table(match).hits(C.fire_table(match).column(6), 6)} breakthroughs"
    )
    assert fires[1].startswith("soviet fire 2 (units 1: sov-4a 1; fortress +1, DC 10.C.2) roll 1: ")


def test_odds_of_fight_show_each_sides_fire_as_the_page_and_cli_do() -> None:
    match = axis_attack_on_brest([])
    action = Action("fight", ("brest",))
    assert odds.priceable(match, action)
    found = odds.attack_odds(match, action, "axis")
    assert found["known"] and found["column"] == "axis fire 3 / soviet fire 2"
    assert [f["total"] for f in found["fires"]] == [3, 2]
    assert any(line.startswith("axis hits by roll: fire 3: ") for line in found["explanation"])
    assert not odds.priceable(match, Action("end"))


def test_wargame_odds_fight_prints_each_sides_fire_with_its_rules(
    cli: Cli,  # noqa: F811
    tmp_path: Path,
) -> None:
    """The golden game at its first battle (Kishinev): ``wargame odds fight kishinev``."""
    golden = json.loads(Path("tests/golden/dark-crusade.json").read_text())
    first = next(i for i, a in enumerate(golden["actions"]) if a.startswith("fight"))
    path = tmp_path / "dc.save.json"
    new = ("new", "dc", "--scenario", golden["scenario"], "--seed", str(golden["seed"]))
    assert cli(*new, "-o", str(path), plugins=()).code == 0
    assert cli("act", str(path), *golden["actions"][:first], plugins=()).code == 0
    out = cli("odds", str(path), golden["actions"][first], plugins=()).out
    assert "fight kishinev: axis fire " in out and " / soviet fire " in out
    assert "  axis fire 1 (units 1: rum-m1 1)" in out
    assert "  soviet hits by roll: fire " in out
    assert "German air not yet committed" in out and "(DC 13.A.4)" in out
