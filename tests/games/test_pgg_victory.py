"""PGG victory (15.0-15.2): occupation and the line west, destroyed divisions, recaptures,
levels, and the report, on the small board of pgg_variants."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.games.pgg_helpers import lake, put
from tests.games.pgg_variants import finish, keep_rifles, mini_map, to_phase, variant
from wargame.games.panzergruppe_guderian import victory as V
from wargame.match import Match
from wargame.mechanics import victory as shared_victory
from wargame.plugins import Registry

PZ7 = ["Pz/7Pz", "PzG1/7Pz", "PzG2/7Pz"]
WALL = ["0301", "0303", "0305", "0307", "0309", "0311"]
"""Soviet units here make every hex of hexrows 02-04 Soviet or Soviet ZOC: no line crosses."""


def start(tmp_path: Path, rifles: int = 0, **kw: Any) -> Match:
    """A match at set-up with ``rifles`` Rifle Division counters, R01... set up in 1101...,
    and none left for Provisional Reinforcements: each test moves them where it wants them."""
    setup = {
        f"r{n}": {"side": "soviet", "units": [f"R{n:02d}"], "at": [f"11{n:02d}"]}
        for n in range(1, rifles + 1)
    }
    return Match(variant(tmp_path, setup=setup, counters=keep_rifles(rifles), **kw), seed=5)


def objective(match: Match, name: str) -> V.Objective:
    return next(o for o in V.objectives(match) if o.name == name)


def move(match: Match, uid: str, loc: str | None) -> None:
    match.place(match.state.units[uid], loc)
    match.touch()


# ----------------------------------------------------------------------------- 15.2 levels


@pytest.mark.parametrize(
    "net, level, winner",
    [
        (-7, "Soviet Decisive", "soviet"),
        (0, "Soviet Decisive", "soviet"),
        (1, "Soviet Strategic", "soviet"),
        (25, "Soviet Strategic", "soviet"),
        (26, "Soviet Marginal", "soviet"),
        (49, "Soviet Marginal", "soviet"),
        (50, "German Marginal", "german"),
        (79, "German Marginal", "german"),
        (80, "German Strategic", "german"),
        (124, "German Strategic", "german"),
        (125, "German Decisive", "german"),
        (165, "German Decisive", "german"),
    ],
)
def test_15_2_levels_boundaries(tmp_path: Path, net: int, level: str, winner: str) -> None:
    found = V.level_for(start(tmp_path), net)
    assert (found["level"], found["winner"]) == (level, winner)


@pytest.mark.parametrize("net, winner", [(49, "soviet"), (50, None), (79, None), (80, "german")])
def test_15_2_marginal_is_draw_option(tmp_path: Path, net: int, winner: str | None) -> None:
    match = start(tmp_path, options={"marginal-is-draw": True})
    found = V.level_for(match, net)
    assert found["winner"] == winner
    if winner is None:
        assert found["level"] == "German Marginal" and "draw" in found["text"]


def test_15_2_net_is_german_minus_soviet(tmp_path: Path) -> None:
    match = start(tmp_path, last_turn=1)
    put(match, "Pz/7Pz", "0605")
    put(match, "PzG1/7Pz", "0606")  # Smolensk: 25
    put(match, "6Inf", "1203")  # hex 5907: 20
    V.award(match, "soviet", 10, "test", "PGG 15.12")
    outcome = finish(match)
    assert outcome["vp"] == {"german": 45, "soviet": 10}
    assert outcome["level"] == "Soviet Marginal" and outcome["winner"] == "soviet"  # net 35


# ----------------------------------------------------------------------------- 15.11


def test_15_11_city_with_a_combat_unit_and_a_line_west(tmp_path: Path) -> None:
    match = start(tmp_path, last_turn=1)
    put(match, "Pz/7Pz", "0402")
    outcome = finish(match)
    assert match.state.vp["german"] == 10
    assert outcome["level"] == "Soviet Strategic"
    (item,) = [i for i in shared_victory.ledger(match) if i.get("objective") == "Vitebsk"]
    assert item["rule"] == "PGG 15.11" and item["line"][0] == "0402"
    assert item["line"][-1] in match.topology.region("edge:west")


def test_15_11_all_hexes_of_the_city(tmp_path: Path) -> None:
    match = start(tmp_path)
    put(match, "Pz/7Pz", "0605")
    smolensk = objective(match, "Smolensk")
    assert smolensk.vp == 25 and smolensk.hexes == ("0605", "0606")
    assert not V.assess(match, smolensk)["scores"]
    put(match, "PzG1/7Pz", "0606")
    assert V.assess(match, smolensk)["scores"]


def test_15_11_hexes_5907_and_5915(tmp_path: Path) -> None:
    match = start(tmp_path, last_turn=1)
    put(match, "Pz/7Pz", "1203")
    put(match, "Pz/12Pz", "1207")
    finish(match)
    assert match.state.vp["german"] == 40
    why = {i["objective"] for i in shared_victory.ledger(match)}
    assert why == {"5907", "5915"}


def test_15_11_last_to_pass_through(tmp_path: Path) -> None:
    match = start(tmp_path, rifles=1, last_turn=2)
    put(match, "Pz/7Pz", "0505")
    to_phase(match, "german/movement", 1)
    match.apply("move Pz/7Pz 0505 0605 0606 0607 0608")
    assert V.holder(match, "0605") == ("german", "last to pass through")
    assert V.assess(match, objective(match, "Smolensk"))["scores"]
    to_phase(match, "soviet/movement", 2)
    move(match, "R01", "0705")
    match.apply("move R01 0705 0605 0505")  # a Soviet unit passes through one Smolensk hex
    assert V.holder(match, "0605") == ("soviet", "last to pass through")
    assert V.holder(match, "0606") == ("german", "last to pass through")
    finish(match)
    assert "german" not in match.state.vp or match.state.vp["german"] == 0


def test_15_11_never_entered_hexes_are_soviet(tmp_path: Path) -> None:
    """Ruling: a hex no unit has passed through belongs to the Soviets (the Germans start off
    the map, 5.0)."""
    match = start(tmp_path)
    assert V.holder(match, "0402") == ("soviet", "never entered by the Germans")


def test_15_11_line_blocked_by_soviet_zoc_and_units(tmp_path: Path) -> None:
    match = start(tmp_path, rifles=6)
    put(match, "Pz/7Pz", "0605")
    put(match, "PzG1/7Pz", "0606")
    smolensk = objective(match, "Smolensk")
    assert V.line_to_west(match, smolensk) is not None
    for n, h in enumerate(WALL, start=1):
        move(match, f"R{n:02d}", h)
    assert V.line_to_west(match, smolensk) is None
    status = V.assess(match, smolensk)
    assert status["held"] and not status["scores"] and "no line" in status["why"]


def test_15_11_friendly_units_negate_soviet_zoc(tmp_path: Path) -> None:
    match = start(tmp_path, rifles=6)
    for n, h in enumerate(WALL, start=1):
        move(match, f"R{n:02d}", h)
    put(match, "Pz/7Pz", "0402")  # Vitebsk, in the ZOC of 0303: its own unit negates it
    vitebsk = objective(match, "Vitebsk")
    assert V.line_to_west(match, vitebsk) is None
    put(match, "6Inf", "0302")
    assert V.line_to_west(match, vitebsk) is None  # 0201 and 0202 are still Soviet ZOC
    put(match, "26Inf", "0202")
    line = V.line_to_west(match, vitebsk)
    assert line is not None and line[:3] == ["0402", "0302", "0202"] and line[3][:2] == "01"


def test_15_11_empty_city_in_soviet_zoc_has_no_line(tmp_path: Path) -> None:
    """Ruling: the line starts in a hex of the city, and that hex too must be free of un-negated
    Soviet ZOC: a city held only by passage next to a Soviet unit does not score."""
    match = start(tmp_path, rifles=1)
    match.state.control["0402"] = "german"
    vitebsk = objective(match, "Vitebsk")
    assert V.assess(match, vitebsk)["scores"]
    move(match, "R01", "0503")
    assert "0402" in match.topology.neighbours("0503")
    assert not V.assess(match, vitebsk)["scores"]
    put(match, "Pz/7Pz", "0402")
    assert V.assess(match, vitebsk)["scores"]


def test_15_11_lake_hexsides_block_the_line_swamp_does_not(tmp_path: Path) -> None:
    """Ruling: the line stops only at what 15.11 names and at all-lake hexsides (nothing
    crosses them); swamp's supply restriction (TEC) does not apply to it."""
    swamp = {f"{c:02d}{r:02d}": "swamp" for c in (1, 2, 3) for r in range(1, 13)}
    match = Match(
        variant(tmp_path / "swamp", map_doc=mini_map(terrain=swamp), counters=keep_rifles(0)),
        seed=1,
    )
    put(match, "Pz/7Pz", "0402")
    line = V.line_to_west(match, objective(match, "Vitebsk"))
    assert line is not None
    crossed = [h for h in line if h[:2] in ("02", "03")]
    assert crossed and {match.topology.terrain(h) for h in crossed} == {"swamp"}
    topo = match.topology
    walls = sorted(
        {
            tuple(sorted((h, n)))
            for h in topo.region("column:01")
            for n in topo.neighbours(h)
            if n[:2] == "02"
        }
    )
    lakes = mini_map(hexsides=[lake(a, b) for a, b in walls])
    match = Match(variant(tmp_path / "lake", map_doc=lakes, counters=keep_rifles(0)), seed=1)
    put(match, "Pz/7Pz", "0402")
    assert V.line_to_west(match, objective(match, "Vitebsk")) is None


