"""Where Barbarossa keeps its state (issue 10, ruling E38): its modules' private state in their
own namespaces (``state.ns("barbarossa-...")``), and in the shared ``state.vars`` only the keys
something outside the module that writes them reads: the title's settings, the scenarios, or every
view (the public markers and records)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.games.barb_helpers import new
from wargame.games.barbarossa import admin, turns
from wargame.plugins import Registry

TITLE = Path(__file__).resolve().parents[2] / "games" / "barbarossa"

SETTINGS = {"oder", "no_move_fight_shift", "east_wall", "ma_lines"}
"""Named by title.json: the phase-order and air-support settings (oder, no_move_fight_shift) and
the overrun's target costs (east_wall, ma_lines)."""
SCENARIOS = {
    "first_check",
    "hero_markers_left",
    "replacements_from",
    "withdrawn",
    "hero_cities",
    "fortress_cities",
    "caucasus",
    "caucasus_failed_turn",
    "leningrad_siege",
    "control_by_nearest",
}
"""Named by a scenario's ``vars`` (vp, dead and note are read at set-up and not kept)."""
VIEWS = {"offensive_markers", "aerial_hex", "fa", "paulus_cut", "watch"}
"""Public records every view shows: the offensive supply markers (7.10), the aerial supply
marker (7.7), the Fortified Area (8.18, ruling E20), the map hexes' Paulus cuts (5.10, ruling
E35; the reinforcements' are the German's secret) and the revealed Watch (4.18)."""
SHARED = SETTINGS | SCENARIOS | VIEWS

ACCESS = re.compile(
    r"""state\.vars(?:\.get\(|\.setdefault\(|\.pop\(|\[)"([a-z_0-9]+)"|"([a-z_0-9]+)" (?:not )?in match\.state\.vars"""
)


def test_only_settings_scenario_and_public_keys_are_written_to_vars_e38() -> None:
    found: dict[str, set[str]] = {}
    for path in sorted(TITLE.glob("*.py")):
        for a, b in ACCESS.findall(path.read_text()):
            found.setdefault(a or b, set()).add(path.name)
    assert found, "the scan finds the title's vars keys"
    assert {k: sorted(v) for k, v in found.items() if k not in SHARED} == {}
    for name in ("scenario-campaign.json", "scenario-road-back.json"):
        kept = set(json.loads((TITLE / "data" / name).read_text())["vars"]) - {"vp", "dead", "note"}
        assert kept <= SCENARIOS, name


def test_the_road_backs_gt13_limits_are_private_and_go_at_gt14_12_8_e38(registry: Registry) -> None:
    m = new(registry, "road-back")
    assert set(m.state.vars) <= SHARED
    assert turns.road_back_rules(m) == {"south_only_attacks": True, "south_offensive": True}
    assert "south_offensive" not in json.dumps(m.view("german"))
    m.state.cursor.turn = 14
    phase = next(
        leaf.spec
        for block in m.sequence.turn_blocks
        for leaf in block.leaves
        if leaf.spec.id == "administration"
    )
    admin.administration(m, phase)  # the Mutual Administrative Phase of GT14
    assert "barbarossa-road-back" not in m.state.to_json().get("plugins", {})
