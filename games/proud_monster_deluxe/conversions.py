"""Conversions of German Mech units from one formation to another (PMD 9.3, 9.4.1).

Each ``conversion`` event of the schedule (the TRT: the 2SS MID's panzer-division form on turn
302 is the text's example, 9.3) names the old counter and the new one. At that turn's
Reinforcement Phase (withdrawals.py runs it before the returns and calls, 5.2 I):

- 9.3 off the map: a unit in the Generic or Specific Withdrawal Pile, the Stalingrad Pool or the
  Replacement Army is swapped where it is for its new formation (the old leaves play for good);
  one in the Dead Pile or removed from the game does not convert, and the new formation is never
  available (it is recorded as removed).
- 9.4.1 on the map (or in an OKH area): the conversion becomes due, and the Axis makes it
  (``convert UNIT``) in any Refit Phase of his from then on (it may be delayed): the unit must be
  in defensive supply and not next to an enemy unit; the new counter takes its place at the same
  step strength and takes the Refit marker (the ``refit`` flag of replacements.py: no move nor
  attack that week; none in an OKH area). It may refit in the same phase. The new counter takes
  the old one's markers (ruling CV5: a Mech Upgrade marker if it may carry one). A conversion
  still due when its unit leaves the map (eliminated, withdrawn, removed) follows it off the map
  as 9.3 says (ruling CV4).

9.4.2 (Soviet "Convert" and "Guards Convert"): a ``soviet-convert`` event gives ``count`` units of
type ``from`` to convert into ``to`` in a Soviet Refit Phase of that turn (``convert UNIT``, the
Soviet's choice of input): a tried unit (an RD not militia), on the map or in an RVGK area, in
overland supply; for a Mech result not next to an Axis unit, an OKH area (the ``edge:okh-*``
hexes) or the Finnish front (its hexes). A counter of the new type never yet in play (2.2) takes
its place at 2 steps for an RD, CD or MRD input, 4 for a GMC, else the input's steps; the input
leaves the game. It may not be delayed: what is not converted by the end of the turn's last
Soviet Refit Phase costs as many counters of the new type, removed from the game (ruling CV2).

7.3 (a ``legion`` event, turn 323): the 250 Spanish Division must become the Spanish Legion
wherever it is, at once and with no condition: in its hex or off-map area (in its reserve stack),
in a withdrawal pile, or in the Replacement Army, the Stalingrad Pool or the Dead Pile, where
the Legion takes its place (and, a regiment, is never rebuilt: 9.5.1); it comes at its one
step (ruling CV3)."""

from __future__ import annotations

from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import eliminated, leaving, reserves, supply
from .reinforce import RVGK
from .strategic import OKH, overland_supply
from .turns import AXIS, SOVIET

OFF_MAP_RULE = "PMD 9.3"
ON_MAP_RULE = "PMD 9.4.1"
SOVIET_RULE = "PMD 9.4.2"
PILES = ("generic", "specific")
FULL_GUARDS = ("rd", "cd", "mrd")
"""9.4.2: an RD, CD or MRD becomes a 2-step Guards unit; a GMC has 4 steps."""
NEAR = ("edge:okh-north", "edge:okh-south", "finnish-front")


def _ns(match: Match) -> dict[str, Any]:
    return match.state.ns("pmd-conversions")


def due(match: Match) -> dict[str, str]:
    """Old unit id -> new counter, for the on-map conversions the Axis may make now."""
    found: dict[str, str] = _ns(match).get("due", {})
    return found


def _gone(match: Match, unit: Unit, why: str, rule: str) -> None:
    """Out of play for good (the old formation, or a formation never to come)."""
    leaving.remove_from_game(match, unit)
    match.emit("conversion", f"{unit.id} {why}", rule, unit=unit.id)


