"""The Dark Crusade stand-in network: regenerable, and true to every fact the rulebook states.

The facts are transcribed here from the rules (rule numbers cited); the map is read from the
title's shipped ``data/map.json``. Rulings (README of the mapgen) are tested as such.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from tests.games.data_helpers import assert_map_regenerates
from wargame.games.dark_crusade.mapgen import generate
from wargame.loader import validate
from wargame.network import PointNetwork

Doc = dict[str, Any]
EARTH_RADIUS_MILES = 3958.8

# DC 2.B.1.a: victory point cities. The home side follows from the stated totals (Axis 7, Soviet 16).
VP = {
    "arkhangelsk": 1, "konigsberg": 1, "minsk": 1, "gorki": 1, "voronezh": 1, "odessa": 1,
    "stalingrad": 1, "sevastopol": 1, "rostov": 1, "grozny": 1, "dnepropetrovsk": 1,
    "helsinki": 2, "leningrad": 2, "warsaw": 2, "moscow": 2, "kiev": 2, "bucharest": 2,
}  # fmt: skip
AXIS_HOME = {"konigsberg", "helsinki", "warsaw", "bucharest"}
# DC 17.B (with 23.0(3) for Przemysl and Stalingrad): fortress garrisons; the class is the column.
FORTRESS = {
    "novorossiisk": 1, "lvov": 1, "przemysl": 1, "brest": 1, "tula": 1, "vibors": 1,
    "konigsberg": 2, "odessa": 2, "sevastopol": 2, "kiev": 2, "stalingrad": 2,
    "moscow": 3, "leningrad": 3,
}  # fmt: skip
# DC 3.B.2, 20.0: the ports the text names, with their seas.
PORTS = {"konigsberg": "baltic", "lepaya": "baltic", "sevastopol": "black", "rostov": "azov"}
# DC 20.0: sea control.
CONTROLS_SEA = {"konigsberg": ["baltic"], "sevastopol": ["azov", "black"], "rostov": ["azov"]}
# DC 17.A.1, 17.A.3: supply sources.
SUPPLY = {
    "helsinki": ["finnish"],
    "cluj": ["hungarian"],
    "warsaw": ["italian"],
    "bucharest": ["axis-armor", "rumanian"],
    "grozny": ["soviet-armor"],
}
# DC 8.A.1.a, 8.A.1.b, 8.B: where replacements enter.
REPLACEMENT_ENTRY = {
    "warsaw": ["german"],
    "helsinki": ["finnish"],
    "cluj": ["hungarian"],
    "bucharest": ["rumanian"],
}
# DC 8.C.1: the location-named factory counters (KRYKY and RYZN placed by ruling).
FACTORIES = {
    "leningrad": [("LNGRD", [2, 8])],
    "stalingrad": [("STLNGRD", [1, 5, 9]), ("STLNG", [2, 8])],
    "moscow": [("MOSCOW", [6, 12]), ("MOSCOW", [3, 9])],
    "gorki": [("GORKI", [4, 10])],
    "mariupol": [("MARPL", [4, 10])],
    "dnepropetrovsk": [("DNIPRO", [1, 7])],
    "ryazan": [("RYZN", [6, 12])],
    "kharkov": [("KRYKY", [1, 7])],
}
# Digest 2.6 gazetteer: every point the text names, by id, with its printed spelling.
NAMED = {
    "arkhangelsk": "Arkhangelsk", "konigsberg": "Konigsberg", "minsk": "Minsk", "gorki": "Gorki",
    "voronezh": "Voronezh", "odessa": "Odessa", "stalingrad": "Stalingrad",
    "sevastopol": "Sevastopol", "rostov": "Rostov", "grozny": "Grozny",
    "dnepropetrovsk": "Dnepropetrovsk", "helsinki": "Helsinki", "leningrad": "Leningrad",
    "warsaw": "Warsaw", "moscow": "Moscow", "kiev": "Kiev", "bucharest": "Bucharest",
    "cluj": "Cluj", "firgu-mures": "Firgu Mures", "memel": "Memel", "lepaya": "Lepaya",
    "rytishcheva": "Rytishcheva", "elista": "Elista", "pinsk": "Pinsk", "rovno": "Rovno",
    "novorossiisk": "Novorossiisk", "lvov": "Lvov", "przemysl": "Przemysl", "brest": "Brest",
    "tula": "Tula", "vibors": "Vibors", "stalino": "Stalino", "mariupol": "Mariupol",
    "baranovichi": "Baranovichi", "verkniy-brskunchak": "Verkniy Brskunchak",
    "ryazan": "Ryazan", "kharkov": "Kharkov",
}  # fmt: skip
# DC 23.0(6): the corrected lines.
CORRECTED_LINKS = {
    ("dnepropetrovsk", "stalino"): "major",
    ("mariupol", "stalino"): "major",
    ("baranovichi", "brest"): "major",
    ("lepaya", "memel"): "inferior",
}
LINE_CLASSES = {"major", "minor", "inferior"}
LINK_FEATURES = {"highway", "strait", "no-strategic", "border", "exit"}


@cache
def _doc() -> Doc:
    with generate.MAP_PATH.open(encoding="utf-8") as fh:
        doc: Doc = json.load(fh)
    return doc


@cache
def _net() -> PointNetwork:
    return PointNetwork.from_document(_doc())


@pytest.fixture
def doc() -> Doc:
    return _doc()


def _rulebook(entry: Doc, rule_part: str | None = None) -> bool:
    prov = entry.get("provenance", {})
    return prov.get("source") == "rulebook" and (rule_part is None or rule_part in prov["rule"])


def _links(doc: Doc) -> dict[frozenset[str], Doc]:
    return {frozenset(link["points"]): link for link in doc["links"]}


def _link(doc: Doc, a: str, b: str) -> Doc:
    link = _links(doc).get(frozenset((a, b)))
    assert link is not None, f"no link {a}-{b}"
    return link


def _is_exit(loc: str) -> bool:
    return loc.startswith("edge:")


def _real_points(doc: Doc) -> Iterator[str]:
    return (p for p in doc["points"] if not _is_exit(p))


def _miles(doc: Doc, a: str, b: str) -> float:
    (lon1, lat1), (lon2, lat2) = (doc["points"][p]["xy"] for p in (a, b))
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = (
        math.sin((p2 - p1) / 2) ** 2
        + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    )
    return 2 * EARTH_RADIUS_MILES * math.asin(math.sqrt(h))


def _plane(xy: list[float]) -> tuple[float, float]:
    """Equirectangular about 54 N: enough to see whether two links cross."""
    return xy[0] * math.cos(math.radians(54.0)), xy[1]


def _cross(p: tuple[float, float], q: tuple[float, float], a: Any, b: Any) -> bool:
    def orient(u: Any, v: Any, w: Any) -> float:
        return (v[0] - u[0]) * (w[1] - u[1]) - (v[1] - u[1]) * (w[0] - u[0])

    return orient(a, b, p) * orient(a, b, q) < 0 and orient(p, q, a) * orient(p, q, b) < 0


# --------------------------------------------------------------------------- regeneration


def test_committed_map_equals_generator_output() -> None:
    assert_map_regenerates(generate, _doc())


def test_document_validates_and_builds(doc: Doc) -> None:
    assert validate(doc, "network-map") == []
    net = _net()
    assert len(net.links()) == len(doc["links"])
    assert net.boxes() == ("box:siberia", "box:west")
    assert doc["provenance"]["source"] == "stand-in" and doc["provenance"]["note"]


def test_every_entry_says_where_it_comes_from(doc: Doc) -> None:
    entries = [*doc["points"].values(), *doc["links"], *doc["regions"].values()]
    entries += list(doc["boxes"].values())
    for entry in entries:
        prov = entry["provenance"]
        assert prov["source"] in ("rulebook", "stand-in"), entry
        assert (
            prov.get("rule", "").startswith("DC ") if prov["source"] == "rulebook" else prov["note"]
        )


# --------------------------------------------------------------------------- named points


def test_every_named_point_is_present_under_its_printed_name(doc: Doc) -> None:
    for pid, name in NAMED.items():
        entry = doc["points"][pid]
        assert entry["name"] == name and _rulebook(entry), pid
    rulebook_points = {p for p in _real_points(doc) if _rulebook(doc["points"][p])}
    assert rulebook_points == set(NAMED)
    assert "Przemsyl" in doc["points"]["przemysl"]["attrs"]["rulebook_spellings"]  # DC 23.0(3)


def test_ploesti_is_bucharest(doc: Doc) -> None:
    # Ruling on DC 17.A.3 "Bucharest (Ploesti)": one point, Ploesti is its label.
    assert not [p for p, e in doc["points"].items() if "ploesti" in (p + e["name"]).lower()]
    assert doc["points"]["bucharest"]["attrs"]["aka"] == ["Ploesti"]


def test_victory_cities(doc: Doc) -> None:
    for pid in _real_points(doc):
        attrs = doc["points"][pid]["attrs"]
        assert attrs.get("vp") == VP.get(pid), pid
        if pid in VP:
            assert "vp" in doc["points"][pid]["features"]
            assert attrs["home"] == ("axis" if pid in AXIS_HOME else "soviet") == attrs["side"]
            assert attrs["rules"]["vp"] == "DC 2.B.1.a"
    totals = {"axis": 0, "soviet": 0}
    for pid, value in VP.items():
        totals[doc["points"][pid]["attrs"]["home"]] += value
    assert totals == {"axis": 7, "soviet": 16}  # DC 2.B.1.a note


def test_fortresses_and_garrisons(doc: Doc) -> None:
    for pid in _real_points(doc):
        attrs = doc["points"][pid]["attrs"]
        assert attrs.get("fortress") == FORTRESS.get(pid), pid
        assert attrs.get("garrison") == FORTRESS.get(pid), pid
        assert ("fortress" in doc["points"][pid].get("features", [])) == (pid in FORTRESS)
    for pid in ("przemysl", "stalingrad"):
        assert "23.0(3)" in doc["points"][pid]["attrs"]["rules"]["fortress"]


def test_ports_and_seas(doc: Doc) -> None:
    regions = doc["regions"]
    assert {r for r in regions if r.startswith("sea:")} == {"sea:baltic", "sea:black", "sea:azov"}
    for sea in ("baltic", "black", "azov"):
        ports = {p for p in _real_points(doc) if doc["points"][p]["attrs"].get("port") == sea}
        assert set(regions[f"sea:{sea}"]["points"]) == ports and len(ports) >= 3
        for p in ports:
            assert "port" in doc["points"][p]["features"]
    for pid, sea in PORTS.items():
        attrs = doc["points"][pid]["attrs"]
        assert attrs["port"] == sea and "port" in attrs["rules"]
    for pid in _real_points(doc):
        assert doc["points"][pid]["attrs"].get("controls_sea") == CONTROLS_SEA.get(pid)


def test_supply_sources_and_replacement_points(doc: Doc) -> None:
    for pid in _real_points(doc):
        attrs = doc["points"][pid]["attrs"]
        assert attrs.get("supply_source") == SUPPLY.get(pid), pid
        assert attrs.get("replacement_entry") == REPLACEMENT_ENTRY.get(pid), pid
    # DC 8.A.2.a: every Soviet VP city makes an infantry army; Rytishcheva cavalry, Mar/Jul/Nov.
    centres = {p: doc["points"][p]["attrs"].get("replacement_centre") for p in _real_points(doc)}
    assert {p for p, kind in centres.items() if kind == "infantry"} == set(VP) - AXIS_HOME
    assert {p for p, kind in centres.items() if kind == "cavalry"} == {"rytishcheva"}
    assert doc["points"]["rytishcheva"]["attrs"]["replacement_months"] == [3, 7, 11]
    for pid in ("rostov", "dnepropetrovsk"):  # DC 23.0(2)
        assert "23.0(2)" in doc["points"][pid]["attrs"]["rules"]["replacement_centre"]


def test_factories(doc: Doc) -> None:
    found = {
        p: [(f["counter"], f["months"]) for f in doc["points"][p]["attrs"]["factories"]]
        for p in _real_points(doc)
        if "factories" in doc["points"][p]["attrs"]
    }
    assert found == FACTORIES
    assert sum(len(v) for v in found.values()) == 10  # the location-named counters (DC 8.C.1)


def test_special_points(doc: Doc) -> None:
    points = doc["points"]
    assert points["elista"]["attrs"]["no_strategic"] is True  # DC 9.A, 9.A.1
    assert "no-strategic" in points["elista"]["features"]
    assert points["memel"]["attrs"]["setup_limit"] == {"hq": 1, "infantry_corps": 3}  # DC 3.B.1
    assert points["memel"]["attrs"]["side"] == "axis"
    assert points["lepaya"]["attrs"]["free_setup_redeploy"] is True  # DC 3.B.2
    assert points["lepaya"]["attrs"]["side"] == "soviet"


def test_countries_and_the_1941_border(doc: Doc) -> None:
    regions = doc["regions"]
    assert regions["country:hungary"]["points"] == ["cluj", "firgu-mures"]  # DC 3.B.1
    assert _rulebook(regions["country:hungary"], "3.B.1")
    expected = {
        "country:finland": {"helsinki"},
        "country:rumania": {"bucharest"},
        "country:germany": {"konigsberg", "warsaw", "memel"},
        "country:ussr": {"moscow", "lvov", "brest", "lepaya", "vibors", "przemysl", "pinsk"},
    }
    for name, members in expected.items():
        assert members <= set(regions[name]["points"]), name
    countries = [set(r["points"]) for n, r in regions.items() if n.startswith("country:")]
    assert (
        sum(len(c) for c in countries)
        == len(set().union(*countries))
        == len(list(_real_points(doc)))
    )
    soviet = set(regions["side:soviet"]["points"])
    assert soviet == set(regions["country:ussr"]["points"])
    assert set(regions["side:axis"]["points"]) == set(_real_points(doc)) - soviet
    # DC 20.0: initial control by side; VP totals per side match DC 2.B.1.a.
    assert sum(VP[p] for p in VP if p in soviet) == 16


def test_arctic_region(doc: Doc) -> None:
    arctic = set(doc["regions"]["arctic"]["points"])
    assert {"leningrad", "arkhangelsk", "vologda", "petrozavodsk", "helsinki"} <= arctic
    assert not {"moscow", "kiev", "stalingrad", "riga", "minsk"} & arctic
    for pid in _real_points(doc):
        assert doc["points"][pid]["attrs"]["arctic"] == (pid in arctic)


# --------------------------------------------------------------------------- lines


def test_links_are_well_formed(doc: Doc) -> None:
    seen: set[frozenset[str]] = set()
    for link in doc["links"]:
        a, b = link["points"]
        assert a in doc["points"] and b in doc["points"] and a != b
        assert frozenset((a, b)) not in seen
        seen.add(frozenset((a, b)))
        assert link["class"] in LINE_CLASSES
        assert set(link.get("features", [])) <= LINK_FEATURES
        assert ("exit" in link.get("features", [])) == (_is_exit(a) or _is_exit(b))


def test_corrected_links_of_the_second_edition(doc: Doc) -> None:
    for (a, b), cls in CORRECTED_LINKS.items():
        link = _link(doc, a, b)
        assert link["class"] == cls and _rulebook(link, "23.0(6)")


def test_lines_off_the_map_edges(doc: Doc) -> None:
    # DC 23.0(4): a major line off the west edge from Warsaw; 23.0(5): minor off the east edge.
    for town, edge, cls, rule in (
        ("warsaw", "edge:west-", "major", "23.0(4)"),
        ("verkniy-brskunchak", "edge:east-", "minor", "23.0(5)"),
    ):
        exits = [n for n in _net().neighbours(town) if n.startswith(edge)]
        assert len(exits) == 1, town
        link = _link(doc, town, exits[0])
        assert link["class"] == cls and _rulebook(link, rule) and "exit" in link["features"]


def test_pinsk_rovno_has_no_strategic_movement(doc: Doc) -> None:
    link = _link(doc, "pinsk", "rovno")  # DC 9.A.1
    assert _rulebook(link, "9.A.1") and "no-strategic" in link["features"]
    assert link["class"] == "inferior"  # ruling: the class is not in the text


def test_kerch_straits(doc: Doc) -> None:
    straits = [link for link in doc["links"] if "strait" in link.get("features", [])]
    assert len(straits) == 1
    link = straits[0]
    assert set(link["points"]) == {"kerch", "taman"}  # ruling: the ends are not named
    assert {"strait", "no-strategic"} <= set(link["features"]) and _rulebook(link, "10.D")
    assert doc["points"]["kerch"]["xy"][0] < doc["points"]["taman"]["xy"][0]  # Crimea to Kuban
    net = _net()
    # The strait is the only way between Crimea's Kerch peninsula and Taman except round by land.
    assert "taman" in net.neighbours("kerch")


def test_minsk_moscow_highway(doc: Doc) -> None:
    highway = [link for link in doc["links"] if "highway" in link.get("features", [])]
    assert highway and all(link["class"] == "major" and _rulebook(link, "12.D") for link in highway)
    nbrs: dict[str, list[str]] = {}
    for link in highway:
        a, b = link["points"]
        nbrs.setdefault(a, []).append(b)
        nbrs.setdefault(b, []).append(a)
    ends = sorted(p for p, ns in nbrs.items() if len(ns) == 1)
    assert ends == ["minsk", "moscow"] and all(len(ns) <= 2 for ns in nbrs.values())
    path, prev = ["minsk"], None
    while path[-1] != "moscow":
        nxt = [n for n in nbrs[path[-1]] if n != prev]
        prev = path[-1]
        path.append(nxt[0])
    assert len(path) == len(highway) + 1
    assert doc["regions"]["highway:minsk-moscow"]["points"] == path


def test_elista_near_stalingrad_and_closed_to_strategic_movement(doc: Doc) -> None:
    net = _net()
    assert "stalingrad" in net.neighbours("elista")  # ruling on "Elista (near Stalingrad)"
    for other in net.neighbours("elista"):
        assert "no-strategic" in _link(doc, "elista", other)["features"]


def test_border_links(doc: Doc) -> None:
    sides = {p: doc["points"][p]["attrs"]["side"] for p in _real_points(doc)}
    for link in doc["links"]:
        a, b = link["points"]
        crossing = a in sides and b in sides and sides[a] != sides[b]
        assert ("border" in link.get("features", [])) == crossing, link["points"]
    # DC 3.B.2: there are points with lines leading directly across the western border.
    assert "border" in _link(doc, "lepaya", "memel")["features"]
    assert "border" in _link(doc, "brest", "siedlce")["features"]


# --------------------------------------------------------------------------- boxes and edges


def test_map_edges_and_boxes(doc: Doc) -> None:
    regions = doc["regions"]
    exits = [p for p in doc["points"] if _is_exit(p)]
    by_edge = {
        e: set(regions[f"edge:{e}"]["points"]) for e in ("west", "north", "east", "southeast")
    }
    assert set().union(*by_edge.values()) == set(exits)
    for edge, members in by_edge.items():
        assert all(p.startswith(f"edge:{edge}-") for p in members) and members
    assert set(doc["boxes"]["box:siberia"]["adjacent"]) == by_edge["east"]  # DC 8.A.2.c, 9.A
    assert set(doc["boxes"]["box:west"]["adjacent"]) == by_edge["west"]  # DC 9.A
    net = _net()
    for exit_id in exits:
        assert len([n for n in net.neighbours(exit_id) if not n.startswith("box:")]) == 1
    # DC 17.A.1: German supply also runs to lines in Finland leaving the north edge.
    finnish = set(regions["edge:north-finland"]["points"])
    assert finnish and finnish <= by_edge["north"]
    for exit_id in finnish:
        (town,) = (n for n in net.neighbours(exit_id) if not n.startswith("box:"))
        assert doc["points"][town]["attrs"]["country"] == "finland"


def test_network_is_connected() -> None:
    net = _net()
    for loc in net.locations():
        assert net.distance("moscow", loc) >= 0
    assert net.distance("box:west", "box:siberia") > 5


# --------------------------------------------------------------------------- geometry


def test_link_lengths_average_about_100_miles(doc: Doc) -> None:
    # DC Introduction: "the average distance between points - very roughly - 100 miles".
    miles = [
        _miles(doc, *link["points"])
        for link in doc["links"]
        if not any(_is_exit(p) for p in link["points"])
    ]
    assert 70 <= sum(miles) / len(miles) <= 140
    for link in doc["links"]:
        long_ok = {"exit", "strait"} & set(link.get("features", []))
        assert long_ok or _miles(doc, *link["points"]) <= 250, link["points"]


def test_links_do_not_cross(doc: Doc) -> None:
    assert _cross((0, 0), (1, 1), (0, 1), (1, 0)) and not _cross((0, 0), (1, 1), (1, 1), (2, 0))
    segs: list[tuple[frozenset[str], tuple[float, float], tuple[float, float]]] = [
        (frozenset((a, b)), _plane(doc["points"][a]["xy"]), _plane(doc["points"][b]["xy"]))
        for a, b in (link["points"] for link in doc["links"])
    ]
    crossings = [
        (sorted(k1), sorted(k2))
        for n, (k1, p, q) in enumerate(segs)
        for k2, a, b in segs[n + 1 :]
        if not k1 & k2 and _cross(p, q, a, b)
    ]
    assert crossings == []


def test_points_sit_where_geography_puts_them(doc: Doc) -> None:
    def lon(p: str) -> float:
        return float(doc["points"][p]["xy"][0])

    def lat(p: str) -> float:
        return float(doc["points"][p]["xy"][1])

    for pid in doc["points"]:
        assert 19.0 <= lon(pid) <= 48.3 and 42.0 <= lat(pid) <= 65.7, pid
    assert lon("warsaw") < lon("minsk") < lon("smolensk") < lon("moscow") < lon("gorki")
    assert lat("sevastopol") < lat("odessa") < lat("kiev") < lat("minsk") < lat("leningrad")
    assert lat("helsinki") > lat("leningrad") - 0.5 and lon("helsinki") < lon("vibors")
    assert lat("grozny") < lat("elista") < lat("stalingrad") and lon("cluj") < lon("bucharest")
    # Every real point has a neighbour within reach ...
    for pid in _real_points(doc):
        reals = [n for n in _net().neighbours(pid) if n in doc["points"] and not _is_exit(n)]
        assert reals and min(_miles(doc, pid, n) for n in reals) <= 160, pid


def test_no_large_holes(doc: Doc) -> None:
    # ... and every place from the Black Sea to the White Sea (a 1-degree grid, seas included)
    # lies within 125 miles of a point: the network covers the front.
    probe = {"points": {"probe": {"xy": [0.0, 0.0]}, **doc["points"]}}
    reals = list(_real_points(doc))
    for lon in range(23, 48):
        for lat in range(44, 63):
            probe["points"]["probe"]["xy"] = [lon + 0.5, lat + 0.5]
            assert min(_miles(probe, "probe", p) for p in reals) <= 125, (lon + 0.5, lat + 0.5)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_distance_is_symmetric_and_bounded_by_links(data: st.DataObject) -> None:
    net = _net()
    ids = list(net.locations())
    a = data.draw(st.sampled_from(ids))
    b = data.draw(st.sampled_from(ids))
    d = net.distance(a, b)
    assert d == net.distance(b, a)
    assert (d == 0) == (a == b)
    for n in net.neighbours(a):
        assert abs(net.distance(n, b) - d) <= 1


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 2000), st.integers(0, 2000)), min_size=4, max_size=30, unique=True
    )
)
@example([(0, 0), (0, 1), (0, 2), (1, 43)])  # thin triangles: their circles outgrow a small hull
def test_generator_delaunay_has_empty_circumcircles(raw: list[tuple[int, int]]) -> None:
    points = [(float(x), float(y)) for x, y in raw]
    (x0, y0), (x1, y1) = points[0], points[1]
    assume(any((x1 - x0) * (y - y0) != (y1 - y0) * (x - x0) for x, y in points[2:]))
    triangles = generate.delaunay(points)
    assert triangles
    for tri in triangles:
        (ax, ay), (bx, by), (cx, cy) = (points[i] for i in tri)
        d = 2.0 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by))
        if abs(d) < 1e-9:
            continue
        ux = (
            (ax**2 + ay**2) * (by - cy) + (bx**2 + by**2) * (cy - ay) + (cx**2 + cy**2) * (ay - by)
        ) / d
        uy = (
            (ax**2 + ay**2) * (cx - bx) + (bx**2 + by**2) * (ax - cx) + (cx**2 + cy**2) * (bx - ax)
        ) / d
        r2 = (ax - ux) ** 2 + (ay - uy) ** 2
        for k, (px, py) in enumerate(points):
            if k not in tri:
                assert (px - ux) ** 2 + (py - uy) ** 2 >= r2 * (1 - 1e-9) - 1e-6
