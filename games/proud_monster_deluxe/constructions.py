"""Constructions and the defender's choice of one (PMD 13.4.2, 5.3(11)).

A hex's constructions are the terrain chart's features with a ``combat`` entry: city (2L,
doubled losses, close combat), large town (1L), and the forts active only for a Soviet defender
(fort 1L, heavy fort 2L with +1 attacker loss, Stalin line 1L, fort line 1L). The defender claims
ONE of them, or none, when an attack is made on his hex: a decision of his (``construction
NAME`` or ``construction none``) taken after the units are revealed and before the odds, as with
Odessa's city or Stalin line (13.4.2). In a jointly-occupied hex the hex defender claims any
of them; the hex attacker, when the hex defender attacks him, only a city or a fort (13.15.3).
Its shift joins the ``capped`` group (13.5). Three constructions are markers: the Axis
Hedgehog (2L, claimed whenever it is there: ``hedgehogs.py``), Fieldworks (1L against a PA for
their owner: ``fieldworks.py``) and the Soviet Fortified Area (1L, then 2L, around its marker:
``fortifiedarea.py``). On turn 112 a Soviet defender gets shifts only from a fort, heavy fort or Stalin line; a city he claims still
makes a close combat with doubled losses, without its shift (5.3(11)).

A defender in a city who declines the city faces the normal stacking limit at once (13.4.2):
over it, he eliminates units of his choice (``overstack UNIT``) before the battle goes on.

Before the choice is made (the web page's and the bots' price of an attack) the defender is
taken to claim the construction with the largest shift (ruling C3)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wargame.actions import Action, Decision
from wargame.combat import Shift
from wargame.hookspecs import hookimpl
from wargame.match import Battle, Match
from wargame.mechanics import combat as combat_mechanic
from wargame.plugins import Verb

from . import afv, closecombat, stalinline
from .combat import CAPPED
from .turns import AXIS, SOVIET, ynn

RULE = "PMD 13.4.2"
FORTS = ("fort", "heavy-fort", "stalin-line", "fortified-line")
"""13.4.2: active only while Soviet units hold them (ruling M4)."""
NONE = "none"
MARKED = ("hedgehog", "fieldworks", "fortified-area")
"""Constructions held as markers (13.4.2, 15.16): ``hedgehogs``, ``fieldworks``, ``fortifiedarea``."""


def _features(match: Match) -> dict[str, Any]:
    return match.title.doc("terrain")["features"]


def defender_side(match: Match, battle: Battle) -> str | None:
    units = match.state.units
    return units[battle.defenders[0]].side if battle.defenders else None


def present(match: Match, loc: str) -> set[str]:
    """The hex's constructions and construction markers (Hedgehog, Fieldworks, the Fortified
    Area's own hex): what rules naming "a city, hedgehog or fieldworks" hex read."""
    found = set(match.topology.features(loc)) if loc in match.topology else set()
    found |= {
        str(m["type"])
        for m in match.state.markers.values()
        if m.get("loc") == loc and m.get("type") in MARKED
    }
    return found


def fort_line_turns(match: Match) -> dict[str, int]:
    """Hex -> the turn its fort line becomes active (13.4.2: Leningrad and both Luga lines 114,
    Vyazma and Mozhaisk 117, Moscow 120), from the map's lines."""
    found = match.cache.get("pmd-fort-lines")
    if found is None:
        found = {}
        for line in match.title.doc("map").get("lines", []):
            turn = line.get("attrs", {}).get("active_from")
            if line["kind"] == "fortified-line" and turn is not None:
                for h in line["hexes"]:
                    found[h] = min(int(turn), found.get(h, int(turn)))
        match.cache["pmd-fort-lines"] = found
    return found


