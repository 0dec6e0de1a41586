"""Shell bombardments: HARKO's enhanced effect (PMD 15.5), Heavy Gustav and Dora (15.10) and
the MAD's shells (15.21).

A gun's shells, its Fired marker and whether HARKO has made its first refit are kept in the
state namespace ``pmd-bombard`` by unit id (a gun starts with its 2 shell markers under it).

- Assembly (15.5, 15.10): in his Refit Phase the Axis ``assemble GUN`` (the inverted Refit
  marker: the ``assembly`` flag ``assembling``, ``assembly_left`` its weeks: HARKO 1, Heavy
  Gustav 5, Dora 4); each Axis Cleanup counts a week down, and at 0 the gun is ``assembled``:
  it may not move, and it may fire. ``disassemble GUN`` takes as long (a halted assembly takes
  as many weeks as were done, 15.10); meanwhile no fire and no refit; at 0 the flags come off
  and the gun moves again. The MAD needs no assembly (15.21).
- Heavy Gustav and Dora (15.10, type ``lra``): 0-0-RR, stepless (``artillery.stepless``),
  moving only strategically and only to an urban hex; a shell reaches 2 hexes. Their 2 shell
  markers (arriving with Gustav) serve either gun, each named for one when rebuilt.
- Fire (15.5): at the start of each Axis Combat Phase, before any PA, the Axis is asked
  (``bombard GUN HEX`` or ``bombard done``) to expend one shell of each gun able to fire on an
  adjacent enemy hex in Dry weather (ruling BM1). The Soviet then names the unit of the stack
  that loses one step (``shelled UNIT``); an untried unit he names is revealed, no other is.
  The first shell puts the "1 Fired" marker on the gun, the second flips it to "2 Fired".
- Refit (15.5, 15.21): a gun carrying its limit of Fired shells (HARKO: 1 until its first
  refit, then 2; the MAD: 2) fires no more until the Axis ``shellrefit GUN`` in his Refit Phase
  for 1 MRP: the Fired marker comes off and the Refit marker (9.5.1's ``refit`` flag, removed
  at Cleanup) goes on.
- Shells (15.5, 15.10, 15.21): ``shell GUN`` in the Axis Reinforcement Phase rebuilds one for
  1 MRP, up to 2 (counting those on their way). It arrives in the North OKH area like any German
  unit (9.1.1) and travels by Axis strategic movement (``strategic SHELL DEST``, 1 step of 11.2's
  8 a week, 11.2's routing limits; ``strategic.py``) to the other OKH area or to its gun's urban
  hex, or waits for its gun to come to it (stacked with HARKO, 15.5); it joins the gun where
  they meet, and only then may be fired (ruling BM2). A gun destroyed takes its shells, those
  on their way too, its markers and flags out of the game."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl, on_phase, veto_scope
from wargame.match import Match
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from .harko import GAS_REGION, GAS_UNTIL, is_harko
from .mad import is_mad
from .replacements import points
from .strategic import urban
from .turns import AXIS, SOVIET, ynn
from .weather import weather_at

RULE = "PMD 15.5"
MAD_RULE = "PMD 15.21"
SHELLS = 2
"""15.5, 15.21: each gun has 2 shell markers."""
NS = "pmd-bombard"


def _ns(match: Match) -> dict[str, Any]:
    return match.state.ns(NS)


def gun_state(match: Match, unit: Unit, keep: bool = False) -> dict[str, Any]:
    """The gun's shells, Fired count and first-refit mark (it starts with its 2 shells); kept
    in the state only with ``keep`` (a change), so that looking changes nothing."""
    fresh = {"shells": _start_shells(match, unit), "fired": 0, "refitted": False}
    ns = match.state.plugins.get(NS, {})
    if not keep:
        return dict(ns.get(unit.id, fresh))
    found: dict[str, Any] = _ns(match).setdefault(unit.id, fresh)
    return found


LRA_RULE = "PMD 15.10"
ASSEMBLY_WEEKS = {"ger-lra-gustav": 5, "ger-lra-dora": 4}
"""15.10: Heavy Gustav assembles (and disassembles) in 5 weeks, Dora in 4; HARKO in 1 (15.5)."""
GUSTAV = "ger-lra-gustav"


def is_lra(match: Match, unit: Unit) -> bool:
    return "lra" in match.unit_type(unit).get("tags", ())


def is_gun(match: Match, unit: Unit) -> bool:
    return is_harko(match, unit) or is_mad(match, unit) or is_lra(match, unit)


def needs_assembly(match: Match, unit: Unit) -> bool:
    return is_harko(match, unit) or is_lra(match, unit)


def _rule(match: Match, unit: Unit) -> str:
    if is_lra(match, unit):
        return LRA_RULE
    return RULE if is_harko(match, unit) else MAD_RULE


def _start_shells(match: Match, unit: Unit) -> int:
    """HARKO and the MAD have 2 shells; the LRA's 2 arrive with Heavy Gustav (15.10)."""
    if is_lra(match, unit) and unit.id != GUSTAV:
        return 0
    return SHELLS