def off_map(match: Match, old_id: str, new: str) -> None:
    """9.3: convert ``old_id`` into counter ``new`` wherever it is off the map, or make the
    conversion due on the map (9.4.1)."""
    from .withdrawals import pile_of  # withdrawals imports this module

    old = match.state.units.get(old_id)
    where = eliminated_where(match, old_id)
    pile = pile_of(match, old_id)
    if old is not None and not old.flags.get("eliminated") and old.loc is not None:
        _ns(match).setdefault("due", {})[old_id] = new
        match.emit("conversion", f"{old_id} may convert to {new} on the map", ON_MAP_RULE)
        return
    if old is None or not (
        pile or where in (eliminated.REPLACEMENT_ARMY, eliminated.STALINGRAD_POOL)
    ):
        # never in play, in the Dead Pile or removed: no conversion, no later formation
        _gone(
            match,
            match.new_unit(new, None),
            "is not available: its old formation is gone (dead pile, removed or never in play)",
            OFF_MAP_RULE,
        )
        return
    unit = match.new_unit(new, None)
    if pile is not None:
        ids = match.state.ns("pmd-withdrawals")[pile]
        ids[ids.index(old_id)] = unit.id
    else:
        unit.flags = {"eliminated": True}  # 9.3: it converts in the pool, to be rebuilt
        assert where is not None  # the Replacement Army or the Stalingrad pool (above)
        ids = eliminated._ns(match)[where]
        ids[ids.index(old_id)] = unit.id
    _gone(match, old, f"converts to {unit.id} off the map", OFF_MAP_RULE)


def follow(match: Match, unit: Unit) -> None:
    """Ruling CV4: a conversion due (9.4.1) whose unit leaves the map before the Axis makes it
    follows the unit: made where it went as 9.3 makes it off the map (a withdrawal pile, the
    Replacement Army, the Stalingrad Pool), or, in the Dead Pile or removed from the game, never
    (the new formation never comes)."""
    new = due(match).pop(unit.id, None)
    if new is None:
        return
    if not due(match):
        _ns(match).pop("due")
    off_map(match, unit.id, new)


@hookimpl(trylast=True)  # after the dead piles have taken it (eliminated.py)
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    follow(match, unit)


@hookimpl(trylast=True)
def wargame_unit_removed(match: Match, unit: Unit) -> None:
    follow(match, unit)


def carry_markers(match: Match, old: Unit, new: Unit) -> None:
    """Ruling CV5: the new counter of a conversion made in place (9.4.1, 9.4.2, 7.3) takes the
    old one's unit markers: a Mech Upgrade marker, an organic part of the unit whose steps the
    substitution keeps (15.9), if the new counter may carry one (else it is lost); the Supply
    Concentration marker (8.9) on the unit in that place."""
    from . import upgrades  # upgrades imports the replacement rules, which import this one

    for name, data in old.markers.items():
        if name == upgrades.MARKER and not upgrades.eligible(match, new):
            match.emit(
                "conversion",
                f"{old.id}'s Mech Upgrade marker is lost: {new.id} may not carry one",
                "ruling CV5",
                unit=new.id,
            )
            continue
        new.markers[name] = dict(data)


LEGION_RULE = "PMD 7.3"


def legion(match: Match, old_id: str, new: str) -> None:
    """7.3: ``old_id`` (the 250 Spanish Division) converts into counter ``new`` where it is."""
    from .withdrawals import pile_of  # withdrawals imports this module

    old = match.state.units.get(old_id)
    if old is None:  # never in play: the Legion never comes (2.2)
        _gone(
            match, match.new_unit(new, None), "never comes: the 250 was never in play", LEGION_RULE
        )
        return
    where = eliminated_where(match, old_id)
    pile = pile_of(match, old_id)
    unit = match.new_unit(new, old.loc if where is None and pile is None else None)
    if unit.loc is not None:
        unit.flags.update(old.flags)  # its week so far (moved, entry hexes from an OKH area)
        carry_markers(match, old, unit)
    if pile is not None:
        ids = match.state.ns("pmd-withdrawals")[pile]
        ids[ids.index(old_id)] = unit.id
    elif where is not None:
        unit.flags = {"eliminated": True}
        ids = eliminated._ns(match)[where]
        ids[ids.index(old_id)] = unit.id
    else:
        number = reserves.marker_of(match, old)
        if number is not None:
            stack = reserves.stacks(match, AXIS)[number]["units"]
            stack[stack.index(old_id)] = unit.id
    _gone(match, old, f"converts to {unit.id} ({where or pile or unit.loc})", LEGION_RULE)