def active_forts(match: Match, loc: str) -> set[str]:
    """The forts in ``loc`` that are active for Soviet units holding it (13.4.2, ruling M4): a
    fort line from its turn on, a Stalin line hex until it is destroyed (``stalinline``)."""
    found = set(match.topology.features(loc)) & set(FORTS) if loc in match.topology else set()
    if "stalin-line" in found and loc in stalinline.destroyed(match):
        found.discard("stalin-line")  # 13.4.2: destroyed for good once an Axis unit entered
    if "fortified-line" in found and ynn(match) < fort_line_turns(match).get(loc, 0):
        found.discard("fortified-line")
    return found


def available(match: Match, battle: Battle) -> list[str]:
    """The constructions the defender may claim in the target hex, best shift first; a
    Hedgehog alone, for it must be claimed (13.4.2)."""
    from . import fieldworks, fortifiedarea, hedgehogs

    side = defender_side(match, battle)
    target = battle.target
    hex_attacker = combat_mechanic.joint(match, target) and match.side_at(target) != side
    if side == AXIS and hedgehogs.at(match, target) and not hex_attacker:
        return [hedgehogs.KIND]
    out: list[tuple[int, str]] = []
    forts = active_forts(match, target)
    for name in sorted(match.topology.features(battle.target)):
        spec = _features(match).get(name, {}).get("combat")
        if not spec or "shift" not in spec:
            continue
        if spec.get("soviet_only") and (side != SOVIET or name not in forts):
            continue  # 13.4.2: forts are active only for Soviet units, from their turn on
        if side == SOVIET and ynn(match) == 112 and name not in (*FORTS, "city"):
            continue  # 5.3(11): no Soviet terrain shifts on turn 112 but forts
        if hex_attacker and name not in (*FORTS, "city"):
            continue  # 13.15.3: the hex attacker defends with a city or fort only (ruling JO12)
        out.append((int(spec["shift"]), name))
    if not hex_attacker:
        if battle.kind == "attack" and side and fieldworks.owner(match, target) == side:
            out.append((fieldworks.SHIFT, fieldworks.KIND))
        if fortifiedarea.covers(match, battle):
            out.append((fortifiedarea.columns(match), fortifiedarea.KIND))
    return [name for _, name in sorted(out)]


def spec(match: Match, name: str) -> dict[str, Any]:
    """A construction's combat entry: the terrain chart's, or a marker's (13.4.2, 15.16)."""
    from . import fieldworks, fortifiedarea, hedgehogs

    shifts = {
        hedgehogs.KIND: hedgehogs.SHIFT,
        fieldworks.KIND: fieldworks.SHIFT,
        fortifiedarea.KIND: fortifiedarea.columns(match),
    }
    if name in shifts:
        return {"shift": shifts[name]}
    return dict(_features(match)[name]["combat"])


def chosen(match: Match, battle: Battle) -> str | None:
    """The defender's construction for this battle (None: none claimed)."""
    pick = battle.extra.get("construction")
    if pick is None:
        found = available(match, battle)
        return found[0] if found else None  # ruling C3: priced as the best one
    return None if pick == NONE else str(pick)


def effect(match: Match, battle: Battle) -> dict[str, Any]:
    """The chosen construction's combat entry from the terrain chart ({} with none)."""
    name = chosen(match, battle)
    return spec(match, name) if name else {}


def in_city(match: Match, battle: Battle) -> bool:
    """The defender uses the city construction: close combat and doubled losses (13.4.2)."""
    return bool(effect(match, battle).get("double_losses"))


@hookimpl
def wargame_combat_shifts(match: Match, battle: Battle) -> list[Shift]:
    name = chosen(match, battle) if battle.defenders else None
    if name is None:
        return []
    if defender_side(match, battle) == SOVIET and ynn(match) == 112 and name not in FORTS:
        return []  # 5.3(11): a city is still close combat with doubled losses, but no shift
    columns = int(spec(match, name)["shift"])
    return [Shift(columns, f"defender claims the {name.replace('-', ' ')}", RULE, CAPPED)]


