"""Decisions the rules give a player outside movement and combat: the Paulus Pause's GT3 movement
cut (BARB 5.10; the decision is wargame.mechanics.paulus),
Watch on the Rhine or the Oder, secret until GT30 (4.18-4.19), and Hero and Fortress City
markers (9.1-9.2, 9.7)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypedDict, cast

from wargame.actions import Action, Decision
from wargame.hexgrid import hex_grid
from wargame.hookspecs import hookimpl, on_phase
from wargame.match import Battle, Match
from wargame.mechanics import combat as kcombat
from wargame.mechanics import paulus
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import manstein
from .turns import GERMAN, SOVIET, in_region, is_city

NS = "barbarossa-decisions"


class DecisionsState(TypedDict, total=False):
    """What these rules keep between decisions, in the namespace ``NS``. The public markers
    (Hero and Fortress Cities, the aerial supply marker's hex), the map hexes' Paulus cuts and
    the revealed Watch stay in ``vars``: every view shows them."""

    oder_cities: list[str]  # the cities the German held when the Oder was revealed (4.19)
    oder_soviet_cities: list[str]  # the Soviet-held cities then (4.19)
    oder_kills: int  # Soviet units lost on GT30, as 4.19 counts them
    former_hero: list[str]  # Hero Cities the German took: no marker there again (9.1, 9.3)
    fc_markers_left: int  # the one Fortress City marker from GT13 (9.2)
    fc_late_left: int  # the four GT28 markers (9.2)
    fortress_in_ussr: bool  # the one marker allowed in the USSR is placed (9.2)
    aerial_turn: int  # the game turn the aerial supply marker was used (7.7)
    aerial_back: int  # the turn it is back (7.7, T45)


def ns(match: Match) -> DecisionsState:
    return cast(DecisionsState, match.state.ns(NS))


# ------------------------------------------------------------------ the Paulus Pause (5.10)
# The decision and the GT3 attack ban are the shared paulus-pause mechanic (title.json); the
# penalties for pressing on are this title's: the mech movement cut here, the shifts in combat.


REINFORCEMENTS = "box:german-reinforcements"


def paulus_cut(match: Match, unit: Unit) -> int:
    """GT3 without the pause: one die per hex holding German mech units, rolled when the German
    Movement Phase starts, off each of their factors (5.10, T22; ruling E35)."""
    cuts = match.state.vars.get("paulus_cut", {})
    waiting = match.state.secrets.get(GERMAN, {}).get("paulus_cut", {})
    return int(cuts.get(unit.id, waiting.get(unit.id, 0)))


def roll_paulus_cut(match: Match) -> None:
    """One roll per map hex with German mech units, shared by them all; a mech reinforcement
    waiting to enter starts its move alone, off the map, so it has a roll of its own (E35).
    The Soviet may not examine the German reinforcement box (11.7): its rolls name no unit and
    their cuts are the German's secret; the map hexes' cuts are public."""
    cuts: dict[str, int] = {}
    waiting: dict[str, int] = {}
    by_hex: dict[str, list[Unit]] = {}
    for unit in sorted(match.units_of(GERMAN), key=lambda u: u.id):
        loc = unit.loc
        if loc is None or match.unit_type(unit)["mobility"] != "mech":
            continue
        if loc == REINFORCEMENTS:
            by_hex[f"{loc}/{unit.id}"] = [unit]
        elif not loc.startswith("box:"):
            by_hex[loc] = [*by_hex.get(loc, []), unit]
    for key in sorted(by_hex):
        entering = by_hex[key][0].loc == REINFORCEMENTS
        why = (
            "mech factor cut for a reinforcement entering"
            if entering
            else f"mech factor cut in {key}"
        )
        roll = match.roll("1d6", why, "BARB 5.10")
        for unit in by_hex[key]:
            (waiting if entering else cuts)[unit.id] = roll
    match.state.vars["paulus_cut"] = cuts
    if waiting:
        match.state.secrets.setdefault(GERMAN, {})["paulus_cut"] = waiting


# ------------------------------------------------------------------ Watch on the Rhine / Oder


class Watch(Verb):
    """``watch rhine`` or ``watch oder`` at the start of GT28: kept secret until GT30 (4.18)."""

    name = "watch"
    kinds = ("watch",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action("watch", ("rhine",))
        yield Action("watch", ("oder",))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.state.secrets.setdefault(GERMAN, {})["watch"] = action.args[0]
        match.emit("watch", "the German makes his secret Rhine/Oder choice", "BARB 4.18")
        match._end_phase()


def reveal_watch(match: Match) -> None:
    """Very start of GT30: the choice is revealed (4.18)."""
    choice = match.state.secrets.get(GERMAN, {}).pop("watch", None)
    if choice is None:
        return
    match.state.vars["watch"] = choice
    match.emit("watch", f"revealed: Watch on the {choice.title()}", "BARB 4.18")
    if choice == "oder":
        match.state.vars["oder"] = True
        ns(match)["oder_cities"] = sorted(
            h for h, s in match.state.control.items() if s == GERMAN and is_city(match, h)
        )
        ns(match)["oder_soviet_cities"] = sorted(
            h for h, s in match.state.control.items() if s == SOVIET and is_city(match, h)
        )
        ns(match)["oder_kills"] = 0
        oder_second_ss(match)


def oder_second_ss(match: Match) -> None:
    """4.18, 8.17: under the Oder the 2nd SS Panzer Corps is a special GT30 reinforcement: out
    of play (withdrawn, or in the dead pile), it enters as any German reinforcement, its GT31
    return taken now; on the map or in the box already, it stays as it is (ruling 2)."""
    unit = match.state.units.get(manstein.SS2)
    if unit is not None and unit.loc is not None:
        return
    manstein.pull(match, manstein.SS2)
    manstein.arrive(match, manstein.SS2)
    match.emit("reinforcements", "the 2nd SS Panzer Corps arrives for the Oder", "BARB 4.18")


def oder_units(match: Match, unit: Unit) -> int:
    """4.19: a Soviet unit printed 3 counts 1, above 3 counts 2 (below 3: 1, ruling 20)."""
    printed = match.counter(unit)["steps"][0]["values"].get("defense", 0)
    return 2 if printed > 3 else 1


def judge_oder(match: Match) -> None:
    """4.19: the game ends after the German player turn of GT30."""
    held = all(match.state.control.get(h) == GERMAN for h in ns(match).get("oder_cities", []))
    taken = sum(
        1 for h in ns(match).get("oder_soviet_cities", []) if match.state.control.get(h) == GERMAN
    )
    kills = int(ns(match).get("oder_kills", 0))
    win = held and (taken >= 2 or (taken == 1 and kills >= 10) or kills >= 20)
    text = f"Watch on the Oder: cities held {held}, taken {taken}, Soviet units lost {kills}"
    match.end_game(GERMAN if win else SOVIET, "Watch on the Oder", text, "BARB 4.19")


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    if match.state.vars.get("oder") and unit.side == SOVIET and match.turn == 30:
        ns(match)["oder_kills"] = int(ns(match).get("oder_kills", 0)) + oder_units(match, unit)


# ------------------------------------------------------------------ Hero and Fortress Cities


def hero_candidates(match: Match) -> list[str]:
    """9.1: Soviet-controlled cities inside the USSR without a marker."""
    used = set(match.state.vars.get("hero_cities", ())) | set(ns(match).get("former_hero", ()))
    return sorted(
        h
        for h in hex_grid(match.topology).hexes()
        if is_city(match, h)
        and match.state.control.get(h) == SOVIET
        and in_region(match, h, "country:ussr")
        and h not in used
    )


def fortress_candidates(match: Match) -> list[str]:
    """9.2: German-controlled cities, never the USIR (not a city here); only one marker ever in
    the USSR; the four GT28 markers only in Greater Germany, Hungary or the General Government."""
    forts = set(match.state.vars.get("fortress_cities", ()))
    early = ns(match).get("fc_markers_left", 0) > 0
    late = ns(match).get("fc_late_left", 0) > 0
    out = []
    for h in sorted(hex_grid(match.topology).hexes()):
        if not is_city(match, h) or match.state.control.get(h) != GERMAN or h in forts:
            continue
        if in_region(match, h, "country:ussr") and ns(match).get("fortress_in_ussr"):
            continue
        if early or (late and home(match, h)):
            out.append(h)
    return out


def home(match: Match, h: str) -> bool:
    return any(
        in_region(match, h, r)
        for r in ("country:germany", "country:hungary", "country:general-government")
    )


class Declare(Verb):
    """``declare HEX``: place a Hero City (Soviet) or Fortress City (German) marker, whenever the
    player decides, except while an attack is being resolved (9.7)."""

    name = "declare"
    kinds = ("movement", "combat", "offensive-supply", "replacement")

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if match.state.pending or kcombat.active(match) is not None:  # 9.7
            return
        side = decision.side
        if side == SOVIET and match.state.vars.get("hero_markers_left", 0) > 0:
            for h in hero_candidates(match):
                yield Action("declare", (h,))
        if side == GERMAN:
            for h in fortress_candidates(match):
                yield Action("declare", (h,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1:
            return "usage: declare HEX"
        if action in set(self.legal(match, decision)):
            return None
        if decision.side == SOVIET:
            return (
                "a Hero City marker goes on a Soviet-controlled city inside the USSR, "
                "while markers are left (BARB 9.1)"
            )
        return (
            "a Fortress City marker goes on a German-controlled city, not the USIR, one at most "
            "in the USSR, the late ones in Germany, Hungary or the General Government (BARB 9.2)"
        )

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        h = action.args[0]
        if decision.side == SOVIET:
            match.state.vars["hero_markers_left"] -= 1
            match.state.vars.setdefault("hero_cities", []).append(h)
            match.emit("hero", f"Hero City declared in {h}", "BARB 9.1")
        else:
            if ns(match).get("fc_markers_left", 0) > 0:
                ns(match)["fc_markers_left"] -= 1
            else:
                ns(match)["fc_late_left"] -= 1
            if in_region(match, h, "country:ussr"):
                ns(match)["fortress_in_ussr"] = True
            match.state.vars.setdefault("fortress_cities", []).append(h)
            match.emit("fortress", f"Fortress City declared in {h}", "BARB 9.2")


# ------------------------------------------------------------------ wiring


@on_phase("start", ids=("administration",))
def markers_due(match: Match, phase: PhaseSpec) -> None:
    turn = match.turn
    if turn == 4 and match.scenario_id == "campaign":
        match.state.vars["hero_markers_left"] = 5  # 9.1
    if turn == 13 and match.scenario_id == "campaign":
        ns(match)["fc_markers_left"] = 1  # 9.2
    if turn == 28:
        ns(match)["fc_late_left"] = 4
    if turn == 30:
        reveal_watch(match)


@on_phase("start", kinds=("movement",), trylast=True)
def paulus_movement(match: Match, phase: PhaseSpec) -> None:
    """5.10: GT3 without the Pause, the German mech lose a die of movement (last, so that the
    reinforcements arriving at this phase's start are in their box to roll too)."""
    if match.phasing == GERMAN and match.turn == 3 and paulus.declined(match):
        roll_paulus_cut(match)


@on_phase("end", kinds=("movement",))
def paulus_movement_done(match: Match, phase: PhaseSpec) -> None:
    """5.10: the cut is off the factors of this one phase; it goes when the phase ends."""
    if match.phasing == GERMAN and match.turn == 3:
        match.state.vars.pop("paulus_cut", None)
        match.state.secrets.get(GERMAN, {}).pop("paulus_cut", None)


@on_phase("end", ids=("victory-check",))
def aerial_back(match: Match, phase: PhaseSpec) -> None:
    retrieve_aerial(match)


@hookimpl
def wargame_phase_end(match: Match, phase: PhaseSpec) -> None:
    """4.19: Watch on the Oder is judged at the end of the German's last GT30 phase."""
    if match.turn != 30 or not match.state.vars.get("oder") or match.phasing != GERMAN:
        return
    from wargame.mechanics import phaseorder

    order = phaseorder.chosen(match, GERMAN)
    orders = match.title.manifest.sequence.player_turns[0].orders or {}
    if order and orders.get(order) and orders[order][-1] == phase.id:
        judge_oder(match)


@hookimpl
def wargame_end_blockers(match: Match, decision: Decision) -> list[str]:
    if decision.kind == "watch":
        return ["choose Watch on the Rhine or on the Oder first (BARB 4.18)"]
    return []


@hookimpl
def wargame_phase_active(match: Match, phase: PhaseSpec) -> bool | None:
    if phase.when == "watch":
        return match.turn == 28
    return None


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Watch(), Declare(), Airlift()]


# ------------------------------------------------------------------ aerial supply (7.7)


def aerial_available(match: Match) -> bool:
    """7.7: from GT6, once a game turn, when the marker is back from its last use."""
    v = ns(match)
    return (
        match.turn >= 6
        and v.get("aerial_turn") != match.turn
        and match.turn >= int(v.get("aerial_back", 6))
    )


SURPRISE = "aerial-defence"
"""The German's question before a Soviet attack (7.7A)."""


def cut_off_defenders(match: Match, battle: Battle) -> bool:
    """A Soviet battle on German units some of which are out of supply: aerial supply would
    make them defend in full (7.7)."""
    from . import supply

    units = match.state.units
    if not battle.attackers or units[battle.attackers[0]].side != SOVIET:
        return False
    return any(
        units[u].side == GERMAN and supply.state(match, units[u]) == "out" for u in battle.defenders
    )


@hookimpl(tryfirst=True)
def wargame_before_roll(match: Match, battle: Battle) -> bool | None:
    """7.7A: the German may commit the marker even after the Soviet declared his attack, and
    the attack goes on (ruling E32: asked when it would matter)."""
    if "aerial" in battle.extra or not aerial_available(match):
        return None
    if not cut_off_defenders(match, battle):
        return None
    match.push(
        GERMAN,
        SURPRISE,
        f"aerial supply for {battle.target} before {battle.id}? (BARB 7.7A)",
        battle=battle.id,
    )
    return True


class Airlift(Verb):
    """``airlift HEX``: the German commits the aerial supply marker to a hex holding his units
    (7.7; ruling E13: at his own decisions). Its units there defend in full and otherwise count
    as out of supply; the marker leaves at the end of the game turn and comes back a die's
    turns later. Before a Soviet attack on his cut-off units: ``airlift HEX`` (the attacked hex)
    or ``airlift hold`` (7.7A)."""

    name = "airlift"
    kinds = ("movement", "combat", "strategic", "replacement", SURPRISE)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.kind == SURPRISE:
            battle = kcombat.active(match)
            if battle is not None:
                yield Action("airlift", (battle.target,))
                yield Action("airlift", ("hold",))
            return
        in_battle = kcombat.active(match) is not None
        if decision.side != GERMAN or not aerial_available(match) or in_battle:
            return
        seen = set()
        for unit in sorted(match.units_of(GERMAN), key=lambda u: u.id):
            if unit.loc and not unit.loc.startswith("box:") and unit.loc not in seen:
                seen.add(unit.loc)
                yield Action("airlift", (unit.loc,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action in set(self.legal(match, decision)):
            return None
        return (
            "the aerial supply marker goes once a game turn, from GT6, when it is back, to a hex "
            "holding German units (BARB 7.7)"
        )

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        if decision.kind == SURPRISE:
            match.pop()
            battle = kcombat.active(match)
            assert battle is not None
            battle.extra["aerial"] = action.args[0] != "hold"
            kcombat.store(match, battle)
        if action.args[0] != "hold":
            match.state.vars["aerial_hex"] = action.args[0]
            ns(match)["aerial_turn"] = match.turn
            match.emit("airlift", f"aerial supply for {action.args[0]}", "BARB 7.7, 7.7A")
        if decision.kind == SURPRISE:
            battle = kcombat.active(match)
            if battle is not None and not match.hook.wargame_before_roll(
                match=match, battle=battle
            ):
                kcombat.resume(match)


def retrieve_aerial(match: Match) -> None:
    """End of the game turn of use: the marker comes back a die's turns later (7.7, T45)."""
    if ns(match).get("aerial_turn") != match.turn or "aerial_hex" not in match.state.vars:
        return
    roll = match.roll("1d6", "aerial supply marker's return", "BARB 7.7")
    match.state.vars.pop("aerial_hex")
    ns(match)["aerial_back"] = match.turn + roll
