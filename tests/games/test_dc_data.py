"""Dark Crusade's generated data: rulebook facts where the text has them, marked stand-ins
elsewhere, and the files equal to what datagen/oob.py writes."""

from __future__ import annotations

from tests.games.dc_helpers import title
from wargame.games.dark_crusade.datagen import oob


def counters() -> dict:
    return title().doc("counters")["counters"]


def test_generated_files_are_current() -> None:
    assert oob.main(["--check"]) == 0


def test_fire_table_top_column_fits_13_B_6() -> None:
    spec = title().doc("combat-tables")["tables"]["fire"]
    top = max(int(c) for c in spec["columns"])
    assert 24 <= top <= 35
    for column, hits in spec["results"].items():
        assert all(0 <= h <= int(column) for h in hits)  # air survivors within the air present
        assert hits == sorted(hits)  # a higher roll never does less
    assert title().doc("combat-tables")["provenance"]["source"] == "stand-in"


def test_counter_text_values() -> None:
    """L977-1003: panzer corps 1, Hungarian and Rumanian armies 1 minor, SS 3; 13.B.2: GD 3."""
    c = counters()
    for cid in ("ger-47", "ger-24", "ger-48", "ger-41", "ger-3", "ger-14", "ger-56", "ger-57"):
        assert c[cid]["steps"][0]["values"]["fire"] == 1
    for cid in ("hun-1", "hun-2", "rum-3", "rum-4"):
        assert c[cid]["steps"][0]["values"]["fire"] == 1
        assert "minor" in title().doc("counters")["unit_types"][c[cid]["type"]]["tags"]
    assert c["ss-3"]["steps"][0]["values"]["fire"] == 3
    assert c["ger-gd"]["steps"][0]["values"]["fire"] == 3
    assert c["ger-gd"]["provenance"] == {"source": "rulebook", "rule": "DC 13.B.2"}


def test_13_B_8_all_out_values() -> None:
    c = counters()

    def allout(cid: str) -> float:
        return c[cid]["steps"][0]["values"]["allout"]

    assert allout("ger-gd") == 4  # a panzergrenadier corps (ruling DC-C12)
    assert allout("ger-47") == 6  # German panzer corps
    assert allout("ger-7") == 3  # German infantry corps
    assert allout("gta-1") == 7 and allout("ta-1") == 5 and allout("gds-1") == 5
    assert allout("cmg-1") == 5 and allout("shock-1") == 4 and allout("rum-3") == 4
    assert allout("sov-30a") == 3 and allout("sov-10tk") == 3 and allout("sov-1mm") == 3
    assert allout("para-1") == 2 and allout("ger-101") == 2
    assert allout("sov-art-1") == 0 and allout("stavka") == 0


def test_12_B_and_12_C_weights() -> None:
    c = counters()
    assert c["ger-hq-4"]["steps"][0]["values"]["load"] == 0.5
    assert c["ss-3"]["steps"][0]["values"]["load"] == 0.5
    assert c["stavka"]["steps"][0]["values"]["load"] == 0.5
    assert c["sov-rkt-1"]["steps"][0]["values"]["load"] == 0.5
    assert c["sov-1mm"]["steps"][0]["values"]["load"] == 0.5
    assert c["rum-3"]["steps"][0]["values"]["load"] == 2
    assert c["ger-7"]["steps"][0]["values"]["load"] == 1


def test_setup_sides_and_dispersal() -> None:
    doc = title().scenarios["tournament"]
    topology = title().topology
    for key, placement in doc["setup"].items():
        for loc in placement["at"]:
            if loc.startswith("box:"):
                continue
            side = topology.attrs(loc).get("side")
            assert side == placement["side"], key  # each side sets up on its side of the border
    assert doc["first_turn"] == 1 and title().scenarios["tournament-may"]["first_turn"] == 0
    may = title().scenarios["tournament-may"]["vars"]["dispersed"]
    june = doc["vars"]["dispersed"]
    assert set(june) < set(may)  # 4.A: more units start dispersed in May


def test_factories() -> None:
    entries = title().doc("factories")["entries"]
    start = [e for e in entries.values() if e.get("start")]
    assert len(start) == 11  # 8.C.1
    assert len([e for e in entries.values() if not e.get("start")]) == 13  # 8.C.1
    assert entries["fac-stlngrd"]["months"] == [1, 5, 9]  # counter text


def test_12_A_capacities_are_the_rulebook_values() -> None:
    lines = title().doc("lines")
    assert lines["provenance"]["source"] == "rulebook"
    assert lines["entries"]["axis"]["major"] == [6, 4]
    assert lines["entries"]["soviet"]["minor"] == [3, 2]


def test_calendar_months() -> None:
    turns = title().doc("calendar")["turns"]
    assert turns["0"]["label"] == "May 1941"
    assert turns["1"]["label"] == "June 1941"
    assert turns["38"]["label"] == "July 1944"
    assert turns["45"]["label"] == "February 1945"


def test_14_A_rumanian_cavalry_breaks_through() -> None:
    """E-9 (ruling DC-D8): the Axis cavalry corps of 14.A is the Rumanian cavalry."""
    types = title().doc("counters")["unit_types"]
    assert "breakthrough" in types["rum-cav"]["tags"]
    assert not any("cavalry" in t["tags"] for k, t in types.items() if k.startswith("ger-"))