def eliminated_where(match: Match, uid: str) -> str | None:
    for where, ids in eliminated._ns(match).items():
        if isinstance(ids, list) and uid in ids:
            return where
    return None


def problem(match: Match, unit: Unit) -> str | None:
    """Why the Axis may not convert ``unit`` now (9.4.1), or None."""
    if unit.side != AXIS or unit.id not in due(match) or unit.loc is None:
        return f"{unit.id} has no conversion due on the map ({ON_MAP_RULE})"
    if unit.loc in OKH.values():
        return None
    if not eliminated.in_defensive_supply(match, unit):
        return f"{unit.id} is not in defensive supply ({ON_MAP_RULE})"
    if reserves._adjacent_enemy(match, unit.loc, AXIS):
        return f"{unit.id} is next to an enemy unit ({ON_MAP_RULE})"
    return None


def soviet_due(match: Match) -> dict[str, dict[str, Any]]:
    """Event key -> {"from", "to", "left"}: this turn's Soviet conversions still to make."""
    found: dict[str, dict[str, Any]] = _ns(match).get("soviet", {})
    return found


def open_soviet(match: Match, key: str, options: dict[str, Any]) -> None:
    """9.4.2: the turn's Soviet conversion is called (Reinforcement Phase, for the Refit)."""
    entry = {"from": options["from"], "to": options["to"], "left": int(options.get("count", 1))}
    _ns(match).setdefault("soviet", {})[key] = entry
    match.emit(
        "conversion",
        f"Soviet: convert {entry['left']} {entry['from'].upper()} to "
        f"{entry['to'].upper()} this turn",
        SOVIET_RULE,
    )


def _candidate(match: Match, utype: str) -> str | None:
    got = match.draw_counters(SOVIET, utype, 1, set(), upto=True, dead=False)
    return got[0] if got else None


def soviet_problem(match: Match, unit: Unit) -> str | None:
    """Why ``unit`` may not be converted now (9.4.2), or None."""
    kind = match.counter(unit)["type"]
    entry = next((e for e in soviet_due(match).values() if e["from"] == kind and e["left"]), None)
    if unit.side != SOVIET or entry is None or unit.loc is None or unit.loc in OKH.values():
        return f"no Soviet conversion of {unit.id} is called this turn ({SOVIET_RULE})"
    if match.is_untried(unit):
        return f"{unit.id} is untried: only a tried unit converts ({SOVIET_RULE})"
    if match.counter(unit).get("militia"):
        return f"a militia RD does not convert ({SOVIET_RULE})"
    if unit.loc in RVGK:
        return None
    if not overland_supply(match, unit):
        return f"{unit.id} is not in overland supply ({SOVIET_RULE})"
    if supply.lake_only(match, unit):  # 9.4.2(3), ruling S8: the 8.4 hexside is overland
        return f"{unit.id} is on lake supply, not overland supply ({SOVIET_RULE}(3))"
    mech = match.counters_doc["unit_types"][entry["to"]].get("mobility") == "mech"
    near = any(unit.loc in match.topology.region(r) for r in NEAR)
    if mech and (near or reserves._adjacent_enemy(match, unit.loc, SOVIET)):
        return f"a Mech result: not next to an Axis unit, an OKH area or Finland ({SOVIET_RULE})"
    if _candidate_free(match, entry["to"]) is None:
        return f"no {entry['to'].upper()} counter left (PMD 2.2)"
    return None


