"""Land Without End's Axis-satellite sector restriction (9.31): Italian, Romanian and Hungarian
units end their moves south of the sector line and never attack north of it; German units are
free of it."""

from __future__ import annotations

from tests.games.lwe_helpers import german_movement  # noqa: F401 (the match fixture)
from wargame.match import Match
from wargame.testing import put, refused

RULE = "LWE 9.31"


def _edge_pair(match: Match) -> tuple[str, str]:
    """A clear hex south of the line next to a clear hex north of it, no hexside feature."""
    topo = match.topology
    south = set(topo.region("sector-south"))
    for h in sorted(south):
        if topo.terrain(h) != "clear":
            continue
        for n in topo.neighbours(h):
            edge = topo.edge(h, n)
            if (
                n not in south
                and topo.terrain(n) == "clear"
                and (edge is None or not edge.features)
            ):
                return h, n
    raise AssertionError("no pair")


def test_satellite_may_not_end_its_move_north_of_the_line_9_31(match: Match) -> None:
    s, n = _edge_pair(match)
    put(match, "rom-ii", s)
    match.touch()
    refused(match, f"move rom-ii {s} {n}", "south of the sector line", rule=RULE)
    put(match, "ger-inf-1", s)
    match.touch()
    assert match.check(f"move ger-inf-1 {s} {n}") is None  # Germans are free of it


def test_satellite_may_pass_north_and_end_south_9_31(match: Match) -> None:
    from wargame.actions import Action
    from wargame.games.land_without_end import sectors

    s, n = _edge_pair(match)
    put(match, "rom-ii", s)
    path = Action("move", ("rom-ii", s, n, s))
    assert sectors.wargame_veto(match, match.decision, path) is None  # type: ignore[arg-type]


def test_satellite_may_not_attack_north_of_the_line_9_31(match: Match) -> None:
    from wargame.actions import Action
    from wargame.games.land_without_end import sectors

    s, n = _edge_pair(match)
    put(match, "ita-csir", s)
    put(match, "sov-rd-10", n)
    north = Action("attack", (n, "with", "ita-csir"))
    assert RULE in (sectors.wargame_veto(match, match.decision, north) or "")  # type: ignore[arg-type]
    put(match, "sov-rd-10", s)
    put(match, "ita-csir", n)
    south = Action("attack", (s, "with", "ita-csir"))
    assert sectors.wargame_veto(match, match.decision, south) is None  # type: ignore[arg-type]