def owned(match: Match, unit: Unit) -> int:
    """The gun's shell markers: under it and on their way to it (ruling BM2)."""
    st = gun_state(match, unit)
    return int(st["shells"]) + len(st.get("travelling", {}))


def lra_shells(match: Match) -> int:
    """The shell markers of Heavy Gustav and Dora together (at most 2, 15.10), those on their
    way included."""
    return sum(
        owned(match, u) for u in match.state.units.values() if u.side == AXIS and is_lra(match, u)
    )


ARRIVE = "box:okh-north"
"""15.5: a rebuilt shell arrives in the North OKH area like any German unit."""
SHELL_RULE = "PMD 15.5, 11.2"


def travelling(match: Match) -> dict[str, str]:
    """The rebuilt shell markers not yet with their gun: id -> the OKH area each waits in."""
    out: dict[str, str] = {}
    for st in match.state.plugins.get(NS, {}).values():
        if isinstance(st, dict):
            out.update(st.get("travelling", {}))
    return out


def _gun_of(match: Match, marker: str) -> Unit:
    for uid, st in _ns(match).items():
        if isinstance(st, dict) and marker in st.get("travelling", {}):
            return match.state.units[uid]
    raise KeyError(marker)


def shell_end_problem(match: Match, marker: str, dest: str) -> str | None:
    """15.5, 15.10 (ruling BM2): a shell marker's strategic move ends in an OKH area or with
    its gun (15.10: "moved to the location of" its gun); it waits nowhere else alone."""
    gun = _gun_of(match, marker)
    if dest.startswith("box:okh-") or dest == gun.loc:
        return None
    return f"{marker} moves to an OKH area or to {gun.id}'s hex (ruling BM2, {SHELL_RULE})"


def shell_moved(match: Match, marker: str, dest: str) -> None:
    """The shell marker's strategic move is made (``strategic.py``): it is at ``dest`` now."""
    gun = _gun_of(match, marker)
    gun_state(match, gun, keep=True)["travelling"][marker] = dest
    join(match)


def join(match: Match) -> None:
    """15.5: a shell marker where its gun is goes under it (placed under HARKO, it moves with
    it), whichever of them came to the other."""
    for uid, st in list(match.state.plugins.get(NS, {}).items()):
        if not isinstance(st, dict) or not st.get("travelling"):
            continue
        gun = match.state.units[uid]
        here = [m for m, loc in st["travelling"].items() if loc == gun.loc]
        for marker in here:
            del st["travelling"][marker]
            st["shells"] += 1
            match.emit(  # beneath the gun: not told (6.3, 16.2 D; ruling FG2)
                "bombard",
                f"{marker} joins {uid}: under it now",
                _rule(match, gun),
                hidden_from=[SOVIET],
                shown_as="",
            )
        if here:
            match.touch()


@hookimpl
def wargame_settled(match: Match) -> None:
    """A gun that comes to its waiting shell marker picks it up (15.5: stacked with HARKO)."""
    join(match)


def fire_limit(match: Match, unit: Unit) -> int:
    """Shells fired before a refit: HARKO 1 until its first refit, then 2 (15.5); the MAD 2."""
    if is_harko(match, unit) and not gun_state(match, unit)["refitted"]:
        return 1
    return 2


def fire_problem(match: Match, unit: Unit) -> str | None:
    """Why the gun may not fire a shell now, or None."""
    rule = _rule(match, unit)
    if unit.side != AXIS or unit.loc is None or not is_gun(match, unit):
        return f"{unit.id} is not a gun on the map ({rule})"
    st = gun_state(match, unit)
    if needs_assembly(match, unit) and unit.flags.get("assembly") != "assembled":
        return f"{unit.id} fires shells only once assembled ({rule})"
    if unit.flags.get("refit"):
        return f"{unit.id} is refitting ({rule})"
    if st["shells"] < 1:
        return f"{unit.id} has no shell marker ({rule})"
    if st["fired"] >= fire_limit(match, unit):
        return f"{unit.id} has fired {st['fired']}: it must refit first ({rule})"
    if unit.id in _ns(match).get("asked", []):
        return f"{unit.id} has had its one shell this phase ({rule})"
    return None