# ----------------------------------------------------------------------------- 15.12 divisions


def test_15_12_entire_panzer_division_gives_5(tmp_path: Path) -> None:
    match = start(tmp_path)
    units = [put(match, uid, "0808") for uid in PZ7]
    match.eliminate(units[0], "test")
    match.eliminate(units[1], "test")
    assert match.state.vp.get("soviet", 0) == 0  # no points for single regiments
    match.eliminate(units[2], "test")
    assert match.state.vp["soviet"] == 5
    (item,) = shared_victory.ledger(match)
    assert item["division"] == "7Pz" and item["rule"] == "PGG 15.12"


def test_15_12_infantry_division_gives_5(tmp_path: Path) -> None:
    match = start(tmp_path)
    match.eliminate(put(match, "6Inf", "0808"), "test")
    assert match.state.vp["soviet"] == 5


@pytest.mark.parametrize("uid", ["1Cav", "Lehr", "GD"])
def test_15_12_no_points_for_cavalry_or_independent_regiments(tmp_path: Path, uid: str) -> None:
    match = start(tmp_path)
    match.eliminate(put(match, uid, "0808"), "test")
    assert match.state.vp.get("soviet", 0) == 0


def test_15_12_das_reich_needs_all_three_regiments(tmp_path: Path) -> None:
    match = start(tmp_path)
    assert V.divisions(match)["DRMot"] == ["Mot1/DRMot", "Mot2/DRMot", "Mot3/DRMot"]
    for uid in ["Mot1/DRMot", "Mot2/DRMot"]:
        match.eliminate(put(match, uid, "0808"), "test")
    assert match.state.vp.get("soviet", 0) == 0
    match.eliminate(put(match, "Mot3/DRMot", "0808"), "test")
    assert match.state.vp["soviet"] == 5