@hookimpl
def wargame_before_roll(match: Match, battle: Battle) -> bool | None:
    """13.4.2: the defender picks one construction (or none) before the odds are found."""
    return True if ask_before_roll(match, battle) else None


def ask_before_roll(match: Match, battle: Battle) -> bool:
    """The decisions before the roll, in turn: the construction, the Close Combat marker
    (``closecombat.ask``), the AFV shifts (``afv.ask``), the engineer shifts (15.7), the raiders' step (15.6,
    ``cavalryraid.ask``). True when a side is asked; each verb answering one calls this again,
    and the battle is fought when none is left."""
    from . import cavalryraid, engineers

    options = available(match, battle)
    if options == ["hedgehog"] and "construction" not in battle.extra:
        battle.extra["construction"] = "hedgehog"  # 13.4.2: it must be claimed: no choice
        battle.explanation.append(f"defender in a Hedgehog ({RULE})")
        combat_mechanic.store(match, battle)
    if not options or "construction" in battle.extra:
        return (
            closecombat.ask(match, battle)
            or afv.ask(match, battle)
            or engineers.ask(match, battle)
            or cavalryraid.ask(match, battle)
        )
    side = defender_side(match, battle)
    assert side is not None
    match.push(
        side,
        "construction",
        f"claim one construction at {battle.target} ({', '.join(options)}) or none ({RULE})",
        battle=battle.id,
        options=[*options, NONE],
    )
    return True


class Construction(Verb):
    """``construction NAME|none``: the defender's one construction for this battle (13.4.2)."""

    name = "construction"
    kinds = ("construction",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for option in decision.context["options"]:
            yield Action("construction", (option,))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        options = decision.context["options"]
        if len(action.args) != 1 or action.args[0] not in options:
            return f"claim one of {', '.join(options)} ({RULE}: one construction only)"
        return None

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        battle = combat_mechanic.active(match)
        assert battle is not None
        battle.extra["construction"] = action.args[0]
        battle.explanation.append(f"defender claims {action.args[0]} ({RULE})")
        combat_mechanic.store(match, battle)
        if not _ask_overstack(match, battle, decision.side):
            _go_on(match, battle)


def _go_on(match: Match, battle: Battle) -> None:
    if not ask_before_roll(match, battle):
        combat_mechanic.resume(match)


def _over_normal(match: Match, battle: Battle, side: str) -> bool:
    """13.4.2: a city defender declining the city faces the normal stacking limit at once."""
    from wargame.mechanics import stacking

    if "city" not in match.topology.features(battle.target) or in_city(match, battle):
        return False
    if chosen(match, battle) == "hedgehog":
        return False  # 13.4.2: a Hedgehog on a city keeps city stacking
    ids = [u.id for u in match.units_at(battle.target) if u.side == side]
    return stacking.weight(match, ids) > stacking.limit(match, side)


def _ask_overstack(match: Match, battle: Battle, side: str) -> bool:
    if not _over_normal(match, battle, side):
        return False
    match.push(
        side,
        "city-overstack",
        f"declining the city, {battle.target} is over the normal stacking limit: "
        f"eliminate units ({RULE}, 6.3)",
        loc=battle.target,
    )
    return True


class Overstack(Verb):
    """``overstack UNIT``: the owner eliminates a unit of a city stack that declined the city
    construction and is over the normal limit (13.4.2, 6.3: his choice, at once)."""

    name = "overstack"
    kinds = ("city-overstack",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        for unit in match.units_at(decision.context["loc"]):
            if unit.side == decision.side:
                yield Action("overstack", (unit.id,))

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        match.pop()
        match.eliminate(match.state.units[action.args[0]], "over the stacking limit", RULE)
        battle = combat_mechanic.active(match)
        assert battle is not None
        battle.defenders = [i for i in battle.defenders if match.state.units[i].loc is not None]
        combat_mechanic.store(match, battle)
        if not _ask_overstack(match, battle, decision.side):
            _go_on(match, battle)


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Construction(), Overstack()]