def targets(match: Match, unit: Unit) -> list[str]:
    """Dry hexes in range (next to the gun, ruling BM1; 2 hexes for the LRA, 15.10) holding an
    enemy unit with a step to lose."""
    out = []
    here = str(unit.loc)
    near = set(match.topology.neighbours(here))
    if is_lra(match, unit):
        near |= {b for a in list(near) for b in match.topology.neighbours(a)}
    near.discard(here)
    for loc in sorted(near):
        if weather_at(match, loc) != "D":
            continue
        if (
            is_harko(match, unit)
            and ynn(match) < GAS_UNTIL
            and loc in match.topology.region(GAS_REGION)
        ):
            continue  # 15.5: before turn 205 only west of the GAS line
        if _victims(match, loc):
            out.append(loc)
    return out


def _victims(match: Match, loc: str) -> list[Unit]:
    from .air import is_air
    from .artillery import soviet_artillery

    return [
        u
        for u in match.units_at(loc)
        if u.side == SOVIET and not soviet_artillery(match, u) and not is_air(match, u)
    ]


def guns(match: Match) -> list[Unit]:
    """The Axis guns able to fire now on some target."""
    return [
        u
        for u in match.units_of(AXIS)
        if is_gun(match, u) and fire_problem(match, u) is None and targets(match, u)
    ]


def ask(match: Match) -> None:
    """Ask the Axis for the next shell, while a gun may fire."""
    if guns(match):
        match.push(AXIS, "bombard", f"fire a shell before the PAs? ({RULE})")
    else:
        _ns(match).pop("asked", None)


@on_phase("start", kinds=("combat",), phasing=AXIS)
def shells_asked(match: Match, phase: PhaseSpec) -> None:
    """15.5: at the start of an Axis Combat Phase, before any PA is resolved."""
    _ns(match).pop("asked", None)
    ask(match)