def test_15_12_division_destroyed_by_step_losses(tmp_path: Path) -> None:
    match = start(tmp_path)
    unit = put(match, "6Inf", "0808")
    match.lose_steps(unit, 3)
    assert match.state.vp.get("soviet", 0) == 0
    match.lose_steps(unit, 1)  # 9-7, 4-7, 2-7, 1-7, gone (9.63)
    assert unit.loc is None and match.state.vp["soviet"] == 5


# ----------------------------------------------------------------------------- 15.12 recapture


def hold_vitebsk_then_lose_it(match: Match, turn: int) -> list[Any]:
    """German unit in Vitebsk at the end of German turn ``turn``; a Soviet one there at the end of
    the next Soviet turn. The events of that Soviet turn's last phase."""
    to_phase(match, "german/movement", turn)
    move(match, "Pz/7Pz", "0402")
    move(match, "R01", "1101")
    to_phase(match, "soviet/movement", turn + 1)
    assert match.state.ns(V.NS)[V.HELD] == {"turn": turn, "cities": ["Vitebsk"]}
    move(match, "Pz/7Pz", "0808")
    move(match, "R01", "0402")
    events: list[Any] = []
    while match.decision is not None and match.decision.side == "soviet":
        events.extend(match.apply("end"))
    return events


def test_15_12_recapture_gives_2_every_time(tmp_path: Path) -> None:
    match = start(tmp_path, rifles=1, last_turn=4)
    put(match, "Pz/7Pz", "0808")
    events = hold_vitebsk_then_lose_it(match, 1)
    assert match.state.vp["soviet"] == 2
    assert any(e.kind == "vp" and e.rule == "PGG 15.12" and "Vitebsk" in e.text for e in events)
    hold_vitebsk_then_lose_it(match, 2)
    assert match.state.vp["soviet"] == 4


def test_15_12_no_recapture_unless_held_with_a_line_west(tmp_path: Path) -> None:
    match = start(tmp_path, rifles=7, last_turn=3)
    put(match, "Pz/7Pz", "0808")
    to_phase(match, "german/movement", 1)
    move(match, "Pz/7Pz", "0402")
    for n, h in enumerate(WALL, start=2):
        move(match, f"R{n:02d}", h)
    to_phase(match, "soviet/movement", 2)
    assert match.state.ns(V.NS)[V.HELD]["cities"] == []
    move(match, "Pz/7Pz", "0808")
    move(match, "R01", "0402")
    to_phase(match, "german/movement", 2)
    assert match.state.vp.get("soviet", 0) == 0


