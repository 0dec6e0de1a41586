"""What one side may know. Hidden values are absent from a view, not flagged.

Untried strengths are never in the state before they are revealed (so no view can hold them);
units concealed from a side show only their side and location, and not even that where the title
says the side may not know they are there at all (:func:`unplaced`); ``secrets`` of the other side
are left out. Anything sent to a seat (CLI ``--as``, the web page) is built from a view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wargame import markers

if TYPE_CHECKING:
    from wargame.match import Match
    from wargame.state import Unit


def unplaced(match: Match, side: str | None) -> frozenset[str]:
    """Units concealed from ``side`` that its view does not place at all (the title's
    ``wargame_unplaced``): absent from the view, and off the map in a bot's copy."""
    if side is None:
        return frozenset()
    named = {uid for ids in match.hook.wargame_unplaced(match=match, side=side) for uid in ids}
    units = match.state.units
    return frozenset(u for u in named if u in units and side in units[u].hidden_from)


def unit_view(match: Match, unit: Unit, side: str | None) -> dict[str, Any]:
    if side is not None and side in unit.hidden_from:
        return {"side": unit.side, "loc": unit.loc, "hidden": True}
    out = unit.to_json()
    out.pop("hidden_from", None)
    out.pop("markers", None)
    shown = markers.visible(match, unit, side)  # seen_by "owner": only its owner's view
    if shown:
        out["markers"] = shown
    counter = match.counter(unit)
    out["name"] = counter["name"]
    out["type"] = counter["type"]
    out["untried"] = match.is_untried(unit)
    out["values"] = dict(match.unit_values(unit))
    return out


def build_view(match: Match, side: str | None) -> dict[str, Any]:
    st = match.state
    decision = match.decision
    leaf = match.phase
    gone = unplaced(match, side)
    view: dict[str, Any] = {
        "title": match.title.id,
        "scenario": match.scenario_id,
        "as": side,
        "turn": st.cursor.turn,
        "stage": st.cursor.stage,
        "phase": leaf.path if leaf else None,
        "phasing": match.phasing,
        "decision": decision.to_json() if decision else None,
        "units": [
            unit_view(match, u, side)
            for u in st.units.values()
            if u.loc is not None and u.id not in gone
        ],
        "eliminated": sorted(u.id for u in st.units.values() if u.flags.get("eliminated")),
        "markers": {
            k: m
            for k, m in st.markers.items()
            if side is None or side not in m.get("hidden_from", ())
        },
        "control": dict(st.control),
        "vp": dict(st.vp),
        "pools": {k: sum(v) for k, v in st.pools.items()},
        "vars": st.vars,
        "outcome": st.outcome,
    }
    if side is None:
        view["secrets"] = st.secrets
    elif side in st.secrets:
        view["secrets"] = {side: st.secrets[side]}
    match.hook.wargame_view(match=match, side=side, view=view)
    return view
