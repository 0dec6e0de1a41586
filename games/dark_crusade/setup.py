"""The start of a game: who controls what (20.0), which units begin dispersed (4.A), the optional
parachute units (21.F), the introductory game's forces (2.A.1) and the Soviet border units'
pre-game fortification rolls (18.0)."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.games.dark_crusade import units as U
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit
from wargame.topology import is_box

NS = "dc-setup"  # this module's state (state.ns)
INTRO_SOVIET = {"rifle-army", "tank-corps", "cav-corps", "partisan", "factory"}


def border_points(match: Match) -> list[str]:
    """Soviet points with a line across the 1941 border outside Finland (3.B.2, 18.0)."""
    top = match.topology
    out = []
    for loc in top.locations():
        attrs = top.attrs(loc)
        if attrs.get("side") != U.SOVIET:
            continue
        for other in top.neighbours(loc):
            edge = top.edge(loc, other)
            theirs = top.attrs(other)
            if (
                edge is not None
                and "border" in edge.features
                and theirs.get("country") != "finland"
            ):
                out.append(loc)
                break
    return out


@hookimpl
def wargame_setup(match: Match) -> None:
    state = match.state
    state.control["box:siberia"] = U.SOVIET  # 9.A: Soviet units transit Siberia
    state.control["box:west"] = U.AXIS  # 9.A: the Axis have the same on the west edge
    for loc in match.topology.locations():  # an exit belongs to the side of its map end
        attrs = match.topology.attrs(loc)
        if attrs.get("edge") and attrs.get("from"):
            state.control[loc] = match.topology.attrs(attrs["from"]).get("side", U.SOVIET)
    v = match.scenario.get("vars", {})
    state.vars.update({k: v[k] for k in ("version", "early_start") if k in v})
    if match.option("parachutes"):  # 21.F: five parachute units in the set-up
        for cid, loc in v.get("parachute_setup", {}).items():
            match.new_unit(cid, loc)
    if match.option("introductory"):  # 2.A.1: the introductory game's forces
        for unit in list(state.units.values()):
            if not eligible(match, unit.counter):
                del_unit(match, unit.id)
    for uid in v.get("dispersed", ()):  # 4.A: underlined (June) and bracketed (May) units
        found = state.units.get(uid)
        if found is not None and found.loc is not None:
            U.disperse(match, found, "begins the game dispersed", "DC 4.A")


@on_phase("start", ids=("weather",))
def border_fortify(match: Match, phase: PhaseSpec) -> None:
    """18.0: before the first turn (after any free set-up) every Soviet border unit may try to
    fortify: 1-2 in a May game, 1-3 in June."""
    if match.state.ns(NS).get("border_fortify_done"):
        return
    match.state.ns(NS)["border_fortify_done"] = True
    best = 2 if match.state.vars.get("early_start") else 3
    for loc in border_points(match):
        for unit in sorted(match.units_at(loc), key=lambda u: u.id):
            if unit.side != U.SOVIET or not U.has(match, unit, "fortify") or U.dispersed(unit):
                continue
            roll = match.roll("1d6", f"{unit.id} fortifies at {loc}", "DC 18.0")
            if roll <= best:
                U.mark(match, unit, U.FORTIFIED, "DC 18.0")
                match.emit("fortified", f"{unit.id} fortified at {loc}", "DC 18.0", unit=unit.id)


def eligible(match: Match, counter_id: str) -> bool:
    """Whether a counter takes part in this game: the introductory game leaves out Axis HQs and
    divisions and every Soviet unit but rifle armies, tank and cavalry corps, partisans (and
    the factories that build them) (2.A.1)."""
    if not match.option("introductory"):
        return True
    counter = match.counters_doc["counters"][counter_id]
    tags = set(match.counters_doc["unit_types"][counter["type"]].get("tags", ()))
    if counter["side"] == U.AXIS:
        return not ({"hq", "division"} & tags)
    return counter["type"] in INTRO_SOVIET


def del_unit(match: Match, uid: str) -> None:
    """Take a counter out of this game entirely (not a loss: 2.A.1)."""
    unit = match.state.units[uid]
    match.place(unit, None)
    del match.state.units[uid]


# ----------------------------------------------------------------------------- free set-up (3.B)


def free_points(match: Match, unit: Unit, phase: str) -> list[str]:
    """Where a unit may deploy in the free set-up (3.B.1-2)."""
    top = match.topology
    if unit.side == U.SOVIET:
        home = border_points(match)
        if unit.loc not in home or U.dispersed(unit):
            return []
        return sorted({*home, "lepaya"} - {unit.loc})
    n = U.nation(match, unit)
    country = (
        top.attrs(unit.loc or "").get("country") if unit.loc and not is_box(unit.loc) else None
    )
    if n in ("rumanian", "finnish"):
        return sorted(
            p
            for p in top.region(f"country:{'rumania' if n == 'rumanian' else 'finland'}")
            if p != unit.loc
        )
    if n != "german" or U.dispersed(unit) or unit.loc is None or is_box(unit.loc):
        return []
    del country
    allowed = {"country:finland", "country:rumania"}
    if phase == "free-setup-axis":
        allowed.add("country:germany")
    out: set[str] = set()
    for region in allowed:
        out |= top.region(region)
    return sorted(p for p in out if p != unit.loc and memel_room(match, unit, p))


def memel_room(match: Match, unit: Unit, loc: str) -> bool:
    """3.B.1: only three infantry corps and one HQ may deploy in Memel."""
    if loc != "memel":
        return True
    here = [u for u in match.units_at("memel") if u.side == U.AXIS]
    if U.has(match, unit, "hq"):
        return sum(1 for u in here if U.has(match, u, "hq")) < 1
    if U.has(match, unit, "infantry") and U.has(match, unit, "corps"):
        return sum(1 for u in here if U.has(match, u, "infantry") and U.has(match, u, "corps")) < 3
    return False


class Deploy(Verb):
    """``deploy UNIT POINT``: the free set-up (3.B), Soviets first, then the Axis."""

    name = "deploy"
    kinds = ("dc-setup",)

    def movers(self, match: Match, decision: Decision) -> list[Unit]:
        phase = decision.context.get("phase", "")
        units = sorted(match.units_of(decision.side), key=lambda u: u.id)
        if phase == "free-setup-designate":
            return [u for u in units if U.nation(match, u) == "german"]
        return units

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        phase = decision.context.get("phase", "")
        for unit in self.movers(match, decision):
            for loc in free_points(match, unit, phase):
                if phase == "free-setup-designate" and match.topology.attrs(loc).get(
                    "country"
                ) not in ("finland", "rumania"):
                    continue
                yield Action("deploy", (unit.id, loc))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 2:
            return "usage: deploy UNIT POINT"
        if action not in set(self.legal(match, decision)):
            return (
                f"{action.args[0]} may not set up at {action.args[1]}: Soviet border units among "
                "the border points and Lepaya; undispersed Germans west of the border, not in "
                "Hungary, Memel at most three infantry corps and a HQ; Rumanians and Finns in "
                "their own countries (DC 3.B)"
            )
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        match.place(unit, action.args[1])
        match.emit("deploy", f"{unit.id} sets up at {action.args[1]}", "DC 3.B", unit=unit.id)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Deploy()]


@hookimpl
def wargame_phase_active(match: Match, phase: PhaseSpec) -> bool | None:
    if phase.when == "free-setup":
        return match.option("free-setup")
    return None