def test_15_12_soviet_passage_recaptures(tmp_path: Path) -> None:
    """Ruling: the Soviets occupy a city as 15.11 defines occupation (a unit in each hex or the
    last to pass through it), so moving through an abandoned city recaptures it."""
    match = start(tmp_path, rifles=1, last_turn=2)
    put(match, "Pz/7Pz", "0508")
    to_phase(match, "german/movement", 1)
    match.apply("move Pz/7Pz 0508 0408 0407 0406")  # through Mogilev (0408)
    to_phase(match, "soviet/movement", 2)
    assert match.state.ns(V.NS)[V.HELD]["cities"] == ["Mogilev"]
    move(match, "R01", "0508")
    match.apply("move R01 0508 0408 0409")
    to_phase(match, "german/movement", 2)
    assert match.state.vp["soviet"] == 2


def test_15_12_vp_hexes_are_not_cities(tmp_path: Path) -> None:
    """Ruling: 15.12 pays for cities; 15.11 lists hexes 5907 and 5915 apart from the cities."""
    match = start(tmp_path, rifles=1, last_turn=2)
    put(match, "Pz/7Pz", "1203")
    to_phase(match, "soviet/movement", 2)
    assert match.state.ns(V.NS)[V.HELD]["cities"] == []
    move(match, "Pz/7Pz", "0808")
    move(match, "R01", "1203")
    to_phase(match, "german/movement", 2)
    assert match.state.vp.get("soviet", 0) == 0


# ----------------------------------------------------------------------------- passage records


def test_retreat_and_advance_record_passage(tmp_path: Path) -> None:
    """Kernel: retreats and advances after combat call ``wargame_moved``."""
    match = start(tmp_path, rifles=1)
    put(match, "Pz/7Pz", "0604")
    move(match, "R01", "0605")
    to_phase(match, "german/combat", 1)
    assert V.holder(match, "0605") == ("soviet", "unit in the hex")
    match.push(
        "german", "retreat", "test", battle="b", who="defender", units=["R01"], start="0605", n=1
    )
    retreats = [a for a in match.legal_actions() if a.verb == "retreat"]
    path = next(a for a in retreats if a.args[-1] == "0606")
    match.apply(path)  # R01 retreats from 0605 into 0606: both Smolensk hexes Soviet-passed
    assert V.holder(match, "0605") == ("soviet", "last to pass through")
    match.push("german", "advance", "test", battle="b", units=["Pz/7Pz"], routes=[["0605"]])
    match.apply("advance Pz/7Pz 0605")
    assert match.state.control["0605"] == "german"
    assert match.state.control["0606"] == "soviet"


# ----------------------------------------------------------------------------- report


def test_vp_report_explains_every_point(tmp_path: Path) -> None:
    match = start(tmp_path, last_turn=1)
    put(match, "Pz/7Pz", "0402")
    put(match, "6Inf", "0605")
    match.eliminate(put(match, "26Inf", "0808"), "test")
    report = V.vp_report(match)
    assert not report["over"] and report["vp"] == {"german": 0.0, "soviet": 5.0}
    assert report["objectives_pending"] == 10  # Vitebsk; Smolensk lacks 0606
    smolensk = next(o for o in report["objectives"] if o["name"] == "Smolensk")
    assert smolensk["hexes"]["0606"]["side"] == "soviet" and not smolensk["scores"]
    assert report["net_if_ended_now"] == 5
    assert next(d for d in report["divisions"] if d["division"] == "26Inf")["scored"]
    finish(match)
    report = V.vp_report(match)
    assert report["over"] and report["objectives_pending"] == 0
    for side in ("german", "soviet"):
        assert sum(i["points"] for i in report["ledger"] if i["side"] == side) == report["vp"][side]
    assert match.view("german")["victory"]["vp"] == report["vp"]


def test_outcome_awarded_once_and_replayable(tmp_path: Path) -> None:
    schedule = {"g": {"turn": 1, "side": "german", "units": ["Pz/7Pz"], "at": ["0403"]}}
    match = start(tmp_path, last_turn=1, schedule=schedule)
    to_phase(match, "german/movement", 1)
    match.apply("move Pz/7Pz box:reinforcements 0403 0402")
    outcome = finish(match)
    assert outcome["vp"]["german"] == 10 and outcome["text"].endswith("(PGG 15.2)")
    again = match.hook.wargame_outcome(match=match)
    assert again["level"] == outcome["level"] and match.state.vp["german"] == 10
    assert match.undo() == "end" and match.outcome is None
    assert match.state.vp.get("german", 0) == 0  # the end-game points come with the last end
    match.apply("end")
    assert match.outcome == outcome


def test_15_11_objectives_on_the_shipped_map(registry: Registry) -> None:
    match = Match(registry.get("pgg"), seed=1)
    objs = {o.name: o for o in V.objectives(match)}
    assert sum(o.vp for o in objs.values()) == 150
    assert len(objs["Smolensk"].hexes) == 2
    assert objs["5907"].hexes == ("5907",) and objs["5915"].hexes == ("5915",)