def _candidate_free(match: Match, utype: str) -> str | None:
    """A counter of ``utype`` never in play (2.2), if any (kept for the current state)."""
    key = ("pmd-free-counter", utype)
    if key not in match.scratch:
        units = match.state.units
        match.scratch[key] = next(
            (
                cid
                for cid, c in match.counters_doc["counters"].items()
                if c["side"] == SOVIET and c["type"] == utype and cid not in units
            ),
            None,
        )
    found: str | None = match.scratch[key]
    return found


def soviet_convert(match: Match, old: Unit) -> None:
    kind = match.counter(old)["type"]
    key, entry = next(
        (k, e) for k, e in soviet_due(match).items() if e["from"] == kind and e["left"]
    )
    loc, had = old.loc, match.faces(old) - old.step
    cid = _candidate(match, entry["to"])
    assert cid is not None
    new = match.new_unit(cid, loc)
    full = kind in FULL_GUARDS or entry["to"] == "gmc"
    new.step = 0 if full else max(0, match.faces(new) - had)
    new.hidden_from = list(old.hidden_from)
    carry_markers(match, old, new)
    for stack in reserves.stacks(match, SOVIET).values():
        if old.id in stack["units"]:
            stack["units"][stack["units"].index(old.id)] = new.id
    entry["left"] -= 1
    if not entry["left"]:
        soviet_due(match).pop(key)
    _gone(match, old, f"converts to {new.id} in {loc}", SOVIET_RULE)
    match.touch()


def lapse(match: Match) -> None:
    """9.4.2(1): a conversion not made this turn costs a counter of the new type."""
    for key, entry in list(soviet_due(match).items()):
        for _ in range(entry["left"]):
            cid = _candidate(match, entry["to"])
            if cid is not None:
                _gone(
                    match,
                    match.new_unit(cid, None),
                    "is removed: its conversion was not made",
                    SOVIET_RULE,
                )
        soviet_due(match).pop(key)


@on_phase("end", ids=("w2-refit",))
def soviet_deadline(match: Match, phase: PhaseSpec) -> None:
    if match.phasing == SOVIET:
        lapse(match)


class Convert(Verb):
    """``convert UNIT``: a German Mech unit takes its new formation in the Refit Phase (9.4.1)."""

    name = "convert"
    kinds = ("refit",)

    def actors(self, match: Match, decision: Decision) -> list[str]:
        if decision.side == SOVIET:
            kinds = {e["from"] for e in soviet_due(match).values()}
            return [
                u.id
                for u in match.units_of(SOVIET)
                if kinds and match.counter(u)["type"] in kinds and soviet_problem(match, u) is None
            ]
        if decision.side != AXIS:
            return []
        units = match.state.units
        return [u for u in due(match) if u in units and problem(match, units[u]) is None]

    def legal_for(self, match: Match, decision: Decision, actor: str) -> list[Action]:
        return [Action(self.name, (actor,))] if actor in self.actors(match, decision) else []

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        unit = match.state.units.get(action.args[0]) if len(action.args) == 1 else None
        if unit is None or unit.side != decision.side:
            return f"usage: convert UNIT (a unit of yours with a conversion due, {ON_MAP_RULE})"
        return soviet_problem(match, unit) if unit.side == SOVIET else problem(match, unit)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        old = match.state.units[action.args[0]]
        if old.side == SOVIET:
            soviet_convert(match, old)
            return
        loc, step = old.loc, old.step
        new = match.new_unit(due(match).pop(old.id), loc)
        new.step = min(step, match.faces(new) - 1)  # 9.4.1: at the same step strength
        new.hidden_from = list(old.hidden_from)
        carry_markers(match, old, new)
        for entry in reserves.stacks(match, AXIS).values():
            if old.id in entry["units"]:
                entry["units"][entry["units"].index(old.id)] = new.id
        _gone(match, old, f"converts to {new.id} in {loc}", ON_MAP_RULE)
        if loc not in OKH.values():
            new.flags["refit"] = True  # 9.4.1: the Refit marker
        match.touch()


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Convert()]