class Bombard(Verb):
    """``bombard GUN HEX`` (one shell on an adjacent enemy hex) or ``bombard done``."""

    name = "bombard"
    kinds = ("bombard",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        yield Action(self.name, ("done",))
        for gun in guns(match):
            for loc in targets(match, gun):
                yield Action(self.name, (gun.id, loc))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action.args == ("done",):
            return None
        if len(action.args) != 2:
            return "usage: bombard GUN HEX | bombard done"
        unit = match.state.units.get(action.args[0])
        if unit is None:
            return f"no unit {action.args[0]} ({RULE})"
        problem = fire_problem(match, unit)
        if problem is None and action.args[1] not in targets(match, unit):
            problem = (
                f"{action.args[1]} is not a Dry hex in range (adjacent) with an enemy step "
                f"(ruling BM1, {_rule(match, unit)})"
            )
        return problem

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        if action.args == ("done",):
            _ns(match).pop("asked", None)
            return
        unit = match.state.units[action.args[0]]
        loc = action.args[1]
        st = gun_state(match, unit, keep=True)
        st["shells"] -= 1
        st["fired"] += 1
        _ns(match).setdefault("asked", []).append(unit.id)
        rule = _rule(match, unit)
        match.emit(
            "bombard",
            f"{unit.id} fires a shell at {loc}: the {st['fired']} Fired marker",
            rule,
            unit=unit.id,
            loc=loc,
        )
        match.push(
            SOVIET,
            "shelled",
            f"name the unit at {loc} that loses a step to the shell ({rule})",
            loc=loc,
            units=[u.id for u in _victims(match, loc)],
        )
        match.touch()


class Shelled(Verb):
    """``shelled UNIT``: the defender picks the one step his stack loses (15.5)."""

    name = "shelled"
    kinds = ("shelled",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for uid in decision.context.get("units", []):
            yield Action(self.name, (uid,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if len(action.args) != 1 or action.args[0] not in decision.context.get("units", []):
            return f"name a unit of the shelled stack at {decision.context.get('loc')} ({RULE})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        unit = match.state.units[action.args[0]]
        if match.is_untried(unit):
            match.reveal(unit, RULE)  # revealed only once the defender has named it
        match.lose_steps(unit, 1, RULE)  # one step, not doubled in a city
        match.touch()
        ask(match)


class GunVerb(Verb):
    """An Axis verb on one gun (``VERB GUN``): the legal list and the usage check the gun verbs
    share; a subclass says which guns it takes (:meth:`fits`) and what forbids one
    (:meth:`_problem`)."""

    phase = "Refit"
    """The phase it belongs to, for the usage line."""

    def fits(self, match: Match, unit: Unit) -> bool:
        raise NotImplementedError

    def _problem(self, match: Match, unit: Unit | None) -> str | None:
        raise NotImplementedError

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != AXIS:
            return
        for unit in match.units_of(AXIS):
            if self.fits(match, unit) and self._problem(match, unit) is None:
                yield Action(self.name, (unit.id,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if decision.side != AXIS or len(action.args) != 1:
            return f"usage: {self.name} GUN (the Axis, in his {self.phase} Phase; {RULE})"
        return self._problem(match, match.state.units.get(action.args[0]))


class Assemble(GunVerb):
    """``assemble GUN`` / ``disassemble GUN``: weeks under the inverted Refit marker."""

    name = "assemble"
    kinds = ("refit",)
    to = "assembling"

    def _problem(self, match: Match, unit: Unit | None) -> str | None:
        if unit is None or unit.loc is None or not needs_assembly(match, unit):
            return f"only HARKO, Heavy Gustav or Dora on the map assembles ({RULE}, {LRA_RULE})"
        rule = _rule(match, unit)
        state = unit.flags.get("assembly")
        if unit.flags.get("refit"):
            return f"{unit.id} is refitting ({rule})"
        if self.to == "disassembling" and state == "assembling" and is_lra(match, unit):
            return None  # 15.10: a halted assembly is reversed
        if state in ("assembling", "disassembling"):
            return f"{unit.id} is already under the inverted Refit marker ({rule})"
        want = "assembled" if self.to == "disassembling" else None
        if state != want:
            return f"{unit.id} is {'not assembled' if want else 'assembled'} ({rule})"
        return None

    def fits(self, match: Match, unit: Unit) -> bool:
        return needs_assembly(match, unit)

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = match.state.units[action.args[0]]
        weeks = ASSEMBLY_WEEKS.get(unit.id, 1)
        if unit.flags.get("assembly") == "assembling":
            weeks -= unit.flags.get("assembly_left", weeks)  # the weeks already done
        if weeks <= 0:
            unit.flags.pop("assembly", None)
            unit.flags.pop("assembly_left", None)
        else:
            unit.flags["assembly"] = self.to
            unit.flags["assembly_left"] = weeks
        match.emit(
            "bombard",
            f"{unit.id}: {self.to} for {max(weeks, 0)} week(s) (inverted Refit marker)",
            _rule(match, unit),
            unit=unit.id,
        )
        match.touch()


class Disassemble(Assemble):
    name = "disassemble"
    to = "disassembling"


class GunPurchase(GunVerb):
    """A gun's 1-MRP purchase by the Axis (``VERB GUN``): the check and the legal list both
    refit verbs share; a subclass says what else forbids it (:meth:`blocked`)."""

    only = ""
    """What only HARKO or the MAD on the map does, for a refusal."""
    cost = ""
    """What costs 1 MRP, for a refusal."""

    def blocked(self, match: Match, unit: Unit, rule: str) -> str | None:
        raise NotImplementedError

    def _problem(self, match: Match, unit: Unit | None) -> str | None:
        if unit is None or unit.side != AXIS or unit.loc is None or not is_gun(match, unit):
            return f"only HARKO or the MAD on the map {self.only} ({RULE})"
        rule = _rule(match, unit)
        why = self.blocked(match, unit, rule)
        if why is None and points(match, AXIS)["mrp"] < 1:
            why = f"{self.cost} costs 1 MRP ({rule})"
        return why

    def fits(self, match: Match, unit: Unit) -> bool:
        return is_gun(match, unit)

    def pay(self, match: Match, action: Action) -> Unit:
        unit = match.state.units[action.args[0]]
        points(match, AXIS)["mrp"] -= 1
        return unit


class ShellRefit(GunPurchase):
    """``shellrefit GUN``: 1 MRP takes off the Fired marker and puts on the Refit marker."""

    name = "shellrefit"
    kinds = ("refit",)
    phase = "Refit"
    only = "refits for its shells"
    cost = "a refit for shells"

    def blocked(self, match: Match, unit: Unit, rule: str) -> str | None:
        if not gun_state(match, unit)["fired"]:
            return f"{unit.id} carries no Fired marker ({rule})"
        if unit.flags.get("assembly") == "disassembling":
            return f"HARKO disassembling is not refit ({RULE})"
        if unit.flags.get("refit"):
            return f"{unit.id} is refitting already ({rule})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = self.pay(match, action)
        st = gun_state(match, unit, keep=True)
        st["fired"] = 0
        st["refitted"] = True
        unit.flags["refit"] = True  # 9.5.1's Refit marker: off at Cleanup (replacements.py)
        match.emit("bombard", f"{unit.id} refits for shells (1 MRP)", _rule(match, unit))
        match.touch()


class Shell(GunPurchase):
    """``shell GUN``: rebuild one of the gun's 2 shell markers for 1 MRP; it arrives in the
    North OKH area (15.5; ruling BM2)."""

    name = "shell"
    kinds = ("reinforce",)
    phase = "Reinforcement"
    only = "has shell markers"
    cost = "a shell marker"

    def blocked(self, match: Match, unit: Unit, rule: str) -> str | None:
        if owned(match, unit) >= SHELLS:
            return f"{unit.id} has its 2 shell markers (under it or on their way) ({rule})"
        if is_lra(match, unit) and lra_shells(match) >= SHELLS:
            return f"Heavy Gustav and Dora have their 2 shell markers ({rule})"
        if gun_state(match, unit).get("gone"):
            return f"{unit.id}'s shell markers are out of the game ({rule})"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        unit = self.pay(match, action)
        st = gun_state(match, unit, keep=True)
        st["built"] = int(st.get("built", 0)) + 1
        marker = f"shell-{unit.id}-{st['built']}"
        st.setdefault("travelling", {})[marker] = ARRIVE
        match.emit(
            "bombard",
            f"{unit.id} rebuilds a shell marker (1 MRP): {marker} arrives in {ARRIVE}",
            _rule(match, unit),
            hidden_from=[SOVIET],  # in the covered North OKH area (16.2 D; ruling FG2)
            shown_as=f"the Axis rebuilds a shell marker in a covered OKH area ({_rule(match, unit)}; 16.2 D)",
        )
        join(match)  # a gun in the North OKH area takes it at once
        match.touch()


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Bombard(), Shelled(), Assemble(), Disassemble(), ShellRefit(), Shell()]


@hookimpl
def wargame_move_locked(match: Match, unit: Unit) -> str | None:
    if unit.flags.get("assembly"):
        return f"{unit.id} is {unit.flags['assembly']}: it may not move ({RULE})"
    return None


@on_phase("end", ids=("w1-cleanup", "w2-cleanup"))
def assembly_done(match: Match, phase: PhaseSpec) -> None:
    """15.5, 15.10: each Axis Cleanup counts a week of (dis)assembly; at 0 the inverted Refit
    marker comes off."""
    if match.phasing != AXIS:
        return
    for unit in match.units_of(AXIS):
        state = unit.flags.get("assembly")
        if state not in ("assembling", "disassembling"):
            continue
        left = int(unit.flags.get("assembly_left", 1)) - 1
        if left > 0:
            unit.flags["assembly_left"] = left
            continue
        unit.flags.pop("assembly_left", None)
        if state == "assembling":
            unit.flags["assembly"] = "assembled"
        else:
            unit.flags.pop("assembly")


@hookimpl
@veto_scope(verbs=("strategic",), kinds=("movement",))
def wargame_veto(match: Match, decision: Decision, action: Action) -> str | None:
    """15.10: Heavy Gustav and Dora move strategically only to an urban hex."""
    if len(action.args) != 2:
        return None
    unit = match.state.units.get(action.args[0])
    if unit is None or not is_lra(match, unit) or urban(match, action.args[1]):
        return None
    return f"{unit.id} moves strategically only to an urban hex ({LRA_RULE})"


@hookimpl
def wargame_unit_eliminated(match: Match, unit: Unit) -> None:
    """15.5, 15.21: a destroyed gun's shell markers leave the game with it; the LRA's when both
    Heavy Gustav and Dora are destroyed (15.10: until then the other may have them rebuilt)."""
    if not is_gun(match, unit):
        return
    unit.flags.pop("assembly", None)
    unit.flags.pop("assembly_left", None)
    _ns(match)[unit.id] = {"shells": 0, "fired": 0, "refitted": True, "gone": True}
