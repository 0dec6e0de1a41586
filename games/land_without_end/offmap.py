"""German-side units that start the game off the map and move on (LWE 3.5, 8.3).

- 3.5, the OKH Reserve: Greater Germany starting units the German set aside at set-up
  (``box:okh-reserve``) move onto a map-edge hex of Greater Germany in any German Movement Phase
  of GT1 and GT2, all, some or one at a time, paying the terrain cost of that first hex; none goes
  back (9.21); any still off the map at the end of the GT2 German Movement Phase is eliminated.
- 8.3, the asterisked units (``box:asterisk``): in the Movement Phase of a German player turn that
  began with no Soviet unit in 1025-1030, they move on through those six hexes, the entry hex free
  (8.2, "in all cases"; ruling RI5), and they must: the German may not end that Movement Phase
  while one of them could still enter (within stacking and the other entry rules). A turn that
  began with a Soviet unit there lets none enter.
"""

from __future__ import annotations

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.state import Unit

from .common import GERMAN, SOVIET

OKH = "box:okh-reserve"
ASTERISK = "box:asterisk"
ASTERISK_HEXES = "entry:asterisk"
OKH_TURNS = (1, 2)
NS = "lwe-offmap"


def in_box(match: Match, box: str) -> list[Unit]:
    return sorted(match.units_at(box), key=lambda u: u.id)


def okh_edge(match: Match) -> list[str]:
    """3.5: the map-edge hexes of Greater Germany (its west-edge sources, M13)."""
    gg = set(match.topology.region("country:greater-germany"))
    return [h for h in match.resolve_locations(["german-source:west"]) if h in gg]


@on_phase("start", ids=("refit-start",))
def german_turn_begins(match: Match, phase: PhaseSpec) -> None:
    """8.3: whether this German player turn began with 1025-1030 free of Soviet units."""
    if match.phasing != GERMAN:
        return
    six = match.resolve_locations([ASTERISK_HEXES])
    blocked = any(u.side == SOVIET for h in six for u in match.units_at(h))
    match.state.ns(NS)["asterisk_turn"] = None if blocked else match.turn


def asterisk_open(match: Match) -> bool:
    return match.state.ns(NS).get("asterisk_turn") == match.turn


@on_phase("start", ids=("movement",))
def open_the_edges(match: Match, phase: PhaseSpec) -> None:
    """Give the waiting units their entry hexes for this Movement Phase (3.5, 8.3)."""
    if match.phasing != GERMAN:
        return
    if match.turn in OKH_TURNS:
        edge = okh_edge(match)
        for unit in in_box(match, OKH):
            unit.flags["entry"] = edge
    six = match.resolve_locations([ASTERISK_HEXES])
    for unit in in_box(match, ASTERISK):
        unit.flags["entry"] = six  # on a shut turn the veto below says why (8.3)


@on_phase("end", ids=("movement",))
def close_the_okh_reserve(match: Match, phase: PhaseSpec) -> None:
    """The OKH Reserve's last chance is GT2's German Movement Phase (3.5)."""
    if match.phasing != GERMAN:
        return
    if match.turn >= OKH_TURNS[-1]:
        for unit in in_box(match, OKH):
            match.eliminate(unit, "still in the OKH Reserve after GT2's Movement Phase", "LWE 3.5")


@hookimpl
def wargame_move_cost(match: Match, unit: Unit, a: str, b: str) -> float | None:
    """8.2/8.3: the asterisked units' entry hex costs nothing (ruling RI5)."""
    if a == ASTERISK:
        return 0.0
    return None


def could_enter(match: Match, decision: Decision) -> list[str]:
    """8.3: asterisked units that may still move on in this phase."""
    if not asterisk_open(match):
        return []
    six = match.resolve_locations([ASTERISK_HEXES])
    return [
        u.id
        for u in in_box(match, ASTERISK)
        if u.flags.get("entry")
        and any(match.check(Action("move", (u.id, ASTERISK, h))) is None for h in six)
    ]


@hookimpl
@veto_scope(verbs=("move",))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """A move out of a box while it is shut (3.5, 8.3)."""
    if len(action.args) < 2 or str(action.args[1]) not in (OKH, ASTERISK):
        return None
    if action.args[1] == ASTERISK and not asterisk_open(match):
        return (
            "the asterisked units enter only in a German player turn that began with no Soviet "
            "unit in 1025-1030 (LWE 8.3)"
        )
    if action.args[1] == OKH and match.turn not in OKH_TURNS:
        return "the OKH Reserve enters only in the German Movement Phases of GT1 and GT2 (LWE 3.5)"
    return None


@hookimpl
def wargame_end_blockers(match: Match, decision: Decision) -> list[str]:
    if decision.kind != "movement" or decision.side != GERMAN:
        return []
    left = could_enter(match, decision)
    if not left:
        return []
    return [
        f"the asterisked units must enter on the first turn they can: {', '.join(left)} (LWE 8.3)"
    ]
