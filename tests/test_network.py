"""Point-to-point maps: links with classes and features, fewest-link distance, boxes, drawing."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wargame.network import PointNetwork
from wargame.topology import MapDataError, Topology, UnknownLocationError, UnknownRegionError

DOC: dict[str, Any] = {
    "kind": "network-map",
    "id": "dc",
    "provenance": {"source": "stand-in", "note": "test network"},
    "points": {
        "moscow": {
            "name": "Moscow",
            "xy": [37.6, 55.75],
            "terrain": "city",
            "features": ["port"],
            "attrs": {"vp": 2, "fortress": 3},
        },
        "kalinin": {"name": "Kalinin", "xy": [35.9, 56.86]},
        "tula": {"name": "Tula", "xy": [37.6, 54.2], "terrain": "city"},
        "orel": {"name": "Orel", "xy": [36.1, 52.97]},
        "edge:east-1": {"name": "East edge", "xy": [40.0, 55.0]},
        "odessa": {"name": "Odessa", "xy": [30.7, 46.5]},
    },
    "links": [
        {"points": ["moscow", "kalinin"], "class": "major", "features": ["highway"], "attrs": {}},
        {"points": ["moscow", "tula"], "class": "minor", "attrs": {"capacity": 2}},
        {"points": ["tula", "orel"], "class": "major"},
        {"points": ["moscow", "edge:east-1"], "class": "major"},
    ],
    "regions": {"front": {"points": ["orel", "tula"]}},
    "boxes": {"box:siberia": {"name": "Siberia", "adjacent": ["edge:east-1"]}},
}


@pytest.fixture()
def net() -> PointNetwork:
    return PointNetwork.from_document(DOC)


def test_is_a_topology(net: PointNetwork) -> None:
    assert isinstance(net, Topology)
    assert net.kind == "network" and net.id == "dc"
    assert list(net.locations()) == [
        "edge:east-1",
        "kalinin",
        "moscow",
        "odessa",
        "orel",
        "tula",
        "box:siberia",
    ]
    assert "moscow" in net and "minsk" not in net


def test_neighbours_and_links(net: PointNetwork) -> None:
    assert set(net.neighbours("moscow")) == {"kalinin", "tula", "edge:east-1"}
    assert net.neighbours("odessa") == ()
    edge = net.edge("kalinin", "moscow")
    assert edge is not None and edge.kind == "link"
    assert edge.features == {"highway"} and edge.attrs["class"] == "major"
    minor = net.edge("moscow", "tula")
    assert minor is not None and minor.attrs == {"class": "minor", "capacity": 2}
    assert net.edge("moscow", "orel") is None
    box = net.edge("box:siberia", "edge:east-1")
    assert box is not None and box.kind == "box"
    assert len(net.links()) == 4


def test_distance_is_fewest_links(net: PointNetwork) -> None:
    assert net.distance("moscow", "moscow") == 0
    assert net.distance("kalinin", "orel") == 3
    assert net.distance("orel", "box:siberia") == 4
    with pytest.raises(ValueError, match="no route between odessa and moscow"):
        net.distance("odessa", "moscow")


def test_point_data(net: PointNetwork) -> None:
    assert net.terrain("moscow") == "city" and net.terrain("kalinin") == "clear"
    assert net.features("moscow") == {"port"}
    assert net.attrs("moscow")["vp"] == 2 and net.attrs("moscow")["name"] == "Moscow"
    assert net.terrain("box:siberia") == "box"
    assert net.attrs("box:siberia")["name"] == "Siberia"


def test_regions(net: PointNetwork) -> None:
    assert net.region("front") == {"orel", "tula"}
    assert set(net.regions()) == {"front"}
    with pytest.raises(UnknownRegionError, match="'rear'"):
        net.region("rear")


def test_position_is_equirectangular_with_y_down(net: PointNetwork) -> None:
    lats = [55.75, 56.86, 54.2, 52.97, 55.0, 46.5]
    scale = math.cos(math.radians(sum(lats) / len(lats)))
    x, y = net.position("moscow")
    assert x == pytest.approx(37.6 * scale) and y == pytest.approx(-55.75)
    assert net.position("kalinin")[1] < net.position("tula")[1]  # north is up
    assert net.position("edge:east-1")[0] > x  # east is right
    # A box without xy is drawn under the map.
    assert net.position("box:siberia")[1] > max(net.position(p)[1] for p in DOC["points"])


def test_plane_projection_keeps_scale() -> None:
    net = PointNetwork(
        {"a": {"name": "A", "xy": [0, 0]}, "b": {"name": "B", "xy": [3, 4]}},
        [{"points": ["a", "b"]}],
        projection="plane",
    )
    assert net.position("b") == (3.0, -4.0)


def test_graph_is_aligned(net: PointNetwork) -> None:
    g = net.graph()
    assert g is net.graph()
    assert g.ids == tuple(net.locations())
    m = g.index["moscow"]
    for k, j in enumerate(g.adj[m]):
        edge = net.edge("moscow", g.ids[j])
        assert edge is not None and g.edge_features[m][k] == edge.features
    assert g.index["box:siberia"] in g.adj[g.index["edge:east-1"]]


def test_unknown_location_named(net: PointNetwork) -> None:
    with pytest.raises(UnknownLocationError, match="'minsk'"):
        net.neighbours("minsk")
    with pytest.raises(UnknownLocationError, match="'minsk'"):
        net.edge("moscow", "minsk")
    with pytest.raises(UnknownLocationError):
        net.position("minsk")


def test_class_underscore_key_from_a_model_dump() -> None:
    net = PointNetwork(
        {"a": {"name": "A", "xy": [0, 0]}, "b": {"name": "B", "xy": [1, 1]}},
        [{"points": ["a", "b"], "class_": "rail"}],
    )
    edge = net.edge("a", "b")
    assert edge is not None and edge.attrs["class"] == "rail"


@pytest.mark.parametrize(
    ("links", "boxes", "message"),
    [
        ([{"points": ["a", "zz"]}], {}, "'zz' is not a point"),
        ([{"points": ["a", "a"]}], {}, "joins a point to itself"),
        ([{"points": ["a", "b"]}, {"points": ["b", "a"]}], {}, "given twice"),
        ([{"points": ["a"]}], {}, "exactly two points"),
        ([], {"siberia": {"name": "S", "adjacent": []}}, "must start with 'box:'"),
        ([], {"box:s": {"name": "S", "adjacent": ["nowhere"]}}, "neither a location nor"),
    ],
)
def test_bad_data(links: list[dict[str, Any]], boxes: dict[str, Any], message: str) -> None:
    points = {"a": {"name": "A", "xy": [0, 0]}, "b": {"name": "B", "xy": [1, 1]}}
    with pytest.raises(MapDataError, match=message):
        PointNetwork(points, links, boxes=boxes, map_id="bad")


@st.composite
def networks(draw: st.DrawFn) -> PointNetwork:
    n = draw(st.integers(2, 9))
    names = [f"p{i}" for i in range(n)]
    pairs = draw(
        st.sets(
            st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda p: p[0] < p[1])
        )
    )
    return PointNetwork(
        {name: {"name": name, "xy": [i, i]} for i, name in enumerate(names)},
        [{"points": [names[a], names[b]]} for a, b in sorted(pairs)],
    )


@given(networks(), st.data())
@settings(max_examples=60)
def test_distance_is_a_metric_where_connected(net: PointNetwork, data: st.DataObject) -> None:
    points = st.sampled_from(list(net.locations()))
    a, b, c = data.draw(points), data.draw(points), data.draw(points)
    try:
        ab, bc, ac = net.distance(a, b), net.distance(b, c), net.distance(a, c)
    except ValueError:
        return  # not all three in one component
    assert ab == net.distance(b, a)
    assert ac <= ab + bc
    assert (ab == 1) == (b in net.neighbours(a))
