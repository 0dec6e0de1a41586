"""Supply concentration (LWE 7.6, PMD 8.9) on a Hexland variant: the side's decisions to
declare, keep or rescind and where the markers go; unmarked units do not attack and move one hex;
the markers come off when it is rescinded or no longer used."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.titles.variants import SIMPLE_SEQUENCE, make_variant
from wargame import markers
from wargame.match import Match
from wargame.mechanics import concentration
from wargame.testing import clear, put, refused, to_phase

RULE = "HL 7.6"


def variant(tmp_path: Path, **changes: Any) -> Match:
    s = {"side": "blue", "phase": "movement", "markers": 2, "marker": "sc", "rule": RULE}

    def edit(docs: dict[str, dict[str, Any]]) -> None:
        docs["counters"]["markers"]["sc"] = {
            "name": "Supply Concentration",
            "count": 2,
            "on": "unit",
            "removed_by": ["hook"],
            "removal_rule": RULE,
            "provenance": {"source": "stand-in", "note": "test marker"},
        }

    t = make_variant(
        tmp_path,
        mechanics=["movement", "combat", "step-losses", "retreat-advance", "supply-concentration"],
        options={"supply-concentration": {**s, **changes}},
        sequence=SIMPLE_SEQUENCE,
        edit=edit,
    )
    return Match(t, "meeting", 1)


def declare(m: Match, *ids: str) -> None:
    assert m.decision is not None and m.decision.kind == "concentration"
    m.apply("concentration declare")
    for uid in ids:
        assert m.decision is not None and m.decision.kind == "concentrate"
        m.apply(f"concentrate {uid}")


def next_blue_turn(m: Match) -> None:
    for _ in range(20):
        m.apply("end")
        d = m.decision
        if d is not None and d.side == "blue" and d.kind == "concentration":
            return
    raise AssertionError("no concentration decision")


def marked(m: Match) -> list[str]:
    return sorted(u.id for u in markers.units_with(m, "sc"))


def test_declaration_is_the_players_choice_at_the_start_of_his_turn_7_6(tmp_path: Path) -> None:
    m = variant(tmp_path)
    d = m.decision
    assert d is not None and (d.side, d.kind) == ("blue", "concentration")
    assert sorted(str(a) for a in m.legal_actions()) == [
        "concentration declare",
        "concentration pass",
    ]
    m.apply("concentration pass")
    assert not concentration.active(m)
    assert m.decision is not None and m.decision.kind == "movement"


def test_declaring_places_every_marker_on_units_he_picks_7_6(tmp_path: Path) -> None:
    m = variant(tmp_path)
    m.apply("concentration declare")
    assert "concentrate 1-inf" in {str(a) for a in m.legal_actions()}
    refused(m, "concentrate hq-red", "may not take", rule=RULE)
    m.apply("concentrate 1-inf")
    refused(m, "concentrate 1-inf", "may not take", rule=RULE)  # one marker a unit
    m.apply("concentrate 7-arm")
    assert marked(m) == ["1-inf", "7-arm"]
    assert m.decision is not None and m.decision.kind == "movement"


def test_unmarked_units_may_not_attack_and_move_one_hex_7_6(tmp_path: Path) -> None:
    m = variant(tmp_path)
    declare(m, "1-inf", "7-arm")
    clear(m)
    put(m, "1-inf", "0303")
    put(m, "2-inf", "0305")
    two = [str(a) for a in m.legal_actions() if str(a).startswith("move 2-inf ")]
    assert two and all(len(a.split()) == 4 for a in two)  # unit, from, one hex
    assert any(len(str(a).split()) > 4 for a in m.legal_actions() if "move 1-inf " in str(a))
    far = "move 2-inf 0305 0405 0505"
    assert "moves at most one hex" in (m.check(far) or "")
    put(m, "r1", "0404")
    put(m, "1-inf", "0304")
    put(m, "2-inf", "0403")
    to_phase(m, "blue", "combat")
    refused(m, "attack 0404 with 2-inf", "may not attack", rule=RULE)
    assert m.check("attack 0404 with 1-inf") is None


def test_kept_concentration_stays_on_the_same_units_lost_markers_redeployed_7_6(
    tmp_path: Path,
) -> None:
    m = variant(tmp_path)
    declare(m, "1-inf", "7-arm")
    m.eliminate(m.state.units["7-arm"], "test", None)
    next_blue_turn(m)
    assert sorted(str(a) for a in m.legal_actions()) == [
        "concentration keep",
        "concentration rescind",
    ]
    m.apply("concentration keep")
    assert m.decision is not None and m.decision.kind == "concentrate"  # only the lost one
    m.apply("concentrate 2-inf")
    assert marked(m) == ["1-inf", "2-inf"]


def test_rescinding_removes_the_markers_and_ends_it_for_good_7_6(tmp_path: Path) -> None:
    m = variant(tmp_path)
    declare(m, "1-inf", "7-arm")
    next_blue_turn(m)
    m.apply("concentration rescind")
    assert marked(m) == [] and concentration.status(m) == "rescinded"
    assert not concentration.restricted(m, m.state.units["2-inf"])
    for _ in range(10):
        m.apply("end")
        assert m.decision is None or m.decision.kind != "concentration"  # never again (7.6)
        if m.decision is None:
            break


def test_redeclare_and_reselect_when_the_title_allows_pmd_8_9(tmp_path: Path) -> None:
    m = variant(tmp_path, redeclare=True, reselect=True)
    declare(m, "1-inf", "7-arm")
    next_blue_turn(m)
    m.apply("concentration keep")
    assert marked(m) == []  # every marker is taken up to be placed anew
    m.apply("concentrate 2-inf")
    m.apply("concentrate 8-arm")
    assert marked(m) == ["2-inf", "8-arm"]
    next_blue_turn(m)
    m.apply("concentration rescind")
    next_blue_turn(m)
    assert "concentration declare" in {str(a) for a in m.legal_actions()}


def test_markers_come_off_for_good_at_until_turn_pmd_8_9(tmp_path: Path) -> None:
    m = variant(tmp_path, until_turn=2)
    declare(m, "1-inf", "7-arm")
    for _ in range(10):
        m.apply("end")
        if m.turn == 2:
            break
    assert marked(m) == [] and concentration.status(m) == "ended"


def test_asked_again_at_each_of_the_listed_phases_pmd_8_9(tmp_path: Path) -> None:
    """PMD 8.9: kept or rescinded at the start of every later player week (``phases``)."""
    m = variant(tmp_path, phase="movement", phases=["combat"], redeclare=True)
    m.apply("concentration pass")
    m.apply("end")  # blue's combat phase starts: asked again
    d = m.decision
    assert d is not None and (d.side, d.kind) == ("blue", "concentration")
    m.apply("concentration pass")
    m.apply("end")  # red's turn: never red's decision
    assert m.decision is not None and m.decision.side == "red" and m.decision.kind == "movement"
