"""Soviet Guards and Shock armies come into play by conversion (BARB 8.20): each arriving one
replaces, in its hex, an overland-supplied rifle army that is neither Guards nor Shock; the
rifle army goes to the dead pile and may be rebuilt. Until the Soviet converts it, the new army
waits in the RVGK box (ruling E10). ``reform NEW OLD`` in a Soviet Movement Phase."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.actions import Action, Decision
from wargame.hookspecs import hookimpl
from wargame.match import Match
from wargame.mechanics.movement import spent
from wargame.models import PhaseSpec
from wargame.plugins import Verb
from wargame.state import Unit

from . import supply
from .turns import SOVIET

KINDS = ("guards", "shock")


def waiting(match: Match) -> list[Unit]:
    return sorted(
        (u for u in match.units_at("box:rvgk") if u.flags.get("convert")), key=lambda u: u.id
    )


def replaceable(match: Match) -> list[Unit]:
    return sorted(
        (
            u
            for u in match.units_of(SOVIET)
            if u.loc
            and not u.loc.startswith("box:")
            and match.counter(u)["type"] == "rifle"
            and supply.state(match, u) == "overland"
            and spent(match, u) == 0
        ),
        key=lambda u: u.id,
    )


class Reform(Verb):
    name = "reform"
    kinds = ("movement",)

    def legal(self, match: Match, decision: Decision) -> Iterable[Action]:
        if decision.side != SOVIET:
            return
        olds = replaceable(match)
        for new in waiting(match):
            for old in olds:
                yield Action("reform", (new.id, old.id))

    def check(self, match: Match, decision: Decision, action: Action) -> str | None:
        if action in set(self.legal(match, decision)):
            return None
        return (
            "a waiting Guards or Shock army replaces an overland-supplied rifle army that has "
            "not moved, in its hex (BARB 8.20)"
        )

    def apply(self, match: Match, decision: Decision, action: Action) -> None:
        new, old = (match.state.units[u] for u in action.args)
        loc = str(old.loc)
        match.eliminate(old, f"converted into {new.id}", "BARB 8.20")
        match.place(new, loc)
        new.flags.pop("convert", None)
        new.hidden_from = []
        match.emit("convert", f"{new.id} replaces {old.id} in {loc}", "BARB 8.20")


@hookimpl(trylast=True)
def wargame_phase_start(match: Match, phase: PhaseSpec) -> None:
    """Arriving Guards and Shock armies wait for their conversion instead of entering."""
    if phase.id != "movement" or match.phasing != SOVIET:
        return
    for unit in match.units_at("box:rvgk"):
        if match.counter(unit)["type"] in KINDS and unit.flags.get("entry"):
            unit.flags.pop("entry")
            unit.flags["convert"] = True


@hookimpl
def wargame_verbs() -> list[Verb]:
    return [Reform()]
